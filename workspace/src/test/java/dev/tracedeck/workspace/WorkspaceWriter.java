package dev.tracedeck.workspace;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * A child process for {@link CrashSafetyTest}: writes to a workspace without end, saying on stdout before and
 * after each write, until it is killed.
 *
 * <pre>WorkspaceWriter WORKSPACE import|triage</pre>
 */
public final class WorkspaceWriter {

    static final int MESSAGES_PER_TRACE = 30_000;

    private WorkspaceWriter() {
    }

    public static void main(String[] args) throws Exception {
        Path ws = Path.of(args[0]);
        try (WorkspaceStore store = WorkspaceStore.open(ws, Clock.systemUTC())) {
            for (int i = 0; ; i++) {
                System.out.println("begin " + i);
                System.out.flush();
                if (args[1].equals("import")) {
                    Path file = Files.writeString(ws.resolveSibling("trace-" + i + ".log"), "trace " + i);
                    store.record(file, TestTraces.synthetic(file.toString(), MESSAGES_PER_TRACE, "trace" + i), Optional.empty());
                } else {
                    store.mark(String.format("%064x", i), TriageStatus.ACCEPTED, "mark " + i);
                }
                System.out.println("done " + i);
                System.out.flush();
            }
        }
    }
}
