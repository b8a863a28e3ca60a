package dev.tracedeck.importers.bench;

import java.io.BufferedWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * Writes a large Mycelian LongMemEval log in the real shape, for {@link ImportBenchmark}: the benchmarker's
 * prefix ({@code 2025-09-05 10:15:03,003 [file.py:func] }), many questions, each with 1–4 sessions of 60–150
 * conversation messages, and the tool-only agent's lines for every message (runner and agent {@code MSG},
 * {@code LLM_CALL}, {@code TOOL_PLAN}/{@code TOOL_CALL} with JSON args, cut at 1,500 characters when longer) and
 * a {@code STATE} dump with one {@code STATE_MSG} per message of the thread after every message, so the dumps
 * grow with the square of the session length as real runs do. Previews follow the logger's rule (stripped,
 * over 200 characters → 197 + "..."); a few previews carry newlines and so span several physical lines; each
 * question ends with the runner's QA lines, including an indented multi-line JSON dump. A small share of turns
 * have the prebuilt agent's faults (a duplicate {@code add_entry}, agent-authored text in state, a retry line).
 *
 * <p>Deterministic: the same seed and size give the same bytes. Streams through a {@link BufferedWriter}; memory
 * use is one session's state.
 *
 * <pre>java -cp … dev.tracedeck.importers.bench.MycelianLogGenerator OUTPUT_PATH [TARGET_MB=1100]</pre>
 *
 * TARGET_MB is in MiB; the generator stops after the question during which the file reached it.
 */
public final class MycelianLogGenerator {

    static final long SEED = 20250905L;
    static final int DEFAULT_TARGET_MB = 1100;

    private static final int PREVIEW_LIMIT = 200;
    private static final int ARGS_LIMIT = 1500;
    private static final int TOOL_NAMES_LIMIT = 120;

    private static final String RUNNER = " [single_question_runner.py:run_question] ";
    private static final String SYS_SRC = " [message_logger.py:log_system_message] ";
    private static final String MSG_SRC = " [message_logger.py:log_conversation_message] ";
    private static final String LLM_SRC = " [mycelian_memory_agent.py:llm_call] ";
    private static final String TOOL_SRC = " [mycelian_memory_agent.py:_log_args] ";
    private static final String STATE_SRC = " [state_debugger.py:_log_state_summary] ";
    private static final String STATE_MSG_SRC = " [state_debugger.py:_log_message_details] ";
    private static final String RETRY_SRC = " [_base_client.py:_retry_request] ";

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");

    private final Random rnd;
    private final Writer out;
    private final CountingOutputStream counter;
    private final Text text;

    private long clock = LocalDateTime.of(2025, 9, 5, 10, 15, 3, 3_000_000).toInstant(ZoneOffset.UTC).toEpochMilli();
    private long stampClock = -1;
    private String stamp = "";

    // the thread being written
    private String memoryId = "";
    private String threadId = "";
    private String ctxRole = "";
    private String ctxMsgIdx = "";
    private final List<String> state = new ArrayList<>();
    private int curatedCount;
    private boolean lastIsSystem;
    private final List<String> entrySummaries = new ArrayList<>();

    private MycelianLogGenerator(OutputStream sink, long seed) {
        this.rnd = new Random(seed);
        this.text = new Text(rnd);
        this.counter = new CountingOutputStream(sink);
        this.out = new BufferedWriter(new OutputStreamWriter(counter, StandardCharsets.UTF_8), 1 << 16);
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: MycelianLogGenerator OUTPUT_PATH [TARGET_MB=" + DEFAULT_TARGET_MB + "]");
            System.exit(2);
        }
        Path path = Path.of(args[0]);
        long targetMb = args.length > 1 ? Long.parseLong(args[1]) : DEFAULT_TARGET_MB;
        if (path.toAbsolutePath().getParent() != null) {
            Files.createDirectories(path.toAbsolutePath().getParent());
        }
        long start = System.nanoTime();
        long[] done;
        try (OutputStream sink = Files.newOutputStream(path)) {
            done = generate(sink, targetMb * 1024 * 1024, SEED);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("wrote %s: %d bytes (%.1f MiB), %d lines, %d questions, %d sessions in %.1f s%n",
                path, done[0], done[0] / 1048576.0, done[1], done[2], done[3], seconds);
    }

