package dev.tracedeck.desktop.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.source.SourceRef;
import org.junit.jupiter.api.Test;

class EventColumnsTest {

    @Test
    void showsTheTimeOfDayWhenTheLogGaveADate() {
        assertEquals("10:15:03,200", EventColumns.time(TestTraces.event(2)));
        assertEquals("10:15:03", EventColumns.time(withTime("10:15:03")));
        assertEquals("", EventColumns.time(withTime("")));
    }

    @Test
    void anIsoTimeIsShownToTheMillisecondWithoutItsZone() {
        assertEquals("09:14:02.118", EventColumns.time(withTime("2025-08-21T09:14:02.118Z")));
        assertEquals("08:00:02.114", EventColumns.time(withTime("2025-06-03T08:00:02.114205+00:00")));
        assertEquals("20:47:18.711", EventColumns.time(withTime("2026-03-01T20:47:18.7115010Z")));
        assertEquals("08:00:02", EventColumns.time(withTime("2025-06-03T08:00:02+0200")));
        assertEquals("08:00:02.5", EventColumns.time(withTime("2025-06-03 08:00:02.5")));
        assertEquals("late evening", EventColumns.time(withTime("2025-06-03 late evening")), "not a clock: as logged, less the date");
    }

    @Test
    void rolesAndToolsComeFromMessagesAndToolCalls() {
        assertEquals("user", EventColumns.role(TestTraces.event(2)));
        assertEquals("user", EventColumns.role(TestTraces.event(3)));
        assertEquals("add_entry", EventColumns.tool(TestTraces.event(3)));
        assertEquals("", EventColumns.tool(TestTraces.event(4)));
    }

    @Test
    void markersSayWhichMarkerTheyAre() {
        assertEquals("RUN qid=q-1 run_id=r-1", EventColumns.summary(TestTraces.event(0)));
        assertEquals(TestTraces.event(2).summary(), EventColumns.summary(TestTraces.event(2)));
    }

    private static Event withTime(String time) {
        return new Event(0, "SYS", time, "t", SourceRef.line("f", 1), "x", new Payload.ControlMessage("x"));
    }
}
