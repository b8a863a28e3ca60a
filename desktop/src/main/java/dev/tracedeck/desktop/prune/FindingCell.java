package dev.tracedeck.desktop.prune;

import java.util.Locale;
import javafx.css.PseudoClass;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** A finding on the result: severity, rule, message; those the strategy introduced marked. */
final class FindingCell extends ListCell<FindingRow> {

    private static final PseudoClass INTRODUCED = PseudoClass.getPseudoClass("introduced");

    private final Label tag = new Label("introduced");
    private final Label rule = new Label();
    private final Label message = new Label();

    FindingCell() {
        getStyleClass().add("playground-finding");
        tag.getStyleClass().add("finding-introduced");
        tag.managedProperty().bind(tag.visibleProperty());
        rule.setMinWidth(0);
        rule.getStyleClass().add("finding-rule");
        message.getStyleClass().add("finding-message");
        message.setWrapText(true);
        VBox box = new VBox(new HBox(6, rule, tag), message);
        setGraphic(box);
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        setPrefWidth(0);
    }

    @Override
    protected void updateItem(FindingRow row, boolean empty) {
        super.updateItem(row, empty);
        boolean shown = !empty && row != null;
        getGraphic().setVisible(shown);
        pseudoClassStateChanged(INTRODUCED, shown && row.introduced());
        tag.setVisible(shown && row.introduced());
        rule.setText(shown ? row.finding().severity().name().toLowerCase(Locale.ROOT) + " · " + row.finding().ruleId()
                + (row.messageId().isEmpty() ? "" : " · " + row.messageId()) : "");
        message.setText(shown ? row.finding().message() : "");
    }
}
