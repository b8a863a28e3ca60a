package dev.tracedeck.importers.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatedMembersTest {

    private static final Importers IMPORTERS = Importers.standard();

    @Test
    void aDocumentWithTwoMessagesArraysReadsTheFirstAndReportsTheSecond() throws Exception {
        String json = """
                {"model": "gpt-4o",
                 "messages": [{"role": "user", "content": "first"}],
                 "messages": [{"role": "assistant", "content": "second"}]}
                """;
        Trace trace = read("twice.json", json);
        assertEquals(List.of("first"), contents(trace));
        assertEquals(List.of("member \"messages\" at line 3, column 2 repeats the one at line 2: JSON leaves open which"
                + " counts, so the first was read and this one was not"), reasons(trace));
        assertEquals(3, trace.events().stream().filter(e -> e.payload() instanceof Payload.Unparsed)
                .findFirst().orElseThrow().source().firstLine());
    }

    @Test
    void aJsonLinesLineWithTwoMessagesArraysReadsTheFirstAndReportsTheSecond() throws Exception {
        String jsonl = """
                {"model":"gpt-4o","messages":[{"role":"user","content":"a"},{"role":"assistant","content":"b"}]}
                {"messages":[{"role":"user","content":"c"}],"model":"gpt-4o","messages":[{"role":"user","content":"d"}]}
                """;
        Trace trace = read("twice.jsonl", jsonl);
        assertEquals(List.of("a", "b", "c"), contents(trace));
        assertEquals(List.of("member \"messages\" at line 2, column 62 repeats the one at line 2: JSON leaves open which"
                + " counts, so the first was read and this one was not"), reasons(trace));
    }

    private static Trace read(String name, String text) throws Exception {
        return IMPORTERS.read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }

    private static List<String> contents(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage)
                .map(e -> ((Payload.ConversationMessage) e.payload()).message())
                .map(Message::content).toList();
    }

    private static List<String> reasons(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.Unparsed u && u.malformed())
                .map(e -> ((Payload.Unparsed) e.payload()).reason()).toList();
    }
}
