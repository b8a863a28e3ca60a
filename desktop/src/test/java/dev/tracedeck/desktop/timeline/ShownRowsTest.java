package dev.tracedeck.desktop.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.tracedeck.engine.fixtures.TestTraces;
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
        changes.clear();
        // A second listener sees the same change from its start, and the rows removed are the ones shown before.
        List<List<Event>> removed = new ArrayList<>();
        rows.addListener((ListChangeListener<Event>) c -> {
            while (c.next()) {
                removed.add(List.copyOf(c.getRemoved()));
                changes.add(c.getFrom() + ".." + c.getTo() + " added " + c.wasAdded() + " permuted " + c.wasPermutated());
            }
        });
        rows.show(new int[] {1}, 1);
        assertEquals(List.of("-3 +1", "0..1 added true permuted false"), changes);
        assertEquals(List.of(List.of(all.get(2), all.get(5), all.get(8))), removed);
        changes.clear();
        rows.show(new int[0], 0);
        rows.show(new int[0], 0);
        assertEquals(List.of("-1 +0", "0..0 added false permuted false"), changes, "nothing to nothing is no change");
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

    @Test
    void anEndReplacedIsOneChangeThatKeepsEveryRowBeforeIt() {
        List<Event> first = List.copyOf(all.subList(0, 6));
        List<Event> next = all.subList(4, all.size()).stream().map(ShownRowsTest::anew).toList();
        all.subList(6, all.size()).clear();
        rows.show(new int[] {0, 2, 4, 5}, 4);
        List<String> changes = new ArrayList<>();
        rows.addListener((ListChangeListener<Event>) c -> {
            while (c.next()) {
                changes.add(c.getFrom() + ": -" + c.getRemovedSize() + " +" + c.getAddedSize());
            }
        });

        List<Event> dropped = rows.replaceEnd(4, () -> {
            all.subList(4, all.size()).clear();
            all.addAll(next);
        }, new int[] {4, 7}, 2);

        assertEquals(List.of(first.get(4), first.get(5)), dropped);
        assertEquals(List.of(first.get(0), first.get(2), next.get(0), next.get(3)), rows);
        assertEquals(List.of("2: -2 +2"), changes, "the rows before the end untouched");
    }

    @Test
    void anEndReplacedInASortedTableGoesInItsSortedPlace() {
        rows.show(new int[] {0, 3, 6, 9}, 4);
        rows.sortBy(Comparator.comparingInt(Event::seq).reversed());
        Event nine = all.get(9);
        Event last = anew(nine);

        List<Event> dropped = rows.replaceEnd(8, () -> {
            all.subList(8, all.size()).clear();
            all.add(anew(all.get(0)));
            all.add(last);
        }, new int[] {9}, 1);

        assertSame(nine, dropped.get(0));
        assertEquals(1, dropped.size());
        assertEquals(List.of(last, all.get(6), all.get(3), all.get(0)), rows);
    }

    /** The same event read again: another object from the same place. */
    private static Event anew(Event event) {
        return new Event(event.seq(), event.keyword(), event.time(), event.threadId(), event.source(), event.sourceText(),
                event.payload());
    }
}
