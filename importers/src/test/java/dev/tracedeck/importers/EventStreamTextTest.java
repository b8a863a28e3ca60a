package dev.tracedeck.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Files of server-sent events read as the JSON Lines of their data, every byte where it was. */
class EventStreamTextTest {

    /** A Chat Completions stream as the API sends it: data lines only, a comment, and {@code [DONE]} at the end. */
    private static final String CHAT = String.join("\r\n",
            ": keep-alive",
            "",
            "data: {\"id\":\"chatcmpl-S\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-4o-mini\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"Hel\"},\"finish_reason\":null}]}",
            "",
            "data: {\"id\":\"chatcmpl-S\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-4o-mini\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"lo.\"},\"finish_reason\":\"stop\"}]}",
            "",
            "data: [DONE]",
            "", "");

    private static String decoded(String text) throws Exception {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        try (InputStream in = new EventStreamText(new ByteArrayInputStream(bytes))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void fieldNamesCommentsAndDoneBecomeSpacesInPlace() throws Exception {
        String text = "event: message_start\ndata: {\"type\":\"message_start\"}\n\nid: 7\nretry: 10\ndata:{\"a\":1}\ndata: [DONE]\n";
        String decoded = decoded(text);
        assertEquals(text.length(), decoded.length());
        assertEquals(List.of("", "      {\"type\":\"message_start\"}", "", "", "", "     {\"a\":1}", ""),
                decoded.lines().map(String::stripTrailing).toList());
    }

    @Test
    void aFileOfEventsIsToldByItsFieldsUpToDataThatIsJson() {
        byte[] sse = "\uFEFFevent: ping\ndata: {\"type\": \"ping\"}\n".getBytes(StandardCharsets.UTF_8);
        assertTrue(EventStreamText.startsOne(sse, sse.length));
        byte[] text = "data: the weather is fine\n".getBytes(StandardCharsets.UTF_8);
        assertFalse(EventStreamText.startsOne(text, text.length));
        byte[] log = "2024-05-01 event: started\ndata: {\"a\":1}\n".getBytes(StandardCharsets.UTF_8);
        assertFalse(EventStreamText.startsOne(log, log.length));
    }

    @Test
    void aChatCompletionsStreamSavedAsItCameIsItsStreamedAnswer() throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of("chat.sse", CHAT.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
        assertEquals("openai-chat", trace.format());
        List<Event> answers = trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage).toList();
        assertEquals(1, answers.size());
        assertEquals("Hello.", ((Payload.ConversationMessage) answers.get(0).payload()).message().content());
        assertEquals(List.of(3, 5), trace.events().stream().filter(e -> e.keyword().equals("chat.completion.chunk"))
                .map(Event::firstLine).toList());
        assertEquals(0, trace.events().stream().filter(e -> e.kind().name().equals("MALFORMED")).count());
    }
}
