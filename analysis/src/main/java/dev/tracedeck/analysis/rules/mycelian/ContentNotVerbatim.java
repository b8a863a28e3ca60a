package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Previews;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Persisted content is the message verbatim. The log shows messages only as previews (stripped, cut at 200
 * characters), so the comparison covers what both sides show, and says how much that was.
 */
public final class ContentNotVerbatim extends DescribedRule {

    public ContentNotVerbatim() {
        super("content-not-verbatim", "persisted content is the message verbatim", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        MemoryCalls memory = MemoryCalls.of(Turns.of(thread), p.memoryTool());
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        int compared = 0;
        for (var entry : memory.byMsgIdx().entrySet()) {
            int idx = entry.getKey();
            Optional<Payload.ConversationMessage> message = memory.message(idx);
            for (ObservedCall call : entry.getValue()) {
                Optional<String> persisted = PersistedArgs.content(call);
                if (message.isEmpty() || persisted.isEmpty()) {
                    continue;
                }
                compared++;
                mismatch(message.get(), persisted.get()).ifPresent(why -> problems.add(new RuleOutcome.Problem(
                        OptionalInt.of(idx), "msg_idx " + idx + ": persisted content differs from the message " + why,
                        memory.evidence(idx, List.of(call)))));
            }
        }
        return compared == 0 ? RuleOutcome.notApplicable("no " + p.memoryTool() + " call with readable content arguments")
                : RuleOutcome.of(problems);
    }

    /**
     * Why the two differ, or empty when they agree over what both show. Positions and counts are code points,
     * as the Python logger counted them when it cut the preview.
     */
    static Optional<String> mismatch(Payload.ConversationMessage message, String persistedContent) {
        String shown = Previews.shownPart(message.message().content(), message.previewCut());
        String persisted = PythonText.strip(persistedContent);
        int shownLength = PythonText.length(shown);
        String comparable = message.previewCut() ? PythonText.prefix(persisted, shownLength) : persisted;
        if (comparable.equals(shown)) {
            return Optional.empty();
        }
        int at = PythonText.firstDifference(comparable, shown);
        String scope = message.previewCut()
                ? "(compared the first " + shownLength + " of " + message.fullLength() + " characters; the log cut the rest)"
                : "(compared all " + shownLength + " characters)";
        return Optional.of("at character " + (at + 1) + " " + scope);
    }
}
