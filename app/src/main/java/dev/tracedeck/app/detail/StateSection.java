package dev.tracedeck.app.detail;

import static dev.tracedeck.app.detail.DetailStyles.*;

import dev.tracedeck.app.common.Numbers;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.state.SnapshotDiff;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;

/**
 * A state dump: what this turn did (the diff), then every entry on one row with a gutter mark — "+" for
 * entries this turn appended, "~" for entries it changed — and the source line the entry was logged on.
 */
final class StateSection {

    /** Labels longer than this push their content right instead of widening every row. */
    private static final int MAX_LABEL_WIDTH = 28;

    private StateSection() {
    }

    static void append(DetailDocument.Builder out, Payload.StateDump dump) {
        StateSnapshot snapshot = dump.snapshot();
        SnapshotDiff diff = dump.diff();
        Blocks.heading(out, "State");
        if (!snapshot.hasMessageList()) {
            Blocks.field(out, "state type", snapshot.stateType().isEmpty() ? "(not logged)" : snapshot.stateType());
            if (!snapshot.keys().isEmpty()) {
                Blocks.field(out, "keys", snapshot.keys());
            }
            Blocks.note(out, "This dump found no message list, so there are no entries to show.");
            return;
        }
        Blocks.field(out, "messages", Numbers.count(snapshot.size()));
        if (snapshot.isIncomplete()) {
            Blocks.warning(out, "The header announced " + snapshot.declaredSize() + " messages but "
                    + snapshot.size() + " entries were found: lines are missing or extra.");
        }
        diffLine(out, diff);
        entries(out, snapshot, diff);
    }

    private static void diffLine(DetailDocument.Builder out, SnapshotDiff diff) {
        out.add(Blocks.pad("this turn", Blocks.KEY_WIDTH), KEY);
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
        out.add(" · was " + Numbers.count(diff.previousSize(), "message", "messages"), MUTED).end();
    }

    private static void entries(DetailDocument.Builder out, StateSnapshot snapshot, SnapshotDiff diff) {
        int idxWidth = 3;
        int lineWidth = 4;
        int labelWidth = 4;
        for (int i = 0; i < snapshot.size(); i++) {
            StateEntry entry = snapshot.entries().get(i);
            idxWidth = Math.max(idxWidth, Integer.toString(entry.idx()).length());
            lineWidth = Math.max(lineWidth, Integer.toString(snapshot.entryLine(i)).length());
            labelWidth = Math.max(labelWidth, Math.min(MAX_LABEL_WIDTH, who(entry).length() + tools(entry).length()));
        }
        Blocks.heading(out, "Entries", "+ appended by this turn   ~ changed by this turn");
        out.gutter("   " + Blocks.padLeft("idx", idxWidth) + "  " + Blocks.padLeft("line", lineWidth) + "  "
                + Blocks.pad("type", labelWidth) + " ", MUTED).add("content", MUTED).end();
        for (int i = 0; i < snapshot.size(); i++) {
            entry(out, snapshot.entries().get(i), snapshot.entryLine(i), diff.isAppended(i), diff.isChanged(i),
                    idxWidth, lineWidth, labelWidth);
        }
    }

    private static void entry(DetailDocument.Builder out, StateEntry entry, int line, boolean appended, boolean changed,
                              int idxWidth, int lineWidth, int labelWidth) {
        String mark = appended ? APPENDED : changed ? CHANGED : "";
        out.gutter(" " + (appended ? "+" : changed ? "~" : " ") + " ", mark);
        out.gutter(Blocks.padLeft(Integer.toString(entry.idx()), idxWidth), VALUE);
        out.gutter("  " + Blocks.padLeft(Integer.toString(line), lineWidth), LINE_NO);
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
        out.add(Blocks.oneLine(entry.content()), appended ? VALUE : "");
        if (entry.contentCut()) {
            out.add(" …cut", CUT);
        }
        out.end(appended ? APPENDED_LINE : changed ? CHANGED_LINE : "");
    }

    /** "chat/user", or the type alone when the dump gave no role. */
    private static String who(StateEntry entry) {
        return entry.role().isEmpty() ? entry.type() : entry.type() + "/" + entry.role();
    }

    /** " → add_entry,add_entry" for an entry that called tools, "" otherwise; shorter than the log's label. */
    private static String tools(StateEntry entry) {
        if (!entry.hasToolCalls()) {
            return "";
        }
        String names = entry.toolNames().isEmpty() ? entry.toolCallCount() + " tool calls" : String.join(",", entry.toolNames());
        return " → " + names + (entry.toolNamesCut() ? "…" : "");
    }
}
