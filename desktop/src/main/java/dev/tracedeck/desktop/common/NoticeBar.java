package dev.tracedeck.desktop.common;

import java.util.Locale;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** Shows the notices as dismissible rows under the menu; hidden, and taking no room, when there are none. */
public final class NoticeBar extends VBox {

    private final NoticesViewModel model;

    public NoticeBar(NoticesViewModel model) {
        this.model = model;
        getStyleClass().add("notice-bar");
        setId("notice-bar");
        model.notices().addListener((ListChangeListener<Notice>) change -> rebuild());
        rebuild();
    }

    private void rebuild() {
        getChildren().setAll(model.notices().stream().map(this::row).toList());
        boolean any = !model.notices().isEmpty();
        setVisible(any);
        setManaged(any);
    }

    private Node row(Notice notice) {
        Label badge = new Label(notice.severity().name());
        badge.getStyleClass().add("notice-badge");
        Label text = new Label(notice.text());
        text.getStyleClass().add("notice-text");
        text.setWrapText(true);
        text.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(text, Priority.ALWAYS);
        Button close = new Button("✕");
        close.getStyleClass().add("notice-close");
        close.setOnAction(e -> model.dismiss(notice));
        HBox row = new HBox(badge, text);
        if (notice.hasDetails()) {
            Hyperlink details = new Hyperlink("Details…");
            details.setOnAction(e -> showDetails(notice));
            row.getChildren().add(details);
        }
        row.getChildren().add(close);
        row.getStyleClass().add("notice");
        row.pseudoClassStateChanged(PseudoClass.getPseudoClass(notice.severity().name().toLowerCase(Locale.ROOT)), true);
        return row;
    }

    private void showDetails(Notice notice) {
        TextArea trace = new TextArea(notice.details());
        trace.setEditable(false);
        trace.getStyleClass().add("notice-details");
        Alert alert = new Alert(Alert.AlertType.ERROR, notice.text(), ButtonType.CLOSE);
        alert.setHeaderText(null);
        alert.setTitle("Details");
        alert.getDialogPane().setExpandableContent(trace);
        alert.getDialogPane().setExpanded(true);
        if (getScene() != null) {
            alert.initOwner(getScene().getWindow());
            alert.getDialogPane().getStylesheets().setAll(getScene().getStylesheets());
        }
        alert.show();
    }
}
