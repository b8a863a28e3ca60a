package dev.tracedeck.desktop.follow;

import static dev.tracedeck.desktop.follow.LiveWindow.text;
import static dev.tracedeck.desktop.follow.LiveWindow.until;
import static dev.tracedeck.desktop.follow.LiveWindow.visibleRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.Notice;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceDocument;
import dev.tracedeck.desktop.threads.ThreadSummary;
import dev.tracedeck.desktop.window.MainWindow;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.event.EventDispatcher;
import javafx.scene.control.ListView;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * File ▸ Listen for OpenTelemetry… in the window, headless: the dialog starts a receiver on a free loopback port, a live
 * tab shows the spans POSTed to it as they arrive (and their findings), and closing the tab stops the receiver.
 */
@ExtendWith(ApplicationExtension.class)
class ListenWindowTest {

    /** An agent's session as the collector's file exporter writes it: a tool span fails; lines 3 and 6 are cut short. */
    private static final String SESSION = "sample-logs/otlp/cut-short.jsonl";

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();
    private OpenFilesViewModel openFiles;
    private NoticesViewModel notices;

    @Start
    void start(Stage stage) {
        notices = new NoticesViewModel();
        openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        new MainWindow(stage, openFiles).show();
    }

    @Test
    void theSpansPostedToTheReceiverAppearInItsTabAsTheyArrive(FxRobot robot) throws Exception {
        List<String> lines = Files.readAllLines(SampleLogs.copy(SESSION, dir), StandardCharsets.UTF_8);
        List<String> requests = List.of(lines.get(0), lines.get(1), lines.get(3), lines.get(4));

        int port = listenOnAFreePort(robot);

        TabPane tabs = robot.lookup("#file-tabs").queryAs(TabPane.class);
        assertEquals("Listening on :" + port, tabs.getSelectionModel().getSelectedItem().getText());
        until("listening", () -> text(robot, "#status-live").equals("Listening on http://127.0.0.1:" + port
                + " · 0 requests, 0 spans, 0 log records"));

        assertEquals(200, post(port, requests.get(0)).statusCode());
        until("the first spans shown", () -> !table(robot).getItems().isEmpty());
        int first = table(robot).getItems().size();
        for (String request : requests.subList(1, 4)) {
            assertEquals(200, post(port, request).statusCode());
        }
        until("every request shown", () -> text(robot, "#status-live").startsWith("Listening on http://127.0.0.1:" + port
                + " · 4 requests,"));
        until("the findings", () -> text(robot, "#status-findings").contains("1 warning"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(table(robot).getItems().size() > first, "more rows than after the first request");
        List<Event> rows = table(robot).getItems();
        assertEquals(rows.get(rows.size() - 1), visibleRows(robot).get(visibleRows(robot).size() - 1).getItem(),
                "the tab started empty, at its end: the newest spans are on screen");
        assertTrue(openFiles.selectedTrace().orElseThrow().findings().findingsInScope().stream()
                .anyMatch(f -> f.ruleId().equals("failed-span")));

        // Its threads are listed by the service that sent them, not by their trace ids alone.
        ListView<ThreadSummary> threads = robot.lookup("#thread-list").queryListView();
        assertTrue(threads.getItems().stream().skip(1).allMatch(row -> row.shown().startsWith("code-assistant · ")),
                threads.getItems().toString());

        TraceDocument document = openFiles.getSelected();
        Path received = document.path();
        assertTrue(received.getFileName().toString().matches("otlp-received-\\d{8}-\\d{6}\\.jsonl"), received.toString());
        assertEquals(4, Files.readAllLines(received).size(), "what arrived, one OTLP/JSON request a line");
        robot.press(KeyCode.CONTROL, KeyCode.W).release(KeyCode.W, KeyCode.CONTROL);
        assertTrue(openFiles.documents().isEmpty());
        until("the receiver stopped", () -> refused(port));
        until("its file deleted", () -> !Files.exists(received) && !Files.exists(received.getParent()));
    }

    @Test
    void aPortInUseIsANoticeAndNoTab(FxRobot robot) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.L).release(KeyCode.L, KeyCode.SHIFT, KeyCode.CONTROL);
            TextField port = robot.lookup("#listen-port").queryAs(TextField.class);
            robot.interact(() -> port.setText(Integer.toString(taken.getLocalPort())));
            robot.clickOn("#listen-start");

            assertTrue(openFiles.documents().isEmpty(), "no tab");
            assertTrue(notices.notices().stream().map(Notice::text).anyMatch(t -> t.startsWith("Could not listen on 127.0.0.1:"
                    + taken.getLocalPort() + ": the port is in use")), notices.notices().toString());
        }
    }

    /**
     * Enter in the dialog listens, as the button does, and only once the dialog's window has handled that key: work
     * started while it does (in a handler of the dialog's hiding) killed the JVM in GTK's native key handler.
     */
    @Test
    void enterListensOnceTheDialogHasHandledIt(FxRobot robot) throws Exception {
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.L).release(KeyCode.L, KeyCode.SHIFT, KeyCode.CONTROL);
        TextField port = robot.lookup("#listen-port").queryAs(TextField.class);
        assertTrue(port.isFocused(), "the port, selected, to type over");
        Window dialog = port.getScene().getWindow();
        robot.targetWindow(dialog).write("0");
        assertEquals("0", port.getText());
        List<Integer> tabsOnceAKeyWasHandled = new ArrayList<>();
        robot.interact(() -> {
            EventDispatcher handling = dialog.getEventDispatcher();
            dialog.setEventDispatcher((event, tail) -> {
                javafx.event.Event handled = handling.dispatchEvent(event, tail);
                if (event.getEventType() == KeyEvent.KEY_PRESSED) {
                    tabsOnceAKeyWasHandled.add(openFiles.documents().size());
                }
                return handled;
            });
        });

        robot.type(KeyCode.ENTER);

        assertEquals(List.of(0), tabsOnceAKeyWasHandled, "no tab while the dialog's window handled Enter");
        assertFalse(dialog.isShowing());
        assertEquals(1, openFiles.documents().size(), notices.notices().toString());
        assertTrue(openFiles.getSelected().name().startsWith("Listening on :"), openFiles.getSelected().name());
        int listening = Integer.parseInt(openFiles.getSelected().name().substring("Listening on :".length()));
        assertEquals(200, post(listening, "{}").statusCode(), "the receiver answers");
        robot.press(KeyCode.CONTROL, KeyCode.W).release(KeyCode.W, KeyCode.CONTROL);
        until("the receiver stopped", () -> refused(listening));
    }

    @Test
    void theDialogRefusesAPortThatIsNotOne(FxRobot robot) {
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.L).release(KeyCode.L, KeyCode.SHIFT, KeyCode.CONTROL);
        TextField port = robot.lookup("#listen-port").queryAs(TextField.class);

        robot.interact(() -> port.setText("70000"));

        assertTrue(robot.lookup("#listen-start").query().isDisabled());
        assertTrue(text(robot, "#listen-hint").contains("0 to 65535"), text(robot, "#listen-hint"));
        robot.interact(() -> port.setText("4318"));
        assertFalse(robot.lookup("#listen-start").query().isDisabled());
        assertTrue(text(robot, "#listen-hint").contains("http://127.0.0.1:4318"), text(robot, "#listen-hint"));
        robot.type(KeyCode.ESCAPE);
    }

    /** File ▸ Listen for OpenTelemetry… (Ctrl+Shift+L), port 0: the port the receiver took. */
    private int listenOnAFreePort(FxRobot robot) {
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.L).release(KeyCode.L, KeyCode.SHIFT, KeyCode.CONTROL);
        TextField port = robot.lookup("#listen-port").queryAs(TextField.class);
        assertEquals("4318", port.getText(), "OTLP/HTTP's port by default");
        assertEquals("127.0.0.1", robot.lookup("#listen-address").queryAs(TextField.class).getText(), "this machine only");
        robot.interact(() -> port.setText("0"));
        robot.clickOn("#listen-start");
        assertEquals(1, openFiles.documents().size(), notices.notices().toString());
        Matcher m = Pattern.compile(":(\\d+)$").matcher(openFiles.getSelected().name());
        assertTrue(m.find(), openFiles.getSelected().name());
        return Integer.parseInt(m.group(1));
    }

    private HttpResponse<String> post(int port, String json) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/traces"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private boolean refused(int port) {
        try {
            post(port, "{}");
            return false;
        } catch (ConnectException e) {
            return true;
        } catch (IOException e) {
            return e.getCause() instanceof ConnectException;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static TableView<Event> table(FxRobot robot) {
        return robot.lookup("#timeline-table").queryTableView();
    }
}
