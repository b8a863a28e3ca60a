package dev.tracedeck.analysis.tokens;

import java.util.List;

/**
 * What a bound of a thread's context is asked for: how many points it has and the highest count among them, which
 * {@link ThreadContext#peak} finds without making the points.
 *
 * @param points   how many points {@link ThreadContext#points} gives
 * @param highest  the highest of their counts; 0 when there is none
 * @param overflow whether a count ran past an int (it is then negative, and the highest tells nothing)
 */
public record ContextPeak(int points, int highest, boolean overflow) {

    /** The peak of points already made. */
    public static ContextPeak of(List<ContextPoint> points) {
        int highest = 0;
        boolean overflow = false;
        for (int i = 0; i < points.size(); i++) {
            int tokens = points.get(i).count().tokens();
            highest = i == 0 ? tokens : Math.max(highest, tokens);
            overflow |= tokens < 0;
        }
        return new ContextPeak(points.size(), highest, overflow);
    }
}
