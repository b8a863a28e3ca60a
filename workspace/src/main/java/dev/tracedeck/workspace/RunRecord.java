package dev.tracedeck.workspace;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One trace the workspace holds: the file as recorded, the import's and the last validation's summaries, and how
 * the file on disk compares now.
 *
 * @param errors       findings of severity error at the last validation; empty when it was only opened
 * @param warnings     findings of severity warning at the last validation; empty when it was only opened
 * @param ruleCounts   per rule with findings, its errors and warnings at the last validation
 * @param index        whether a search covers it
 * @param movedTo      for {@link FileStatus#MOVED}, the path where the same content is recorded now
 * @param openedBy     who opened it, the last one first; empty where the workspace does not record it
 */
public record RunRecord(FileIdentity file, String format, long records, long threads, long otherRecords,
                        long malformedRecords, OptionalLong errors, OptionalLong warnings,
                        Map<String, RuleCount> ruleCounts, Instant firstOpened, Instant lastOpened,
                        IndexState index, FileStatus status, Optional<String> movedTo, List<String> openedBy) {

    public RunRecord {
        Objects.requireNonNull(file);
        Objects.requireNonNull(format);
        ruleCounts = Map.copyOf(ruleCounts);
        Objects.requireNonNull(firstOpened);
        Objects.requireNonNull(lastOpened);
        Objects.requireNonNull(index);
        Objects.requireNonNull(status);
        Objects.requireNonNull(movedTo);
        openedBy = List.copyOf(openedBy);
    }

    public RunRecord(FileIdentity file, String format, long records, long threads, long otherRecords, long malformedRecords,
                     OptionalLong errors, OptionalLong warnings, Map<String, RuleCount> ruleCounts, Instant firstOpened,
                     Instant lastOpened, IndexState index, FileStatus status, Optional<String> movedTo) {
        this(file, format, records, threads, otherRecords, malformedRecords, errors, warnings, ruleCounts, firstOpened,
                lastOpened, index, status, movedTo, List.of());
    }

    /** This run with who opened it, the last one first (a shared workspace records it). */
    public RunRecord openedBy(List<String> authors) {
        return new RunRecord(file, format, records, threads, otherRecords, malformedRecords, errors, warnings, ruleCounts,
                firstOpened, lastOpened, index, status, movedTo, authors);
    }

    /** True when a search covers it: its messages are in the index. */
    public boolean indexed() {
        return index == IndexState.INDEXED;
    }

    /** One rule's findings at the last validation. */
    public record RuleCount(long errors, long warnings) {
    }
}
