package dev.tracedeck.desktop.detail;

import static dev.tracedeck.desktop.detail.DetailStyles.*;

import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.textcalls.TextSpan;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.state.SnapshotDiff;
import dev.tracedeck.model.state.SnapshotSection;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A state dump: what this turn did (the diff), then every entry on one row with a gutter mark — "+" for
 * entries this turn appended, "~" for entries it changed, with a "was" row under it showing the previous
 * dump's entry and what differs, "!" for an entry a finding blames, tinted in the finding's severity — and the
 * source line the entry was logged on.
 */
final class StateSection {

    /** Labels longer than this push their content right instead of widening every row. */
    private static final int MAX_LABEL_WIDTH = 28;

    private StateSection() {
    }

    static void append(DetailDocument.Builder out, Payload.StateDump dump) {
        append(out, dump, StateMarks.NONE);
    }

    static void append(DetailDocument.Builder out, Payload.StateDump dump, StateMarks marks) {
        StateSnapshot snapshot = dump.snapshot();
        SnapshotDiff diff = dump.diff();
        SectionLayout.heading(out, "State");
        if (!snapshot.hasMessageList()) {
            SectionLayout.field(out, "state type", snapshot.stateType().isEmpty() ? "(not logged)" : snapshot.stateType());
            if (!snapshot.keys().isEmpty()) {
                SectionLayout.field(out, "keys", snapshot.keys());
            }
            if (snapshot.sections().isEmpty()) {
                SectionLayout.note(out, "This dump found no message list, so there are no entries to show.");
            }
            // A state of named parts without a conversation (a Letta agent's memory blocks) shows its parts.
            for (SnapshotSection section : snapshot.sections()) {
                section(out, section, marks);
            }
            return;
        }
        SectionLayout.field(out, "messages", CountFormat.count(snapshot.size()));
        if (snapshot.isIncomplete()) {
            SectionLayout.warning(out, "The header announced " + snapshot.declaredSize() + " messages but "
                    + snapshot.size() + " entries were found: lines are missing or extra.");
        }
        diffLine(out, diff);
        entries(out, snapshot, diff, marks);
        for (SnapshotSection section : snapshot.sections()) {
            section(out, section, marks);
        }
    }

    /**
     * A message list the state keeps beside its conversation (LangGraph's {@code execution_buffer}): its entries,
     * "+" for those appended since the previous dump's section of the same name.
     */
    private static void section(DetailDocument.Builder out, SnapshotSection section, StateMarks marks) {
        List<StateEntry> before = marks.previous().flatMap(p -> p.section(section.name()))
                .map(SnapshotSection::entries).orElse(List.of());
        SnapshotDiff diff = SnapshotDiff.between(before, section.entries());
        SectionLayout.heading(out, "Section " + section.name(), CountFormat.count(section.size(), "message", "messages")
                + (diff.appendedCount() > 0 ? " · +" + diff.appendedCount() + " appended" : "")
                + (diff.removedCount() > 0 ? " · -" + diff.removedCount() + " removed" : ""));
        int idxWidth = 3;
        int lineWidth = 4;
        int labelWidth = 4;
        for (int i = 0; i < section.size(); i++) {
            StateEntry entry = section.entries().get(i);
            idxWidth = Math.max(idxWidth, Integer.toString(entry.idx()).length());
            lineWidth = Math.max(lineWidth, Integer.toString(section.lines().get(i)).length());
            labelWidth = Math.max(labelWidth, Math.min(MAX_LABEL_WIDTH, who(entry).length() + tools(entry).length()));
        }
        Columns columns = new Columns(idxWidth, lineWidth, labelWidth);
        for (int i = 0; i < section.size(); i++) {
            entry(out, section.entries().get(i), section.lines().get(i), diff.isAppended(i), diff.isChanged(i), null,
                    Optional.empty(), columns, List.of());
        }
    }

