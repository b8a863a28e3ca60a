package dev.tracedeck.analysis.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.analysis.memory.ValueLines.Line;
import dev.tracedeck.analysis.memory.ValueLines.Mark;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValueLinesTest {

    @Test
    void aLineReplacedInTheMiddleShowsRemovedThenAddedBetweenTheKeptLines() {
        assertEquals(List.of(new Line(Mark.KEPT, "Name: Tom"), new Line(Mark.REMOVED, "City: Lisbon"),
                        new Line(Mark.ADDED, "City: Porto"), new Line(Mark.KEPT, "Grows tomatoes")),
                ValueLines.between("Name: Tom\nCity: Lisbon\nGrows tomatoes", "Name: Tom\nCity: Porto\nGrows tomatoes"));
    }

    @Test
    void anAppendAddsOnlyTheNewLines() {
        assertEquals(List.of(new Line(Mark.KEPT, "a"), new Line(Mark.KEPT, "b"), new Line(Mark.ADDED, "c")),
                ValueLines.between("a\nb", "a\nb\nc"));
    }

    @Test
    void aValueClearedShowsEveryOldLineRemoved() {
        assertEquals(List.of(new Line(Mark.REMOVED, "a"), new Line(Mark.REMOVED, "b"), new Line(Mark.ADDED, "")),
                ValueLines.between("a\nb", ""));
    }

    @Test
    void theSameValueIsAllKept() {
        assertEquals(List.of(new Line(Mark.KEPT, "x"), new Line(Mark.KEPT, "y")), ValueLines.between("x\ny", "x\ny"));
    }
}
