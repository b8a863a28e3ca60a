package dev.tracedeck.importers.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.json.JsonImport;
import dev.tracedeck.importers.json.JsonItem;
import dev.tracedeck.importers.json.JsonLayout;
import dev.tracedeck.importers.json.JsonRecordReader;
import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.source.SourceText;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * A conversation line read straight from its bytes ({@link ConversationLine}) is exactly what the line's tree gives
 * ({@link Conversations#parse}): the same messages with the same texts, contents, calls, ids and lengths, the same
 * request; and a line it is not sure of is left to the tree. Checked on lines written by hand at the edges (escapes,
 * surrogates, the shapes it leaves to the tree, broken JSON and UTF-8) and on thousands of generated ones, some of
 * them damaged byte by byte.
 */
class ConversationLineTest {

    @Test
    void theUsualLineIsReadFromItsBytesAsItsTreeReadsIt() throws IOException {
        String line = "{\"id\": \"conv-1\", \"messages\": [{\"role\": \"system\", \"content\": \"You are a careful assistant, "
                + "always.\"}, {\"role\": \"user\", \"content\": \"caf\\u00e9 東京 👨‍👩‍👧‍👦 \\ud83d\\ude00 and a \\\"quote\\\"\\nnext line\"},"
                + " {\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"call_1\", \"type\": \"function\","
                + " \"function\": {\"name\": \"search\", \"arguments\": \"{\\\"q\\\": \\\"Lisbon\\\"}\"}}]},"
                + " {\"role\": \"tool\", \"tool_call_id\": \"call_1\", \"name\": \"search\", \"content\": \"22 degrees and sunny in Lisbon today\"}],"
                + " \"tools\": [{\"type\": \"function\", \"function\": {\"name\": \"search\"}}], \"temperature\": 0.70}";
        Conversations.Conversation fast = sameAsTree(line);

        assertEquals(4, fast.messages().size());
        assertFalse(fast.messages().get(1).message().contentHeld(), "a long content stays in the file");
        assertEquals("caf\u00e9 東京 👨‍👩‍👧‍👦 \ud83d\ude00 and a \"quote\"\nnext line", fast.messages().get(1).message().content());
        assertEquals(41, fast.messages().get(1).length(), "code points, an escaped pair counted once");
        assertTrue(fast.messages().get(2).message().contentHeld(), "no content: nothing to read back");
        assertEquals("", fast.messages().get(3).message().name(), "a tool message's name is the log's own");
    }

    @Test
    void whatItIsNotSureOfIsReadByTheTreeMessageByMessage() throws IOException {
        List<String> messages = List.of(
                "{\"role\": \"assistant\", \"content\": [{\"type\": \"text\", \"text\": \"parts\"}, {\"type\": \"image_url\", \"image_url\": \"http://x\"}]}",
                "{\"role\": \"assistant\", \"content\": \"hi\", \"refusal\": \"I can't\"}",
                "{\"role\": \"assistant\", \"content\": \"\", \"refusal\": \"\"}",
                "{\"role\": \"assistant\", \"content\": null, \"audio\": {\"id\": \"audio_1\"}}",
                "{\"role\": \"assistant\", \"content\": null, \"function_call\": {\"name\": \"f\", \"arguments\": \"{}\"}}",
                "{\"role\": \"function\", \"name\": \"f\", \"content\": \"done\"}",
                "{\"role\": \"tool\", \"tool_call_id\": 12, \"content\": \"a number\"}",
                "{\"role\": \"tool\", \"tool_call_id\": null, \"content\": \"no id\"}",
                "{\"role\": 3, \"content\": \"role is a number\"}",
                "{\"content\": \"no role\"}",
                "{\"role\": \"user\", \"role\": \"assistant\", \"content\": \"twice\"}",
                "{\"role\": \"user\", \"content\": \"one\", \"content\": \"two\"}",
                "{\"role\": \"user\", \"content\": 42}",
                "{\"role\": \"user\", \"content\": {\"text\": \"object\"}}",
                "\"not an object\"",
                "[1, 2]",
                "null",
                "{\"role\": \"assistant\", \"tool_calls\": \"not a list\"}",
                "{\"role\": \"assistant\", \"tool_calls\": null, \"content\": \"null calls\"}",
                "{\"role\": \"assistant\", \"tool_calls\": [{\"id\": 7, \"function\": {\"name\": \"f\"}}]}",
                "{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"c\", \"function\": {\"name\": \"f\", \"arguments\": {\"a\": 1}}}]}",
                "{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"c\", \"function\": {\"name\": \"f\", \"arguments\": null}}]}",
                "{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"c\", \"function\": {\"name\": \"f\"}, \"function\": {\"name\": \"g\"}}]}",
                "{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"c\", \"custom\": {\"name\": \"patch\", \"input\": \"x\"}}]}",
                "{\"role\": \"assistant\", \"tool_calls\": [{\"type\": \"function\", \"function\": {\"arguments\": \"{}\"}}]}",
                "{\"role\": \"assistant\", \"tool_calls\": [\"not a call\"]}",
                "{\"role\": \"assistant\", \"tool_calls\": []}",
                "{\"role\": \"user\", \"name\": 5, \"content\": \"a number as name\"}",
                "{\"role\": \"user\", \"weight\": 0, \"content\": \"\\ud800 lone high, \\udc00 lone low, \\udc00\\ud800 reversed\"}",
                "{}");
        String line = "{\"messages\": [" + String.join(", ", messages) + "], \"id\": 17, \"metadata\": {\"conversation_id\": \"m\"}}";
        Conversations.Conversation fast = sameAsTree(line);
        assertEquals(messages.size(), fast.messages().size());
        assertEquals("message without a role", fast.messages().get(9).problem(), "kept malformed, as the tree says");
    }

    @Test
    void aLineItIsNotSureOfIsLeftToTheTree() {
        for (String line : List.of(
                "{\"role\": \"user\", \"content\": \"a message, in a file of messages\"}",
                "{\"messages\": [], \"choices\": [{\"message\": {\"role\": \"assistant\", \"content\": \"x\"}}]}",
                "{\"messages\": [], \"messages\": []}",
                "{\"body\": {\"messages\": []}}",
                "{\"messages\": {\"role\": \"user\"}}",
                "{\"id\": \"x\"}",
                "[{\"role\": \"user\", \"content\": \"x\"}]",
                "\uFEFF{\"messages\": []}",
                "{\"messages\": []} {\"messages\": []}",
                "{\"messages\": [],}",
                "{\"messages\": [{\"role\": \"user\", \"content\": \"tab\tinside\"}]}",
                "{\"messages\": [{\"role\": \"user\", \"content\": \"bad \\x escape\"}]}",
                "{\"messages\": [{\"role\": \"user\", \"content\": \"short \\u12\"}]}",
                "{\"messages\": [], \"n\": 01}",
                "{\"messages\": [], \"n\": 1.}",
                "{\"messages\": [], \"n\": -}",
                "{\"messages\": [], \"n\": nul}",
                "{\"messages\": [], \"n\": truex}",
                "{\"messages\": [], \"n\": NaN}",
                "{\"messages\": [], \"n\": 1" + "0".repeat(200) + "}",
                "{\"messages\": [], \"n\": " + "[".repeat(300) + "]".repeat(300) + "}",
                "{\"messages\": [], \"\\u006eame\": 1}",
                "{\"messages\": [{\"role\": \"user\", \"content\": \"cut",
                "{\"messages\": [] ")) {
            assertNull(ConversationLine.read(bytes(line), 0, null), line);
        }
    }

    @Test
    void invalidOrUnusualUtf8IsLeftToTheTree() throws IOException {
        int[][] sequences = {{0xC3}, {0xC0, 0x80}, {0xED, 0xA0, 0x80}, {0xF4, 0x90, 0x80, 0x80}, {0xF8, 0x88, 0x80, 0x80},
                {0x80}, {0xE2, 0x82}, {0xFF}};
        for (int[] sequence : sequences) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            line.writeBytes(bytes("{\"messages\": [{\"role\": \"user\", \"content\": \"bad "));
            for (int b : sequence) {
                line.write(b);
            }
            line.writeBytes(bytes(" byte, long enough to be left in the file\"}]}"));
            assertNull(ConversationLine.read(line.toByteArray(), 0, null), Arrays.toString(sequence));
            assertNull(ConversationLine.read(line.toByteArray(), 0, new InMemory(line.toByteArray())));
        }
    }

    @Test
    void generatedLinesAreReadAsTheirTreesReadThemAndDamagedOnesAreNeverReadOtherwise() throws IOException {
        Random random = new Random(20261126L);
        int fast = 0;
        int damagedRead = 0;
        for (int i = 0; i < 6_000; i++) {
            byte[] line = bytes(new LineWriter(random).line());
            if (sameAsTreeOrLeft(line) != null) {
                fast++;
            }
            byte[] damaged = damage(line, random);
            if (sameAsTreeOrLeft(damaged) != null) {
                damagedRead++;
            }
        }
        assertTrue(fast > 3_000, "most generated lines are read from their bytes: " + fast);
        assertTrue(damagedRead > 100, "a damage that leaves valid JSON is still read: " + damagedRead);
    }

    /**
     * A content left in the file is what was imported or nothing: one read before the file changed is still that
     * content, one read after says the file changed.
     */
    @Test
    void aContentLeftInAFileThatChangedIsNotReadAsOtherBytes() throws IOException, SourceChangedException {
        byte[] line = bytes("{\"messages\": [{\"role\": \"user\", \"content\": \"a content long enough to be left in the file\"},"
                + " {\"role\": \"user\", \"content\": \"another content long enough to be left in the file\"}]}");
        InMemory file = new InMemory(line.clone());
        Conversations.Conversation read = conversation(ConversationLine.read(line, 0, file));
        assertEquals("a content long enough to be left in the file", read.messages().get(0).message().exactContent());
        file.bytes[40] = 'X';
        file.bytes[line.length - 20] = 'X';
        assertEquals("a content long enough to be left in the file", read.messages().get(0).message().content());
        assertTrue(read.messages().get(1).message().content().contains("changed since it was opened"),
                read.messages().get(1).message().content());
        assertThrows(SourceChangedException.class, read.messages().get(1).message()::exactContent);
    }

    // --- comparing with the tree -----------------------------------------------------------------------------

    private static Conversations.Conversation sameAsTree(String line) throws IOException {
        Conversations.Conversation read = sameAsTreeOrLeft(bytes(line));
        assertNotNull(read, "read from its bytes: " + line);
        return read;
    }

    /**
     * The line read from its bytes, checked against its tree, without and with a file to leave contents in; what was
     * read with the file, or null when the line was left to the tree.
     */
    private static Conversations.Conversation sameAsTreeOrLeft(byte[] line) throws IOException {
        long position = 1234;
        byte[] file = new byte[(int) position + line.length];
        System.arraycopy(line, 0, file, (int) position, line.length);
        InMemory inFile = new InMemory(file);
        Conversations.Conversation last = null;
        for (SourceText.Reread reread : Arrays.asList(null, inFile)) {
            JsonImport.LineRead read = ConversationLine.read(line, position, reread);
            if (read == null) {
                continue;
            }
            JsonItem.Value tree = tree(line, position, reread);
            Object expected = Conversations.parse(tree.node(), tree.sourceText(), tree::textAt);
            Conversations.Conversation conversation = conversation(read);
            assertEquals(expected, conversation, new String(line, StandardCharsets.UTF_8));
            ObjectNode rest = ((ObjectNode) tree.node()).deepCopy();
            rest.remove("messages");
            assertEquals(rest, read.members());
            for (Conversations.ParsedMessage m : conversation.messages()) {
                if (m.message() != null) {
                    assertEquals(dev.tracedeck.model.text.PythonText.length(m.message().content()), m.length());
                }
            }
            last = conversation;
        }
        return last;
    }

    private static Conversations.Conversation conversation(JsonImport.LineRead read) {
        return assertInstanceOf(Conversations.Conversation.class, read.prepared());
    }

    /** The line bound as a tree, as the JSON Lines reader binds one it is given no shortcut for. */
    private static JsonItem.Value tree(byte[] line, long position, SourceText.Reread file) throws IOException {
        byte[] padded = new byte[(int) position + line.length + 1];
        Arrays.fill(padded, 0, (int) position - 1, (byte) ' ');
        padded[(int) position - 1] = '\n';
        System.arraycopy(line, 0, padded, (int) position, line.length);
        padded[padded.length - 1] = '\n';
        try (JsonRecordReader reader = new JsonRecordReader(new ByteArrayInputStream(padded), JsonLayout.LINES,
                Set.of("messages", "choices"), file, null)) {
            return assertInstanceOf(JsonItem.Value.class, reader.next());
        }
    }

    /** A file in memory, read back as FileRanges reads a file on disk. */
    private static final class InMemory implements SourceText.Reread {
        final byte[] bytes;

        InMemory(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public String read(long offset, int length, int checksum) throws SourceChangedException {
            return new String(readBytes(offset, length, checksum), StandardCharsets.UTF_8);
        }

        @Override
        public byte[] readBytes(long offset, int length, int checksum) throws SourceChangedException {
            byte[] range = Arrays.copyOfRange(bytes, (int) offset, (int) offset + length);
            CRC32C crc = new CRC32C();
            crc.update(range);
            if ((int) crc.getValue() != checksum) {
                throw new SourceChangedException("memory", offset, length, "the file changed since it was opened");
            }
            return range;
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static final String PUNCTUATION = "\"{}[],:\\ 0-.eEnu";

    /** One byte changed, dropped or doubled, or a byte beyond ASCII put in. */
    private static byte[] damage(byte[] line, Random random) {
        int at = random.nextInt(line.length);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(line, 0, at);
        switch (random.nextInt(4)) {
            case 0 -> out.write(PUNCTUATION.charAt(random.nextInt(PUNCTUATION.length())));
            case 1 -> out.write(0x80 + random.nextInt(0x80));
            case 2 -> out.write(line[at]);
            default -> { }
        }
        out.write(line, at + 1, line.length - at - 1);
        return out.toByteArray();
    }

    /** Writes conversation lines of every shape a file of them may hold, in JSON as writers write it. */
    private static final class LineWriter {
        private static final String[] WORDS = {"the", "agent", "Lisbon", "café", "東京", "🙂", "👨‍👩‍👧‍👦", "e\u0301", "tab\t",
                "new\nline", "quote\"", "back\\slash", "slash/", "\u0000nul", "\u001f", "\u2028", "\ud83d\ude00",
                "\ud800", "\udc00", "\uffff", "ÿ"};
        private final Random random;
        private final StringBuilder out = new StringBuilder();

        LineWriter(Random random) {
            this.random = random;
        }

        String line() {
            out.setLength(0);
            List<Runnable> members = new ArrayList<>();
            members.add(() -> member("messages", this::messages));
            if (chance(70)) {
                members.add(() -> member("id", () -> string("conv-" + random.nextInt(1000))));
            }
            if (chance(50)) {
                members.add(() -> member("tools", this::tools));
            }
            if (chance(30)) {
                members.add(() -> member("temperature", this::number));
            }
            if (chance(20)) {
                members.add(() -> member("metadata", () -> {
                    out.append('{');
                    member("conversation_id", () -> string("m" + random.nextInt(9)));
                    out.append('}');
                }));
            }
            if (chance(5)) {
                members.add(() -> member(chance(50) ? "role" : "choices", this::value));
            }
            java.util.Collections.shuffle(members, random);
            out.append('{');
            for (int i = 0; i < members.size(); i++) {
                if (i > 0) {
                    comma();
                }
                members.get(i).run();
            }
            space();
            out.append('}');
            return out.toString();
        }

        private void messages() {
            out.append('[');
            int n = random.nextInt(8);
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    comma();
                }
                space();
                if (chance(3)) {
                    value();
                } else {
                    message();
                }
            }
            out.append(']');
        }

        private void message() {
            List<Runnable> members = new ArrayList<>();
            String role = pick("system", "user", "assistant", "tool", "developer", "function", "critic", "");
            if (chance(97)) {
                members.add(() -> member("role", () -> {
                    if (chance(97)) {
                        string(role);
                    } else {
                        value();
                    }
                }));
            }
            if (chance(90)) {
                members.add(() -> member("content", () -> {
                    int kind = random.nextInt(100);
                    if (kind < 75) {
                        string(text());
                    } else if (kind < 88) {
                        out.append("null");
                    } else if (kind < 95) {
                        out.append("[{\"type\": \"text\", \"text\": ");
                        string(text());
                        out.append("}]");
                    } else {
                        value();
                    }
                }));
            }
            if (role.equals("assistant") && chance(50)) {
                members.add(() -> member("tool_calls", this::calls));
            }
            if (role.equals("tool") || chance(5)) {
                members.add(() -> member("tool_call_id", () -> {
                    if (chance(90)) {
                        string("call_" + random.nextInt(20));
                    } else {
                        value();
                    }
                }));
            }
            for (String optional : new String[] {"name", "refusal", "audio", "function_call", "weight"}) {
                if (chance(6)) {
                    members.add(() -> member(optional, chance(60) ? () -> string(chance(50) ? "" : text()) : this::value));
                }
            }
            if (!members.isEmpty() && chance(3)) {
                members.add(members.get(random.nextInt(members.size())));
            }
            java.util.Collections.shuffle(members, random);
            object(members);
        }

        private void calls() {
            if (chance(5)) {
                value();
                return;
            }
            out.append('[');
            int n = random.nextInt(4);
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    comma();
                }
                List<Runnable> members = new ArrayList<>();
                if (chance(95)) {
                    members.add(() -> member("id", () -> {
                        if (chance(95)) {
                            string("call_" + random.nextInt(20));
                        } else {
                            value();
                        }
                    }));
                }
                members.add(() -> member("type", () -> string("function")));
                if (chance(96)) {
                    members.add(() -> member("function", () -> {
                        List<Runnable> function = new ArrayList<>();
                        if (chance(97)) {
                            function.add(() -> member("name", () -> string(pick("search", "get_weather", "東京"))));
                        }
                        if (chance(90)) {
                            function.add(() -> member("arguments", () -> {
                                if (chance(90)) {
                                    string("{\"q\": \"" + text().replace("\\", "").replace("\"", "") + "\"}");
                                } else {
                                    value();
                                }
                            }));
                        }
                        java.util.Collections.shuffle(function, random);
                        object(function);
                    }));
                }
                java.util.Collections.shuffle(members, random);
                object(members);
            }
            out.append(']');
        }

        private void tools() {
            out.append("[{\"type\": \"function\", \"function\": {\"name\": \"search\", \"parameters\": {\"type\": \"object\"}}}]");
        }

        private void object(List<Runnable> members) {
            out.append('{');
            for (int i = 0; i < members.size(); i++) {
                if (i > 0) {
                    comma();
                }
                space();
                members.get(i).run();
            }
            space();
            out.append('}');
        }

        private void member(String name, Runnable value) {
            // A name written with an escape leaves the line to the tree: rare, as in files.
            out.append('"').append(chance(1) ? String.format("\\u%04x", (int) name.charAt(0)) + name.substring(1) : name)
                    .append('"');
            space();
            out.append(':');
            space();
            value.run();
        }

        /** Any JSON value, of the shapes the others don't write. */
        private void value() {
            switch (random.nextInt(7)) {
                case 0 -> out.append(pick("true", "false", "null"));
                case 1 -> number();
                case 2 -> string(text());
                case 3 -> out.append("[1, \"two\", {\"three\": [3.0, -0, 1e5]}]");
                case 4 -> out.append("{\"a\": {\"b\": [null, true]}, \"c\": \"d\"}");
                case 5 -> out.append("[]");
                default -> out.append("{}");
            }
        }

        private void number() {
            out.append(pick("0", "-1", "3.25", "1e3", "-2.5E-3", "123456789012345678901234567890", "0.70", "7"));
        }

        private String text() {
            StringBuilder s = new StringBuilder();
            int n = random.nextInt(chance(30) ? 40 : 8);
            for (int i = 0; i < n; i++) {
                s.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
            }
            return s.toString();
        }

        /** A JSON string, escaped as different writers escape: some escape everything beyond ASCII, some only what they must. */
        private void string(String s) {
            boolean asciiOnly = chance(20);
            out.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\t' -> out.append(chance(50) ? "\\t" : "\\u0009");
                    case '/' -> out.append(chance(50) ? "\\/" : "/");
                    default -> {
                        boolean surrogate = Character.isSurrogate(c);
                        boolean lone = surrogate && !(Character.isHighSurrogate(c) && i + 1 < s.length()
                                && Character.isLowSurrogate(s.charAt(i + 1)))
                                && !(Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1)));
                        if (c < 0x20 || lone || (c > 0x7E && asciiOnly) || chance(1)) {
                            out.append(String.format(chance(50) ? "\\u%04x" : "\\u%04X", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                }
            }
            out.append('"');
        }

        private void comma() {
            space();
            out.append(',');
            space();
        }

        private void space() {
            if (chance(30)) {
                out.append(pick(" ", "  ", "\t", " \r "));
            }
        }

        private boolean chance(int percent) {
            return random.nextInt(100) < percent;
        }

        private String pick(String... options) {
            return options[random.nextInt(options.length)];
        }
    }
}
