package dev.tracedeck.workspace;

import dev.tracedeck.model.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * A child process for {@link CrashSafetyTest}: writes to a workspace without end, saying on stdout before and
 * after each write (a trace's record, then its hash and index; or a triage mark), until it is killed.
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
                    Trace trace = TestTraces.synthetic(file.toString(), MESSAGES_PER_TRACE, "trace" + i);
                    store.record(file, trace, Optional.empty());
                    store.complete(file, trace);
                } else {
                    store.mark(String.format("%064x", i), TriageStatus.ACCEPTED, "mark " + i);
                }
                System.out.println("done " + i);
                System.out.flush();
            }
        }
    }
}
