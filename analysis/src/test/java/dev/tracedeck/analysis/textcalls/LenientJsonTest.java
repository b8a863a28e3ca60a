package dev.tracedeck.analysis.textcalls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.json.JsonValue;
import java.util.List;
import org.junit.jupiter.api.Test;

class LenientJsonTest {

    private static String compact(JsonRead read) {
        return read.value().map(JsonValue::toCompactString).orElse("-");
    }

    @Test
    void readsStrictJsonAsWrittenAndStopsAfterTheValue() {
        String text = "{\"a\": [1, 2.5, -3e2], \"b\": {\"c\": null, \"d\": false}} trailing words";
        JsonRead read = LenientJson.read(text);
        assertEquals("{\"a\":[1,2.5,-3E+2],\"b\":{\"c\":null,\"d\":false}}", compact(read));
        assertEquals(ArgumentsStatus.COMPLETE, read.status());
        assertEquals(text.indexOf(" trailing"), read.end());
        assertTrue(read.repairs().isEmpty() && read.losses().isEmpty());
    }

    @Test
    void readsPythonLiteralsAndNamesTheRepair() {
        JsonRead read = LenientJson.read("{'ok': True, 'none': None, 'quote': 'it\\'s', \"mixed\": 'x',}");
        assertEquals("{\"ok\":true,\"none\":null,\"quote\":\"it's\",\"mixed\":\"x\"}", compact(read));
        assertEquals(ArgumentsStatus.REPAIRED, read.status());
        assertTrue(read.repairs().contains("read single-quoted strings"));
        assertTrue(read.repairs().contains("read Python's True/False/None"));
        assertTrue(read.repairs().contains("dropped a trailing comma"));
    }

    @Test
    void dropsAValueTheTextCutsAndSaysWhereItWasCut() {
        JsonRead read = LenientJson.read("{\"city\": \"Par");
        assertEquals("{}", compact(read));
        assertEquals(ArgumentsStatus.PARTIAL, read.status());
        assertTrue(read.cutOff());
        assertEquals(List.of("JSON cut off after `{\"city\": \"Par`", "lost the value of `city`"), read.losses());
    }

    @Test
    void keepsWholeMembersBeforeTheCutAndClosesOpenContainers() {
        JsonRead read = LenientJson.read("{\"a\": {\"b\": [1, 2], \"c\": \"x\"}, \"d\": [3, 4");
        assertEquals("{\"a\":{\"b\":[1,2],\"c\":\"x\"},\"d\":[3]}", compact(read),
                "4 may have been 42: a number the text ends on is not kept");
        assertEquals(ArgumentsStatus.PARTIAL, read.status());
    }

    @Test
    void closingBracketsTheTextNeverClosedLosesNothing() {
        JsonRead read = LenientJson.read("{\"name\": \"f\", \"arguments\": {\"x\": true}");
        assertEquals("{\"name\":\"f\",\"arguments\":{\"x\":true}}", compact(read));
        assertEquals(ArgumentsStatus.REPAIRED, read.status());
        assertTrue(read.cutOff());
        assertEquals(List.of("closed a `}` the text never closed"), read.repairs());
    }

    @Test
    void stopsAtUnreadableTextAndShowsIt() {
        String text = "{\"name\": \"t\", \"parameters\": {invalid json}";
        JsonRead read = LenientJson.read(text);
        assertEquals("{\"name\":\"t\",\"parameters\":{}}", compact(read));
        assertFalse(read.cutOff());
        assertEquals(List.of("could not read JSON at `invalid json}` (expected `:` after `invalid`)"), read.losses());
        assertEquals(text.length(), read.extent(text), "the unreadable part belongs to the value's text");
    }

    @Test
    void bracketsAndQuotesInsideStringsAreText() {
        JsonRead read = LenientJson.read("{\"q\": \"a } b ] c \\\" d { e\"}");
        assertEquals("a } b ] c \" d { e", read.value().flatMap(v -> v.get("q")).flatMap(JsonValue::asText).orElseThrow());
        assertEquals(ArgumentsStatus.COMPLETE, read.status());
    }

    @Test
    void remembersWhereEachContainerStands() {
        String text = "{\"args\": {\"x\": 1}}";
        JsonRead read = LenientJson.read(text);
        JsonValue args = read.value().flatMap(v -> v.get("args")).orElseThrow();
        assertEquals("{\"x\": 1}", read.sourceOf(text, args).orElseThrow());
    }

    @Test
    void refusesWhatIsNotAValue() {
        assertTrue(LenientJson.read("hello").value().isEmpty());
        assertEquals(ArgumentsStatus.UNPARSED, LenientJson.read("").status());
    }

    @Test
    void survivesDeepNestingWithoutOverflowingTheStack() {
        String deep = "[".repeat(5000);
        JsonRead read = LenientJson.read(deep);
        assertFalse(read.losses().isEmpty());
    }
}
