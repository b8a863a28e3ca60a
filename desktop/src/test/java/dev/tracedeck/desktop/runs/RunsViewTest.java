package dev.tracedeck.desktop.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.workspace.WorkspaceStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.scene.Scene;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The runs table alone, headless, over a temporary workspace: sorting by a header, filtering, reopening with the keyboard. */
@ExtendWith(ApplicationExtension.class)
class RunsViewTest {

    private final List<Path> opened = new ArrayList<>();
    private WorkspaceLink link;
    private Path tea;
    private Path violations;

    @Start
    void start(Stage stage) throws Exception {
        Path dir = Files.createTempDirectory("runs-view");
        Path file = dir.resolve("workspace.db");
        tea = record(file, SampleLogs.copy(SampleLogs.TEA_TRIP, dir), "2026-01-02T10:00:00Z");
        violations = record(file, SampleLogs.copy(SampleLogs.PROTOCOL_VIOLATIONS, dir), "2026-01-01T10:00:00Z");
        link = new WorkspaceLink(file, Clock.systemUTC(), new SyncTaskRunner(), new NoticesViewModel());
        RunsViewModel model = new RunsViewModel(Optional.of(link), opened::add, new NoticesViewModel());
        model.refresh();
        Scene scene = new Scene(new RunsView(model), 1000, 400);
        for (String sheet : List.of("tokens-dark.css", "app.css")) {
            scene.getStylesheets().add(RunsViewTest.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
        }
        stage.setScene(scene);
        stage.sizeToScene();
        stage.show();
    }

    private static Path record(Path file, Path log, String at) throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of(log), ImportListener.NONE);
        try (WorkspaceStore store = WorkspaceStore.open(file, Clock.fixed(Instant.parse(at), ZoneOffset.UTC))) {
            store.record(log, trace, Optional.of(new Validator(RuleConfig.DEFAULT).validate(trace)));
        }
        return log.toAbsolutePath().normalize();
    }

    @AfterEach
    void closeLink() {
        link.close();
    }

    @Test
    void clickingAHeaderSortsAndEnterReopensTheSelectedRun(FxRobot robot) {
        TableView<RunRow> table = robot.lookup("#runs-table").queryTableView();
        assertEquals(List.of("tea-trip.log", "protocol-violations.log"), names(table), "most recently opened first");

        robot.clickOn("File");
        assertEquals(List.of("protocol-violations.log", "tea-trip.log"), names(table));

        robot.interact(() -> table.getSelectionModel().select(0));
        robot.clickOn(table).type(KeyCode.HOME).type(KeyCode.ENTER);
        assertEquals(List.of(violations), opened);
    }

    @Test
    void theFilterNarrowsTheTable(FxRobot robot) {
        TableView<RunRow> table = robot.lookup("#runs-table").queryTableView();

        robot.clickOn("#runs-filter").write("tea");

        assertEquals(List.of("tea-trip.log"), names(table));
        robot.doubleClickOn("tea-trip.log");
        assertEquals(List.of(tea), opened);
    }

    private static List<String> names(TableView<RunRow> table) {
        return table.getItems().stream().map(RunRow::name).toList();
    }
}
