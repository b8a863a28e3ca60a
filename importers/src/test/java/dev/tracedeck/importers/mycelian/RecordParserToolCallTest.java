package dev.tracedeck.importers.mycelian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.message.ToolCall;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A logged call's arguments: an envelope unwrapped as it is read, any other left to be parsed when asked for. */
class RecordParserToolCallTest {

    @Test
    void plainArgumentsAreParsedWhenFirstAskedFor() {
        String args = "{\"memory_id\": \"m-1\", \"limit\": 10}";
        ToolCall call = RecordParser.toolCall("list_entries", args);
        assertTrue(call.parsedArguments().toString().contains("not parsed yet"), call.parsedArguments().toString());
        assertEquals(new ToolCall("", "list_entries", args, JsonValues.tryParse(args), false), call);
        assertEquals(Optional.of("m-1"), call.argument("memory_id"));
    }

    @Test
    void argumentsThatAreNoJsonHaveNone() {
        ToolCall call = RecordParser.toolCall("add_entry", "{\"content\": unquoted}");
        assertEquals(Optional.empty(), call.arguments());
        assertEquals("{\"content\": unquoted}", call.rawArguments());
    }

    @Test
    void anEnvelopeGivesItsArgumentsAndItsIdEvenWithItsNameEscaped() {
        ToolCall plain = RecordParser.toolCall("add_entry",
                "{\"name\": \"add_entry\", \"args\": {\"content\": \"hi\"}, \"id\": \"call_1\", \"type\": \"tool_call\"}");
        assertEquals("call_1", plain.id());
        assertEquals(Optional.of("hi"), plain.argument("content"));
        ToolCall escaped = RecordParser.toolCall("add_entry",
                "{\"name\": \"add_entry\", \"\\u0061rgs\": {\"content\": \"hi\"}, \"id\": \"call_2\"}");
        assertEquals("call_2", escaped.id());
        assertEquals(Optional.of("hi"), escaped.argument("content"));
    }

    @Test
    void argumentsCutByTheLogAreKeptRawAndFlagged() {
        String cut = ("{\"content\": \"" + "x".repeat(1_600)).substring(0, 1_497) + "...";
        ToolCall call = RecordParser.toolCall("add_entry", cut);
        assertTrue(call.truncated());
        assertEquals(Optional.empty(), call.arguments());
    }
}
