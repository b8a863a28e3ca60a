package dev.tracedeck.desktop.detail;

import static dev.tracedeck.desktop.detail.DetailStyles.*;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.textcalls.found.FoundTextCall;
import dev.tracedeck.desktop.common.KindStyles;
import dev.tracedeck.desktop.triage.FindingMarks;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.state.StateSnapshot;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns an event into the detail pane's text: a header (kind, keyword, seq, thread, time, source
 * "file:lines"), the findings it is evidence of, what the payload says, and the record's text as logged
 * with its source line numbers. Pure: runs on any thread, and tests read its output as text.
 */
public final class DetailRenderer {

    private DetailRenderer() {
    }

    public static DetailDocument render(Event event) {
        return render(event, List.of());
    }

    /** @param findings the findings {@code event} is evidence of, listed under its title */
    public static DetailDocument render(Event event, List<Finding> findings) {
        return render(event, findings, Optional.empty());
    }

    /**
     * @param findings the findings {@code event} is evidence of, listed under its title, the one to look at
     *                 first: for a state dump, the first that blames one of its entries brings that entry into view
     * @param previous for a state dump, the thread's dump before it, which says what a changed entry was
     */
    public static DetailDocument render(Event event, List<Finding> findings, Optional<StateSnapshot> previous) {
        return render(event, findings, previous, List.of());
    }

    /**
     * @param textCalls the tool calls written as text that {@code event} first shows (its message, or its new
     *                  state entries): each is shown parsed, and its span marked in the entry's row
     */
    public static DetailDocument render(Event event, List<Finding> findings, Optional<StateSnapshot> previous,
                                        List<FoundTextCall> textCalls) {
        return render(event, findings, previous, textCalls, FindingMarks.NONE);
    }

    /** @param marks the triage mark a person put on each finding, shown under it */
    public static DetailDocument render(Event event, List<Finding> findings, Optional<StateSnapshot> previous,
                                        List<FoundTextCall> textCalls, FindingMarks marks) {
        DetailDocument.Builder out = DetailDocument.builder();
        title(out, event);
        FindingsSection.append(out, event, findings, marks);
        fields(out, event);
        TextCallSection.append(out, textCalls);
        PayloadSections.append(out, event.payload(), StateMarks.of(event, findings, previous).withTextCalls(textCalls));
        logText(out, event);
        return out.build();
    }

    /** What the pane says when nothing is selected. */
    public static DetailDocument placeholder(String text) {
        return DetailDocument.builder().line(text, MUTED).build();
    }

    private static void title(DetailDocument.Builder out, Event event) {
        out.add(" " + event.kind().label().toUpperCase(Locale.ROOT) + " ", "d-kind " + KindStyles.cssName(event.kind()));
        if (!event.keyword().isEmpty() && !sameWord(event.keyword(), event.kind().label())) {
            out.add("  " + event.keyword(), TITLE);
        }
        out.add("  #" + event.seq(), MUTED).end(TITLE);
    }

    private static void fields(DetailDocument.Builder out, Event event) {
        out.blank();
        out.add(SectionLayout.pad("thread", SectionLayout.KEY_WIDTH), KEY).add(event.threadId().isEmpty() ? "(run)" : event.threadId(), VALUE).end();
        out.add(SectionLayout.pad("time", SectionLayout.KEY_WIDTH), KEY).add(event.time().isEmpty() ? "(not logged)" : event.time(), VALUE).end();
        // The name and lines read at a glance; the folder it is in (the path as given, less the name) on a row of its
        // own. The pane wraps only at spaces, so a whole path would be cut anywhere, a file name included.
        SourceRef source = event.source();
        String name = fileName(source.file());
        out.add(SectionLayout.pad("source", SectionLayout.KEY_WIDTH), KEY).add(name + ":" + source.lines(), SOURCE).end();
        if (source.hasPointer()) {
            // Where in the JSON document: a line of a JSON Lines file or a pretty-printed array holds many values.
            out.add(SectionLayout.pad("pointer", SectionLayout.KEY_WIDTH), KEY).add(source.pointer(), SOURCE).end();
        }
        if (!name.equals(source.file())) {
            out.add(SectionLayout.pad("folder", SectionLayout.KEY_WIDTH), KEY)
                    .add(source.file().substring(0, source.file().length() - name.length()), MUTED).end();
        }
    }

    private static String fileName(String file) {
        int slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
        return file.substring(slash + 1);
    }

    /** "TOOL_CALL" and "tool call" say the same; "MSG" and "message" do not quite. */
    private static boolean sameWord(String keyword, String label) {
        return keyword.replace('_', ' ').equalsIgnoreCase(label);
    }

    /** The record as logged, each physical line numbered like an editor would, so it can be found in the file. */
    private static void logText(DetailDocument.Builder out, Event event) {
        SourceRef source = event.source();
        String whole = event.text();    // read from the file, for a log's record kept there: once
        String text = whole.length() > SectionLayout.MAX_BLOCK ? whole.substring(0, SectionLayout.MAX_BLOCK) : whole;
        String[] lines = text.split("\r?\n", -1);
        // A state dump's text is its header line; its entries' lines are listed with the entries above.
        String note = lines.length == 1 && source.lineCount() > 1 ? "line " + source.firstLine() + " of " + source.lines()
                : source.lineCount() == 1 ? "line " + source.lines() : "lines " + source.lines();
        SectionLayout.heading(out, "Log text", note);
        int width = Integer.toString(source.firstLine() + lines.length - 1).length();
        for (int i = 0; i < lines.length; i++) {
            out.gutter(SectionLayout.padLeft(Integer.toString(source.firstLine() + i), width) + " │ ", LINE_NO);
            out.add(lines[i]).end();
        }
        if (text.length() < whole.length()) {
            SectionLayout.note(out, "… the rest of this record is not shown");
        }
    }
}
