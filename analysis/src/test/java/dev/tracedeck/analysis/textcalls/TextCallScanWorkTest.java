package dev.tracedeck.analysis.textcalls;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The scan for text calls does work in proportion to the message: for each shape that makes a scan look far
 * ahead or back from every position, twice the repeats cost at most a little more than twice the work. Work is
 * the characters examined ({@link CountedScan}), so the test holds on any machine and at any load.
 */
class TextCallScanWorkTest {

    private static final int REPEATS = 2_000;

    @ParameterizedTest
    @ValueSource(strings = {
            "TOOL_CALL_START {",
            "<tool_call>",
            "TOOL_CALL_END TOOL_CALL_START",
            "<tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>",
            "<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": [",
            "[TOOL_CALLS]",
            "[TOOL_CALLS]f{\"a\": 1}",
            "[TOOL_CALLS] [{\"name\": \"f\", \"arguments\": {\"a\": @",
            "<function=a>",
            "<function=f><parameter=x",
            "<function=f>{\"a\": [",
            "[f(a=[f(a=",
            "[f(a=1), ",
            "[f(a=1)] ",
            "[f(a=\"",
            "{\"name\": \"a\", \"arguments\": {\"b\": @}",
            "{\"name\": \"a\", \"arguments\": {\"b\": 1}} ",
            "{\"function\": \"a\", \"params\": {\"b\": ",
            "{\"name\": {\"name\": ",
            "{\"a\": ",
            "<tool_call a=\"[",
            "<tool_call name=\"f\" params=\"{\"a\": [",
            "<tool_call name=\"f\">",
            "```json\n{\"name\": \"f\", \"arguments\": {}}\n```\n",
            "```",
            "```\n",
            "```json\n{\"name\": \"f\", \"arguments\": {\"a\": [",
            "<|python_tag|>{\"name\": \"f\", \"parameters\": {}}; ",
            "          ",
            "x",
    })
    void workGrowsLinearly(String unit) {
        long once = work(unit.repeat(REPEATS));
        long twice = work(unit.repeat(2 * REPEATS));
        assertTrue(twice <= 2.2 * once + 10_000,
                "`" + unit + "` x" + REPEATS + ": " + once + " characters examined, x" + 2 * REPEATS + ": " + twice);
    }

    private static long work(String text) {
        CountedScan.reset();
        TextCallParser.standard().parse(text, Set.of("f"));
        TextCallParser.standard().parseCut(text, Set.of());
        return CountedScan.examined();
    }
}
