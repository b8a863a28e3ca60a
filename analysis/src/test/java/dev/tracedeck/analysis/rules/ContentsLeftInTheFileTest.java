package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.chat.OversizedToolOutput;
import dev.tracedeck.analysis.rules.chat.RepeatedToolCall;
import dev.tracedeck.analysis.rules.context.ContextOverflow;
import dev.tracedeck.analysis.rules.context.ContextPreflight;
import dev.tracedeck.analysis.tokens.ChatFormat;
import dev.tracedeck.analysis.tokens.ContextPeak;
import dev.tracedeck.analysis.tokens.ThreadContext;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.TraceBuilder;
import dev.tracedeck.model.trace.TraceThread;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * A big chat file leaves its messages' contents in the file, and most of them are short: the context rules and the
 * tool output rule tell so from the bytes each content takes there, without reading it, the repeated-call rule reads
 * results only to compare two, and all judge exactly as they do the same messages held in memory.
 */
class ContentsLeftInTheFileTest {

    private static final String[] TEXTS = {
            "Book me a table in Lisbon for Friday.\nTwo people, around eight.",
            "A tool's answer: \"Cervejaria Ramiro\", 20:00 \u2014 confirmed \ud83c\udf7d\ufe0f; 東京 is next.",
            "The table is booked.\\ Anything else?",
    };

    /** The "file" the contents are left in, and how often a content was read back from it. */
    private final ByteArrayOutputStream file = new ByteArrayOutputStream();
    private int reads;

    private TraceThread thread(boolean leftInFile, String toolOutput) {
        TraceBuilder builder = new TraceBuilder();
        String[] roles = {"user", "tool", "assistant"};
        for (int i = 0; i < 30; i++) {
            String role = roles[i % 3];
            String text = role.equals("tool") && i == 28 ? toolOutput : TEXTS[i % 3] + " (" + i + ")";
            Message message = leftInFile ? inFile(role, text) : new Message(role, text, List.of(), role.equals("tool") ? "call_" + i : "");
            builder.add("MSG", "", "chat-1", SourceRef.line("chat.jsonl", i + 1), text,
                    new Payload.ConversationMessage(message, OptionalInt.of(i), text.length(), false));
        }
        return builder.build(new ImportReport("chat.jsonl", "openai-chat", 0, 30, 0, 0, 0, Map.of(), List.of(), 0, true))
                .thread("chat-1").orElseThrow();
    }

    /** The message as a record of the file holding its content as a JSON string, escapes and all. */
    private Message inFile(String role, String text) {
        String json = text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\u2014", "\\u2014");
        byte[] record = ("{\"role\": \"" + role + "\", \"content\": \"" + json + "\"}").getBytes(StandardCharsets.UTF_8);
        int offset = file.size();
        file.writeBytes(record);
        CRC32C crc = new CRC32C();
        crc.update(record);
        SourceText.InFile range = new SourceText.InFile(this::read, offset, record.length, (int) crc.getValue());
        int start = ("{\"role\": \"" + role + "\", \"content\": \"").length();
        return Message.withContentInFile(role, range, start, record.length - 2, List.of(), role.equals("tool") ? "call_x" : "", "");
    }

    private String read(long offset, int length, int checksum) {
        reads++;
        return new String(Arrays.copyOfRange(file.toByteArray(), (int) offset, (int) offset + length), StandardCharsets.UTF_8);
    }

    /** What a rule says of a thread, in words: the events it cites are the thread's own. */
    private static String check(Rule rule, TraceThread thread) {
        RuleOutcome outcome = rule.check(thread, RuleParameters.DEFAULTS);
        return outcome.applicable() + " " + outcome.reason() + " "
                + outcome.problems().stream().map(p -> p.msgIdx() + " " + p.message() + " " + p.evidence().size()).toList();
    }

    @Test
    void aShortThreadIsJudgedWithoutReadingAContentBack() {
        TraceThread left = thread(true, "Short result.");
        TraceThread held = thread(false, "Short result.");
        for (Rule rule : List.<Rule>of(new ContextOverflow(), new ContextPreflight(), new OversizedToolOutput(), new RepeatedToolCall())) {
            assertEquals(check(rule, held), check(rule, left), rule.id());
        }
        assertEquals(0, reads, "contents read back");
    }

    @Test
    void aToolOutputWhoseBytesExceedTheLimitIsReadAndJudgedOnItsCharacters() {
        String justUnder = "東".repeat(RuleParameters.DEFAULTS.toolOutputLimit()); // three bytes each, so read
        String judged = check(new OversizedToolOutput(), thread(true, justUnder));
        assertEquals(1, reads);
        assertEquals(check(new OversizedToolOutput(), thread(false, justUnder)), judged);
        assertEquals("true  []", judged);
        String over = "x".repeat(RuleParameters.DEFAULTS.toolOutputLimit() + 1);
        judged = check(new OversizedToolOutput(), thread(true, over));
        assertEquals(check(new OversizedToolOutput(), thread(false, over)), judged);
        assertTrue(judged.contains("is " + (RuleParameters.DEFAULTS.toolOutputLimit() + 1) + " characters"), judged);
    }

    @Test
    void theBytesInTheFileBoundTheCountFromAbove() {
        TraceThread left = thread(true, TEXTS[1].repeat(50));
        ContextPeak bytes = ThreadContext.fileBytesPeak(ChatFormat.GPT_4O, left);
        ContextPeak counted = new ThreadContext(ChatFormat.GPT_4O).peak(left);
        assertEquals(counted.points(), bytes.points());
        assertTrue(bytes.highest() >= counted.highest(), bytes + " under " + counted);
        assertTrue(bytes.highest() < ThreadContext.counting(ChatFormat.GPT_4O,
                dev.tracedeck.analysis.tokens.Tokenizer.lengthBound(ChatFormat.GPT_4O.encoding())).peak(left).highest(),
                "tighter than three bytes a character");
    }
}
