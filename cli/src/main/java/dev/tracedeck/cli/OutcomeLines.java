package dev.tracedeck.cli;

import dev.tracedeck.analysis.outcome.TraceOutcomes;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.engine.text.TerminalText;
import java.util.ArrayList;
import java.util.List;

/**
 * What a trace says of its own runs, for a text report: the counts by verdict, then the failures, errors and stops
 * one a line with their thread and place, the first {@value #SHOWN} of them (the JSON reports have every one).
 */
final class OutcomeLines {

    static final int SHOWN = 10;

    private OutcomeLines() {
    }

    /** The lines, each indented by {@code indent}; none when the trace says nothing of its runs. */
    static List<String> of(TraceOutcomes outcomes, String indent) {
        List<String> lines = new ArrayList<>();
        if (outcomes.isEmpty()) {
            return lines;
        }
        lines.add(indent + outcomes.sentence());
        List<TraceOutcomes.Said> bad = outcomes.bad();
        for (TraceOutcomes.Said s : bad.subList(0, Math.min(SHOWN, bad.size()))) {
            lines.add(indent + "  " + TerminalText.line(s.threadLabel()) + "  " + TerminalText.line(s.outcome().line())
                    + "  (" + TerminalText.line(s.outcome().at().source().display()) + ")");
        }
        if (bad.size() > SHOWN) {
            lines.add(indent + "  … and " + CountFormat.count(bad.size() - SHOWN) + " more");
        }
        return lines;
    }
}
