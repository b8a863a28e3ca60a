package dev.tracedeck.desktop.timeline;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.desktop.common.MatchRanges;
import dev.tracedeck.desktop.findings.SeverityStyles;
import dev.tracedeck.engine.search.EventFilter;
import dev.tracedeck.model.event.Event;
import java.util.List;
import java.util.function.Function;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.beans.value.WeakChangeListener;
import javafx.geometry.Insets;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * The summary, led on a flagged row by a badge naming the rule that flagged it ("missing-flush", or
 * "missing-flush +1" when more rules did), coloured by the worst finding; the row's tooltip lists them all. While the
 * timeline is searched, the words searched for are highlighted where the summary holds them.
 */
final class SummaryCell extends TableCell<Event, String> {

    /** Between the badge and the summary, as the cell's own graphic gap when nothing is highlighted. */
    private static final Insets BADGE_GAP = new Insets(0, 4, 0, 0);

    private final Label badge = new Label();
    private final Function<Event, List<Finding>> findingsOf;
    private final ObservableValue<EventFilter> filter;
    /** New findings (a followed file's threads checked again) badge the cells on show in place, a new search highlights. */
    private final ChangeListener<EventFilter> filterChanged = (obs, old, now) -> {
        if (old.evidence() != now.evidence() || !old.search().equals(now.search())) {
            updateItem(getItem(), isEmpty());
        }
    };

    /** @param filter the timeline's filter, whose evidence the badge follows */
    SummaryCell(Function<Event, List<Finding>> findingsOf, ObservableValue<EventFilter> filter) {
        this.findingsOf = findingsOf;
        this.filter = filter;
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
        List<Finding> findings = findingsOf.apply(row);
        if (!findings.isEmpty()) {
            badge.setText(TimelineFilterViewModel.ruleBadge(findings));
            SeverityStyles.apply(badge, findings.stream().map(Finding::severity).max(Enum::compareTo).orElse(Severity.INFO));
        }
        List<int[]> matches = MatchRanges.of(summary, filter.getValue().search());
        if (matches.isEmpty()) {
            setText(summary);
            setContentDisplay(ContentDisplay.LEFT);
            setGraphic(findings.isEmpty() ? null : badge);
            return;
        }
        setText(null);
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        HBox line = highlighted(summary, matches);
        if (!findings.isEmpty()) {
            line.getChildren().add(0, badge);
            HBox.setMargin(badge, BADGE_GAP);
        }
        setGraphic(line);
    }

    /** The summary as pieces, the matched ones marked; the last piece gives way (with an ellipsis) when room is short. */
    private static HBox highlighted(String summary, List<int[]> matches) {
        HBox line = new HBox();
        line.getStyleClass().add("summary-pieces");
        int at = 0;
        for (int[] match : matches) {
            if (match[0] > at) {
                line.getChildren().add(piece(summary.substring(at, match[0]), false));
            }
            line.getChildren().add(piece(summary.substring(match[0], match[1]), true));
            at = match[1];
        }
        if (at < summary.length()) {
            line.getChildren().add(piece(summary.substring(at), false));
        }
        // Only the last piece gives way to a narrow column: a match cut to "..." would mark nothing.
        for (int i = 0; i < line.getChildren().size() - 1; i++) {
            ((Label) line.getChildren().get(i)).setMinWidth(Region.USE_PREF_SIZE);
        }
        return line;
    }

    private static Label piece(String text, boolean match) {
        Label piece = new Label(text);
        piece.getStyleClass().add(match ? "find-match" : "summary-piece");
        return piece;
    }
}
