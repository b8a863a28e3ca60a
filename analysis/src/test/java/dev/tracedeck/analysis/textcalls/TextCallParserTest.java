package dev.tracedeck.analysis.textcalls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TextCallParserTest {

    private final TextCallParser parser = TextCallParser.standard();

    @Test
    void givesSpansInUtf16UnitsAndInCodePoints() {
        String text = "🔎🌦️ checking <tool_call>{\"name\": \"get_weather\", \"arguments\": {}}</tool_call>";
        TextToolCall call = parser.parse(text).get(0);
        int start = text.indexOf("<tool_call>");
        assertEquals(start, call.span().start());
        assertEquals(text.length(), call.span().end());
        // 🔎 is 2 UTF-16 units and 1 code point; 🌦️ is 🌦 (2 units) + U+FE0F (1 unit): 3 units, 2 code points.
        assertEquals(start - 2, call.span().codePointStart());
        assertEquals(text.codePointCount(0, text.length()), call.span().codePointEnd());
        assertEquals(text.substring(start), call.span().of(text));
    }

    @Test
    void keepsTheWrapperAndDropsTheBareJsonInsideIt() {
        String text = "<tool_call>\n{\"name\": \"f\", \"arguments\": {\"x\": 1}}\n</tool_call>";
        List<TextToolCall> calls = parser.parse(text);
        assertEquals(1, calls.size());
        assertEquals("hermes", calls.get(0).formatId());
        boolean llamaAlsoSawIt = new Llama3JsonRecognizer().recognize(new ParseContext(text, Set.of())).size() == 1;
        assertTrue(llamaAlsoSawIt, "the overlap the parser settles is real");
    }

    @Test
    void knownToolsRaiseAndUnknownNamesLowerConfidence() {
        String text = "<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</tool_call>";
        double alone = parser.parse(text).get(0).confidence().value();
        double known = parser.parse(text, Set.of("get_weather")).get(0).confidence().value();
        double unknown = parser.parse(text, Set.of("send_email")).get(0).confidence().value();
        assertTrue(known > alone && alone > unknown, known + " > " + alone + " > " + unknown);
        assertTrue(unknown < 0.7 && alone >= 0.7);
    }

    @Test
    void confidenceIsTheSumOfItsReasons() {
        TextToolCall call = parser.parse("{\"name\": \"f\", \"parameters\": {}}", Set.of("f")).get(0);
        double sum = call.confidence().reasons().stream().mapToDouble(Confidence.Reason::weight).sum();
        assertEquals(Math.min(1, sum), call.confidence().value(), 1e-9);
        assertTrue(call.confidence().reasons().get(0).why().startsWith("bare JSON"), "the base comes first");
    }

    @Test
    void rawArgumentsAreTheMessagesOwnText() {
        String text = "[TOOL_CALLS] [{\"name\": \"add\", \"arguments\":{\"a\": 3.5,  \"b\": 4}}]";
        TextToolCall call = parser.parse(text).get(0);
        assertEquals("{\"a\": 3.5,  \"b\": 4}", call.rawArguments());
        assertEquals("{\"name\": \"add\", \"arguments\":{\"a\": 3.5,  \"b\": 4}}", call.span().of(text));
    }

    @Test
    void returnsCallsInTextOrderAcrossFormats() {
        String text = "[get_time(tz='UTC')]\n<tool_call>{\"name\": \"get_weather\", \"arguments\": {}}</tool_call>";
        List<TextToolCall> calls = parser.parse(text);
        assertEquals(List.of("pythonic", "hermes"), calls.stream().map(TextToolCall::formatId).toList());
    }

    @Test
    void aLongMessageOfUnclosedObjectsIsReadWithinABudget() {
        // 20,000 nested objects the text never closes: each "{" would read to the end of the text, which the
        // scanner's reading budget stops from growing quadratically (about 0.2 s here instead of minutes).
        String text = "{\"name\": \"x\", \"v\": ".repeat(20_000);
        assertTrue(parser.parse(text).isEmpty(), "objects with a name but no arguments are not calls");
    }

    @Test
    void aCallTheLogsPreviewCutsOffIsNotHeldAgainstTheModel() {
        // A Mycelian STATE_MSG keeps 197 characters and "...": the model's closing tag and the end of the JSON are lost.
        String shown = "<tool_call>\n{\"name\": \"add_entry\", \"arguments\": {\"memory_id\": \"e4c91d07\", "
                + "\"raw_entry\": \"I signed up for the pottery course at the community centre, Thursdays 7pm";
        Set<String> known = Set.of("add_entry");
        TextToolCall asWritten = parser.parse(shown, known).get(0);
        TextToolCall asCut = parser.parseCut(shown, known).get(0);
        assertTrue(asWritten.confidence().value() < 0.7, asWritten.confidence().toString());
        assertTrue(asCut.confidence().value() >= 0.9, asCut.confidence().toString());
        assertEquals(asWritten.unrecovered(), asCut.unrecovered(), "what was lost is still said");
        assertTrue(asCut.confidence().reasons().stream().anyMatch(r -> r.why().contains("cut by the log")));
    }

    @Test
    void aCutElsewhereInTheMessageChangesNothing() {
        String whole = "<tool_call>{\"name\": \"add_entry\", \"arguments\": {\"raw_entry\": \"hi\"}}</tool_call> Saved. And then";
        assertEquals(parser.parse(whole, Set.of()), parser.parseCut(whole, Set.of()));
        String open = "<tool_call>{\"name\": \"add_entry\", \"arguments\": {\"raw_entry\": \"hi\"}}\n<tool_call>{\"name\": \"x\", \"arg";
        assertEquals(parser.parse(open, Set.of()).get(0), parser.parseCut(open, Set.of()).get(0),
                "only the call that runs into the cut is given back what it lost");
    }
}