    /** Writes questions until {@code targetBytes} is reached; returns {bytes, lines, questions, sessions}. */
    static long[] generate(OutputStream sink, long targetBytes, long seed) throws IOException {
        MycelianLogGenerator g = new MycelianLogGenerator(sink, seed);
        long questions = 0;
        long sessions = 0;
        do {
            sessions += g.question();
            questions++;
            g.out.flush();
        } while (g.counter.count < targetBytes);
        g.out.flush();
        return new long[] {g.counter.count, g.lines, questions, sessions};
    }

    private long lines;

    // ------------------------------------------------------------------------------------------------------
    // Runner

    private int question() throws IOException {
        String qid = rnd.nextInt(3) == 0 ? String.format("gpt4_%08x", rnd.nextInt()) : String.format("%08x", rnd.nextInt());
        String runId = "run_20250905_101503";
        String vaultId = uuid();
        memoryId = uuid();
        entrySummaries.clear();
        line(RUNNER, "RUN qid=" + qid + " run_id=" + runId + " vault_id=" + vaultId + " agent=gpt-4o-mini qa=gpt-4o");
        tick(150, 450);
        line(RUNNER, "MEMORY_BOUND qid=" + qid + " memory_id=" + memoryId + " title=" + qid + "__" + runId);
        int sessions = 1 + rnd.nextInt(4);
        String context = "";
        for (int s = 1; s <= sessions; s++) {
            context = session(qid, s, context);
        }
        qa(qid, context);
        return sessions;
    }

    private String session(String qid, int s, String context) throws IOException {
        threadId = memoryId + ":s" + s;
        state.clear();
        curatedCount = 1;
        tick(5, 40);
        line(RUNNER, "SESSION_START qid=" + qid + " s=" + s + " memory_id=" + memoryId + " thread_id=" + threadId
                + " conversation_time=2023-" + two(1 + rnd.nextInt(12)) + "-" + two(1 + rnd.nextInt(28)) + "T"
                + two(rnd.nextInt(24)) + ":" + two(rnd.nextInt(60)) + ":00Z");
        system("SESSION_START");
        round(List.of(new Call("get_context", "{\"memory_id\": \"" + memoryId + "\"}",
                context.isEmpty() ? "No context stored for this memory yet." : context)));
        round(List.of(new Call("list_entries", "{\"memory_id\": \"" + memoryId + "\", \"limit\": 10}", entriesJson())));
        finalRound(null);
        dump();

        int messages = 60 + rnd.nextInt(91);
        for (int i = 1; i <= messages; i++) {
            String role = i % 2 == 1 ? "user" : "assistant";
            String content = text.message(role);
            String summary = text.summary(role, content);
            tick(15, 90);
            line(RUNNER, "MSG qid=" + qid + " s=" + s + " msg=" + i + " role=" + role + " memory_id=" + memoryId);
            conversation(role, i, content);
            Call add = new Call("add_entry", addEntryArgs(content, summary, role, i), "enqueued");
            round(List.of(add));
            entrySummaries.add(summary);
            int fault = rnd.nextInt(1000);
            if (fault < 3) {
                round(List.of(add)); // the prebuilt agent's duplicate add_entry
                entrySummaries.add(summary);
            }
            finalRound(fault >= 3 && fault < 5 ? text.agentText() : null);
            dump();
            if (i % 6 == 0) {
                tick(3, 12);
                context = contextJson(qid, s, i);
                system("FLUSH_CONTEXT");
                round(List.of(new Call("await_consistency", "{\"memory_id\": \"" + memoryId + "\"}", "ok"),
                        new Call("put_context", putContextArgs(context), "ok")));
                finalRound(null);
                dump();
            }
        }
        tick(10, 40);
        context = contextJson(qid, s, messages);
        system("SESSION_END");
        round(List.of(new Call("await_consistency", "{\"memory_id\": \"" + memoryId + "\"}", "ok")));
        round(List.of(new Call("put_context", putContextArgs(context), "ok")));
        finalRound(null);
        dump();
        tick(2, 8);
        line(RUNNER, "SESSION_END qid=" + qid + " s=" + s + " memory_id=" + memoryId + " thread_id=" + threadId);
        return context;
    }

