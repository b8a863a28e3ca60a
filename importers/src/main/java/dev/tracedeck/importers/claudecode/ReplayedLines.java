package dev.tracedeck.importers.claudecode;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The user and assistant lines of a session that Claude Code wrote a second time. When it resumes a session it may
 * write the conversation it loaded again, as a new chain (the first line's {@code parentUuid} null, every line a new
 * {@code uuid}) with the same {@code message.id}, {@code requestId}, {@code timestamp} and content blocks as the lines
 * it copies (a line of several blocks copied as one line per block, a message's parallel calls sometimes left out),
 * then goes on from the end of that copy. Read as written, every call of the copy would be a second call with its
 * id and every message counted twice. A line is such a copy when every content block it holds was already written
 * in its thread with the same timestamp (and, for an assistant line, in the same API message: {@code message.id}
 * and {@code requestId}): the same API message, counted where it was first written. A copy is kept as a
 * {@value #KEYWORD} record, and the report says which lines were copies.
 *
 * <p>What is remembered of each block is a digest of its content (fields in name order, so that a copy that wrote
 * them in another order is still the same block), 16 bytes, not the block.
 */
final class ReplayedLines {

    static final String KEYWORD = "replayed";

    /** A block as it was written: its thread, line type, message, time and content, digested. */
    private record Written(long high, long low) {
    }

    private final Set<Written> written = new HashSet<>();
    private final MessageDigest digest = sha256();
    /** The copies read since the last line that was not one: where they start and end, and how many. */
    private int runFirst = -1;
    private int runLast;
    private int runLines;

    /**
     * True when {@code line}, a {@code user} or {@code assistant} entry of {@code thread}, only repeats blocks its
     * thread already has; otherwise its blocks are remembered and it is not a copy.
     */
    boolean isCopy(String thread, JsonNode line) {
        JsonNode message = line.path("message");
        JsonNode content = message.path("content");
        List<JsonNode> blocks = new ArrayList<>();
        if (content.isArray()) {
            content.forEach(blocks::add);
        } else if (content.isTextual()) {
            blocks.add(content);
        }
        if (blocks.isEmpty()) {
            return false;
        }
        String type = line.path("type").asText("");
        String where = thread + '\n' + type + '\n' + line.path("timestamp").asText("") + '\n'
                + (type.equals("assistant") ? message.path("id").asText("") + '\n' + line.path("requestId").asText("") : "");
        List<Written> keys = new ArrayList<>(blocks.size());
        for (JsonNode block : blocks) {
            keys.add(key(where, block));
        }
        if (written.containsAll(keys)) {
            return true;
        }
        written.addAll(keys);
        return false;
    }

    /** A copy at these lines, counted in the run it extends. */
    void copied(int firstLine, int lastLine) {
        if (runFirst < 0) {
            runFirst = firstLine;
        }
        runLast = lastLine;
        runLines++;
    }

    /** A line that is no copy ends the run of copies before it: the report says where it was. */
    void endRun(ChatTraceWriter out) {
        if (runFirst < 0) {
            return;
        }
        out.note(runFirst, String.format(Locale.ROOT, "%s %d: %d %s that Claude Code wrote again (a session it "
                        + "resumed, written anew with new uuids and the same message ids, requests and times): each "
                        + "message is counted once, where it was first written; the copies are %s records",
                runFirst == runLast ? "line" : "lines " + runFirst + " to", runLast, runLines,
                runLines == 1 ? "line" : "lines", KEYWORD));
        runFirst = -1;
        runLines = 0;
    }

    /**
     * What {@link #endRun} at the file's end changes, put back by the returned action; with the blocks of the lines
     * read then when {@code linesReadAtEnd} (lines held at the start, before any was read, so none is remembered).
     */
    Runnable checkpoint(boolean linesReadAtEnd) {
        int firstThen = runFirst;
        int lastThen = runLast;
        int linesThen = runLines;
        Set<Written> writtenThen = linesReadAtEnd ? Set.copyOf(written) : null;
        return () -> {
            runFirst = firstThen;
            runLast = lastThen;
            runLines = linesThen;
            if (writtenThen != null) {
                written.retainAll(writtenThen);
            }
        };
    }

    private Written key(String where, JsonNode block) {
        digest.reset();
        digest.update(where.getBytes(StandardCharsets.UTF_8));
        feed(block);
        ByteBuffer sum = ByteBuffer.wrap(digest.digest());
        return new Written(sum.getLong(), sum.getLong());
    }

    /** The value's content, each object's fields in name order, every value tagged and strings with their length. */
    private void feed(JsonNode value) {
        if (value.isObject()) {
            digest.update((byte) '{');
            List<String> names = new ArrayList<>();
            for (Iterator<String> i = value.fieldNames(); i.hasNext(); ) {
                names.add(i.next());
            }
            names.sort(null);
            for (String name : names) {
                text(name);
                feed(value.get(name));
            }
            digest.update((byte) '}');
        } else if (value.isArray()) {
            digest.update((byte) '[');
            value.forEach(this::feed);
            digest.update((byte) ']');
        } else if (value.isTextual()) {
            digest.update((byte) 's');
            text(value.textValue());
        } else {
            // Numbers, booleans and null as JSON writes them.
            digest.update((byte) 'v');
            text(value.asText());
        }
    }

    private void text(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        digest.update(ByteBuffer.allocate(Integer.BYTES).putInt(bytes.length).array());
        digest.update(bytes);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
