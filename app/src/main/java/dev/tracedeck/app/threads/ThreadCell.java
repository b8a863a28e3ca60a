package dev.tracedeck.app.threads;

import dev.tracedeck.app.common.Numbers;
import javafx.beans.binding.Bindings;
import javafx.css.PseudoClass;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/** Thread id on the left; event count, and problems when there are any, as badges on the right. */
final class ThreadCell extends ListCell<ThreadSummary> {

    private static final PseudoClass ALL = PseudoClass.getPseudoClass("all");

    private final Label name = new Label();
    private final Label events = new Label();
    private final Label problems = new Label();
    private final HBox box = new HBox(name, events, problems);
    private final Tooltip tooltip = new Tooltip();

    ThreadCell() {
        name.getStyleClass().add("thread-name");
        name.setMaxWidth(Double.MAX_VALUE);
        name.setMinWidth(0);
        HBox.setHgrow(name, Priority.ALWAYS);
        events.getStyleClass().add("thread-count");
        // Counts are never cut; the name gives way.
        events.setMinWidth(Region.USE_PREF_SIZE);
        problems.setMinWidth(Region.USE_PREF_SIZE);
        problems.getStyleClass().add("thread-problems");
        box.getStyleClass().add("thread-row");
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        // A cell lays its graphic out at the graphic's preferred width; tie that to the cell so a long id
        // is cut with an ellipsis instead of pushing the counts out of sight.
        setPrefWidth(0);
        box.setMinWidth(0);
        box.prefWidthProperty().bind(Bindings.createDoubleBinding(
                () -> getWidth() - snappedLeftInset() - snappedRightInset(), widthProperty(), paddingProperty()));
    }

    @Override
    protected void updateItem(ThreadSummary row, boolean empty) {
        super.updateItem(row, empty);
        pseudoClassStateChanged(ALL, !empty && row != null && row.isAll());
        if (empty || row == null) {
            setGraphic(null);
            setTooltip(null);
            return;
        }
        name.setText(row.label());
        events.setText(Numbers.count(row.events()));
        problems.setText(Numbers.count(row.problems()));
        problems.setVisible(row.problems() > 0);
        problems.setManaged(row.problems() > 0);
        tooltip.setText(row.label() + "\n" + Numbers.count(row.events(), "event", "events") + " · "
                + Numbers.count(row.snapshots(), "state dump", "state dumps") + " · "
                + Numbers.count(row.problems(), "problem", "problems"));
        setTooltip(tooltip);
        setGraphic(box);
    }
}
