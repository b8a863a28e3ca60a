package dev.tracedeck.cli;

import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.workspace.MarkedFinding;
import dev.tracedeck.workspace.TriageChange;
import dev.tracedeck.workspace.TriageMark;
import dev.tracedeck.workspace.TriageStatus;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import java.io.PrintWriter;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tracedeck triage FINGERPRINT STATUS [--note TEXT]}: a person's mark on a finding, in every run; {@code clear} takes it off. */
@Command(name = "triage", mixinStandardHelpOptions = true,
        description = {"Mark a finding confirmed, false-positive or accepted, with a note; without arguments, list the marks.",
            "The list gives each mark's fingerprint, status, the rule of the finding it marks and the file and line it was "
                + "last recorded at, when it was marked and its note.",
            "The mark holds in every run with the same fingerprint (validate --format json prints each finding's); "
                + "STATUS clear takes the mark off. validate --baseline workspace leaves out the findings marked accepted "
                + "or false-positive.",
            "Exit 0, or 2."})
public final class TriageCommand implements Callable<Integer> {

    private static final String CLEAR = "clear";

    @Parameters(index = "0", arity = "0..1", paramLabel = "FINGERPRINT",
            description = "The finding's fingerprint, or a unique prefix of at least 8 characters of one the workspace recorded.")
    private String fingerprint;

    @Parameters(index = "1", arity = "0..1", paramLabel = "STATUS", description = "confirmed, false-positive or accepted; or clear, to take the mark off.")
    private String status;

    @Option(names = "--note", paramLabel = "TEXT", defaultValue = "", description = "Why.")
    private String note;

    @Option(names = "--history", description = "With FINGERPRINT alone: every change of its mark, oldest first, with who "
            + "made it (a workspace shared on PostgreSQL keeps them all; an SQLite one the current mark alone).")
    private boolean history;

    @Mixin
    private WorkspaceOption workspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String command = "tracedeck triage";
        if (workspace.disabled()) {
            err.println(TerminalText.line(command + ": marks live in a workspace; drop --no-workspace"));
            return ExitCodes.USAGE;
        }
        boolean clear = CLEAR.equals(status);
        Optional<TriageStatus> parsed = status == null ? Optional.empty() : TriageStatus.parse(status);
        if (fingerprint != null && parsed.isEmpty() && !clear && !(history && status == null)) {
            err.println(TerminalText.line(command + ": " + (status == null ? "a status is needed" : "unknown status " + status) + "; one of "
                    + Arrays.stream(TriageStatus.values()).map(TriageStatus::id).collect(Collectors.joining(", ")) + ", or " + CLEAR));
            return ExitCodes.USAGE;
        }
        // Listing the marks only reads; marking writes.
        Optional<WorkspaceStore> store = fingerprint == null || history ? workspace.openForReading(err, command) : workspace.open(err, command);
        if (store.isEmpty()) {
            return ExitCodes.USAGE;
        }
        try {
            if (fingerprint == null) {
                list(store.get().markedFindings(), out);
                return ExitCodes.OK;
            }
            Optional<String> full = expand(store.get(), fingerprint, err);
            if (full.isEmpty()) {
                return ExitCodes.USAGE;
            }
            if (status == null && history) {
                history(store.get().triageHistory(full.get()), out);
                return ExitCodes.OK;
            }
            if (clear) {
                if (history) {
                    err.println(TerminalText.line(command + ": --history lists; give no STATUS with it"));
                    return ExitCodes.USAGE;
                }
                boolean removed = store.get().unmark(full.get());
                out.println(full.get() + (removed ? "  cleared" : "  had no mark"));
                out.flush();
                return ExitCodes.OK;
            }
            TriageMark mark = store.get().mark(full.get(), parsed.get(), note);
            out.println(mark.fingerprint() + "  " + mark.status().id() + "  " + mark.markedAt()
                    + mark.author().map(a -> "  by " + TerminalText.line(a)).orElse(""));
            out.flush();
            return ExitCodes.OK;
        } catch (WorkspaceException e) {
            err.println(TerminalText.line(command + ": " + e.getMessage()));
            return ExitCodes.USAGE;
        } finally {
            WorkspaceOption.closeQuietly(store.get(), err, command);
        }
    }

    /**
     * A line a mark: its fingerprint, status, the rule of the finding it marks and where that was last recorded (with
     * how many other runs hold it), when it was marked, and its note.
     */
    private static void list(List<MarkedFinding> marks, PrintWriter out) {
        int ruleWidth = marks.stream().mapToInt(m -> m.rule().map(String::length).orElse(1)).max().orElse(1);
        for (MarkedFinding m : marks) {
            String where = m.file().map(f -> TerminalText.line(f) + ":" + m.line()
                    + (m.runs() > 1 ? " (and " + (m.runs() - 1) + " more run" + (m.runs() > 2 ? "s" : "") + ")" : ""))
                    .orElse("(in no recorded run)");
            String when = m.mark().markedAt().truncatedTo(ChronoUnit.SECONDS)
                    + m.mark().author().map(a -> " (triaged by " + TerminalText.line(a) + ")").orElse("");
            out.printf("%s  %-14s %-" + ruleWidth + "s  %s  %s  %s%n", TerminalText.line(m.mark().fingerprint()),
                    m.mark().status().id(), TerminalText.line(m.rule().orElse("?")), where,
                    when, TerminalText.line(m.mark().note()));
        }
        out.flush();
    }

    /** A line a change of the mark: when, who, what it set (or that it took the mark off), and its note. */
    private static void history(List<TriageChange> changes, PrintWriter out) {
        if (changes.isEmpty()) {
            out.println("no mark, nor any change of one, on this fingerprint");
        }
        for (TriageChange c : changes) {
            String what = c.status().map(TriageStatus::id).orElse("cleared");
            String by = c.author().isEmpty() ? "" : "  by " + TerminalText.line(c.author());
            out.printf("%s  %-14s%s  %s%n", c.at().truncatedTo(ChronoUnit.SECONDS), what, by, TerminalText.line(c.note()));
        }
        out.flush();
    }

    /**
     * The full fingerprint {@code fingerprint} names, or empty after saying why on {@code err}: a full one must be one
     * the workspace recorded (or marked); a prefix must be unique among them.
     */
    static Optional<String> expand(WorkspaceStore store, String fingerprint, PrintWriter err) throws WorkspaceException {
        if (fingerprint.matches("[0-9a-f]{64}")) {
            // Taken as it is only when something holds it: a finding recorded here, or a mark to clear.
            boolean known = !store.fingerprintsStartingWith(fingerprint).isEmpty()
                    || store.marks().stream().anyMatch(m -> m.fingerprint().equals(fingerprint));
            if (!known) {
                err.println("tracedeck triage: " + fingerprint + " matches no recorded finding (validate the trace with "
                        + "this workspace first)");
                return Optional.empty();
            }
            return Optional.of(fingerprint);
        }
        if (!fingerprint.matches("[0-9a-f]{8,63}")) {
            err.println(TerminalText.line("tracedeck triage: " + fingerprint + " is not a fingerprint (64 hex digits, or a prefix of 8 or more)"));
            return Optional.empty();
        }
        List<String> found = store.fingerprintsStartingWith(fingerprint);
        if (found.size() != 1) {
            err.println(TerminalText.line("tracedeck triage: " + fingerprint + (found.isEmpty() ? " matches no recorded finding"
                    : " matches " + found.size() + " recorded findings; give more digits")));
            return Optional.empty();
        }
        return Optional.of(found.get(0));
    }
}
