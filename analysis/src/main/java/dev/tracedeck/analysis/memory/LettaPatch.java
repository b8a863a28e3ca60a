package dev.tracedeck.analysis.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Letta's {@code memory_apply_patch}, read as its executor ({@code LettaCoreToolExecutor.memory_apply_patch}) reads
 * it. A patch without {@code *** Add/Delete/Update Block:} or {@code *** Move to:} headers is one set of hunks for
 * the block its {@code label} names; with them, each header starts an action on the block it names, applied in turn:
 * an added block's value is its {@code +} lines, an update's body is hunks, {@code Move to} renames the block the
 * header before it named. A hunk's context and {@code -} lines must occur exactly once in the value's lines, and are
 * replaced by its context and {@code +} lines; a hunk of only {@code +} lines is added at the end.
 */
final class LettaPatch {

    /** What Letta refuses in a patch: line numbers as the prompt shows them ("12→"). */
    static final Pattern LINE_NUMBER = Pattern.compile("(?m)^[ \\t]*\\d+→[ \\t]*");
    static final String LINE_NUMBER_WARNING = "# NOTE: Line numbers shown below (with arrows like '1→') are to help"
            + " during editing. Do NOT include line number prefixes in your memory edit tool calls.";

    /** One action of an extended patch. */
    record Action(String kind, String label, String newLabel, String body) {
    }

    private LettaPatch() {
    }

    /** True when Letta refuses the patch whole before reading it. */
    static boolean refused(String patch) {
        return LINE_NUMBER.matcher(patch).find() || patch.contains(LINE_NUMBER_WARNING);
    }

    static boolean extended(String patch) {
        return patch.lines().anyMatch(l -> l.startsWith("*** Add Block:") || l.startsWith("*** Delete Block:")
                || l.startsWith("*** Update Block:") || l.startsWith("*** Move to:"));
    }

    /** The actions of an extended patch in order; empty when a header lacks its label (Letta raises). */
    static Optional<List<Action>> actions(String patch) {
        List<Action> out = new ArrayList<>();
        String kind = null;
        String label = null;
        String last = null;
        StringBuilder body = new StringBuilder();
        for (String ln : splitLines(patch)) {
            String header = header(ln);
            if (header != null) {
                String target = ln.substring(ln.indexOf(':') + 1).strip();
                if (target.isEmpty() || header.equals("rename") && last == null) {
                    return Optional.empty();
                }
                if (kind != null) {
                    out.add(new Action(kind, label, "", body.toString()));
                }
                kind = null;
                body.setLength(0);
                if (header.equals("rename")) {
                    out.add(new Action("rename", last, target, ""));
                } else if (header.equals("delete")) {
                    out.add(new Action("delete", target, "", ""));
                } else {
                    kind = header;
                    label = target;
                }
                last = target;
            } else if ("add".equals(kind)) {
                if (ln.startsWith("+")) {
                    body.append(ln.substring(1)).append('\n');
                } else if (ln.isBlank()) {
                    body.append('\n');
                }
            } else if ("update".equals(kind)) {
                body.append(ln).append('\n');
            }
        }
        if (kind != null) {
            out.add(new Action(kind, label, "", body.toString()));
        }
        return out.isEmpty() ? Optional.empty() : Optional.of(out);
    }

    private static String header(String ln) {
        if (ln.startsWith("*** Add Block:")) {
            return "add";
        } else if (ln.startsWith("*** Delete Block:")) {
            return "delete";
        } else if (ln.startsWith("*** Update Block:")) {
            return "update";
        } else if (ln.startsWith("*** Move to:")) {
            return "rename";
        }
        return null;
    }

    /** An added block's value: its lines, without the newlines at the end (Letta's {@code rstrip("\n")}). */
    static String added(String body) {
        String s = body;
        while (s.endsWith("\n")) {
            s = s.substring(0, s.length() - 1);
        }
        return s;
    }

    /** The value after the hunks of {@code patch}; empty when one does not apply (Letta raises, nothing changes). */
    static Optional<String> applyHunks(String value, String patch) {
        List<String> current = new ArrayList<>(List.of(expandTabs(value).split("\n", -1)));
        List<List<String>> hunks = new ArrayList<>();
        List<String> h = new ArrayList<>();
        for (String ln : splitLines(expandTabs(patch))) {
            if (ln.startsWith("*** ") || ln.startsWith("---") || ln.startsWith("+++")) {
                continue;
            }
            if (ln.startsWith("@@")) {
                if (!h.isEmpty()) {
                    hunks.add(h);
                    h = new ArrayList<>();
                }
            } else if (ln.startsWith(" ") || ln.startsWith("-") || ln.startsWith("+")) {
                h.add(ln);
            } else if (ln.isBlank()) {
                h.add(" ");
            }
        }
        if (!h.isEmpty()) {
            hunks.add(h);
        }
        if (hunks.isEmpty()) {
            return Optional.empty();
        }
        for (List<String> hunk : hunks) {
            List<String> expected = new ArrayList<>();
            List<String> replacement = new ArrayList<>();
            for (String ln : hunk) {
                String line = ln.substring(1);
                if (ln.charAt(0) != '+') {
                    expected.add(line);
                }
                if (ln.charAt(0) != '-') {
                    replacement.add(line);
                }
            }
            if (expected.isEmpty()) {
                current.addAll(replacement);
                continue;
            }
            int at = onlyOccurrence(current, expected);
            if (at < 0) {
                return Optional.empty();
            }
            List<String> next = new ArrayList<>(current.subList(0, at));
            next.addAll(replacement);
            next.addAll(current.subList(at + expected.size(), current.size()));
            current = next;
        }
        return Optional.of(String.join("\n", current));
    }

    /** Python's {@code str.splitlines()}: lines split at any line break, no empty line after a last break. */
    static List<String> splitLines(String text) {
        List<String> lines = new ArrayList<>(List.of(text.split("\\R", -1)));
        if (lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }

    /** Where {@code needle} starts in {@code hay}, when it occurs exactly once; -1 otherwise. */
    private static int onlyOccurrence(List<String> hay, List<String> needle) {
        int found = -1;
        for (int i = 0; i + needle.size() <= hay.size(); i++) {
            if (hay.subList(i, i + needle.size()).equals(needle)) {
                if (found >= 0) {
                    return -1;
                }
                found = i;
            }
        }
        return found;
    }

    /** Python's {@code str.expandtabs()}: each tab to the next column that is a multiple of 8. */
    static String expandTabs(String s) {
        if (s.indexOf('\t') < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length() + 16);
        int column = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\t') {
                int spaces = 8 - column % 8;
                out.append(" ".repeat(spaces));
                column += spaces;
            } else {
                out.append(c);
                column = c == '\n' || c == '\r' ? 0 : column + 1;
            }
        }
        return out.toString();
    }
}
