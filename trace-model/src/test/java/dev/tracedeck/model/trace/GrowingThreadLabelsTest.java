package dev.tracedeck.model.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Labels kept up as ids come in are, after every batch, those {@link ThreadLabels#of} gives for all the ids so far, and
 * each batch names every id whose label it changed: over ids built to share starts (cut longer), long starts (cut to
 * "…" and a window), and to be spelled like other ids' labels (shown whole).
 */
class GrowingThreadLabelsTest {

    @Test
    void aNewMemoryIdLengthensItsNeighboursLabelsAndTellsWhichChanged() {
        GrowingThreadLabels growing = new GrowingThreadLabels();
        String a = "3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s1";
        String b = "3f2b9c1e-8d4b-4f6b-9a51-2c7e0d9b6a13:s1";
        assertEquals(Set.of(a, ""), growing.add(List.of(a, "")));
        assertEquals("3f2b9c1e:s1", growing.labels().label(a));

        assertEquals(Set.of(a, b), growing.add(List.of(b, a)));
        assertEquals("3f2b9c1e-8d4a:s1", growing.labels().label(a));
        assertEquals("3f2b9c1e-8d4b:s1", growing.labels().label(b));
        assertEquals(Set.of(), growing.add(List.of(a)), "held already");
    }

    @Test
    void anIdWhoseLabelClashedGetsItBackOnceTheOtherIdsLabelLengthens() {
        String p = "aaaaaaaaaaaaa1234567";
        String q = "bbbbbbbbbbbbb1234567";
        GrowingThreadLabels growing = new GrowingThreadLabels();
        growing.add(List.of(p + "a-tail1", p + "b-tail2", q + "a-tail3", q + "b-tail4"));
        assertEquals(q + "a-tail3", growing.labels().label(q + "a-tail3"), "\"…1234567a\" twice: both shown whole");

        Set<String> changed = growing.add(List.of(p + "a-tail0"));

        assertEquals("…1234567a", growing.labels().label(q + "a-tail3"));
        assertTrue(changed.contains(q + "a-tail3"), changed.toString());
        assertEquals(ThreadLabels.of(List.of(p + "a-tail1", p + "b-tail2", q + "a-tail3", q + "b-tail4", p + "a-tail0"))
                .label(p + "a-tail1"), growing.labels().label(p + "a-tail1"));
    }

    @Test
    void afterEveryBatchTheLabelsAreThoseOfAllTheIdsSoFar() {
        for (long seed = 1; seed <= 40; seed++) {
            Random random = new Random(seed);
            List<String> ids = ids(random, 60 + random.nextInt(200));
            GrowingThreadLabels growing = new GrowingThreadLabels();
            Map<String, String> before = new HashMap<>();
            int at = 0;
            while (at < ids.size()) {
                int next = Math.min(ids.size(), at + 1 + random.nextInt(12));
                Set<String> changed = growing.add(ids.subList(at, next));
                ThreadLabels whole = ThreadLabels.of(ids.subList(0, next));
                for (String id : ids.subList(0, next)) {
                    String label = growing.labels().label(id);
                    assertEquals(whole.label(id), label, "seed " + seed + ", id " + id);
                    if (!label.equals(before.get(id))) {
                        assertTrue(changed.contains(id), "seed " + seed + ": " + id + " changed to " + label + " untold");
                    }
                    before.put(id, label);
                }
                at = next;
            }
        }
    }

    /** Ids of the shapes a trace has, many alike; some repeated, some spelled as another id's label would be. */
    private static List<String> ids(Random random, int count) {
        List<String> ids = new ArrayList<>();
        String[] starts = {"3f2b9c1e-8d4a-4f6b-", "3f2b9c1e-8d4", "longmemeval-question-00", "a71e", "q", "3f2b9c1e",
                "aaaaaaaaaaaaa1234567", "bbbbbbbbbbbbb1234567"};
        while (ids.size() < count) {
            int kind = random.nextInt(10);
            String id;
            if (kind == 0) {
                id = "";
            } else if (kind == 1 && !ids.isEmpty()) {
                // Spelled like the label another id may get: an id of its own, shown whole where it clashes.
                String other = ids.get(random.nextInt(ids.size()));
                id = other.length() > 10 ? other.substring(0, 8) + (random.nextBoolean() ? ":s1" : "") : other;
            } else if (kind == 2 && !ids.isEmpty()) {
                id = ids.get(random.nextInt(ids.size()));
            } else {
                StringBuilder b = new StringBuilder(starts[random.nextInt(starts.length)]);
                int tail = random.nextInt(30);
                for (int i = 0; i < tail; i++) {
                    b.append("0123456789abcdef-".charAt(random.nextInt(random.nextInt(3) == 0 ? 3 : 17)));
                }
                if (random.nextInt(4) != 0) {
                    b.append(":s").append(1 + random.nextInt(3));
                }
                id = b.toString();
            }
            ids.add(id);
        }
        return ids;
    }
}
