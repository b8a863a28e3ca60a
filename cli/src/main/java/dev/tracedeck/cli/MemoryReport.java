package dev.tracedeck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.memory.Memory;
import dev.tracedeck.analysis.memory.MemoryOperation;
import dev.tracedeck.analysis.memory.MemoryTimeline;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.model.trace.Trace;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * Renders {@code memory}: JSON (a contract for scripts: one object per file, its memories, each memory's operations)
 * or lines for people, each operation with a short diff of what it changed.
 */
final class MemoryReport {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** The diff lines shown per operation in the text: enough to see the change, not the whole block. */
    private static final int DIFF_LINES = 6;
    /** The diff lines in the JSON, which a script may want more of. */
    private static final int JSON_DIFF_LINES = 40;

    /** The memories of one file. */
    record FileMemories(Trace trace, MemoryTimeline timeline) {
    }

    private MemoryReport() {
    }

    static String json(List<FileMemories> files) {
        ArrayNode array = MAPPER.createArrayNode();
        for (FileMemories file : files) {
            ObjectNode f = array.addObject();
            f.put("file", file.trace().file());
            f.put("format", file.trace().format());
            f.put("reason", file.timeline().reason());
            ArrayNode memories = f.putArray("memories");
            for (Memory m : file.timeline().memories()) {
                ObjectNode n = memories.addObject();
                n.put("thread", m.threadId());
                n.put("name", m.name());
                n.put("kind", m.kind());
                if (m.limit().isPresent()) {
                    n.put("limit", m.limit().getAsInt());
                } else {
                    n.putNull("limit");
                }
                text(n, "initial", m.initial());
                ArrayNode ops = n.putArray("operations");
                for (MemoryOperation o : m.operations()) {
                    ObjectNode op = ops.addObject();
                    op.put("seq", o.event().seq());
                    op.put("line", o.event().source().firstLine());
                    op.put("tool", o.tool());
                    op.put("op", o.op().label());
                    op.put("failed", o.failed());
                    size(op, "sizeBefore", o.sizeBefore());
                    size(op, "sizeAfter", o.sizeAfter());
                    text(op, "before", o.before());
                    text(op, "after", o.after());
                    size(op, "sizeAttempted", o.attempted().map(String::length));
                    op.put("change", o.change());
                    op.put("diff", o.diff(JSON_DIFF_LINES));
                    if (o.result().isPresent()) {
                        op.put("resultLine", o.result().get().source().firstLine());
                    } else {
                        op.putNull("resultLine");
                    }
                }
            }
        }
        try {
            return MAPPER.writeValueAsString(array) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void text(ObjectNode n, String field, Optional<String> value) {
        if (value.isPresent()) {
            n.put(field, value.get());
        } else {
            n.putNull(field);
        }
    }

    private static void size(ObjectNode n, String field, Optional<Integer> value) {
        if (value.isPresent()) {
            n.put(field, value.get());
        } else {
            n.putNull(field);
        }
    }

    static String text(List<FileMemories> files) {
        StringBuilder out = new StringBuilder();
        for (FileMemories file : files) {
            Trace trace = file.trace();
            out.append(TerminalText.line(trace.file())).append("  (").append(TerminalText.line(trace.format())).append(")\n");
            List<Memory> memories = file.timeline().memories();
            if (memories.isEmpty()) {
                out.append("  ").append(TerminalText.line(file.timeline().reason())).append("\n\n");
                continue;
            }
            out.append("  ").append(memories.size()).append(memories.size() == 1 ? " memory" : " memories").append('\n');
            for (Memory m : memories) {
                out.append("  ").append(TerminalText.line(m.name())).append("  (").append(m.kind());
                m.limit().ifPresent(l -> out.append(", limit ").append(l));
                if (!m.threadId().isEmpty()) {
                    out.append(", thread ").append(TerminalText.line(m.threadId()));
                }
                out.append(")  ").append(m.writes()).append(m.writes() == 1 ? " write, " : " writes, ")
                        .append(m.reads()).append(m.reads() == 1 ? " read" : " reads").append('\n');
                if (m.operations().isEmpty()) {
                    m.initial().ifPresent(value -> out.append("    no call changes it here; it holds ").append(value.length())
                            .append(value.length() == 1 ? " char" : " chars").append('\n'));
                }
                for (MemoryOperation o : m.operations()) {
                    out.append("    #").append(o.event().seq()).append("  ")
                            .append(TerminalText.line(fileName(o.event().source().file()))).append(':')
                            .append(o.event().source().firstLine()).append("  ").append(TerminalText.line(o.tool()))
                            .append("  ").append(o.op().label());
                    if (o.op().writes()) {
                        out.append("  ").append(o.sizeBefore().map(String::valueOf).orElse("?")).append(" → ")
                                .append(o.sizeAfter().map(String::valueOf).orElse("?")).append(" chars");
                    }
                    if (o.failed()) {
                        out.append("  FAILED (nothing changed").append(o.attempted().map(a -> "; it asked for " + a.length()
                                + " chars").orElse("")).append(')');
                    }
                    m.limit().ifPresent(limit -> {
                        if (wouldBe(o).filter(size -> size > limit).isPresent()) {
                            out.append("  over the limit of ").append(limit);
                        }
                    });
                    out.append('\n');
                    if (o.op().writes()) {
                        String diff = o.failed() ? "" : o.diff(DIFF_LINES);
                        for (String line : diff.split("\n")) {
                            if (!line.isEmpty()) {
                                out.append("        ").append(TerminalText.line(line)).append('\n');
                            }
                        }
                    }
                }
            }
            out.append('\n');
        }
        return TerminalText.block(out.toString());
    }

    /** The size the operation's write came to, or would have come to had it not been refused, when known. */
    private static Optional<Integer> wouldBe(MemoryOperation o) {
        return o.attempted().map(String::length);
    }

    private static String fileName(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return slash < 0 ? path : path.substring(slash + 1);
    }
}
