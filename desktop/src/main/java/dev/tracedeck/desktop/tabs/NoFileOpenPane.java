package dev.tracedeck.desktop.tabs;

import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.scene.text.TextAlignment;

/** The window before any file is open: says how to open one, the drop target is the whole window. */
final class NoFileOpenPane extends VBox {

    NoFileOpenPane(Runnable openDialog) {
        getStyleClass().add("no-file-open");
        Label title = new Label("Drop an agent log here");
        title.getStyleClass().add("empty-title");
        Label formats = new Label("Mycelian LongMemEval logs · OpenAI chat and Responses · Codex rollouts · Anthropic"
                + " · Claude Code sessions · LangChain messages · LangGraph state · smolagents memory"
                + " · OpenTelemetry traces and console dumps · Phoenix spans · Langfuse traces · Letta agent files"
                + " · Inspect eval logs · ATIF trajectories · Pydantic AI messages · SDK recordings · .log  .jsonl  .json  .gz");
        // So many formats make a long line: it wraps, centred, in a narrow window rather than being cut.
        formats.setWrapText(true);
        formats.setTextAlignment(TextAlignment.CENTER);
        formats.getStyleClass().add("empty-hint");
        Button open = new Button("Open file…");
        open.getStyleClass().add("empty-open");
        open.setOnAction(e -> openDialog.run());
        Label keys = new Label("Ctrl+O open   ·   Ctrl+F search   ·   F8 next finding   ·   Ctrl+W close");
        keys.getStyleClass().add("empty-hint");
        getChildren().addAll(title, formats, open, keys);
    }
}
