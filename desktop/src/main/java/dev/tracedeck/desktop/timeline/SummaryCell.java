package dev.tracedeck.desktop.timeline;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.desktop.findings.SeverityStyles;
import dev.tracedeck.model.event.Event;
import java.util.List;
import java.util.function.Function;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.beans.value.WeakChangeListener;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;

/**
 * The summary, led on a flagged row by a badge naming the rule that flagged it ("missing-flush", or
 * "missing-flush +1" when more rules did), coloured by the worst finding; the row's tooltip lists them all.
 */
final class SummaryCell extends TableCell<Event, String> {

    private final Label badge = new Label();
    private final Function<Event, List<Finding>> findingsOf;
    /** New findings (a followed file's threads checked again) badge the cells on show in place. */
    private final ChangeListener<EventFilter> filterChanged = (obs, old, now) -> {
        if (old.evidence() != now.evidence()) {
            updateItem(getItem(), isEmpty());
        }
    };

    /** @param filter the timeline's filter, whose evidence the badge follows */
    SummaryCell(Function<Event, List<Finding>> findingsOf, ObservableValue<EventFilter> filter) {
        this.findingsOf = findingsOf;
        badge.getStyleClass().add("rule-badge");
        badge.setMinWidth(Label.USE_PREF_SIZE);
        setContentDisplay(ContentDisplay.LEFT);
        filter.addListener(new WeakChangeListener<>(filterChanged));
    }

    @Override
    protected void updateItem(String summary, boolean empty) {
        super.updateItem(summary, empty);
        Event row = getTableRow() == null ? null : getTableRow().getItem();
        if (empty || summary == null || row == null) {
            setText(null);
            setGraphic(null);
            return;
        }
        setText(summary);
        List<Finding> findings = findingsOf.apply(row);
        if (findings.isEmpty()) {
            setGraphic(null);
            return;
        }
        badge.setText(TimelineViewModel.ruleBadge(findings));
        SeverityStyles.apply(badge, findings.stream().map(Finding::severity).max(Enum::compareTo).orElse(Severity.INFO));
        setGraphic(badge);
    }
}
