package dev.tracedeck.engine.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.otlp.OtlpLines;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Any body sent to {@code listen}: the first byte picks OTLP/JSON or protobuf, the rest is the body. It is refused as
 * a bad body, or kept; what is kept reads back as the spans it was counted as, none of them unread for its shape or
 * its times (a span's content may still be unreadable to the GenAI conventions, which the checks then say), so that no
 * request answered 200 can break the checks of what comes after it. Seeds and kept findings:
 * {@code OtlpRequestFuzzTestInputs/received}.
 */
class OtlpRequestFuzzTest {

    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void received(byte[] input) throws IOException, ImportException {
        if (input.length == 0) {
            return;
        }
        String type = (input[0] & 1) == 0 ? OtlpDecoding.JSON : OtlpDecoding.PROTOBUF;
        byte[] body = java.util.Arrays.copyOfRange(input, 1, input.length);
        List<ObjectNode> kept = new ArrayList<>();
        int[] counted = {0};
        OtlpHttpReceiver.Sink sink = new OtlpHttpReceiver.Sink() {
            @Override
            public void traces(ObjectNode request, int spans) {
                kept.add(request);
                counted[0] += spans;
            }

            @Override
            public void logs(ObjectNode request, int records) {
                kept.add(request);
            }
        };
        try {
            OtlpDecoding.traces(type, body, sink);
        } catch (OtlpDecoding.BadBody refused) {
            return;
        }
        if (kept.isEmpty()) {
            return;
        }
        String line = kept.get(0).toString();
        Set<String> keys = new HashSet<>();
        OtlpLines.keys(kept.get(0)).forEach(keys::addAll);
        Trace trace = OtlpLines.read("received", List.of(new OtlpLines.Line(1, line)), keys);
        // A reason quotes the span's name, which the fuzzer writes too: what the reason says is read without the names.
        List<String> names = kept.get(0).findValuesAsText("name");
        assertEquals(List.of(), trace.events().stream().filter(e -> e.payload() instanceof Payload.Unparsed u
                && saysNotOtlp(u.reason(), names)).toList(),
                "a kept request reads back whole: " + line);
        assertEquals(counted[0], trace.report().recordsOf("span"), "every span kept is read back: " + line);
    }

    /** Whether {@code reason}, the quoted names aside, says the request is no OTLP or a time is no time. */
    private static boolean saysNotOtlp(String reason, List<String> names) {
        String said = reason;
        for (String name : names) {
            said = said.replace("\"" + name + "\"", "\"\"");
        }
        return said.contains("not an OTLP") || said.contains("nanoseconds");
    }
}
