package dev.tracedeck.analysis.memory;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.state.SnapshotSection;
import dev.tracedeck.model.trace.TraceThread;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A Letta agent's core-memory blocks: the values the system prompts show (the Letta importer's memory dumps), the
 * limits the agent record keeps ({@code block_limits}), and the memory tools' calls, each applied as Letta's own
 * function does: {@code core_memory_append} adds a newline and the content; {@code core_memory_replace} replaces
 * every occurrence of {@code old_content}; {@code memory_replace} replaces {@code old_string} (an older Letta's
 * {@code old_str}), which must occur once; {@code memory_insert} inserts {@code new_string}'s (or {@code new_str}'s)
 * lines after line {@code insert_line} (-1: at the end);
 * {@code memory_rethink} and {@code rethink_memory} set the whole value. {@code memory_finish_edits} changes nothing.
 * The {@code memory} tool and {@code memory_apply_patch} are read by {@link LettaMemoryTool}, archival memory by
 * {@link LettaArchival}.
 *
 * <p>A value is known from a dump on, and stays known while each call can be applied: a call whose text to replace
 * is not in the known value (a newer Letta rewrites the first system prompt in place, so it shows the memory as it
 * ended, not as it began) leaves the value unknown until the next dump. A call whose result says it failed changes
 * nothing.
 */
final class LettaBlocks {

    static final String STATE_TYPE = "Letta core memory";
    private static final Set<String> TOOLS = Set.of("core_memory_append", "core_memory_replace", "memory_insert",
            "memory_replace", "memory_rethink", "rethink_memory");
    /** Newer prompts number a block's lines for the model ("12→ text"), a view Letta says is never part of it. */
    private static final Pattern NUMBERED = Pattern.compile("\\d+→ ?.*");

    private LettaBlocks() {
    }

    static boolean isTool(String name) {
        return TOOLS.contains(name);
    }

