package dev.tracedeck.importers.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.redact.Redactor;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.trace.Trace;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A tool result that names no call stays a result in both targets: after a call no result answers yet, ATIF's reader
 * pairs it with that call; where none is waiting, it names a call no message makes (ATIF has no result that names
 * none: its reader takes one without {@code source_call_id} for the step's observation).
 */
class ResultsNamingNoCallTest {

    private static final String CHAT = """
            {"messages": [
              {"role": "user", "content": "What is the weather?"},
              {"role": "assistant", "content": "Checking."},
              {"role": "tool", "content": "21 degrees"},
              {"role": "assistant", "content": "", "tool_calls": [{"id": "call_A", "type": "function",
                "function": {"name": "get_weather", "arguments": "{}"}}]},
              {"role": "tool", "content": "sunny"}
            ]}
            """;

    @Test
    void aResultThatNamesNoCallComesBackAResultFromEitherTarget() throws Exception {
        Trace original = read(CHAT.getBytes(StandardCharsets.UTF_8), null);
        assertEquals(2, results(original).size());
        for (TraceWriter writer : Converter.writers()) {
            TraceWriter.Prepared prepared = writer.prepare(original);
            StringWriter out = new StringWriter();
            Converter.write(List.of(new Converter.Part(prepared, Instant.EPOCH)), out, Redactor.NONE);
            List<Message> back = results(read(out.toString().getBytes(StandardCharsets.UTF_8), writer.formatId()));

            assertEquals(List.of("21 degrees", "sunny"), back.stream().map(Message::content).toList(), writer.formatId());
            if (writer.formatId().equals(AtifWriter.FORMAT_ID)) {
                assertEquals("call_A", back.get(1).toolCallId(), "the result after the call answers it");
                assertTrue(back.get(0).toolCallId().startsWith("call_"), back.get(0).toolCallId());
                assertTrue(prepared.omissions().lines().stream().anyMatch(l -> l.startsWith(
                        "tool results that name no call and follow none: 1, written answering call_<line>")),
                        prepared.omissions().lines().toString());
            }
        }
    }

    private static Trace read(byte[] bytes, String format) throws Exception {
        ImportSource source = ImportSource.of("chat.json", bytes);
        return format == null ? Importers.standard().read(source, ImportListener.NONE)
                : Importers.standard().read(source, ImportListener.NONE, format);
    }

    private static List<Message> results(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage)
                .map(e -> ((Payload.ConversationMessage) e.payload()).message()).filter(Message::isToolResult).toList();
    }
}
