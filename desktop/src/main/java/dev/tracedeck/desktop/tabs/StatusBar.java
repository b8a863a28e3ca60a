package dev.tracedeck.desktop.tabs;

import dev.tracedeck.desktop.findings.FindingsSummary;
import dev.tracedeck.desktop.findings.SeverityStyles;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.css.PseudoClass;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The selected file's import summary and its findings on the left; while importing, progress and Cancel on
 * the right.
 */
public final class StatusBar extends HBox {

    private static final PseudoClass CLEAN = PseudoClass.getPseudoClass("clean");

    public StatusBar(OpenFilesViewModel model) {
        getStyleClass().add("status-bar");
        getStylesheets().add(StatusBar.class.getResource("tabs.css").toExternalForm());
        setId("status-bar");
        Label status = new Label();
        status.setId("status-text");
        status.getStyleClass().add("status-text");
        status.textProperty().bind(Bindings.when(model.statusProperty().isEmpty())
                .then(Bindings.when(Bindings.isEmpty(model.documents())).then("Ready").otherwise(""))
                .otherwise(model.statusProperty()));
        Label findings = findingsLabel(model);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);

        ImportProgress progress = model.progress();
        Label label = new Label();
        label.getStyleClass().add("import-label");
        label.textProperty().bind(progress.labelProperty());
        ProgressBar bar = new ProgressBar();
        bar.setId("import-progress");
        bar.getStyleClass().add("import-bar");
        bar.progressProperty().bind(progress.fractionProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("import-cancel");
        cancel.getStyleClass().add("import-cancel");
        cancel.setOnAction(e -> model.cancelImports());
        HBox importing = new HBox(label, bar, cancel);
        importing.getStyleClass().add("import-status");
        importing.visibleProperty().bind(progress.busyProperty());
        importing.managedProperty().bind(progress.busyProperty());
        getChildren().addAll(status, findings, spacer, importing);
    }

    /** Shows {@code mark} after the findings (what a live file is doing: following, listening). */
    public void addMark(javafx.scene.Node mark) {
        getChildren().add(getChildren().indexOf(lookup("#status-findings")) + 1, mark);
    }

    /** "6 errors · 0 warnings · 3 threads checked", coloured by the worst finding; hidden while no file is ready. */
    private static Label findingsLabel(OpenFilesViewModel model) {
        Label label = new Label();
        label.setId("status-findings");
        label.getStyleClass().add("status-findings");
        Consumer<FindingsSummary> show = summary -> {
            label.setText(summary == null ? "" : summary.text());
            label.setVisible(summary != null);
            label.setManaged(summary != null);
            SeverityStyles.apply(label, summary == null ? null : summary.worst().orElse(null));
            label.pseudoClassStateChanged(CLEAN, summary != null && summary.clean());
        };
        model.findingsProperty().addListener((obs, old, now) -> show.accept(now));
        show.accept(model.findingsProperty().get());
        return label;
    }
}
