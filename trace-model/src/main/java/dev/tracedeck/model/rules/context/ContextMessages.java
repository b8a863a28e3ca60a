package dev.tracedeck.model.rules.context;

import dev.tracedeck.model.tokens.ContextPoint;
import dev.tracedeck.model.tokens.ThreadContext;
import java.util.List;

/** One wording for both context rules: where the history crossed a line, by how much, and for how long. */
final class ContextMessages {

    private ContextMessages() {
    }

    static String crossing(List<ContextPoint> points, int at, int threshold, String what, String state) {
        ContextPoint point = points.get(at);
        int stays = 0;
        for (int i = at + 1; i < points.size() && points.get(i).count().tokens() > threshold; i++) {
            stays++;
        }
        String measure = point.count().exact() ? ""
                : point.count().estimateReasons().contains(ThreadContext.PREVIEWS)
                || point.count().estimateReasons().contains(ThreadContext.CALLS_BY_NAME) ? "at least " : "about ";
        return String.format("the history at line %d is %s%,d tokens in %d messages, %s", point.event().source().firstLine(),
                measure, point.count().tokens(), point.messages(), what)
                + (stays == 0 ? "" : String.format("; it stays %s for %d more point%s", state, stays, stays == 1 ? "" : "s"));
    }
}
