package dev.tracedeck.importers.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.TraceImporter;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.chat.ProviderUsage;
import dev.tracedeck.importers.json.JsonImport;
import dev.tracedeck.importers.json.JsonItem;
import dev.tracedeck.importers.json.JsonLayout;
import dev.tracedeck.importers.json.JsonRecordReader;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.importers.sniff.JsonHead;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import dev.tracedeck.model.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Imports OpenAI Chat Completions histories ({@value #FORMAT_ID}): a messages array; a request body
 * ({@code model}, {@code messages}, {@code tools}) or a response ({@code choices[].message}); JSON Lines of
 * messages (one thread); JSON Lines of whole conversations — a list of messages, {@code {"messages": [...]}} as
 * fine-tuning files are, or a Batch API input line ({@code custom_id}, {@code body}) — each line its own thread,
 * named by its id field ({@code custom_id}, {@code conversation_id}, {@code id}, {@code metadata.conversation_id})
 * or {@code line 12}; a top-level array of conversations, each named by its id or {@code item 3}. A single
 * history is the thread {@code conversation}.
 *
 * <p>Messages map as {@link OpenAiMessages} says; each is one event whose source is its lines and JSON pointer
 * ({@code /messages/3}). Where the model and the tool schemas are kept: everything a conversation object holds
 * besides its messages ({@code model}, {@code tools}, {@code tool_choice}, {@code custom_id} …) is one
 * {@link dev.tracedeck.model.event.Payload.JsonRecord} with keyword and event name {@value Conversations#REQUEST},
 * in the conversation's thread after its messages (a streamed document's members are only all known at its end).
 *
 * <p>Streams: a document's {@code messages} are bound one at a time; a JSON Lines file one line at a time, and a
 * conversation's thread is read to its end ({@link ImportListener#threadRead}) once the next record starts. A
 * line that is not JSON is a malformed record and the import goes on; a document that stops parsing, a last
 * line cut inside its value, or a {@code .gz} cut short ends with a {@code CUT_SHORT} record.
 */
public final class OpenAiChatImporter implements TraceImporter {

    public static final String FORMAT_ID = "openai-chat";
    static final String SINGLE_THREAD = "conversation";
    /** The record of one chunk of a streamed answer. */
    static final String CHUNK = "chat.completion.chunk";
    private static final Set<String> ROLES = Set.of("system", "developer", "user", "assistant", "tool", "function");

    @Override
    public String formatId() {
        return FORMAT_ID;
    }

    /**
     * 0 unless the head is JSON with a message role. Sure (90) with what only OpenAI writes: {@code tool_calls},
     * {@code tool_call_id}, {@code function_call}, the {@code developer}, {@code tool} or {@code function} role,
     * {@code image_url} or {@code input_audio} parts, a {@code chat.completion} object; 85 for a request body
     * ({@code messages} beside {@code model} or {@code tools}); 60 for plain role/content messages, which other
     * providers' formats share, and for a head cut inside the first message before any role
     * ({@link #cutInsideFirstMessage}). Anthropic's {@code tool_use}/{@code tool_result} blocks bring it down to 20.
     */
    @Override
    public int confidence(String head) {
        JsonHead h = JsonHead.of(head);
        if (!h.isJson() || h.hasName("lc") || h.hasName("resourceSpans")) {
            return 0;
        }
        Set<String> roles = h.valuesOf("role");
        if (roles.stream().noneMatch(ROLES::contains)) {
            return cutInsideFirstMessage(h) ? 60 : 0;
        }
        int score;
        if (h.hasName("tool_calls") || h.hasName("tool_call_id") || h.hasName("function_call")
                || roles.contains("developer") || roles.contains("tool") || roles.contains("function")
                || h.hasValue("type", "image_url") || h.hasValue("type", "input_audio")
                || h.hasValue("object", "chat.completion")) {
            score = 90;
        } else if (h.hasName("messages") && (h.hasName("model") || h.hasName("tools"))) {
            score = 85;
        } else {
            score = 60;
        }
        if (h.hasValue("type", "tool_use") || h.hasValue("type", "tool_result") || h.hasName("tool_use_id")) {
            score = Math.min(score, 20);
        }
        return score;
    }

    /**
     * True when the head ends inside the first message before its role: its {@code content} holds more than the head
     * (a long system prompt, an audio part's base64) and the writer put {@code role} after it, as one that sorts its
     * keys does ({@code json.dumps(sort_keys=True)}). Where a key comes decides nothing, so such a head is as sure as
     * plain messages: a list of objects with {@code content}, alone or under {@code messages}, and nothing of a format
     * whose records have another shape.
     */
    private static boolean cutInsideFirstMessage(JsonHead h) {
        boolean messages = h.hasTopLevelName("messages") || h.firstChar() == '[';
        return messages && h.hasName("content") && h.valuesOf("role").isEmpty() && !h.hasName("parts")
                && !h.hasName("kind") && !h.hasName("type") && !h.hasName("events") && !h.hasName("spans");
    }

    @Override
    public Trace read(ImportSource source, ImportListener listener) throws ImportException {
        JsonLayout layout = JsonImport.layout(source);
        ChatTraceWriter out = new ChatTraceWriter(source.name(), listener);
        JsonImport.Result result = new JsonImport(out).read(source, listener, layout, Set.of("messages", "choices"),
                new Reading(out, layout), PREPARER);
        if (out.messages() == 0) {
            throw out.notThisFormat("OpenAI chat message");
        }
        return out.build(FORMAT_ID, result.bytes(), result.lines(), result.complete());
    }

    /** A JSON Lines line's messages and request, parsed where the line was (see {@link JsonImport.Preparer}). */
    private static Object prepare(JsonItem.Value value) {
        return Conversations.parse(value.node(), value.sourceText(), value::textAt);
    }

    /** A line of a file of conversations is read from its bytes when it has the usual shape ({@link ConversationLine}). */
    private static final JsonImport.Preparer PREPARER = new JsonImport.Preparer() {
        @Override
        public Object prepare(JsonItem.Value value) {
            return OpenAiChatImporter.prepare(value);
        }

        @Override
        public JsonImport.LineRead read(byte[] line, long position, SourceText.Reread file) {
            return ConversationLine.read(line, position, file);
        }
    };

    /** One import's state: what each item means depends on the layout and on what came before. */
    private static final class Reading implements JsonImport.Records {
        private final ChatTraceWriter out;
        private final Conversations conversations;
        private final JsonLayout layout;
        /** A document's members besides its messages, for its request record. */
        private final ObjectNode members = JsonNodeFactory.instance.objectNode();
        /** A response document's answers, for the call its model and usage record. */
        private final List<Event> answers = new ArrayList<>();
        private String lastThread = "";
        /** The conversation read last, whose thread is read to its end once another record starts. */
        private String conversationRead;
        /** The chunks of the streamed completion being read ({@link #chunk}), its id and lines. */
        private final List<Chunk> chunks = new ArrayList<>();
        private String chunkId = "";
        private int chunksFrom;
        private int chunksTo;

        Reading(ChatTraceWriter out, JsonLayout layout) {
            this.out = out;
            this.conversations = new Conversations(out);
            this.layout = layout;
        }

        @Override
        public void value(JsonItem.Value value, SourceRef source) {
            if (layout == JsonLayout.OBJECT) {
                member(value, source);
            } else {
                String fallback = layout == JsonLayout.LINES ? "line " + value.firstLine()
                        : "item " + value.pointer().substring(1);
                record(value, source, fallback);
            }
        }

        /** A JSON Lines line or an element of a top-level array: a message, a conversation, or other JSON. */
        private void record(JsonItem.Value value, SourceRef source, String fallback) {
            if (conversationRead != null) {
                out.threadRead(conversationRead, FORMAT_ID);
                conversationRead = null;
            }
            if (ChatChunks.isChunk(value.node())) {
                chunk(value, source);
                return;
            }
            streamedAnswer();
            Object parsed = value.prepared() != null ? value.prepared() : prepare(value);
            if (parsed instanceof Conversations.OneMessage one) {
                lastThread = SINGLE_THREAD;
                conversations.write(SINGLE_THREAD, one.message(), source);
            } else if (parsed instanceof Conversations.Conversation conversation) {
                lastThread = conversations.threadId(value.node(), fallback);
                conversations.write(lastThread, conversation, source);
                // Not told yet: a file's end may add to it (a gzip cut short, bytes after its data).
                conversationRead = lastThread;
            } else {
                out.other(source, value.text(), "valid JSON, but neither a chat message nor a conversation");
            }
        }

        /**
         * A chunk of a streamed answer, a line each (as a client that logs its stream writes them): kept as a record,
         * and gathered with the other chunks of its completion (its {@code id}) until the completion's last.
         */
        private void chunk(JsonItem.Value value, SourceRef source) {
            String problem = "";
            try {
                ChatChunks.check(value.node());
            } catch (MalformedRecordException e) {
                problem = "a chat.completion.chunk whose " + e.getMessage();
            }
            String id = problem.isEmpty() ? value.node().path("id").asText("") : "";
            if (!chunks.isEmpty() && !id.isEmpty() && !chunkId.isEmpty() && !id.equals(chunkId)) {
                streamedAnswer();
            }
            if (chunks.isEmpty()) {
                chunksFrom = source.firstLine();
            }
            if (chunkId.isEmpty()) {
                // Azure's first chunk (its prompt filter's results) has no id yet: the completion's is the next one's.
                chunkId = id;
            }
            chunks.add(new Chunk(value.node(), value.sourceText(), source, problem));
            chunksTo = source.lastLine();
            lastThread = chunkId.isEmpty() ? SINGLE_THREAD : chunkId;
        }

        /**
         * A chunk as it came, written as its record once its completion's thread is known; malformed when
         * {@code problem} says why it can't be put with the others.
         */
        private record Chunk(JsonNode node, SourceText text, SourceRef source, String problem) {
        }

        /**
         * The completion the chunks gathered make: each choice's message, over the lines of its chunks, is the model's
         * answer, a call of the model and usage they name; each completion a thread of its own (its id), since the
         * log holds answers only, never the requests between them, as a file of responses one a line.
         */
        private void streamedAnswer() {
            if (chunks.isEmpty()) {
                return;
            }
            JsonNode completion = ChatChunks.assemble(chunks.stream().filter(c -> c.problem().isEmpty())
                    .map(Chunk::node).toList());
            String thread = chunkId.isEmpty() ? SINGLE_THREAD : chunkId;
            for (Chunk c : chunks) {
                if (c.problem().isEmpty()) {
                    out.json(CHUNK, thread, c.source(), c.text(), JsonValues.from(c.node()), "");
                } else {
                    out.malformed(thread, c.source(), c.text(), c.problem());
                }
            }
            SourceRef lines = new SourceRef(out.file(), chunksFrom, chunksTo);
            Event first = null;
            for (JsonNode choice : completion.path("choices")) {
                Event answer = conversations.message(thread, choice.get("message"), lines, choice.get("message").toString());
                first = first == null ? answer : first;
            }
            if (first != null) {
                out.modelCall(first, completion.path("model").asText(""), ProviderUsage.openAi(completion.get("usage")),
                        OptionalInt.empty(), ProviderUsage.openAiBill(completion.path("id").asText(""), completion.get("usage")));
                out.endsAtLoneResponse(thread);
            }
            chunks.clear();
            chunkId = "";
        }

        /** A member of a one-object document: a streamed message, or a member kept for the request record. */
        private void member(JsonItem.Value value, SourceRef source) {
            lastThread = SINGLE_THREAD;
            if (value.member().equals("messages")) {
                conversations.message(SINGLE_THREAD, value.node(), source, value.text());
            } else if (value.member().equals("choices") && value.node().path("message").isObject()) {
                // A response's answer: the message is an event, the choice (finish_reason …) stays in the record.
                Event answer = conversations.message(SINGLE_THREAD, value.node().get("message"),
                        Conversations.at(source, "/message"), value.node().get("message").toString());
                if (answer != null) {
                    answers.add(answer);
                }
                members.withArray("choices").add(value.node());
            } else if (value.member().equals("choices")) {
                members.withArray("choices").add(value.node());
            } else {
                members.set(value.member(), value.node());
            }
        }

        /**
         * A JSON Lines line that is not JSON belongs to the thread it would have been: its own ({@code line 12})
         * in a file of conversations, the one conversation in a file of messages.
         */
        @Override
        public String threadOfBrokenLine(int line) {
            return SINGLE_THREAD.equals(lastThread) ? SINGLE_THREAD : "line " + line;
        }

        @Override
        public String lastThread() {
            return lastThread;
        }

        /** A one-object document's members are all known once it is read (or broke): its request record. */
        @Override
        public void end(JsonRecordReader reader) {
            streamedAnswer();
            if (layout == JsonLayout.OBJECT && reader.brokeInside("/messages")) {
                // A request is written whole: the messages after the last one read were sent, and are lost here.
                out.historyCutShort(SINGLE_THREAD);
            }
            finishDocument(new SourceRef(out.file(), reader.documentFirstLine(),
                    Math.max(reader.documentFirstLine(), reader.documentLastLine())));
        }

        /** A one-object document's request record, once its members are all known. */
        private void finishDocument(SourceRef whole) {
            if (layout != JsonLayout.OBJECT || members.isEmpty()) {
                return;
            }
            if (!answers.isEmpty()) {
                // A response: the call its model and usage record, and nothing after its answer was recorded.
                out.modelCall(answers.get(0), members.path("model").asText(""), ProviderUsage.openAi(members.get("usage")),
                        OptionalInt.empty(), ProviderUsage.openAiBill(members.path("id").asText(""), members.get("usage")));
                out.endsAtLoneResponse(SINGLE_THREAD);
            }
            conversations.request(SINGLE_THREAD, members.deepCopy(), whole);
            members.removeAll();
        }
    }
}
