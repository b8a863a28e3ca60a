package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Every record of the format was read. A record with a known keyword whose fields did not parse, or the end of
 * a file that was cut short, is data no other rule saw: without this finding a thread could pass on records
 * that were never read. Lines with no known keyword (a retry notice, a print) are not findings: logs have them.
 */
public final class UnparsedRecords extends DescribedRule {

    public UnparsedRecords() {
        super("unparsed-records", "every record of the format was read", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.Unparsed unparsed && unparsed.malformed()) {
                String where = e.source().firstLine() == e.source().lastLine()
                        ? "line " + e.source().firstLine() : "lines " + e.source().firstLine() + "–" + e.source().lastLine();
                String what = e.keyword().isEmpty() ? "record" : e.keyword() + " record";
                problems.add(new RuleOutcome.Problem(OptionalInt.empty(),
                        what + " at " + where + " was not read: " + unparsed.reason(), List.of(e)));
            }
        }
        return RuleOutcome.of(problems);
    }
}
