package dev.tracedeck.desktop.findings;

import dev.tracedeck.analysis.rules.Severity;
import java.util.EnumMap;
import java.util.Map;
import javafx.css.PseudoClass;
import javafx.scene.Node;

/**
 * The CSS names of severities, so a timeline row, a finding in the panel and the status bar mark a severity
 * alike: pseudo-class {@code :flag-error}, {@code :flag-warning}, {@code :flag-info}. Pseudo-classes need no
 * reset when a cell is reused, only turning off.
 */
public final class SeverityStyles {

    private static final Map<Severity, PseudoClass> FLAGS = new EnumMap<>(Severity.class);

    static {
        for (Severity severity : Severity.values()) {
            FLAGS.put(severity, PseudoClass.getPseudoClass("flag-" + severity.id()));
        }
    }

    private SeverityStyles() {
    }

    /** Turns on the pseudo-class of {@code severity} and off the others; {@code null} turns all off. */
    public static void apply(Node node, Severity severity) {
        FLAGS.forEach((s, pseudo) -> node.pseudoClassStateChanged(pseudo, s == severity));
    }
}