    private void qa(String qid, String context) throws IOException {
        String question = text.question();
        tick(50, 120);
        line(RUNNER, "QA_START qid=" + qid + " memory_id=" + memoryId + " question='" + question + "'");
        line(RUNNER, "AWAIT_CONSISTENCY qid=" + qid + " memory_id=" + memoryId);
        tick(300, 900);
        line(RUNNER, "SEARCH_MEMORIES qid=" + qid + " memory_id=" + memoryId + " mode=single query='" + question
                + "' top_ke=5 top_kc=3");
        tick(200, 500);
        line(RUNNER, "SEARCH_RESULT qid=" + qid + " entries=5 has_latest=True contexts=1");
        StringBuilder shard = new StringBuilder("{\n  \"activeContext\": \"").append(jsonEscape(context))
                .append("\",\n  \"facts\": [\n");
        int facts = Math.min(5, entrySummaries.size());
        for (int f = 0; f < facts; f++) {
            shard.append("    \"").append(jsonEscape(entrySummaries.get(entrySummaries.size() - 1 - f))).append('"')
                    .append(f + 1 < facts ? ",\n" : "\n");
        }
        shard.append("  ]\n}");
        line(RUNNER, "CONTEXT_SHARD qid=" + qid + " shard=1 score=0." + (600 + rnd.nextInt(390)) + " timestamp="
                + stamp().substring(0, 10) + "T" + stamp().substring(11, 19) + "Z full_context='" + shard + "'");
        StringBuilder qaContext = new StringBuilder(context);
        for (int f = 0; f < facts; f++) {
            qaContext.append("\n\n").append(entrySummaries.get(entrySummaries.size() - 1 - f));
        }
        line(RUNNER, "QA_CONTEXT qid=" + qid + " context_len=" + qaContext.length() + " full_context='" + qaContext + "'");
        tick(700, 1800);
        line(RUNNER, "{\"event\": \"llm_call\", \"model\": \"gpt-4o\", \"purpose\": \"qa\", \"prompt_tokens\": "
                + (600 + rnd.nextInt(2400)) + ", \"completion_tokens\": " + (8 + rnd.nextInt(60))
                + ", \"latency_ms\": " + (400 + rnd.nextInt(2000)) + "}");
        line(RUNNER, "QA_ANSWER qid=" + qid + " hypothesis='" + text.sentence(Text.ASSISTANT) + "'");
    }

    // ------------------------------------------------------------------------------------------------------
    // Agent

    private record Call(String tool, String args, String result) {
    }

    private void system(String content) throws IOException {
        ctxRole = "";
        ctxMsgIdx = "";
        line(SYS_SRC, "SYS thread_id=" + threadId + " content=" + content);
        addEntry("system", "", null, content);
        lastIsSystem = true;
    }

    private void conversation(String role, int msgIdx, String content) throws IOException {
        ctxRole = role;
        ctxMsgIdx = Integer.toString(msgIdx);
        line(MSG_SRC, "MSG thread_id=" + threadId + " msg_idx=" + msgIdx + " role=" + role + " chars="
                + content.length() + " preview=" + preview(content, PREVIEW_LIMIT));
        addEntry("chat", role, null, content);
        curatedCount++;
        lastIsSystem = false;
    }

