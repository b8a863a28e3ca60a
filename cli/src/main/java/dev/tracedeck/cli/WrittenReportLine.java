package dev.tracedeck.cli;

import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.engine.text.CountFormat;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The line {@code validate --output FILE} says on standard error, where the report is not: what was checked, what it
 * found, and where the report went, so that a CI log shows more than an exit code. The report itself is unchanged.
 */
final class WrittenReportLine {

    private WrittenReportLine() {
    }

    /**
     * "checked 2 files (3 threads): 6 errors, 1 warning, 0 infos; the sarif report is in out.sarif", with the findings
     * a baseline left out and the files with nothing to check when there are any.
     */
    static String of(List<Validation> validations, Map<String, Long> knownByFile, String format, Path output) {
        long threads = validations.stream().mapToLong(v -> v.threads().size()).sum();
        long empty = validations.stream().filter(Validation::nothingToCheck).count();
        long known = knownByFile.values().stream().mapToLong(Long::longValue).sum();
        StringBuilder line = new StringBuilder("checked ").append(count(validations.size(), "file")).append(" (")
                .append(count(threads, "thread")).append("): ").append(count(total(validations, Severity.ERROR), "error"))
                .append(", ").append(count(total(validations, Severity.WARNING), "warning")).append(", ")
                .append(count(total(validations, Severity.INFO), "info"));
        if (known > 0) {
            line.append(", ").append(count(known, "known finding")).append(" left out by the baseline");
        }
        if (empty > 0) {
            line.append("; ").append(CountFormat.count(empty)).append(" with nothing to check");
        }
        return line.append("; the ").append(format.toLowerCase(Locale.ROOT)).append(" report is in ").append(output)
                .toString();
    }

    private static long total(List<Validation> validations, Severity severity) {
        return validations.stream().mapToLong(v -> v.count(severity)).sum();
    }

    private static String count(long n, String word) {
        return CountFormat.count(n) + " " + word + (n == 1 ? "" : "s");
    }
}
