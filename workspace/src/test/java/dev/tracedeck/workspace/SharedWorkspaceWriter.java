package dev.tracedeck.workspace;

import dev.tracedeck.model.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * A child process for {@link SharedWorkspaceConcurrencyTest}: one user (TRACEDECK_USER) at work on a shared workspace —
 * records and indexes its traces, marks a fingerprint every user marks and one of its own, and searches, a number of
 * times, then ends. Says {@code done I} on stdout after each round.
 *
 * <pre>SharedWorkspaceWriter URL DIRECTORY ROUNDS</pre>
 */
public final class SharedWorkspaceWriter {

    static final String SHARED = "5a".repeat(32);

    private SharedWorkspaceWriter() {
    }

    public static void main(String[] args) throws Exception {
        WorkspaceAddress address = WorkspaceAddress.parse(args[0]);
        Path dir = Files.createDirectories(Path.of(args[1]));
        int rounds = Integer.parseInt(args[2]);
        String author = Author.current();
        try (WorkspaceStore store = WorkspaceStore.open(address, Clock.systemUTC())) {
            for (int i = 0; i < rounds; i++) {
                Path file = Files.writeString(dir.resolve("trace-" + i + ".log"), author + " " + i);
                Trace trace = TestTraces.synthetic(file.toString(), 200, author + "x" + i);
                store.record(file, trace, Optional.empty());
                store.complete(file, trace);
                store.mark(SHARED, TriageStatus.CONFIRMED, author + " round " + i);
                store.mark(own(author, i), TriageStatus.ACCEPTED, "");
                if (store.search("zebra", 5).isEmpty()) {
                    throw new AssertionError("a search found nothing after " + author + " indexed " + file);
                }
                System.out.println("done " + i);
                System.out.flush();
            }
        }
    }

    /** A fingerprint of this author's round {@code i}. */
    static String own(String author, int i) {
        return String.format("%064x", Math.abs((long) (author + "/" + i).hashCode()));
    }
}
