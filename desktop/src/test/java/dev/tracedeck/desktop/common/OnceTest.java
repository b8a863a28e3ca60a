package dev.tracedeck.desktop.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.SimpleIntegerProperty;
import org.junit.jupiter.api.Test;

class OnceTest {

    private final SimpleIntegerProperty value = new SimpleIntegerProperty(1);
    private final List<Integer> heard = new ArrayList<>();

    @Test
    void actsOnTheFirstAcceptedChangeOnly() {
        Once.whenNext(value, n -> n.intValue() >= 3, n -> heard.add(n.intValue()));
        value.set(2);
        value.set(3);
        value.set(4);
        assertEquals(List.of(3), heard);
    }

    @Test
    void actsAtOnceOnAnAcceptedValueAndNotAgain() {
        Once.when(value, n -> n.intValue() >= 1, n -> heard.add(n.intValue()));
        value.set(5);
        assertEquals(List.of(1), heard);
    }

    @Test
    void waitsWhenTheValueIsNotAcceptedYet() {
        Once.when(value, n -> n.intValue() >= 3, n -> heard.add(n.intValue()));
        assertEquals(List.of(), heard);
        value.set(3);
        value.set(7);
        assertEquals(List.of(3), heard);
    }
}
