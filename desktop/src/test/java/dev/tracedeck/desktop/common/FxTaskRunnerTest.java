package dev.tracedeck.desktop.common;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.atomic.AtomicBoolean;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Tasks need the FX toolkit (their callbacks arrive on its thread), hence the headless application. */
@ExtendWith(ApplicationExtension.class)
class FxTaskRunnerTest {

    @Start
    void start(Stage stage) {
    }

    @Test
    void workSubmittedAfterTheWindowClosedIsDroppedNotThrown() throws Exception {
        FxTaskRunner runner = new FxTaskRunner("test", 1);
        runner.close();
        AtomicBoolean ran = new AtomicBoolean();

        TaskHandle handle = runner.submit(BackgroundJob.of("list the runs", context -> {
            ran.set(true);
            return 1;
        }));

        assertSame(TaskHandle.DONE, handle);
        Thread.sleep(50);
        assertFalse(ran.get());
    }
}