    static void read(TraceThread thread, CallResults results, MemoryBook book) {
        Map<String, Integer> limits = limits(thread);
        Set<Integer> atTheirPlace = dumpsAtTheirPlace(thread);
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.StateDump dump && dump.snapshot().stateType().equals(STATE_TYPE)) {
                if (!atTheirPlace.contains(e.seq())) {
                    continue;
                }
                for (SnapshotSection s : dump.snapshot().sections()) {
                    if (!s.entries().isEmpty()) {
                        page(book, s.name(), limits).shown(withoutLineNumbers(s.entries().get(0).content()));
                    }
                }
            } else if (e.payload() instanceof Payload.ConversationMessage m) {
                for (ToolCall call : m.message().toolCalls()) {
                    if (TOOLS.contains(call.name())) {
                        apply(e, call, results, book, limits);
                    } else if (LettaMemoryTool.isTool(call.name())) {
                        LettaMemoryTool.apply(new LettaMemoryTool.Call(e, call, l -> page(book, l, limits).page(),
                                failed(results.result(call)), results.result(call)));
                    } else if (LettaArchival.isTool(call.name())) {
                        LettaArchival.apply(new LettaMemoryTool.Call(e, call, l -> book.page(l, "archival"),
                                failed(results.result(call)), results.result(call)));
                    }
                }
            }
        }
    }

    /**
     * The blocks each memory dump of the thread shows at its place in it, by label in the dump's order, with the
     * dump's event; a dump a later change rewrote (see {@link #dumpsAtTheirPlace}) is left out.
     */
    static List<Map.Entry<Event, Map<String, String>>> shownAtTheirPlace(TraceThread thread) {
        Set<Integer> atTheirPlace = dumpsAtTheirPlace(thread);
        List<Map.Entry<Event, Map<String, String>>> shown = new ArrayList<>();
        for (Event e : thread.events()) {
            if (atTheirPlace.contains(e.seq()) && e.payload() instanceof Payload.StateDump dump) {
                Map<String, String> blocks = new java.util.LinkedHashMap<>();
                for (SnapshotSection s : dump.snapshot().sections()) {
                    if (!s.entries().isEmpty()) {
                        blocks.put(s.name(), withoutLineNumbers(s.entries().get(0).content()));
                    }
                }
                shown.add(Map.entry(e, blocks));
            }
        }
        return shown;
    }

    /**
     * The seqs of the thread's memory dumps that show the memory where they stand: every dump but one of a prompt
     * whose stamp says a later call rewrote it ({@link #shownLater}).
     */
    private static Set<Integer> dumpsAtTheirPlace(TraceThread thread) {
        if (thread.events().stream().noneMatch(LettaBlocks::isBlockDump)) {
            // No dump to place: the system prompts, read back from the file to find their time, need not be read.
            return Set.of();
        }
        List<Instant> callTimes = blockCallTimes(thread);
        Optional<Instant> promptStamp = Optional.empty();
        int callsSeen = 0;
        Set<Integer> atTheirPlace = new java.util.HashSet<>();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.ConversationMessage m && m.message().role().equals("system")) {
                promptStamp = LettaPromptTime.lastModified(m.message().content());
            }
            if (isBlockDump(e)) {
                if (!shownLater(promptStamp, callTimes, callsSeen)) {
                    atTheirPlace.add(e.seq());
                }
                promptStamp = Optional.empty();
            } else if (e.payload() instanceof Payload.ConversationMessage m
                    && m.message().toolCalls().stream().anyMatch(c -> changesBlocks(c.name()))) {
                callsSeen++;
            }
        }
        return atTheirPlace;
    }

    private static boolean isBlockDump(Event e) {
        return e.payload() instanceof Payload.StateDump dump && dump.snapshot().stateType().equals(STATE_TYPE);
    }

    private static boolean changesBlocks(String tool) {
        return TOOLS.contains(tool) || LettaMemoryTool.isTool(tool);
    }

    /** When each message that calls a block tool was made, in order; a message whose time does not parse is left out. */
    private static List<Instant> blockCallTimes(TraceThread thread) {
        List<Instant> times = new ArrayList<>();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.ConversationMessage m
                    && m.message().toolCalls().stream().anyMatch(c -> changesBlocks(c.name()))) {
                times.add(LettaPromptTime.created(e.time()).orElse(Instant.MIN));
            }
        }
        return times;
    }

    /**
     * True when a prompt shows the memory as a later call left it: its blocks' last change (to the second) is after
     * the time of the next call that changes a block, so the prompt was rewritten after that call (a newer Letta
     * rewrites its one prompt in place) and is not the memory at its place in the thread.
     */
    private static boolean shownLater(Optional<Instant> stamp, List<Instant> callTimes, int callsSeen) {
        return stamp.isPresent() && callsSeen < callTimes.size() && !callTimes.get(callsSeen).equals(Instant.MIN)
                && stamp.get().isAfter(callTimes.get(callsSeen).truncatedTo(ChronoUnit.SECONDS));
    }

    private static BlockPage page(MemoryBook book, String label, Map<String, Integer> limits) {
        MemoryBook.Page p = book.page(label, "block");
        Integer limit = limits.get(label);
        if (limit != null) {
            p.limit = OptionalInt.of(limit);
        }
        return new BlockPage(p);
    }

    private record BlockPage(MemoryBook.Page page) {
        void shown(String value) {
            page.shown(value);
        }
    }

    private static void apply(Event e, ToolCall call, CallResults results, MemoryBook book, Map<String, Integer> limits) {
        String tool = call.name();
        String label = arg(call, tool.equals("rethink_memory") ? "target_block_label" : "label").orElse("");
        if (label.isEmpty()) {
            return;
        }
        MemoryBook.Page page = page(book, label, limits).page();
        Optional<Event> result = results.result(call);
        boolean failed = failed(result);
        Optional<String> before = page.current;
        Optional<String> applied;
        MemoryOp op;
        String change;
        switch (tool) {
            case "core_memory_append" -> {
                op = MemoryOp.APPEND;
                change = arg(call, "content").orElse("");
                applied = arg(call, "content").flatMap(c -> before.map(b -> b + "\n" + c));
            }
            case "core_memory_replace" -> {
                op = MemoryOp.REPLACE;
                Optional<String> old = arg(call, "old_content");
                Optional<String> now = arg(call, "new_content");
                change = now.orElse("");
                applied = before.filter(b -> old.isPresent() && !old.get().isEmpty() && b.contains(old.get())
                        && now.isPresent()).map(b -> b.replace(old.get(), now.get()));
            }
            case "memory_replace" -> {
                op = MemoryOp.REPLACE;
                Optional<String> old = arg(call, "old_string").or(() -> arg(call, "old_str"));
                Optional<String> now = arg(call, "new_string").or(() -> arg(call, "new_str"));
                change = now.orElse("");
                applied = before.filter(b -> old.isPresent() && !old.get().isEmpty() && now.isPresent()
                        && occurrences(b, old.get()) == 1).map(b -> b.replace(old.get(), now.get()));
            }
            case "memory_insert" -> {
                op = MemoryOp.APPEND;
                Optional<String> text = arg(call, "new_string").or(() -> arg(call, "new_str"));
                int at = arg(call, "insert_line").map(LettaBlocks::integer).orElse(-1);
                change = text.orElse("");
                applied = text.flatMap(t -> before.flatMap(b -> insert(b, t, at)));
            }
            default -> {
                op = MemoryOp.WRITE;
                change = arg(call, "new_memory").orElse("");
                applied = arg(call, "new_memory");
            }
        }
        if (!failed) {
            Optional<String> computed = applied;
            applied = LettaResult.reportedValue(result, change).or(() -> computed);
        }
        Optional<String> after = failed ? before : applied;
        page.add(new MemoryOperation(op, e, tool, before, after, applied, change, failed, result));
    }

    /** Letta's memory_insert: the lines of {@code text} after line {@code at} of {@code value}; empty when out of range. */
    static Optional<String> insert(String value, String text, int at) {
        List<String> lines = new ArrayList<>(Arrays.asList(value.split("\n", -1)));
        int line = at == -1 ? lines.size() : at;
        if (line < 0 || line > lines.size()) {
            return Optional.empty();
        }
        lines.addAll(line, Arrays.asList(text.split("\n", -1)));
        return Optional.of(String.join("\n", lines));
    }

    private static int integer(String s) {
        try {
            return new java.math.BigDecimal(s).intValueExact();
        } catch (ArithmeticException | NumberFormatException e) {
            return Integer.MIN_VALUE;
        }
    }

    private static int occurrences(String in, String of) {
        int n = 0;
        for (int at = in.indexOf(of); at >= 0 && n < 2; at = in.indexOf(of, at + 1)) {
            n++;
        }
        return n;
    }

    private static Optional<String> arg(ToolCall call, String name) {
        return call.argument(name);
    }

    /**
     * True when the result says the call failed: Letta answers a function's return as {@code {"status": "OK", …}}
     * and an exception as {@code {"status": "Failed", …}}.
     */
    static boolean failed(Optional<Event> result) {
        return CallResults.message(result).map(m -> m.content().strip())
                .map(c -> c.startsWith("{") && c.matches("(?s)\\{\\s*\"status\"\\s*:\\s*\"(?!OK\")[^\"]*\".*"))
                .orElse(false);
    }

    /** The block's value without the line numbers a newer prompt shows, when every line has one. */
    static String withoutLineNumbers(String shown) {
        String[] lines = shown.split("\n", -1);
        if (shown.isEmpty() || !Arrays.stream(lines).allMatch(l -> NUMBERED.matcher(l).matches())) {
            return shown;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            int arrow = l.indexOf('→');
            String rest = l.substring(arrow + 1);
            out.append(i == 0 ? "" : "\n").append(rest.startsWith(" ") ? rest.substring(1) : rest);
        }
        return out.toString();
    }

    /** The blocks' limits the agent record keeps ({@code block_limits}: label to characters). */
    private static Map<String, Integer> limits(TraceThread thread) {
        Map<String, Integer> limits = new HashMap<>();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.JsonRecord r && r.eventName().equals("agent")
                    && r.json().get("block_limits").orElse(null) instanceof JsonValue.JsonObject o) {
                o.members().forEach((label, v) -> v.asText().map(LettaBlocks::integer)
                        .filter(n -> n > 0).ifPresent(n -> limits.put(label, n)));
            }
        }
        return limits;
    }
}
