package dev.tracedeck.model.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ThreadLabelsTest {

    /** The session suffix is split as the pattern a Mycelian id's {@code memory:sN} was first read with splits it. */
    @Test
    void splitsTheSessionAsThePatternDoes() {
        Pattern session = Pattern.compile("^(.+)(:s\\d+)$");
        List<String> ids = new ArrayList<>(List.of("", "a", ":s1", "x:s1", "x:s", "x:s12a", "ab:s1:s2", "a:s:s3", "a\n:s1",
                "a\u2028b:s7", "a\rb:s2", ":s:s1", "mem:S1", "mem:s\u0661", "mem :s0042", "::s9", "a:s1\n", "é🙂:s3"));
        Random random = new Random(7);
        String alphabet = ":s0123456789ab\n";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder id = new StringBuilder();
            for (int n = random.nextInt(8); n > 0; n--) {
                id.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            ids.add(id.toString());
        }
        for (String id : ids) {
            Matcher m = session.matcher(id);
            boolean matches = m.matches();
            assertEquals(matches ? m.group(1) : id, ThreadLabels.base(id), () -> "base of " + id);
            assertEquals(matches ? m.group(2) : "", ThreadLabels.session(id), () -> "session of " + id);
        }
    }

    @Test
    void keepsTheFirstGroupOfAUuidAndTheSession() {
        ThreadLabels labels = ThreadLabels.of(List.of(
                "3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s1", "3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s2",
                "a71e0c54-3b9d-4f28-9e6a-d4c2b8f01735:s1"));

        assertEquals("3f2b9c1e:s1", labels.label("3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s1"));
        assertEquals("3f2b9c1e:s2", labels.label("3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s2"));
        assertEquals("a71e0c54:s1", labels.label("a71e0c54-3b9d-4f28-9e6a-d4c2b8f01735:s1"));
    }

    @Test
    void growsThePrefixUntilMemoryIdsThatStartAlikeDiffer() {
        ThreadLabels labels = ThreadLabels.of(List.of(
                "3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s1", "3f2b9c1e-8d4b-4f6b-9a51-2c7e0d9b6a13:s1",
                "3f2b9c1e-9000-4f6b-9a51-2c7e0d9b6a13:s3"));

        assertEquals("3f2b9c1e-8d4a:s1", labels.label("3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s1"));
        assertEquals("3f2b9c1e-8d4b:s1", labels.label("3f2b9c1e-8d4b-4f6b-9a51-2c7e0d9b6a13:s1"));
        // Never cut right after the dash: "3f2b9c1e-" would read as a typo.
        assertEquals("3f2b9c1e-9:s3", labels.label("3f2b9c1e-9000-4f6b-9a51-2c7e0d9b6a13:s3"));
    }

    @Test
    void memoryIdsThatShareTheirEndAreToldApartByTheirStart() {
        // What the old leading ellipsis showed as "…50d95:s1" for every thread.
        ThreadLabels labels = ThreadLabels.of(List.of(
                "0a1b2c3d-0000-4000-8000-0000c8e50d95:s1", "9f8e7d6c-0000-4000-8000-0000c8e50d95:s1",
                "5e7a1c93-0000-4000-8000-0000c8e50d95:s12"));

        assertEquals("0a1b2c3d:s1", labels.label("0a1b2c3d-0000-4000-8000-0000c8e50d95:s1"));
        assertEquals("9f8e7d6c:s1", labels.label("9f8e7d6c-0000-4000-8000-0000c8e50d95:s1"));
        assertEquals("5e7a1c93:s12", labels.label("5e7a1c93-0000-4000-8000-0000c8e50d95:s12"));
    }

    @Test
    void hundredsOfThreadsGetDistinctShortLabelsThatStartTheirIds() {
        Random random = new Random(178);
        List<String> ids = new ArrayList<>();
        for (int memory = 0; memory < 180; memory++) {
            String uuid = new UUID(random.nextLong(), random.nextLong()).toString();
            // Some memory ids share long prefixes, as ids minted close together can.
            String id = memory % 20 == 0 ? "3f2b9c1e-8d4a" + uuid.substring(13) : uuid;
            for (int session = 1; session <= 1 + memory % 4; session++) {
                ids.add(id + ":s" + session);
            }
        }
        ThreadLabels labels = ThreadLabels.of(ids);

        Set<String> seen = new HashSet<>();
        for (String id : ids) {
            String label = labels.label(id);
            assertTrue(seen.add(label), "two threads labelled " + label);
            String session = id.substring(id.lastIndexOf(':'));
            assertTrue(label.endsWith(session), label + " keeps the session of " + id);
            assertTrue(id.startsWith(label.substring(0, label.length() - session.length())), label + " starts " + id);
            assertTrue(label.length() < id.length(), label);
        }
        assertEquals(8 + ":s1".length(), labels.label(ids.get(1 + 1)).length(), "most keep 8 characters");
    }

    @Test
    void shortIdsAndIdsWithoutSessionsAreShownWhole() {
        ThreadLabels labels = ThreadLabels.of(List.of("thread-1", "thread-10", "main", "worker:s2"));

        assertEquals("thread-1", labels.label("thread-1"));
        assertEquals("thread-10", labels.label("thread-10"));
        assertEquals("main", labels.label("main"));
        assertEquals("worker:s2", labels.label("worker:s2"));
    }

    @Test
    void longIdsThatShareTheirStartShowWhereTheyDiffer() {
        ThreadLabels labels = ThreadLabels.of(List.of(
                "longmemeval-question-0001-session", "longmemeval-question-0002-session", "other-run-with-a-long-name"));

        assertEquals("…ion-0001", labels.label("longmemeval-question-0001-session"));
        assertEquals("…ion-0002", labels.label("longmemeval-question-0002-session"));
        assertEquals("other-ru", labels.label("other-run-with-a-long-name"));
    }

    @Test
    void cutsThatWouldCollideShowTheFullIds() {
        // Both windows would read "…aaaaaaa1"; the ids, not the labels, must tell them apart.
        String a = "x".repeat(20) + "aaaaaaa1";
        String b = "y".repeat(20) + "aaaaaaa1";
        String c = "x".repeat(20) + "aaaaaaa2";
        String d = "y".repeat(20) + "aaaaaaa2";
        ThreadLabels labels = ThreadLabels.of(List.of(a, b, c, d));

        assertEquals(Set.of(a, b, c, d), Set.of(labels.label(a), labels.label(b), labels.label(c), labels.label(d)));
    }

    @Test
    void theRunsOwnEventsAreLabelledRun() {
        ThreadLabels labels = ThreadLabels.of(List.of("", "3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s1"));

        assertEquals("(run)", labels.label(""));
        assertEquals("(run)", ThreadLabels.full(""));
        assertEquals("3f2b9c1e:s1", labels.label("3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s1"));
    }

    @Test
    void countsCodePointsNotUtf16Units() {
        ThreadLabels labels = ThreadLabels.of(List.of("🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵-a", "🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵-b", "🧵🧵🧵🧵🧵🧵"));

        assertEquals("🧵🧵🧵🧵🧵🧵", labels.label("🧵🧵🧵🧵🧵🧵"), "six code points are short, whatever their UTF-16 length");
        assertEquals("🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵-a", labels.label("🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵🧵-a"), "differs in its last code point: whole");
    }

    @Test
    void anUnknownIdIsShownAsItIs() {
        assertEquals("elsewhere:s1", ThreadLabels.of(List.of("a:s1")).label("elsewhere:s1"));
    }
}
