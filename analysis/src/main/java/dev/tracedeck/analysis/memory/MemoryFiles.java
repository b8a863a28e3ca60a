package dev.tracedeck.analysis.memory;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files a coding agent keeps as memory, and its todo list. A memory file is one named {@code CLAUDE.md} or
 * {@code AGENTS.md}, or one under a folder named {@code memory} or {@code .claude}. Claude Code writes them with
 * {@code Write} (the whole file), {@code Edit} ({@code old_string} to {@code new_string}, every occurrence with
 * {@code replace_all}) and {@code MultiEdit} (its {@code edits} in turn); its {@code TodoWrite} replaces the whole
 * todo list. Codex writes them with {@code apply_patch} patches ({@code *** Add File:}, {@code *** Update File:},
 * {@code *** Delete File:}), called alone or through its shell; only the path and the lines added are known then.
 * A file's value is known from a {@code Write} on; an edit whose old text is not in it leaves it unknown.
 */
final class MemoryFiles {

    static final String TODO = "todo list";
    private static final Pattern PATCH_FILE = Pattern.compile("\\*\\*\\* (Add|Update|Delete) File: ([^\\n\"\\\\]+)");

    private MemoryFiles() {
    }

    static boolean isTool(String name) {
        return switch (name) {
            case "Write", "Edit", "MultiEdit", "TodoWrite", "apply_patch", "shell", "exec_command", "local_shell",
                 "container.exec" -> true;
            default -> false;
        };
    }

    /** A file an agent keeps as memory, by its path. */
    static boolean isMemoryFile(String path) {
        String p = path.replace('\\', '/');
        String name = p.substring(p.lastIndexOf('/') + 1);
        if (name.equals("CLAUDE.md") || name.equals("AGENTS.md") || name.equals("CLAUDE.local.md")) {
            return true;
        }
        String[] parts = p.split("/");
        for (int i = 0; i < parts.length - 1; i++) {
            if (parts[i].equals("memory") || parts[i].equals(".claude")) {
                return true;
            }
        }
        return false;
    }

    static void apply(Event e, ToolCall call, CallResults results, MemoryBook book) {
        switch (call.name()) {
            case "TodoWrite" -> todo(e, call, results, book);
            case "Write", "Edit", "MultiEdit" -> claudeEdit(e, call, results, book);
            default -> patch(e, call, results, book);
        }
    }

    private static void todo(Event e, ToolCall call, CallResults results, MemoryBook book) {
        Optional<JsonValue> todos = call.arguments().flatMap(a -> a.get("todos"));
        if (todos.isEmpty() || !(todos.get() instanceof JsonValue.JsonArray list)) {
            return;
        }
        StringBuilder value = new StringBuilder();
        for (JsonValue item : list.items()) {
            String status = item.get("status").flatMap(JsonValue::asText).orElse("");
            String content = item.get("content").flatMap(JsonValue::asText).orElse("");
            value.append(value.isEmpty() ? "" : "\n").append('[').append(status).append("] ").append(content);
        }
        MemoryBook.Page page = book.page(TODO, "todo");
        Optional<Event> result = results.result(call);
        boolean failed = failed(result);
        Optional<String> after = failed ? page.current : Optional.of(value.toString());
        page.add(new MemoryOperation(MemoryOp.WRITE, e, call.name(), page.current, after, Optional.of(value.toString()),
                value.toString(), failed,
                result));
    }

    private static void claudeEdit(Event e, ToolCall call, CallResults results, MemoryBook book) {
        Optional<String> path = call.argument("file_path");
        if (path.isEmpty() || !isMemoryFile(path.get())) {
            return;
        }
        MemoryBook.Page page = book.page(path.get(), "file");
        Optional<Event> result = results.result(call);
        boolean failed = failed(result);
        Optional<String> before = page.current;
        Optional<String> applied;
        MemoryOp op;
        String change;
        if (call.name().equals("Write")) {
            op = MemoryOp.WRITE;
            applied = call.argument("content");
            change = applied.orElse("");
        } else {
            op = MemoryOp.REPLACE;
            List<JsonValue> edits = new ArrayList<>();
            if (call.name().equals("Edit")) {
                call.arguments().ifPresent(edits::add);
            } else if (call.arguments().flatMap(a -> a.get("edits")).orElse(null) instanceof JsonValue.JsonArray list) {
                edits.addAll(list.items());
            }
            applied = before;
            StringBuilder added = new StringBuilder();
            for (JsonValue edit : edits) {
                Optional<String> old = edit.get("old_string").flatMap(JsonValue::asText);
                Optional<String> now = edit.get("new_string").flatMap(JsonValue::asText);
                boolean all = edit.get("replace_all").flatMap(JsonValue::asText).map("true"::equals).orElse(false);
                now.ifPresent(n -> added.append(added.isEmpty() ? "" : "\n").append(n));
                applied = applied.filter(v -> old.isPresent() && now.isPresent() && !old.get().isEmpty()
                        && v.contains(old.get()))
                        .map(v -> all ? v.replace(old.get(), now.get()) : replaceFirst(v, old.get(), now.get()));
            }
            change = added.toString();
        }
        Optional<String> after = failed ? before : applied;
        page.add(new MemoryOperation(op, e, call.name(), before, after, applied, change, failed, result));
    }

    private static void patch(Event e, ToolCall call, CallResults results, MemoryBook book) {
        String raw = call.arguments().flatMap(a -> a.get("input")).flatMap(JsonValue::asText).orElse(call.rawArguments());
        Matcher m = PATCH_FILE.matcher(raw);
        List<int[]> starts = new ArrayList<>();
        List<String[]> files = new ArrayList<>();
        while (m.find()) {
            starts.add(new int[] {m.start(), m.end()});
            files.add(new String[] {m.group(1), m.group(2).strip()});
        }
        Optional<Event> result = results.result(call);
        boolean failed = failed(result);
        for (int i = 0; i < files.size(); i++) {
            String path = files.get(i)[1];
            if (!isMemoryFile(path)) {
                continue;
            }
            String body = raw.substring(starts.get(i)[1], i + 1 < starts.size() ? starts.get(i + 1)[0] : raw.length());
            StringBuilder added = new StringBuilder();
            for (String line : body.replace("\\n", "\n").split("\n")) {
                if (line.startsWith("+")) {
                    added.append(added.isEmpty() ? "" : "\n").append(line.substring(1));
                }
            }
            MemoryOp op = switch (files.get(i)[0]) {
                case "Add" -> MemoryOp.WRITE;
                case "Delete" -> MemoryOp.DELETE;
                default -> MemoryOp.REPLACE;
            };
            MemoryBook.Page page = book.page(path, "file");
            Optional<String> before = page.current;
            Optional<String> after = failed ? before
                    : op == MemoryOp.WRITE ? Optional.of(added.toString()) : Optional.empty();
            page.add(new MemoryOperation(op, e, call.name(), before, after,
                    op == MemoryOp.WRITE ? Optional.of(added.toString()) : Optional.empty(), added.toString(), failed, result));
        }
    }

    private static String replaceFirst(String in, String old, String now) {
        int at = in.indexOf(old);
        return in.substring(0, at) + now + in.substring(at + old.length());
    }

    /**
     * True when the result is an error: the import prefixes a result Anthropic marks {@code is_error} with
     * {@code [error] }, and Claude Code wraps a refused edit in {@code <tool_use_error>}.
     */
    private static boolean failed(Optional<Event> result) {
        return CallResults.message(result).map(m -> m.content().startsWith("[error] ")
                || m.content().strip().startsWith("<tool_use_error>")).orElse(false);
    }
}
