package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.analysis.rules.RuleParameters;
import java.util.List;
import java.util.Optional;

/** The flush protocol: await_consistency, then put_context, in the same turn. */
final class Flushes {

    private Flushes() {
    }

    /** Why the turn's flush is wrong, or empty when it flushed in order. */
    static Optional<String> problem(Turn turn, RuleParameters p) {
        List<ObservedCall> calls = turn.calls();
        int await = indexOf(calls, p.awaitTool(), 0);
        int put = indexOf(calls, p.putContextTool(), 0);
        if (await < 0 && put < 0) {
            return Optional.of("no " + p.awaitTool() + " or " + p.putContextTool());
        }
        if (await < 0) {
            return Optional.of(p.putContextTool() + " without " + p.awaitTool() + " before it");
        }
        if (put < 0) {
            return Optional.of(p.awaitTool() + " but no " + p.putContextTool());
        }
        if (indexOf(calls, p.putContextTool(), await) < 0) {
            return Optional.of(p.putContextTool() + " before " + p.awaitTool() + " (expected " + p.awaitTool() + " first)");
        }
        return Optional.empty();
    }

    private static int indexOf(List<ObservedCall> calls, String tool, int from) {
        for (int i = from; i < calls.size(); i++) {
            if (calls.get(i).tool().equals(tool)) {
                return i;
            }
        }
        return -1;
    }
}