    /** One model call that planned {@code calls}, then the tool node running them. */
    private void round(List<Call> calls) throws IOException {
        llmCallStart();
        tick(600, 1900);
        line(LLM_SRC, "LLM_CALL tool_calls=" + calls.size());
        List<String> names = new ArrayList<>(calls.size());
        for (Call c : calls) {
            line(LLM_SRC, "TOOL_PLAN tool=" + c.tool() + " args=" + cut(c.args(), ARGS_LIMIT));
            names.add(c.tool());
        }
        addEntry("ai", "", names, "");
        curatedCount++;
        for (Call c : calls) {
            tick(1, 6);
            line(TOOL_SRC, "TOOL_CALL tool=" + c.tool() + " thread_id=" + threadId + " role=" + ctxRole + " msg_idx="
                    + ctxMsgIdx + " args=" + cut(c.args(), ARGS_LIMIT));
            tick(25, 260);
            addEntry("tool", "", null, c.result());
            curatedCount++;
        }
        lastIsSystem = false;
    }

    /** The model call that planned nothing; {@code agentText} is what a misbehaving agent wrote instead. */
    private void finalRound(String agentText) throws IOException {
        llmCallStart();
        tick(400, 1500);
        line(LLM_SRC, "LLM_CALL tool_calls=0");
        if (agentText != null) {
            addEntry("ai", "", null, agentText);
        }
    }

    private void llmCallStart() throws IOException {
        tick(2, 9);
        line(LLM_SRC, "LLM_CALL curated_messages=" + (curatedCount + (lastIsSystem ? 1 : 0)));
        if (rnd.nextInt(200) == 0) {
            tick(300, 600);
            line(RETRY_SRC, "Retrying request to /chat/completions in 0." + (3 + rnd.nextInt(6)) + "00000 seconds");
            tick(300, 900);
        }
    }

    /** Renders a state entry's STATE_MSG body once; its idx never changes, since the state only grows. */
    private void addEntry(String type, String role, List<String> toolNames, String content) {
        int idx = state.size() + 1;
        StringBuilder b = new StringBuilder(64 + Math.min(content.length(), PREVIEW_LIMIT));
        b.append("STATE_MSG idx=").append(idx).append(" type=").append(type).append(" role=").append(role);
        if (toolNames != null && !toolNames.isEmpty()) {
            String joined = String.join(",", toolNames);
            b.append(" tool_calls=").append(toolNames.size()).append('[')
                    .append(joined, 0, Math.min(joined.length(), TOOL_NAMES_LIMIT)).append(']');
        }
        b.append(" content=").append(preview(content, PREVIEW_LIMIT));
        state.add(b.toString());
    }

    private void dump() throws IOException {
        tick(1, 4);
        line(STATE_SRC, "STATE thread_id=" + threadId + " messages=" + state.size());
        String prefix = stamp() + STATE_MSG_SRC;
        for (String body : state) {
            out.write(prefix);
            out.write(body);
            out.write('\n');
            lines += 1 + newlines(body);
        }
    }

    // ------------------------------------------------------------------------------------------------------
    // Tool arguments and results

    private String addEntryArgs(String content, String summary, String role, int msgIdx) {
        return "{\"memory_id\": \"" + memoryId + "\", \"raw_entry\": \"" + jsonEscape(content) + "\", \"summary\": \""
                + jsonEscape(summary) + "\", \"tags\": {\"role\": \"" + role + "\", \"msg_idx\": " + msgIdx + "}}";
    }

    private String putContextArgs(String context) {
        return "{\"memory_id\": \"" + memoryId + "\", \"content\": \"" + jsonEscape(context) + "\"}";
    }

    private String contextJson(String qid, int s, int msgs) {
        StringBuilder b = new StringBuilder("{\"activeContext\": \"");
        int from = Math.max(0, entrySummaries.size() - 3);
        for (int i = from; i < entrySummaries.size(); i++) {
            b.append(jsonEscape(entrySummaries.get(i))).append(' ');
        }
        return b.append("\", \"session\": ").append(s).append(", \"messages\": ").append(msgs)
                .append(", \"question\": \"").append(qid).append("\"}").toString();
    }

    private String entriesJson() {
        StringBuilder b = new StringBuilder("{\"entries\": [");
        int from = Math.max(0, entrySummaries.size() - 10);
        for (int i = from; i < entrySummaries.size(); i++) {
            b.append(i > from ? ", " : "").append("{\"entryId\": \"").append(memoryId, 0, 8).append("-e").append(i + 1)
                    .append("\", \"summary\": \"").append(jsonEscape(entrySummaries.get(i))).append("\"}");
        }
        return b.append("], \"count\": ").append(entrySummaries.size() - from).append('}').toString();
    }

