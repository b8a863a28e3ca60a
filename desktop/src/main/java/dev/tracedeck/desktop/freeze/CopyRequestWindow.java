package dev.tracedeck.desktop.freeze;

import dev.tracedeck.desktop.common.BackgroundJob;
import dev.tracedeck.desktop.common.Notice;
import dev.tracedeck.desktop.settings.SettingsStore;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceDocument;
import dev.tracedeck.engine.freeze.FreezeException;
import dev.tracedeck.engine.freeze.FreezeOptions;
import dev.tracedeck.engine.freeze.FrozenRequest;
import dev.tracedeck.engine.freeze.RequestFreezer;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;

/**
 * Event ▸ Copy Request: the request the model received at the selected event's step, frozen off the FX thread
 * ({@link RequestFreezer}), copied to the clipboard as its body or as a curl command (the choice remembered), and
 * shown with its fidelity notes, what the trace did not record. Nothing is sent.
 */
public final class CopyRequestWindow {

    /** The settings key of the form last chosen: {@code body} or {@code curl}. */
    static final String FORM = "copy-request.form";

    private final Stage owner;
    private final OpenFilesViewModel openFiles;
    private final SettingsStore settings;
    private Stage stage;
    private final Label header = new Label();
    private final ListView<String> notes = new ListView<>();
    private final TextArea copied = new TextArea();
    private final RadioButton body = new RadioButton("Body");
    private final RadioButton curl = new RadioButton("curl command");
    private FrozenRequest frozen;

    public CopyRequestWindow(Stage owner, OpenFilesViewModel openFiles, SettingsStore settings) {
        this.owner = owner;
        this.openFiles = openFiles;
        this.settings = settings;
    }

    /** Freezes the selected event's request and copies it; a notice says why when there is none. */
    public void copySelected() {
        TraceDocument document = openFiles.getSelected();
        if (document == null || !document.isReady()) {
            return;
        }
        Event event = document.getContent().timeline().selection().getSelectedEvent();
        if (event == null) {
            openFiles.notices().post(Notice.info("Select an event to copy the request of its step."));
            return;
        }
        Trace trace = document.getContent().loaded().trace();
        openFiles.queryRunner().submit(BackgroundJob.<FrozenRequest>of("freeze the request of event " + event.seq(),
                        context -> RequestFreezer.event(trace, event, FreezeOptions.DEFAULT))
                .onSuccess(this::show)
                .onFailure(e -> openFiles.notices().post(e instanceof FreezeException
                        ? Notice.info("No request to copy at event " + event.seq() + ": " + e.getMessage() + ".")
                        : Notice.error("The request could not be rebuilt: " + e.getMessage()))));
    }

    private void show(FrozenRequest request) {
        frozen = request;
        if (stage == null) {
            build();
        }
        boolean asCurl = settings.get(FORM).orElse("body").equals("curl");
        (asCurl ? curl : body).setSelected(true);
        header.setText("Step " + request.step().number() + (request.thread().isEmpty() ? "" : " of " + request.thread())
                + " · " + request.provider().title() + (request.recorded() ? " · as recorded" : " · rebuilt")
                + (request.model().isEmpty() ? "" : " · " + request.model()) + " — copied to the clipboard");
        notes.getItems().setAll(request.notes());
        copy();
        stage.show();
        stage.toFront();
    }

    private void copy() {
        boolean asCurl = curl.isSelected();
        String text = asCurl ? frozen.curl() : frozen.body();
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
        copied.setText(text);
    }

    private void build() {
        ToggleGroup form = new ToggleGroup();
        body.setToggleGroup(form);
        curl.setToggleGroup(form);
        body.setId("copy-request-body");
        curl.setId("copy-request-curl");
        form.selectedToggleProperty().addListener((obs, old, now) -> {
            if (now != null && frozen != null) {
                settings.put(FORM, now == curl ? "curl" : "body");
                settings.save();
                copy();
            }
        });
        Button copy = new Button("Copy again");
        copy.setOnAction(e -> copy());
        Button close = new Button("Close");
        close.setCancelButton(true);
        close.setOnAction(e -> stage.hide());
        HBox buttons = new HBox(8, body, curl, new Label("   "), copy, close);
        header.setId("copy-request-header");
        header.setWrapText(true);
        notes.setId("copy-request-notes");
        notes.setPrefHeight(140);
        copied.setId("copy-request-text");
        copied.setEditable(false);
        copied.setWrapText(false);
        copied.setStyle("-fx-font-family: monospace;");
        VBox.setVgrow(copied, Priority.ALWAYS);
        VBox root = new VBox(8, header, new Label("What the trace did not record, and how each gap was filled:"), notes,
                copied, buttons);
        root.setPadding(new Insets(10));
        stage = new Stage();
        stage.initOwner(owner);
        stage.initModality(Modality.NONE);
        stage.setTitle("Copy Request");
        stage.setScene(new Scene(root, 760, 560));
        if (owner.getScene() != null) {
            stage.getScene().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
    }

    /** The window, once shown: for tests. */
    Stage stage() {
        return stage;
    }
}
