package dev.tracedeck.desktop.prune;

import dev.tracedeck.engine.text.CountFormat;
import java.util.Locale;
import java.util.Map;
import javafx.css.PseudoClass;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * One message of one side: what the strategy did (a mark), its id, its role, a one-line preview and its tokens.
 * What it did is a pseudo-class (removed, changed, added), so the stylesheet strikes removed ones through.
 */
final class MessageCell extends ListCell<MessageRow> {

    static final PseudoClass REMOVED = PseudoClass.getPseudoClass("removed");
    static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");
    static final PseudoClass ADDED = PseudoClass.getPseudoClass("added");
    private static final Map<MessageRow.Mark, String> SYMBOLS = Map.of(MessageRow.Mark.KEPT, "", MessageRow.Mark.REMOVED, "−",
            MessageRow.Mark.CHANGED, "~", MessageRow.Mark.ADDED, "+");
    private static final String[] ROLES = {"system", "user", "assistant", "tool", "other"};

    private final Label mark = label("message-mark");
    private final Label id = label("message-id");
    private final Label role = label("message-role");
    private final Label preview = label("message-preview");
    private final Label tokens = label("message-tokens");

    MessageCell() {
        getStyleClass().add("message-cell");
        preview.setMaxWidth(Double.MAX_VALUE);
        preview.setMinWidth(0);
        HBox.setHgrow(preview, Priority.ALWAYS);
        tokens.setMinWidth(Region.USE_PREF_SIZE);
        HBox box = new HBox(mark, id, role, preview, tokens);
        box.getStyleClass().add("message-row");
        setGraphic(box);
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        // As wide as the list, never wider: the preview gives way and the tokens stay in view.
        setPrefWidth(0);
    }

    @Override
    protected void updateItem(MessageRow row, boolean empty) {
        super.updateItem(row, empty);
        boolean shown = !empty && row != null;
        getGraphic().setVisible(shown);
        MessageRow.Mark m = shown ? row.mark() : MessageRow.Mark.KEPT;
        pseudoClassStateChanged(REMOVED, m == MessageRow.Mark.REMOVED);
        pseudoClassStateChanged(CHANGED, m == MessageRow.Mark.CHANGED);
        pseudoClassStateChanged(ADDED, m == MessageRow.Mark.ADDED);
        String roleClass = shown ? roleClass(row.role()) : "";
        for (String r : ROLES) {
            role.pseudoClassStateChanged(PseudoClass.getPseudoClass(r), r.equals(roleClass));
        }
        if (!shown) {
            for (Label l : new Label[] {mark, id, role, preview, tokens}) {
                l.setText("");
            }
            return;
        }
        mark.setText(SYMBOLS.get(m));
        id.setText(row.id());
        role.setText(row.role().isEmpty() ? "?" : row.role());
        preview.setText(row.preview());
        tokens.setText(CountFormat.count(row.tokens()));
    }

    static String roleClass(String role) {
        String r = role.toLowerCase(Locale.ROOT);
        if (r.equals("developer")) {
            return "system";
        }
        if (r.equals("function")) {
            return "tool";
        }
        for (String known : ROLES) {
            if (known.equals(r)) {
                return r;
            }
        }
        return "other";
    }

    private static Label label(String styleClass) {
        Label label = new Label();
        label.getStyleClass().add(styleClass);
        return label;
    }
}