    // ------------------------------------------------------------------------------------------------------
    // Writing

    private void line(String src, String message) throws IOException {
        out.write(stamp());
        out.write(src);
        out.write(message);
        out.write('\n');
        lines += 1 + newlines(message);
    }

    private static int newlines(String s) {
        int n = 0;
        for (int i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) {
            n++;
        }
        return n;
    }

    private void tick(int lo, int hi) {
        clock += lo + rnd.nextInt(hi - lo + 1);
    }

    private String stamp() {
        if (clock != stampClock) {
            stamp = STAMP.format(LocalDateTime.ofEpochSecond(Math.floorDiv(clock, 1000),
                    (int) Math.floorMod(clock, 1000) * 1_000_000, ZoneOffset.UTC));
            stampClock = clock;
        }
        return stamp;
    }

    private String uuid() {
        return new UUID(rnd.nextLong(), rnd.nextLong()).toString();
    }

    private static String two(int n) {
        return n < 10 ? "0" + n : Integer.toString(n);
    }

    /** The loggers' cut for previews: stripped; longer than {@code limit} → first limit-3 characters + "...". */
    static String preview(String s, int limit) {
        return cut(s.strip(), limit);
    }

    static String cut(String s, int limit) {
        return s.length() > limit ? s.substring(0, limit - 3) + "..." : s;
    }

