package dev.tracedeck.analysis.memory;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.message.ToolCall;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A newer Letta's block tools, applied as its executor ({@code letta/services/tool_executor/core_tool_executor.py})
 * does. The {@code memory} tool names a block by a path ({@code /memories/notes}: label {@code notes}; for
 * {@code insert}, {@code delete} and {@code rename} a {@code /} further in becomes {@code _}) and takes a
 * {@code command}: {@code create} (write {@code file_text}, or nothing; a {@code description} is required),
 * {@code str_replace} ({@code old_string}, which must occur once, by {@code new_string}), {@code insert}
 * ({@code insert_text}'s lines after line {@code insert_line}, -1 the end), {@code delete}, {@code rename} (from
 * {@code old_path} to {@code new_path}: the old block deleted, its value written under the new label; with
 * {@code path} and {@code description} only the description changes, which is no operation on the value).
 * {@code memory_apply_patch} is read by {@link LettaPatch}. A call Letta refuses (an argument missing, line numbers
 * in the text, a replace that does not occur once) can not be applied: the value after it is unknown unless its
 * result says it failed, when nothing changed.
 */
final class LettaMemoryTool {

    /** The context each call is applied in: where its blocks are, and what its result says. */
    record Call(Event event, ToolCall call, Function<String, MemoryBook.Page> pages, boolean failed,
                Optional<Event> result) {

        /** Adds an operation on {@code label}: {@code applied} is the value after, when the call could be applied. */
        void record(String label, MemoryOp op, Optional<String> applied, String change) {
            MemoryBook.Page page = pages.apply(label);
            Optional<String> before = page.current;
            page.add(new MemoryOperation(op, event, call.name(), before, failed ? before : applied, applied, change,
                    failed, result));
        }

        /**
         * A deletion: Letta answers a block it could not detach with an {@code "Error performing delete: …"} message in
         * an OK result, which changed nothing either.
         */
        void deleted(String label) {
            boolean refused = CallResults.message(result).map(m -> m.content().contains("Error performing delete"))
                    .orElse(false);
            Call c = refused ? new Call(event, call, pages, true, result) : this;
            c.record(label, MemoryOp.DELETE, Optional.empty(), "");
        }

        /** The value the result reports, when it holds {@code text} (see {@link LettaResult}); else {@code applied}. */
        Optional<String> reportedOr(String text, Optional<String> applied) {
            return failed ? applied : LettaResult.reportedValue(result, text).or(() -> applied);
        }

        Optional<String> current(String label) {
            return pages.apply(label).current;
        }

        Optional<String> arg(String name) {
            return call.argument(name);
        }
    }

    private LettaMemoryTool() {
    }

    static boolean isTool(String name) {
        return name.equals("memory") || name.equals("memory_apply_patch");
    }

    static void apply(Call c) {
        if (c.call().name().equals("memory_apply_patch")) {
            patch(c);
        } else {
            command(c);
        }
    }

    private static void command(Call c) {
        String command = c.arg("command").orElse("");
        switch (command) {
            case "create" -> c.arg("path").ifPresent(path -> {
                String text = c.arg("file_text").orElse("");
                c.record(label(path), MemoryOp.WRITE,
                        c.arg("description").isPresent() ? Optional.of(text) : Optional.empty(), text);
            });
            case "str_replace" -> c.arg("path").ifPresent(path -> {
                Optional<String> old = c.arg("old_string");
                Optional<String> now = c.arg("new_string");
                String label = label(path);
                c.record(label, MemoryOp.REPLACE, c.reportedOr(now.orElse(""), c.current(label)
                        .flatMap(v -> old.flatMap(o -> now.flatMap(n -> replaceOnce(v, o, n))))), now.orElse(""));
            });
            case "insert" -> c.arg("path").ifPresent(path -> {
                Optional<String> text = c.arg("insert_text");
                Optional<Integer> at = c.arg("insert_line").map(LettaMemoryTool::integer);
                String label = flatLabel(path);
                c.record(label, MemoryOp.APPEND, c.reportedOr(text.orElse(""), c.current(label)
                        .flatMap(v -> text.flatMap(t -> at.filter(n -> !refused(t))
                                .flatMap(n -> LettaBlocks.insert(LettaPatch.expandTabs(v), LettaPatch.expandTabs(t), n))))),
                        text.orElse(""));
            });
            case "delete" -> c.arg("path").ifPresent(path -> c.deleted(flatLabel(path)));
            case "rename" -> {
                Optional<String> from = c.arg("old_path");
                Optional<String> to = c.arg("new_path");
                boolean description = c.arg("path").isPresent() && c.arg("description").filter(d -> !d.isEmpty())
                        .isPresent();
                if (!description && from.isPresent() && to.isPresent()) {
                    rename(c, flatLabel(from.get()), flatLabel(to.get()));
                }
            }
            default -> {
                // Letta answers an unknown command with an error: nothing to follow
            }
        }
    }

