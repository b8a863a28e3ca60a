package dev.tracedeck.desktop.follow;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.engine.live.FindingLine;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * What a followed file's readings told of its findings, as {@code tracedeck watch} tells them: the findings that
 * appeared and those that stopped holding, counted once each reading that found them is shown (a reading may wait for
 * the user, or be replaced by a later one before it is), and the last few told a line each, with what happened to the
 * file among them. FX thread only.
 */
final class ToldFindings {

    /** The lines kept for the status bar's tooltip: the newest few. */
    private static final int LINES = 12;

    private final List<Finding> fresh = new ArrayList<>();
    private final List<Finding> resolved = new ArrayList<>();
    private final Deque<String> lines = new ArrayDeque<>();
    private int freshShown;
    private int resolvedShown;

    /** A reading found these: told once a reading is shown. */
    void found(List<Finding> appeared, List<Finding> stopped) {
        fresh.addAll(appeared);
        resolved.addAll(stopped);
    }

    /** The file was read again from its start: what earlier readings found and nobody saw is of a file no more. */
    void forgetUnshown() {
        fresh.clear();
        resolved.clear();
    }

    /** A reading is shown: what was found since the last one is counted and told. */
    void shown() {
        freshShown += fresh.size();
        resolvedShown += resolved.size();
        resolved.forEach(f -> say(FindingLine.resolved(f)));
        fresh.forEach(f -> say(FindingLine.of(f)));
        fresh.clear();
        resolved.clear();
    }

    /** A line about the file itself (truncated, replaced), among the findings. */
    void say(String line) {
        lines.addLast(line);
        while (lines.size() > LINES) {
            lines.removeFirst();
        }
    }

    /** Findings shown since following began that were not there before, each counted once. */
    int appeared() {
        return freshShown;
    }

    /** Findings told since following began that then stopped holding (and left the findings panel). */
    int stoppedHolding() {
        return resolvedShown;
    }

    /** The lines told last, newest last. */
    List<String> lines() {
        return List.copyOf(lines);
    }
}
