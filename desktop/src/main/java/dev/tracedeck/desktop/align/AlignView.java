package dev.tracedeck.desktop.align;

import dev.tracedeck.analysis.align.AlignedRun;
import dev.tracedeck.analysis.align.Branch;
import dev.tracedeck.analysis.align.Outcome;
import dev.tracedeck.analysis.align.RunStep;
import dev.tracedeck.analysis.align.TaskAlignment;
import dev.tracedeck.engine.align.AlignText;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The aligned runs of a task: its figures on top, the tree of its branches (each with its runs and how they ended, its
 * steps below, numbered as in the runs), and the runs of the branch selected; two of them selected compare. Draws what
 * its {@link AlignViewModel} holds, in the words {@code tracedeck align} prints.
 */
public final class AlignView extends BorderPane {

    private static final PseudoClass FAILED = PseudoClass.getPseudoClass("failed");
    private static final PseudoClass PASSED = PseudoClass.getPseudoClass("passed");

    private final AlignViewModel model;
    private final ChoiceBox<TaskAlignment> tasks = new ChoiceBox<>();
    private final Label figures = new Label();
    private final TreeView<Branch> tree = new TreeView<>();
    private final ListView<AlignedRun> runs = new ListView<>();
    private final Button compare = new Button("Compare the two selected runs");
    private final HBox choose;