    private static void rename(Call c, String from, String to) {
        Optional<String> value = c.current(from);
        c.record(from, MemoryOp.DELETE, Optional.empty(), "renamed to " + to);
        c.record(to, MemoryOp.WRITE, value, value.orElse(""));
    }

    private static void patch(Call c) {
        String patch = c.arg("patch").orElse("");
        if (LettaPatch.refused(patch)) {
            c.arg("label").filter(l -> !l.isEmpty()).ifPresent(l -> c.record(l, MemoryOp.REPLACE, Optional.empty(),
                    patch));
            return;
        }
        if (!LettaPatch.extended(patch)) {
            c.arg("label").filter(l -> !l.isEmpty()).ifPresent(l -> c.record(l, MemoryOp.REPLACE,
                    c.current(l).flatMap(v -> LettaPatch.applyHunks(v, patch)), patch));
            return;
        }
        for (LettaPatch.Action a : LettaPatch.actions(patch).orElse(List.of())) {
            switch (a.kind()) {
                case "add" -> {
                    String value = LettaPatch.added(a.body());
                    c.record(a.label(), MemoryOp.WRITE, Optional.of(value), value);
                }
                case "delete" -> c.deleted(a.label());
                case "rename" -> rename(c, a.label(), a.newLabel());
                default -> c.record(a.label(), MemoryOp.REPLACE,
                        c.current(a.label()).flatMap(v -> LettaPatch.applyHunks(v, a.body())), a.body());
            }
        }
    }

    /** Letta's {@code memory_str_replace}: {@code old} must occur once, tabs expanded. */
    private static Optional<String> replaceOnce(String value, String old, String now) {
        if (refused(old) || LettaPatch.LINE_NUMBER.matcher(now).find()) {
            return Optional.empty();
        }
        String v = LettaPatch.expandTabs(value);
        String o = LettaPatch.expandTabs(old);
        int first = v.indexOf(o);
        // Python's str.count: occurrences that do not overlap
        if (o.isEmpty() || first < 0 || v.indexOf(o, first + o.length()) >= 0) {
            return Optional.empty();
        }
        return Optional.of(v.replace(o, LettaPatch.expandTabs(now)));
    }

    private static boolean refused(String text) {
        return LettaPatch.LINE_NUMBER.matcher(text).find() || text.contains(LettaPatch.LINE_NUMBER_WARNING);
    }

    /** The label {@code create} and {@code str_replace} take from a path. */
    static String label(String path) {
        String p = path.startsWith("/memories/") ? path.substring("/memories/".length()) : path;
        return p.startsWith("/") ? p.substring(1) : p;
    }

    /** The label {@code insert}, {@code delete} and {@code rename} take from a path: a {@code /} in it becomes {@code _}. */
    static String flatLabel(String path) {
        return label(path).replace('/', '_');
    }

    private static int integer(String s) {
        try {
            return new java.math.BigDecimal(s).intValueExact();
        } catch (ArithmeticException | NumberFormatException e) {
            return Integer.MIN_VALUE;
        }
    }
}
