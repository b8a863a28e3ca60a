package dev.tracedeck.desktop.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Jobs wait for the gate, go on in the order submitted once it opens, and one cancelled meanwhile never runs. */
class GatedTaskRunnerTest {

    private final ManualTaskRunner runner = new ManualTaskRunner();
    private final GatedTaskRunner gated = new GatedTaskRunner(runner);
    private final List<String> said = new ArrayList<>();

    @Test
    void jobsWaitForTheGateThenRunInOrder() {
        gated.submit(job("first"));
        gated.submit(job("second"));
        assertEquals(0, runner.pendingCount(), "nothing is handed on before the gate opens");

        gated.open();
        assertEquals(2, runner.pendingCount());
        runner.runNext();
        runner.runNext();
        assertEquals(List.of("first", "second"), said);
    }

    @Test
    void aJobCancelledWhileWaitingNeverRuns() {
        TaskHandle first = gated.submit(job("first"));
        gated.submit(job("second"));
        first.cancel();
        assertEquals(List.of("first cancelled"), said);

        gated.open();
        assertEquals(1, runner.pendingCount());
        runner.runNext();
        assertEquals(List.of("first cancelled", "second"), said);
    }

    @Test
    void onceOpenItIsTheRunnerItWraps() {
        gated.open();
        TaskHandle handle = gated.submit(job("now"));
        assertEquals(1, runner.pendingCount());
        handle.cancel();
        assertEquals(0, runner.pendingCount(), "the handle is the wrapped runner's");
        assertEquals(List.of("now cancelled"), said);
    }

    private BackgroundJob<String> job(String name) {
        return BackgroundJob.<String>of(name, context -> name)
                .onSuccess(said::add)
                .onCancelled(() -> said.add(name + " cancelled"));
    }
}