    private static void diffLine(DetailDocument.Builder out, SnapshotDiff diff) {
        out.add(SectionLayout.pad("this turn", SectionLayout.KEY_WIDTH), KEY);
        if (diff.previousSize() == 0 && diff.appendedFrom() == 0) {
            out.add("first dump of this thread", MUTED).add(" · ").add("+" + diff.appendedCount() + " appended", APPENDED);
            out.end();
            return;
        }
        // Only the parts that happened: "+2 appended", never "+2 appended · ~0 changed · -0 removed".
        String sep = "";
        if (diff.appendedCount() > 0) {
            out.add("+" + diff.appendedCount() + " appended", APPENDED);
            sep = " · ";
        }
        if (!diff.changed().isEmpty()) {
            out.add(sep).add("~" + diff.changed().size() + " changed", CHANGED);
            sep = " · ";
        }
        if (diff.removedCount() > 0) {
            out.add(sep).add("-" + diff.removedCount() + " removed", WARNING);
            sep = " · ";
        }
        if (sep.isEmpty()) {
            out.add("no change", MUTED);
        }
        out.add(" · was " + CountFormat.count(diff.previousSize(), "message", "messages"), MUTED).end();
    }

    private static void entries(DetailDocument.Builder out, StateSnapshot snapshot, SnapshotDiff diff, StateMarks marks) {
        int idxWidth = 3;
        int lineWidth = 4;
        int labelWidth = 4;
        for (int i = 0; i < snapshot.size(); i++) {
            StateEntry entry = snapshot.entries().get(i);
            idxWidth = Math.max(idxWidth, Integer.toString(entry.idx()).length());
            lineWidth = Math.max(lineWidth, Integer.toString(snapshot.entryLine(i)).length());
            labelWidth = Math.max(labelWidth, Math.min(MAX_LABEL_WIDTH, who(entry).length() + tools(entry).length()));
        }
        SectionLayout.heading(out, "Entries", "+ appended by this turn   ~ changed by this turn"
                + (marks.blamed().isEmpty() ? "" : "   ! blamed by a finding"));
        out.gutter("   " + SectionLayout.padLeft("idx", idxWidth) + "  " + SectionLayout.padLeft("line", lineWidth) + "  "
                + SectionLayout.pad("type", labelWidth) + " ", MUTED).add("content", MUTED).end();
        Columns columns = new Columns(idxWidth, lineWidth, labelWidth);
        for (int i = 0; i < snapshot.size(); i++) {
            StateEntry entry = snapshot.entries().get(i);
            boolean changed = diff.isChanged(i);
            Optional<StateEntry> was = changed ? entryAt(marks.previous(), i) : Optional.empty();
            Severity blamed = marks.blamed().get(i);
            if (i == marks.focus()) {
                out.focus();
            }
            entry(out, entry, snapshot.entryLine(i), diff.isAppended(i), changed, blamed, was, columns,
                    marks.textCalls().getOrDefault(i, List.of()));
            was.ifPresent(before -> was(out, before, entry, blamed, columns));
        }
    }

    private static Optional<StateEntry> entryAt(Optional<StateSnapshot> snapshot, int position) {
        return snapshot.filter(s -> s.size() > position).map(s -> s.entries().get(position));
    }

    /** The widths of the gutter's columns, the same on every row so the content column lines up. */
    private record Columns(int idx, int line, int label) {
    }

