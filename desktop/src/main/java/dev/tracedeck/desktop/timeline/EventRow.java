package dev.tracedeck.desktop.timeline;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.desktop.findings.SeverityStyles;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.css.PseudoClass;
import javafx.scene.control.TableRow;
import javafx.scene.control.Tooltip;

/**
 * A timeline row. {@code :problem} marks errors and malformed records so they stand out while scrolling;
 * {@code :flag-error} / {@code :flag-warning} / {@code :flag-info} mark evidence of findings, the most severe
 * finding winning, with the findings as the row's tooltip.
 */
final class EventRow extends TableRow<Event> {

    static final PseudoClass PROBLEM = PseudoClass.getPseudoClass("problem");

    private final Function<Event, List<Finding>> findingsOf;
    private final Tooltip tooltip = new Tooltip();

    /** @param findingsOf the findings a row's events (an LLM call's request and answer) are evidence of */
    EventRow(Function<Event, List<Finding>> findingsOf) {
        this.findingsOf = findingsOf;
        tooltip.setWrapText(true);
        tooltip.setMaxWidth(560);
    }

    @Override
    protected void updateItem(Event event, boolean empty) {
        super.updateItem(event, empty);
        EventKind kind = empty || event == null ? null : event.kind();
        pseudoClassStateChanged(PROBLEM, kind == EventKind.ERROR || kind == EventKind.MALFORMED);
        List<Finding> findings = kind == null ? List.of() : findingsOf.apply(event);
        Severity worst = findings.stream().map(Finding::severity).max(Enum::compareTo).orElse(null);
        SeverityStyles.apply(this, worst);
        if (findings.isEmpty()) {
            setTooltip(null);
            return;
        }
        tooltip.setText(findings.stream().map(f -> f.severity().id() + "  " + f.ruleId() + ": " + f.message())
                .collect(Collectors.joining("\n")));
        setTooltip(tooltip);
    }
}
