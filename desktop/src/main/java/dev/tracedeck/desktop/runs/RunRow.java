package dev.tracedeck.desktop.runs;

import dev.tracedeck.workspace.FileStatus;
import dev.tracedeck.workspace.RunRecord;
import dev.tracedeck.workspace.TriageProgress;
import java.nio.file.Path;
import java.util.Objects;

/** One row of the runs table: a recorded trace and how far its findings are triaged. Immutable. */
public record RunRow(RunRecord run, TriageProgress triage) {

    public RunRow {
        Objects.requireNonNull(run);
        Objects.requireNonNull(triage);
    }

    public String path() {
        return run.file().path();
    }

    public String name() {
        Path file = Path.of(path()).getFileName();
        return file == null ? path() : file.toString();
    }

    public long threadsCount() {
        return run.threads();
    }

    /** Errors at the last validation, -1 when the trace was only opened. */
    public long errors() {
        return run.errors().orElse(-1);
    }

    /** Warnings at the last validation, -1 when the trace was only opened. */
    public long warnings() {
        return run.warnings().orElse(-1);
    }

    /** The share of findings marked, 0 to 1; -1 with no findings to triage. */
    public double triaged() {
        return triage.findings() == 0 ? -1 : (double) triage.marked() / triage.findings();
    }

    /** "3 / 7", or "" with nothing to triage. */
    public String triageText() {
        return triage.findings() == 0 ? "" : triage.marked() + " / " + triage.findings();
    }

    /** "", "changed", "missing", or "moved". */
    public String statusText() {
        return run.status() == FileStatus.UNCHANGED ? "" : run.status().id();
    }

    /** The file to open: where it is, or where the same content is now when it moved. */
    public Path fileToOpen() {
        return Path.of(run.movedTo().orElse(path()));
    }
}