    /** {@code json.dumps(..., ensure_ascii=False)} string escaping. */
    static String jsonEscape(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String rep = switch (c) {
                case '"' -> "\\\"";
                case '\\' -> "\\\\";
                case '\n' -> "\\n";
                case '\r' -> "\\r";
                case '\t' -> "\\t";
                default -> c < 0x20 ? String.format("\\u%04x", (int) c) : null;
            };
            if (rep != null && b == null) {
                b = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (b != null) {
                if (rep != null) {
                    b.append(rep);
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? s : b.toString();
    }

    private static final class CountingOutputStream extends FilterOutputStream {
        long count;

        CountingOutputStream(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }

    // ------------------------------------------------------------------------------------------------------
    // Conversation text

    /** Chat-like text from a fixed stock of sentences, with realistic lengths. */
    static final class Text {
        static final int USER = 0;
        static final int ASSISTANT = 1;

        private static final String[][] SENTENCES = {
            {
                "I'm planning a two-week trip to Portugal in October and I'd like to avoid the crowds.",
                "My budget is around $3,000 not counting flights, so I need to be a bit careful.",
                "Can you suggest a route that doesn't involve renting a car?",
                "I get a bit self-conscious eating alone in restaurants.",
                "We're hosting four friends on Saturday and one of them is vegetarian.",
                "I bought far too many tomatoes at the farmers' market this morning.",
                "How far ahead can I make a tortilla española without it going rubbery?",
                "I started running again last month, about 5 km three times a week.",
                "My knee felt a bit sore after the last long run, is that something to worry about?",
                "We're repainting the kitchen this weekend and the ceiling line is always messy.",
                "I finished the book you recommended, the ending surprised me.",
                "Could you help me plan meals for the week? I cook for two and hate wasting food.",
                "My sister's birthday is on the 14th and I still have no idea what to get her.",
                "I booked the pastéis de nata class in Lisbon for October 9th.",
                "The train to Porto leaves at 09:39 from Santa Apolónia, is that enough time after check-out?",
                "I'd rather spend more on food than on the hotel, honestly.",
                "Is it worth getting the Lisboa Card if I only do three museums?",
                "I tried the recipe last night but the sauce split when I added the cream.",
                "Remind me what we said about the sourdough starter feeding schedule?",
                "Work has been intense, so I want something low-effort for weeknights.",
            },
            {
                "October is a lovely time for that: the summer crowds are gone and the weather is still mild.",
                "A simple route would be Lisbon, Sintra, Évora and then north to Porto and the Douro valley.",
                "Eating alone is completely normal there; counter seating at a tasca makes it easy.",
                "Gazpacho is ideal for a crowd because it improves after a night in the fridge.",
                "A tortilla keeps well for a day: let it cool completely, wrap it and refrigerate it.",
                "Soreness that fades within a day or two is usually fine, but sharp pain is a reason to rest.",
                "Cut in with a good angled brush and long strokes rather than relying on tape.",
                "For weeknights, batch-cook a base like roasted vegetables or a tomato sauce on Sunday.",
                "If the sauce splits, take it off the heat and whisk in a spoonful of cold water.",
                "The Alfa Pendular takes about three hours from Lisbon to Porto and is more comfortable than the bus.",
                "For three museums the card roughly breaks even, so it depends on how much you use public transport.",
                "Feed the starter twice a day at room temperature, or once a week if it lives in the fridge.",
                "A thoughtful option is an experience rather than an object — a class or a concert, for example.",
                "Book a morning class so the tarts become your lunch.",
                "Gradual increases of about ten percent a week are a sensible rule of thumb for running volume.",
                "You could keep the whole menu vegetarian and nobody will miss the meat.",
                "Start the day early at Belém before the tour buses arrive, then head to LX Factory for lunch.",
                "Keep the dressing separate until just before serving so the salad stays crisp.",
                "Swap the bread for a gluten-free loaf and toast it separately to avoid crumbs.",
                "Let me know if you'd like a day-by-day version with train times.",
            },
        };
        private static final String[] LIST_INTROS = {
            "Here are a few options that fit:", "A rough plan could look like this:", "Quick checklist:",
            "Three ideas, in order of effort:",
        };

        private final Random rnd;

        Text(Random rnd) {
            this.rnd = rnd;
        }

        String sentence(int who) {
            String[] pool = SENTENCES[who];
            return pool[rnd.nextInt(pool.length)];
        }

        String message(String role) {
            int who = role.equals("user") ? USER : ASSISTANT;
            int roll = rnd.nextInt(100);
            if (who == ASSISTANT && roll < 6) {
                return list();
            }
            int target;
            if (who == USER) {
                target = roll < 70 ? 40 + rnd.nextInt(210) : roll < 96 ? 250 + rnd.nextInt(450) : 900 + rnd.nextInt(1300);
            } else {
                target = roll < 35 ? 150 + rnd.nextInt(250) : roll < 92 ? 400 + rnd.nextInt(800) : 1200 + rnd.nextInt(900);
            }
            StringBuilder b = new StringBuilder(target + 120);
            while (b.length() < target) {
                if (b.length() > 0) {
                    b.append(b.length() > 300 && rnd.nextInt(6) == 0 ? "\n\n" : " ");
                }
                b.append(sentence(who));
            }
            return b.toString();
        }

        /** An assistant answer that opens with a list, so its preview spans several physical lines. */
        private String list() {
            StringBuilder b = new StringBuilder(LIST_INTROS[rnd.nextInt(LIST_INTROS.length)]).append("\n\n");
            int items = 3 + rnd.nextInt(4);
            for (int i = 1; i <= items; i++) {
                b.append(i).append(". ").append(sentence(ASSISTANT)).append('\n');
            }
            return b.append('\n').append(sentence(ASSISTANT)).toString();
        }

        String summary(String role, String content) {
            String first = content.strip();
            int end = first.indexOf('\n');
            if (end > 0) {
                first = first.substring(0, end);
            }
            if (first.length() > 140) {
                first = first.substring(0, 140);
            }
            return (role.equals("user") ? "User: " : "Assistant: ") + first;
        }

        String agentText() {
            return "Here are some suggestions: " + sentence(ASSISTANT) + " " + sentence(ASSISTANT);
        }

        String question() {
            String[] questions = {
                "When is my pastéis de nata class in Lisbon?", "How many friends am I hosting on Saturday?",
                "What did I say my travel budget was?", "How often do I run each week?",
                "What should I do if the sauce splits?",
            };
            return questions[rnd.nextInt(questions.length)];
        }
    }
}