    private static void entry(DetailDocument.Builder out, StateEntry entry, int line, boolean appended, boolean changed,
                              Severity blamed, Optional<StateEntry> was, Columns columns, List<TextSpan> textCalls) {
        int idxWidth = columns.idx();
        int lineWidth = columns.line();
        int labelWidth = columns.label();
        String mark = appended ? APPENDED : changed ? CHANGED : "";
        if (blamed != null) {
            out.gutter("!", BLAMED + " " + BLAMED + "-" + blamed.id());
        } else {
            out.gutter(" ", "");
        }
        out.gutter((appended ? "+" : changed ? "~" : " ") + " ", mark);
        out.gutter(SectionLayout.padLeft(Integer.toString(entry.idx()), idxWidth), VALUE);
        out.gutter("  " + SectionLayout.padLeft(Integer.toString(line), lineWidth), LINE_NO);
        out.gutter("  ", "");
        String who = who(entry);
        String tools = tools(entry);
        // Cut to the column so every gutter is as wide as the heading's and the content column lines up.
        String label = who.length() + tools.length() > labelWidth ? (who + tools).substring(0, labelWidth - 1) + "…" : null;
        if (label != null) {
            out.gutter(label, ENTRY_TYPE);
        } else {
            out.gutter(who, ENTRY_TYPE);
            if (!tools.isEmpty()) {
                out.gutter(tools, TOOL);
            }
        }
        out.gutter(" ".repeat(Math.max(0, labelWidth - who.length() - tools.length())) + " ", "");
        String content = SectionLayout.oneLine(entry.content());
        if (was.isPresent()) {
            InlineDiff diff = InlineDiff.of(SectionLayout.oneLine(was.get().content()), content);
            out.add(diff.afterStart()).add(diff.added(), DIFF_INS).add(diff.afterEnd());
        } else if (!textCalls.isEmpty()) {
            contentWithCalls(out, entry.content(), textCalls, appended ? VALUE : "");
        } else {
            out.add(content, appended ? VALUE : "");
        }
        if (entry.contentCut()) {
            out.add(" …cut", CUT);
        }
        out.end(lineStyle(appended, changed, blamed));
    }

    /** The entry's content on its row, the spans of the calls it writes as text marked. */
    private static void contentWithCalls(DetailDocument.Builder out, String content, List<TextSpan> spans, String style) {
        int at = 0;
        for (TextSpan span : spans) {
            int start = Math.max(at, span.start());
            int end = Math.min(content.length(), span.end());
            if (start >= end) {
                continue;
            }
            // Each piece on its own: making a piece one line must not move the offsets of the next.
            out.add(SectionLayout.oneLine(content.substring(at, start)), style).add(SectionLayout.oneLine(content.substring(start, end)), TEXT_CALL);
            at = end;
        }
        out.add(SectionLayout.oneLine(content.substring(at)), style);
    }

    /**
     * Under a changed entry: what the previous dump held at its position, the parts that differ marked, and
     * its type when that changed too.
     */
    private static void was(DetailDocument.Builder out, StateEntry before, StateEntry now, Severity blamed, Columns columns) {
        out.gutter(" ".repeat(3 + columns.idx() + 2 + columns.line() + 2), "");
        out.gutter(SectionLayout.pad("was", columns.label()) + " ", WAS);
        String label = who(before) + tools(before);
        if (!label.equals(who(now) + tools(now))) {
            out.add(label.strip(), DIFF_DEL).add("  ");
        }
        InlineDiff diff = InlineDiff.of(SectionLayout.oneLine(before.content()), SectionLayout.oneLine(now.content()));
        out.add(diff.beforeStart(), WAS).add(diff.removed(), DIFF_DEL).add(diff.beforeEnd(), WAS);
        if (before.contentCut()) {
            out.add(" …cut", CUT);
        }
        out.end(lineStyle(false, true, blamed));
    }

    /** A blamed entry's tint wins: it is why the pane was opened here. */
    private static String lineStyle(boolean appended, boolean changed, Severity blamed) {
        return blamed != null ? BLAMED_LINE + "-" + blamed.id() : appended ? APPENDED_LINE : changed ? CHANGED_LINE : "";
    }

    /** "chat/user", or the type alone when the dump gave no role. */
    private static String who(StateEntry entry) {
        return entry.role().isEmpty() ? entry.type() : entry.type() + "/" + entry.role();
    }

    /**
     * " → add_entry,add_entry" for an entry that called tools, "" otherwise; shorter than the log's label. A name
     * {@code --parse-text-calls} added says so: the log shows no such call.
     */
    private static String tools(StateEntry entry) {
        if (!entry.hasToolCalls()) {
            return "";
        }
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < entry.toolNames().size(); i++) {
            shown.add(entry.toolNames().get(i) + (entry.isParsedFromText(i) ? " (from text)" : ""));
        }
        String names = shown.isEmpty() ? entry.toolCallCount() + " tool calls" : String.join(",", shown);
        return " → " + names + (entry.toolNamesCut() ? "…" : "");
    }
}
