package dev.tracedeck.importers.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

/**
 * Writes a large JSON Lines file of OpenAI chat conversations, one per line, for {@link ImportBenchmark}: the shape
 * of a fine-tuning file or an exported eval set ({@code {"id", "messages": [...], "tools": [...]}}). Each conversation
 * has a system prompt, then 2–12 turns: a user message, and an assistant answer that, in most turns, first calls one
 * to three tools ({@code tool_calls} with ids and JSON-string arguments) whose {@code tool} results (some of them
 * long, like search results or file contents) come before the final text. Texts are English, and some of them
 * ({@code bench.nonAsciiPercent}, 15% by default) mix in CJK, emoji and accents; a few assistant messages carry content
 * as a list of parts.
 *
 * <p>Deterministic (fixed seed); streams, holding one message at a time.
 *
 * <pre>java -cp … dev.tracedeck.importers.bench.ChatJsonlGenerator OUTPUT_PATH [TARGET_MB=1100]</pre>
 */
public final class ChatJsonlGenerator {

    static final long SEED = 20261122L;

    private static final List<String> WORDS = List.of("the", "agent", "memory", "booking", "hotel", "Lisbon", "trip",
            "October", "tool", "result", "context", "window", "flush", "entry", "user", "asked", "about", "plan", "budget",
            "itinerary", "weather", "train", "ticket", "museum", "dinner", "recipe", "tomato", "half-marathon", "pace",
            "and", "with", "for", "on", "in", "to", "of", "is", "was", "will", "not", "a", "it", "that", "this", "we",
            "you", "I");
    private static final List<String> OTHER_SCRIPTS = List.of("café", "naïve", "résumé", "東京", "予約", "ホテル", "北京",
            "🙂", "👨‍👩‍👧‍👦", "e\u0301");
    /**
     * The share of texts (in percent) with words beyond ASCII. Chat traces in English carry some (names, an emoji, a
     * quoted title); a text with one of them is stored as UTF-16, two bytes a character, so this share moves both
     * the throughput and the memory. {@code -Dbench.nonAsciiPercent=100} makes every text mixed.
     */
    private static final int NON_ASCII_PERCENT = Integer.getInteger("bench.nonAsciiPercent", 15);
    private static final List<String> TOOLS = List.of("search_web", "get_weather", "book_hotel", "read_file", "add_entry",
            "list_entries", "run_sql");

    private final Random rnd = new Random(SEED);
    private long callCounter;

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: ChatJsonlGenerator OUTPUT_PATH [TARGET_MB=1100]");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        long target = (args.length == 2 ? Long.parseLong(args[1]) : 1100) * 1024 * 1024;
        long lines = new ChatJsonlGenerator().write(out, target);
        System.out.printf("wrote %s: %d conversations, %d bytes%n", out, lines, Files.size(out));
    }

    /** Writes conversations until the file reaches {@code targetBytes}; returns how many. */
    long write(Path path, long targetBytes) throws IOException {
        JsonFactory factory = new JsonFactory();
        long conversations = 0;
        try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(path), 1 << 16);
             JsonGenerator json = factory.createGenerator(file)) {
            json.setRootValueSeparator(null);
            long written = 0;
            while (written < targetBytes) {
                conversation(json, conversations++);
                json.flush();
                file.write('\n');
                written = json.getOutputBuffered() + fileSize(path);
            }
        }
        return conversations;
    }

    private static long fileSize(Path path) throws IOException {
        return Files.size(path);
    }

    private void conversation(JsonGenerator json, long n) throws IOException {
        json.writeStartObject();
        json.writeStringField("id", "conv-" + n);
        json.writeArrayFieldStart("messages");
        message(json, "system", "You are a careful travel and memory assistant. Use the tools; never invent bookings. "
                + text(20, 60));
        int turns = 2 + rnd.nextInt(11);
        for (int t = 0; t < turns; t++) {
            message(json, "user", text(8, 120));
            if (rnd.nextInt(10) < 7) {
                int calls = 1 + rnd.nextInt(3);
                String[] ids = new String[calls];
                json.writeStartObject();
                json.writeStringField("role", "assistant");
                json.writeNullField("content");
                json.writeArrayFieldStart("tool_calls");
                for (int c = 0; c < calls; c++) {
                    ids[c] = "call_" + Long.toString(0x1000000000L + callCounter++, 36);
                    json.writeStartObject();
                    json.writeStringField("id", ids[c]);
                    json.writeStringField("type", "function");
                    json.writeObjectFieldStart("function");
                    json.writeStringField("name", TOOLS.get(rnd.nextInt(TOOLS.size())));
                    json.writeStringField("arguments", "{\"query\": \"" + text(3, 12).replace("\"", "").replace("\n", " ") + "\", \"limit\": "
                            + (1 + rnd.nextInt(20)) + "}");
                    json.writeEndObject();
                    json.writeEndObject();
                }
                json.writeEndArray();
                json.writeEndObject();
                for (String id : ids) {
                    json.writeStartObject();
                    json.writeStringField("role", "tool");
                    json.writeStringField("tool_call_id", id);
                    json.writeStringField("content", rnd.nextInt(5) == 0 ? text(300, 1200) : text(10, 80));
                    json.writeEndObject();
                }
            }
            if (rnd.nextInt(20) == 0) {
                json.writeStartObject();
                json.writeStringField("role", "assistant");
                json.writeArrayFieldStart("content");
                json.writeStartObject();
                json.writeStringField("type", "text");
                json.writeStringField("text", text(20, 150));
                json.writeEndObject();
                json.writeEndArray();
                json.writeEndObject();
            } else {
                message(json, "assistant", text(20, 250));
            }
        }
        json.writeEndArray();
        json.writeArrayFieldStart("tools");
        for (String tool : TOOLS.subList(0, 3)) {
            json.writeStartObject();
            json.writeStringField("type", "function");
            json.writeObjectFieldStart("function");
            json.writeStringField("name", tool);
            json.writeStringField("description", "Looks things up: " + tool);
            json.writeObjectFieldStart("parameters");
            json.writeStringField("type", "object");
            json.writeObjectFieldStart("properties");
            json.writeObjectFieldStart("query");
            json.writeStringField("type", "string");
            json.writeEndObject();
            json.writeEndObject();
            json.writeEndObject();
            json.writeEndObject();
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private void message(JsonGenerator json, String role, String content) throws IOException {
        json.writeStartObject();
        json.writeStringField("role", role);
        json.writeStringField("content", content);
        json.writeEndObject();
    }

    private String text(int minWords, int maxWords) {
        int n = minWords + rnd.nextInt(maxWords - minWords + 1);
        boolean mixed = rnd.nextInt(100) < NON_ASCII_PERCENT;
        StringBuilder s = new StringBuilder(n * 7);
        for (int i = 0; i < n; i++) {
            List<String> words = mixed && rnd.nextInt(6) == 0 ? OTHER_SCRIPTS : WORDS;
            s.append(i == 0 ? "" : rnd.nextInt(15) == 0 ? ".\n" : " ").append(words.get(rnd.nextInt(words.size())));
        }
        return s.toString();
    }
}
