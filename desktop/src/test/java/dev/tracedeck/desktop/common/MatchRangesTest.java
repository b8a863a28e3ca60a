package dev.tracedeck.desktop.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class MatchRangesTest {

    @Test
    void findsEachOccurrenceCaseIgnoredWithoutOverlapping() {
        assertEquals(List.of("0-4", "10-14"), shown(MatchRanges.of("Bash ran; bash again", "bash")));
        assertEquals(List.of("0-2", "2-4"), shown(MatchRanges.of("aaaa", "aa")));
        assertEquals(List.of(), shown(MatchRanges.of("short", "")));
        assertEquals(List.of(), shown(MatchRanges.of("ab", "abc")));
    }

    @Test
    void stopsAtTheMostAReaderCanUse() {
        assertEquals(MatchRanges.MAX, MatchRanges.of("x".repeat(5 * MatchRanges.MAX), "x").size());
    }

    private static List<String> shown(List<int[]> ranges) {
        return ranges.stream().map(r -> r[0] + "-" + r[1]).toList();
    }
}
