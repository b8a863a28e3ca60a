package dev.tracedeck.desktop.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.cli.fixtures.TestTraces;
import dev.tracedeck.model.event.Event;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.Test;

class ShownRowsTest {

    private final List<Event> all = new ArrayList<>(TestTraces.small().events());
    private final ShownRows rows = new ShownRows(all);

    @Test
    void aNewFilterIsOneChangeThatReplacesEveryRow() {
        List<String> changes = new ArrayList<>();
        rows.show(new int[] {0, 1, 2, 3}, 4);
        rows.addListener((ListChangeListener<Event>) c -> {
            while (c.next()) {
                changes.add("-" + c.getRemovedSize() + " +" + c.getAddedSize());
            }
        });
        rows.show(new int[] {2, 5, 8}, 3);

        assertEquals(List.of(all.get(2), all.get(5), all.get(8)), rows);
        assertEquals(List.of("-4 +3"), changes);
        assertEquals(1, rows.indexOf(all.get(5)));
        assertEquals(-1, rows.indexOf(all.get(4)), "not shown");
    }

    @Test
    void rowsAppendedGoAtTheEndOrInTheirSortedPlace() {
        rows.show(new int[] {0, 3}, 2);
        rows.append(new int[] {7, 9}, 2);
        assertEquals(List.of(all.get(0), all.get(3), all.get(7), all.get(9)), rows);

        rows.sortBy(Comparator.comparingInt(Event::seq).reversed());
        assertEquals(List.of(all.get(9), all.get(7), all.get(3), all.get(0)), rows);
        assertEquals(2, rows.indexOf(all.get(3)));
        rows.append(new int[] {5}, 1);
        assertEquals(List.of(all.get(9), all.get(7), all.get(5), all.get(3), all.get(0)), rows);

        rows.sortBy(null);
        assertEquals(List.of(all.get(0), all.get(3), all.get(5), all.get(7), all.get(9)), rows);
    }
}
