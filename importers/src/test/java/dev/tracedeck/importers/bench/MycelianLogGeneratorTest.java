package dev.tracedeck.importers.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.Trace;
import java.io.ByteArrayOutputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The benchmark's data is only worth measuring if it is the real shape: check that the importer agrees. */
class MycelianLogGeneratorTest {

    private static byte[] generate(long seed) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MycelianLogGenerator.generate(out, 1, seed); // one question
        return out.toByteArray();
    }

    @Test
    void isDeterministic() throws Exception {
        assertArrayEquals(generate(7), generate(7));
    }

    @Test
    void importsCleanlyWithGrowingStateDumps() throws Exception {
        byte[] log = generate(MycelianLogGenerator.SEED);
        Trace trace = Importers.standard().read(ImportSource.of("generated.log", log), ImportListener.NONE);

        assertEquals("mycelian-log", trace.format());
        assertEquals(0, trace.report().malformedRecords(), trace.report().diagnostics().toString());
        assertEquals(trace.report().recordsOf("OTHER"), trace.report().otherRecords());
        Map<String, List<StateEntry>> last = new HashMap<>();
        int dumps = 0;
        int cutArgs = 0;
        for (Event e : trace.events()) {
            if (e.payload() instanceof Payload.StateDump dump) {
                StateSnapshot s = dump.snapshot();
                assertEquals(s.declaredSize(), s.size(), e.source().toString());
                List<StateEntry> previous = last.getOrDefault(e.threadId(), List.of());
                assertEquals(previous, s.entries().subList(0, previous.size()), "append-only at " + e.source());
                last.put(e.threadId(), s.entries());
                dumps++;
            }
            if (e.payload() instanceof Payload.ToolInvocation t) {
                if (t.call().truncated()) {
                    cutArgs++;
                } else {
                    assertTrue(t.call().arguments().isPresent(), "args parse at " + e.source());
                }
            }
            if (e.payload() instanceof Payload.ConversationMessage m) {
                assertTrue(m.fullLength() >= m.message().content().length() - 3, e.source().toString());
            }
        }
        assertTrue(dumps > 60, "a dump after every message");
        assertTrue(cutArgs > 0, "some args are cut at 1,500 characters");
    }
}
