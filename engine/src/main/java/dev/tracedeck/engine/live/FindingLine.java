package dev.tracedeck.engine.live;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.model.event.Event;
import java.util.stream.Collectors;

/**
 * A finding on one line, as it appears while a trace is watched: severity, rule, thread, the message (with its
 * msg_idx) and where the evidence is, "error   orphaned-tool-call  thread c1  [msg_idx 2] … (run.jsonl: line 4)"; and
 * one that stopped holding, "resolved orphaned-tool-call  thread c1  …".
 */
public final class FindingLine {

    private FindingLine() {
    }

    public static String of(Finding f) {
        return line(f.severity().id(), f);
    }

    /**
     * A finding told before that no longer holds (the result of a call that looked orphaned came): the same line, with
     * "resolved" where the severity was.
     */
    public static String resolved(Finding f) {
        return line("resolved", f);
    }

    private static String line(String first, Finding f) {
        String lines = f.evidence().stream().map(e -> e.source().lines()).distinct().collect(Collectors.joining(", "));
        String file = f.evidence().stream().map(Event::source).map(s -> s.file()).findFirst().orElse("");
        String place = lines.isEmpty() ? "" : "  (" + file + ": " + (lines.chars().allMatch(Character::isDigit) ? "line " : "lines ") + lines + ")";
        return TerminalText.line(String.format("%-7s %s  thread %s  %s%s%s", first, f.ruleId(),
                f.threadId().isEmpty() ? "(run)" : f.threadId(),
                f.msgIdx().isPresent() ? "[msg_idx " + f.msgIdx().getAsInt() + "] " : "", f.message(), place));
    }
}
