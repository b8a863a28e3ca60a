package dev.tracedeck.desktop.timeline;

import dev.tracedeck.desktop.common.KindStyles;
import dev.tracedeck.model.event.EventKind;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;

/** The kind as a coloured badge; the colour comes from the kind's pseudo-class in the stylesheet. */
final class KindCell<S> extends TableCell<S, EventKind> {

    private final Label badge = new Label();

    KindCell() {
        badge.getStyleClass().add("kind-badge");
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
    }

    @Override
    protected void updateItem(EventKind kind, boolean empty) {
        super.updateItem(kind, empty);
        if (empty || kind == null) {
            setGraphic(null);
            KindStyles.apply(badge, null);
            return;
        }
        badge.setText(kind.label());
        KindStyles.apply(badge, kind);
        setGraphic(badge);
    }
}
