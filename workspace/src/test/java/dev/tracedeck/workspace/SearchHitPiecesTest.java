package dev.tracedeck.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A snippet's own brackets are text, never marks: only the index's mark characters say what matched. */
class SearchHitPiecesTest {

    @Test
    void bracketsInTheMessageStayTextAndOnlyTheMarksSplitIt() {
        SearchHit hit = new SearchHit("f", "t", 1, 2, "args [0] " + SearchHit.START + "add_entry" + SearchHit.END + " ok");
        assertEquals(List.of(new SearchHit.Piece("args [0] ", false), new SearchHit.Piece("add_entry", true),
                new SearchHit.Piece(" ok", false)), hit.pieces());
        assertEquals("args [0] [add_entry] ok", hit.snippet());
    }

    @Test
    void aMarkLeftOpenByACutSnippetMarksToItsEnd() {
        SearchHit hit = new SearchHit("f", "t", 1, 2, "…the " + SearchHit.START + "flush");
        assertEquals(List.of(new SearchHit.Piece("…the ", false), new SearchHit.Piece("flush", true)), hit.pieces());
    }
}
