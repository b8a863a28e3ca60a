package dev.tracedeck.importers.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportCancelledException;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.UnrecognizedFormatException;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.trace.Trace;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class OpenAiChatImporterTest {

    private static Trace read(String name, String text) throws ImportException {
        return Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }

    private static List<Event> messages(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage).toList();
    }

    private static Message message(Event e) {
        return ((Payload.ConversationMessage) e.payload()).message();
    }

    private static Event last(Trace trace) {
        return trace.events().get(trace.events().size() - 1);
    }

    @Test
    void readsAPrettyPrintedMessagesArrayElementByElementWithLinesAndPointers() throws Exception {
        Trace trace = read("chat.json", """
                [
                  {"role": "developer", "content": "Talk like a pirate."},
                  {
                    "role": "user",
                    "content": [
                      {"type": "text", "text": "What is in this image?"},
                      {"type": "image_url", "image_url": {"url": "https://example.com/cat.png", "detail": "low"}},
                      {"type": "input_audio", "input_audio": {"data": "AAAAAAAA", "format": "wav"}},
                      {"type": "file", "file": {"file_id": "file-abc123"}}
                    ]
                  },
                  {"role": "assistant", "content": null, "refusal": "I can't help with that."}
                ]
                """);
        assertEquals("openai-chat", trace.format());
        List<Event> messages = messages(trace);
        assertEquals(3, messages.size());
        assertEquals("developer", message(messages.get(0)).role());
        assertEquals("/1", messages.get(1).source().pointer());
        assertEquals(3, messages.get(1).source().firstLine());
        assertEquals(11, messages.get(1).source().lastLine());
        assertEquals("What is in this image?\n[image: https://example.com/cat.png]\n[audio: wav, 6 bytes]\n[file: file-abc123]",
                message(messages.get(1)).content());
        assertTrue(messages.get(1).text().startsWith("{\n    \"role\": \"user\""), messages.get(1).text());
        assertEquals("[refusal: I can't help with that.]", message(messages.get(2)).content());
        assertEquals("conversation", messages.get(0).threadId());
        assertEquals(13, trace.report().lines());
        assertTrue(trace.report().complete());
    }

    /**
     * A request as the API reference shows its parts: a named developer message, a user message with text, image,
     * audio and file parts, an assistant message with {@code content} and {@code refusal} null. Each part that is not
     * text is a short placeholder naming it, never its base64; the names are kept.
     */
    @Test
    void readsARequestsContentPartsAsPlaceholdersAndKeepsItsNames() throws Exception {
        String audio = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=";
        Trace trace = read("request.json", """
                {
                  "model": "gpt-4o",
                  "messages": [
                    {"role": "developer", "name": "style_guide", "content": "Describe what the user sends."},
                    {"role": "user", "name": "ana", "content": [
                      {"type": "text", "text": "What is in these?"},
                      {"type": "image_url", "image_url": {"url": "https://example.com/boardwalk.jpg", "detail": "high"}},
                      {"type": "input_audio", "input_audio": {"data": "AUDIO", "format": "wav"}},
                      {"type": "file", "file": {"file_id": "file-6F2ksmvXxt4VdoqmHRw6kL", "filename": "report.pdf"}},
                      {"type": "file", "file": {"filename": "draft.pdf", "file_data": "data:application/pdf;base64,JVBERi0xLjQK"}}
                    ]},
                    {"role": "assistant", "content": null, "refusal": null}
                  ]
                }
                """.replace("AUDIO", audio));
        assertEquals("openai-chat", trace.format());
        List<Message> messages = messages(trace).stream().map(OpenAiChatImporterTest::message).toList();
        assertEquals(List.of("developer", "user", "assistant"), messages.stream().map(Message::role).toList());
        assertEquals(List.of("style_guide", "ana", ""), messages.stream().map(Message::name).toList());
        assertEquals("What is in these?\n[image: https://example.com/boardwalk.jpg]\n[audio: wav, 44 bytes]\n"
                + "[file: report.pdf, file-6F2ksmvXxt4VdoqmHRw6kL]\n[file: draft.pdf, 9 bytes]", messages.get(1).content());
        assertFalse(messages.get(1).content().contains(audio.substring(0, 8)), "no base64 in the text");
        assertEquals("", messages.get(2).content());
        assertEquals(0, trace.report().malformedRecords());
    }

    /** The API's tool message has no name: one a log writes there (Letta writes its agent's) was never sent. */
    @Test
    void aToolMessagesNameIsTheLogsOwnAndLeftOut() throws Exception {
        Trace trace = read("chat.jsonl", """
                {"role": "assistant", "name": "memgpt_agent", "content": null, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "send_message", "arguments": "{}"}}]}
                {"role": "tool", "name": "memgpt_agent", "tool_call_id": "call_1", "content": "ok"}
                """);
        assertEquals(List.of("memgpt_agent", ""), messages(trace).stream().map(e -> message(e).name()).toList());
    }

    @Test
    void keepsArgumentsThatDoNotParseRawAndParsesThoseThatDo() throws Exception {
        Trace trace = read("chat.jsonl", """
                {"role": "user", "content": "Weather in Boston and Paris?"}
                {"role": "assistant", "content": null, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{ \\"location\\": \\"Boston, MA\\"}"}}, {"id": "call_2", "type": "function", "function": {"name": "get_weather", "arguments": "{\\"location\\": \\"Par"}}]}
                """);
        List<ToolCall> calls = message(messages(trace).get(1)).toolCalls();
        assertEquals("call_1", calls.get(0).id());
        assertEquals("Boston, MA", calls.get(0).argument("location").orElseThrow());
        assertEquals("{\"location\": \"Par", calls.get(1).rawArguments());
        assertTrue(calls.get(1).arguments().isEmpty());
        assertEquals(EventKind.TOOL_CALL, messages(trace).get(1).kind());
        assertEquals("conversation", messages(trace).get(1).threadId());
    }

    @Test
    void keepsAMalformedJsonLinesLineWithItsLineAndColumnAndGoesOn() throws Exception {
        Trace trace = read("ft.jsonl", """
                {"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]}
                {"messages": [{"role": "user", "content": "oops"} {"role": "assistant"}]}
                {"custom_id": "request-3", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "bye"}]}}
                """);
        Event bad = trace.events().stream().filter(e -> e.kind() == EventKind.MALFORMED).findFirst().orElseThrow();
        assertEquals(2, bad.source().firstLine());
        assertTrue(((Payload.Unparsed) bad.payload()).reason().startsWith("not valid JSON at column 51: "),
                bad.summary());
        assertTrue(bad.text().startsWith("{\"messages\": [{\"role\": \"user\", \"content\": \"oops\"}"));
        assertEquals(List.of("line 1", "line 2", "request-3"), trace.threads().stream().map(t -> t.id()).toList(),
                "a line that is not JSON belongs to the thread it would have been");
        assertEquals("/body/messages/0", messages(trace).get(2).source().pointer());
        assertEquals(1, trace.report().malformedRecords());
        assertTrue(trace.report().complete());
    }

    @Test
    void endsAJsonLinesFileWhoseLastLineIsCutWithACutShortRecord() throws Exception {
        Trace trace = read("ft.jsonl", "{\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}\n"
                + "{\"messages\": [{\"role\": \"user\", \"content\": \"cut he");
        Event end = last(trace);
        assertEquals("CUT_SHORT", end.keyword());
        assertEquals(2, end.source().firstLine());
        assertTrue(end.summary().startsWith("the file is cut short at line 2"), end.summary());
        assertFalse(trace.report().complete());
        assertEquals(1, messages(trace).size());
    }

    @Test
    void importsWhatADocumentCutShortHeldAndSaysWhereItStopped() throws Exception {
        Trace trace = read("req.json", """
                {"model": "gpt-4o",
                 "messages": [
                  {"role": "user", "content": "hi"},
                  {"role": "assistant", "content": "hel""");
        assertEquals(1, messages(trace).size());
        Event end = last(trace);
        assertEquals("CUT_SHORT", end.keyword());
        assertEquals("conversation", end.threadId());
        assertEquals(4, end.source().firstLine());
        assertTrue(trace.events().stream().anyMatch(e -> e.keyword().equals("request")), "the model read before the cut is kept");
        assertFalse(trace.report().complete());
    }

    @Test
    void endsACompressedFileCutShortWithACutShortRecord() throws Exception {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            lines.append("{\"messages\": [{\"role\": \"user\", \"content\": \"question ").append(i)
                    .append("\"}, {\"role\": \"assistant\", \"content\": \"answer ").append(i).append("\"}]}\n");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(lines.toString().getBytes(StandardCharsets.UTF_8));
        }
        byte[] all = bytes.toByteArray();
        Trace trace = Importers.standard().read(ImportSource.of("ft.jsonl.gz", Arrays.copyOf(all, all.length * 2 / 3)),
                ImportListener.NONE);
        assertEquals("openai-chat", trace.format());
        assertEquals("CUT_SHORT", last(trace).keyword());
        assertTrue(trace.threads().size() > 100, "the lines before the cut are kept");
        assertFalse(trace.report().complete());
    }

    @Test
    void linksTheLegacyFunctionCallToTheFunctionMessageThatFollows() throws Exception {
        Trace trace = read("legacy.json", """
                {"messages": [
                  {"role": "user", "content": "What's the weather like in Boston?"},
                  {"role": "assistant", "content": null, "function_call": {"name": "get_current_weather", "arguments": "{\\n  \\"location\\": \\"Boston, MA\\"\\n}"}},
                  {"role": "function", "name": "get_current_weather", "content": "{\\"temperature\\": \\"72\\"}"}
                ]}
                """);
        Message call = message(messages(trace).get(1));
        assertEquals("get_current_weather", call.toolCalls().get(0).name());
        assertEquals("", call.toolCalls().get(0).id());
        assertTrue(message(messages(trace).get(2)).isToolResult());
        assertEquals(EventKind.RESULT, messages(trace).get(2).kind());
    }

    @Test
    void refusesJsonWithNoChatMessageListingTheFormatsTried() {
        UnrecognizedFormatException e = assertThrows(UnrecognizedFormatException.class,
                () -> read("data.json", "[{\"a\": 1}, {\"b\": 2}]"));
        assertEquals(Importers.standard().formatIds(), e.tried());
    }

    @Test
    void aForcedFormatSkipsSniffingAndAnUnknownNameIsRefused() throws Exception {
        // No role the sniffer knows in the head, but the user says what it is.
        String text = "{\"messages\": [{\"role\": \"critic\", \"content\": \"too long\"}]}";
        assertThrows(UnrecognizedFormatException.class, () -> read("x.json", text));
        Trace trace = Importers.standard().read(ImportSource.of("x.json", text.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE, "openai-chat");
        assertEquals("critic", message(messages(trace).get(0)).role());
        assertThrows(IllegalArgumentException.class, () -> Importers.standard().read(
                ImportSource.of("x.json", text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE, "nope"));
        ImportException notIt = assertThrows(ImportException.class, () -> Importers.standard().read(
                ImportSource.of("x.json", text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE, "mycelian-log"));
        assertTrue(notIt.getMessage().contains("not mycelian-log"), notIt.getMessage());
    }

    @Test
    void aMycelianLogIsNotTakenForOpenAi() {
        assertEquals(0, new OpenAiChatImporter().confidence(
                "2025-09-05 10:15:03,003 [agent.py:run] MSG thread_id=m:s1 msg_idx=1 role=user chars=2 preview=hi\n"));
        assertEquals(90, new OpenAiChatImporter().confidence("{\"role\": \"tool\", \"tool_call_id\": \"call_1\""));
        assertEquals(20, new OpenAiChatImporter().confidence(
                "[{\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"tool_use_id\": \"toolu_1\"}]}]"));
    }

    @Test
    void stopsWhenCancelled() {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            lines.append("{\"role\": \"user\", \"content\": \"m").append(i).append("\"}\n");
        }
        ImportListener cancel = new ImportListener() {
            @Override
            public boolean isCancelled() {
                return true;
            }
        };
        assertThrows(ImportCancelledException.class, () -> Importers.standard().read(
                ImportSource.of("m.jsonl", lines.toString().getBytes(StandardCharsets.UTF_8)), cancel));
    }
    @Test
    void aRequestWrittenWithSortedKeysWhoseFirstMessageOutrunsTheHeadIsReadAsMessages() throws Exception {
        // json.dumps(sort_keys=True): content before role, and the developer prompt fills the head.
        String prompt = "Rule: file each invoice under its ledger. ".repeat(600);
        Trace trace = read("request.json", "{\"messages\": [{\"content\": \"" + prompt + "\", \"role\": \"developer\"}, "
                + "{\"content\": [{\"input_audio\": {\"data\": \"UklGRg==\", \"format\": \"wav\"}, \"type\": \"input_audio\"}, "
                + "{\"file\": {\"file_data\": \"data:application/pdf;base64,JVBE\", \"filename\": \"a.pdf\"}, \"type\": \"file\"}], "
                + "\"role\": \"user\"}], \"model\": \"gpt-4o-audio-preview\"}");
        assertEquals("openai-chat", trace.format());
        assertEquals(List.of("developer", "user"), messages(trace).stream().map(e -> message(e).role()).toList());
        String parts = message(messages(trace).get(1)).content();
        assertTrue(parts.startsWith("[audio: wav") && parts.contains("[file: a.pdf"), parts);
    }
    @Test
    void theChunksOfStreamedCompletionsAreRecordsAndEachCompletionTheModelsAnswer() throws Exception {
        Trace trace = read("chunks.jsonl", """
                {"choices": [], "created": 0, "id": "", "model": "", "object": "", "prompt_filter_results": [{"prompt_index": 0}]}
                {"id": "chatcmpl-1", "object": "chat.completion.chunk", "model": "gpt-4.1-mini", "choices": [{"index": 0, "delta": {"role": "assistant", "content": "It is "}, "finish_reason": null}]}
                {"id": "chatcmpl-1", "object": "chat.completion.chunk", "model": "gpt-4.1-mini", "choices": [{"index": 0, "delta": {"content": "sunny."}, "finish_reason": "stop"}]}
                {"id": "chatcmpl-2", "object": "chat.completion.chunk", "model": "gpt-4.1-mini", "choices": [{"index": 0, "delta": {"role": "assistant", "tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{\\"city\\": "}}]}, "finish_reason": null}]}
                {"id": "chatcmpl-2", "object": "chat.completion.chunk", "model": "gpt-4.1-mini", "choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": "\\"Graz\\"}"}}]}, "finish_reason": "tool_calls"}]}
                {"id": "chatcmpl-2", "object": "chat.completion.chunk", "model": "gpt-4.1-mini", "choices": [], "usage": {"prompt_tokens": 84, "completion_tokens": 17}}
                """);
        assertEquals("openai-chat", trace.format());
        assertEquals(List.of("chatcmpl-1", "chatcmpl-2"), trace.threads().stream().map(t -> t.id()).toList());
        List<Event> messages = messages(trace);
        assertEquals("It is sunny.", message(messages.get(0)).content());
        ToolCall call = message(messages.get(1)).toolCalls().get(0);
        assertEquals("{\"city\": \"Graz\"}", call.rawArguments());
        assertEquals(6, trace.events().stream().filter(e -> e.keyword().equals("chat.completion.chunk")).count());
        assertEquals(84, trace.thread("chatcmpl-2").orElseThrow().records().modelCalls().get(0).usage().orElseThrow().prompt());
        assertTrue(trace.thread("chatcmpl-2").orElseThrow().records().endsAtModelAnswer());
    }
}