    /**
     * @param chooseFiles  asks for files to align
     * @param chooseFolder asks for a folder
     * @param compareRuns  opens the comparison of the two runs selected
     */
    public AlignView(AlignViewModel model, Runnable chooseFiles, Runnable chooseFolder, Runnable compareRuns) {
        this.model = model;
        getStyleClass().add("align-view");
        getStylesheets().add(AlignView.class.getResource("/dev/tracedeck/desktop/align/align.css").toExternalForm());
        Button files = new Button("Choose files…");
        files.setId("align-choose-files");
        files.setOnAction(e -> chooseFiles.run());
        Button folder = new Button("Choose a folder…");
        folder.setId("align-choose-folder");
        folder.setOnAction(e -> chooseFolder.run());
        files.disableProperty().bind(model.busyProperty());
        folder.disableProperty().bind(model.busyProperty());
        Label status = new Label();
        status.setId("align-status");
        status.getStyleClass().add("muted");
        status.textProperty().bind(model.statusProperty());
        choose = new HBox(8, files, folder, status);
        choose.setPadding(new Insets(0, 0, 6, 0));

        tasks.setId("align-tasks");
        tasks.setConverter(new StringConverter<>() {
            @Override
            public String toString(TaskAlignment t) {
                return t == null ? "" : t.task() + " (" + t.runs().size() + ")";
            }

            @Override
            public TaskAlignment fromString(String s) {
                return null;
            }
        });
        tasks.setMaxWidth(Double.MAX_VALUE);
        model.alignmentProperty().addListener((obs, old, now) -> tasks.getItems().setAll(now == null ? List.of() : now.tasks()));
        tasks.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            if (now != null && now != model.taskProperty().get()) {
                model.selectTask(now);
            }
        });
        figures.setId("align-figures");
        figures.getStyleClass().add("align-figures");
        figures.setWrapText(true);
        Label taskLabel = new Label("Task");
        HBox taskRow = new HBox(8, taskLabel, tasks);
        HBox.setHgrow(tasks, Priority.ALWAYS);
        setTop(new VBox(4, choose, taskRow, figures));
        BorderPane.setMargin(getTop(), new Insets(8));

        tree.setId("align-tree");
        tree.getStyleClass().add("align-tree");
        tree.setShowRoot(true);
        tree.setCellFactory(t -> new BranchCell());
        tree.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            if (now != null && now.getValue() != model.branchProperty().get()) {
                model.selectBranch(now.getValue());
            }
        });
        runs.setId("align-runs");
        runs.getStyleClass().add("align-runs");
        runs.setItems(model.branchRuns());
        runs.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        runs.setCellFactory(l -> new RunCell());
        compare.setId("align-compare");
        compare.disableProperty().bind(Bindings.size(runs.getSelectionModel().getSelectedItems()).isNotEqualTo(2));
        compare.setOnAction(e -> compareRuns.run());
        Label runsTitle = new Label("Runs of the selected branch (select two to compare them)");
        runsTitle.getStyleClass().add("pane-title");
        VBox side = new VBox(6, runsTitle, runs, compare);
        side.setPadding(new Insets(0, 0, 0, 6));
        VBox.setVgrow(runs, Priority.ALWAYS);
        SplitPane split = new SplitPane(tree, side);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.66);
        setCenter(split);
        BorderPane.setMargin(split, new Insets(0, 8, 8, 8));

        model.taskProperty().addListener((obs, old, now) -> showTask(now));
        showTask(model.taskProperty().get());
    }

    /** The two runs selected, in list order; empty unless exactly two are. */
    public List<AlignedRun> selectedPair() {
        List<AlignedRun> chosen = List.copyOf(runs.getSelectionModel().getSelectedItems());
        return chosen.size() == 2 ? chosen : List.of();
    }

    public TreeView<Branch> tree() {
        return tree;
    }

    public ListView<AlignedRun> runList() {
        return runs;
    }

    /** For a picture: no buttons, every branch open, nothing selected. */
    public void forPicture() {
        getStyleClass().add("picture");
        choose.setManaged(false);
        choose.setVisible(false);
        compare.setManaged(false);
        compare.setVisible(false);
        tree.getSelectionModel().clearSelection();
    }

    private void showTask(TaskAlignment task) {
        if (task != null && tasks.getSelectionModel().getSelectedItem() != task) {
            tasks.getSelectionModel().select(task);
        }
        figures.setText(task == null ? "" : String.join("\n", AlignText.figures(task)));
        tree.setRoot(task == null ? null : item(task.trunk()));
        if (task != null) {
            tree.getSelectionModel().select(tree.getRoot());
        }
    }

    private static TreeItem<Branch> item(Branch branch) {
        TreeItem<Branch> item = new TreeItem<>(branch);
        List<TreeItem<Branch>> children = new ArrayList<>();
        for (Branch child : branch.children()) {
            children.add(item(child));
        }
        item.getChildren().setAll(children);
        item.setExpanded(true);
        return item;
    }

    /** A branch: its runs and outcomes on the first line, its steps below, numbered; where runs end, their names. */
    private static final class BranchCell extends TreeCell<Branch> {

        /** How many of the runs that end on a branch its row names. */
        private static final int SHOWN_RUNS = 3;

        private final Label header = new Label();
        private final Label steps = new Label();
        private final Label ended = new Label();
        private final VBox box = new VBox(2, header, steps, ended);

        BranchCell() {
            header.getStyleClass().add("align-branch-header");
            steps.getStyleClass().add("align-branch-steps");
            ended.getStyleClass().add("align-branch-ended");
            box.setMinHeight(Region.USE_PREF_SIZE);
        }

        @Override
        protected void updateItem(Branch branch, boolean empty) {
            super.updateItem(branch, empty);
            if (empty || branch == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            header.setText(AlignText.header(branch));
            header.pseudoClassStateChanged(FAILED, branch.end().count(Outcome.Verdict.FAIL) > 0);
            header.pseudoClassStateChanged(PASSED, branch.end().count(Outcome.Verdict.FAIL) == 0
                    && branch.end().count(Outcome.Verdict.PASS) > 0);
            List<String> lines = new ArrayList<>();
            int n = branch.firstStep();
            for (RunStep step : branch.steps()) {
                lines.add(String.format(java.util.Locale.ROOT, "%3d  %s", n++, step.label()));
            }
            steps.setText(String.join("\n", lines));
            steps.setManaged(!lines.isEmpty());
            steps.setVisible(!lines.isEmpty());
            List<AlignedRun> end = branch.end().ending();
            // The first few by name: the list beside the tree has them all once the branch is selected.
            List<String> names = new ArrayList<>(end.stream().limit(SHOWN_RUNS).map(AlignedRun::name).toList());
            if (end.size() > SHOWN_RUNS) {
                names.add("and " + (end.size() - SHOWN_RUNS) + " more");
            }
            ended.setText(end.isEmpty() ? "" : (end.size() == branch.runs().size() ? "runs: " : "ended here: ") + String.join(", ", names));
            ended.setManaged(!end.isEmpty());
            ended.setVisible(!end.isEmpty());
            setText(null);
            setGraphic(box);
        }
    }

    /** A run: its name, how it ended and its findings. */
    private static final class RunCell extends ListCell<AlignedRun> {

        @Override
        protected void updateItem(AlignedRun run, boolean empty) {
            super.updateItem(run, empty);
            if (empty || run == null) {
                setText(null);
                pseudoClassStateChanged(FAILED, false);
                return;
            }
            Outcome o = run.outcome();
            String outcome = o.verdict() == Outcome.Verdict.UNKNOWN ? "no verdict" : o.verdict().id();
            setText(run.name() + " — " + outcome + (o.label().isEmpty() ? "" : " (" + o.label() + ")") + " · "
                    + dev.tracedeck.engine.text.CountFormat.count(run.findings(), "finding", "findings"));
            pseudoClassStateChanged(FAILED, o.verdict() == Outcome.Verdict.FAIL);
        }
    }
}
