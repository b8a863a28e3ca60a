package dev.tracedeck.desktop.follow;

import dev.tracedeck.model.event.Event;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** What the live windows' tests look at: waiting for a reading to show, the status bar, the rows on screen. */
final class LiveWindow {

    private LiveWindow() {
    }

    /** Waits until {@code condition}, asked on the FX thread, holds; fails after 20 s. */
    static void until(String what, Supplier<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition::get).get());
        } catch (TimeoutException e) {
            throw new AssertionError("gave up waiting: " + what, e);
        }
    }

    static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }

    /** The timeline's rows wholly on screen, top to bottom. */
    static List<TableRow<Event>> visibleRows(FxRobot robot) {
        Node viewport = robot.lookup("#timeline-table .clipped-container").query();
        Bounds view = viewport.localToScreen(viewport.getBoundsInLocal());
        return robot.lookup("#timeline-table .table-row-cell").<TableRow<Event>>queryAll().stream()
                .filter(r -> !r.isEmpty() && r.getItem() != null && r.isVisible())
                .filter(r -> {
                    Bounds b = r.localToScreen(r.getBoundsInLocal());
                    return b != null && b.getMinY() >= view.getMinY() - 0.5 && b.getMaxY() <= view.getMaxY() + 0.5;
                })
                .sorted(Comparator.comparingInt(TableRow::getIndex))
                .toList();
    }
}
