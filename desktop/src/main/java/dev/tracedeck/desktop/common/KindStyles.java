package dev.tracedeck.desktop.common;

import dev.tracedeck.model.event.EventKind;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import javafx.css.PseudoClass;
import javafx.scene.Node;

/**
 * The CSS names of event kinds, so the timeline, the thread list and the detail pane colour a kind alike:
 * style class {@code kind-tool-call} for rich-text spans, pseudo-class {@code :kind-tool-call} for cells
 * (pseudo-classes need no reset when a cell is reused).
 */
public final class KindStyles {

    private static final Map<EventKind, PseudoClass> PSEUDO = new EnumMap<>(EventKind.class);

    static {
        for (EventKind kind : EventKind.values()) {
            PSEUDO.put(kind, PseudoClass.getPseudoClass(cssName(kind)));
        }
    }

    private KindStyles() {
    }

    /** "kind-tool-call" for {@link EventKind#TOOL_CALL}. */
    public static String cssName(EventKind kind) {
        return "kind-" + kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Turns on the pseudo-class of {@code kind} and off all others; {@code null} turns all off. */
    public static void apply(Node node, EventKind kind) {
        PSEUDO.forEach((k, pseudo) -> node.pseudoClassStateChanged(pseudo, k == kind));
    }
}
