package dev.tracedeck.desktop.window;

import dev.tracedeck.desktop.follow.LiveDocuments;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * File ▸ Listen for OpenTelemetry…: asks where to listen (this machine only by default, OTLP/HTTP's port 4318) and
 * opens a live tab for the spans that arrive there, as {@code tracedeck listen} prints them.
 *
 * <p>Modal, as the window's other dialogs: the receiver starts once the dialog has closed and the key or click that
 * closed it has been handled, in the background. GTK's native key handler goes on with a key after Java has handled
 * it; a tab opened while the dialog's window handles the Enter that closes it (in a handler of its hiding, which runs
 * inside that key press) leaves that handler a view that is gone, and the JVM dies (SIGSEGV).
 */
final class ListenDialog {

    static final String DEFAULT_ADDRESS = "127.0.0.1";
    static final int DEFAULT_PORT = 4318;
    private static final ButtonType LISTEN = new ButtonType("Listen", ButtonBar.ButtonData.OK_DONE);

    private final Window owner;
    private final LiveDocuments live;

    ListenDialog(Window owner, LiveDocuments live) {
        this.owner = owner;
        this.live = live;
    }

    /**
     * Shows the dialog until it is closed; Listen then starts the receiver in the background (a notice says why when
     * it can't).
     */
    void show() {
        TextField address = new TextField(DEFAULT_ADDRESS);
        address.setId("listen-address");
        address.setPrefColumnCount(16);
        TextField port = new TextField(Integer.toString(DEFAULT_PORT));
        port.setId("listen-port");
        port.setPrefColumnCount(6);
        Label hint = new Label();
        hint.setId("listen-hint");
        hint.setWrapText(true);
        hint.setMaxWidth(440);
        hint.getStyleClass().add("muted");
        hint.textProperty().bind(Bindings.createStringBinding(() -> hint(address.getText().strip(), port(port.getText())),
                address.textProperty(), port.textProperty()));
        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        form.addRow(0, new Label("Address"), address);
        form.addRow(1, new Label("Port"), port);
        form.add(hint, 0, 2, 2, 1);

        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Listen for OpenTelemetry");
        dialog.setHeaderText("Receive the spans an agent sends over OTLP/HTTP, and check them as they arrive");
        dialog.getDialogPane().setContent(form);
        dialog.getDialogPane().getButtonTypes().setAll(LISTEN, ButtonType.CANCEL);
        if (owner.getScene() != null) {
            dialog.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        Node listen = dialog.getDialogPane().lookupButton(LISTEN);
        listen.setId("listen-start");
        BooleanBinding invalid = Bindings.createBooleanBinding(() -> address.getText().isBlank() || port(port.getText()) < 0,
                address.textProperty(), port.textProperty());
        listen.disableProperty().bind(invalid);
        // Once its window is up: a dialog shown and waited for says it is shown before its window is, whose showing
        // then puts the focus back on the first field.
        dialog.getDialogPane().getScene().getWindow().addEventHandler(WindowEvent.WINDOW_SHOWN, e -> {
            port.requestFocus();
            port.selectAll();
        });
        if (dialog.showAndWait().filter(b -> b == LISTEN).isPresent()) {
            live.listen(address.getText().strip(), port(port.getText()));
        }
    }

    /** The port typed, or -1 when it is not one (0 is: any free port). */
    static int port(String text) {
        try {
            int port = Integer.parseInt(text.strip());
            return port >= 0 && port <= 65535 ? port : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String hint(String address, int port) {
        if (port < 0) {
            return "A port is a number from 0 to 65535; 0 picks a free one.";
        }
        String where = "http://" + (address.contains(":") ? "[" + address + "]" : address) + ":" + (port == 0 ? "PORT" : port);
        String reach = address.equals("127.0.0.1") || address.equals("localhost") || address.equals("::1")
                ? "Only this machine can send." : "Other machines can send to this address: anyone who reaches it.";
        return "Point the agent's OpenTelemetry exporter at " + where + " (OTEL_EXPORTER_OTLP_ENDPOINT, protobuf or JSON). "
                + reach + (port == 0 ? " Port 0 picks a free one; the tab says which." : "");
    }
}
