package dev.tracedeck.importers.mycelian;

import dev.tracedeck.model.trace.Diagnostic;
import dev.tracedeck.model.trace.ImportReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Counts what an import read, for its {@link ImportReport}. */
final class ImportTally {

    private final Map<String, long[]> kinds = new LinkedHashMap<>();
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private long omitted;
    long lines;
    long records;
    long other;
    long malformed;
    /** Records with a keyword of the format (not JSON lines) that parsed. */
    long recognised;

    private String lastKeyword;
    private long[] lastCount;

    void record(String keyword) {
        records++;
        // Dumps repeat one keyword thousands of times in a row; skip the map for those.
        if (!keyword.equals(lastKeyword)) {
            lastKeyword = keyword;
            lastCount = kinds.computeIfAbsent(keyword, k -> new long[1]);
        }
        lastCount[0]++;
        if (keyword.equals(Keywords.OTHER)) {
            other++;
        }
    }

    /**
     * True when some record had a keyword of the format and parsed: a file of only unknown lines, JSON lines
     * and broken records is not a Mycelian log.
     */
    boolean sawKnownRecord() {
        return recognised > 0;
    }

    void malformed(int line, String keyword, String reason) {
        malformed++;
        problem(line, keyword + ": " + reason);
    }

    void problem(int line, String message) {
        if (diagnostics.size() < ImportReport.MAX_DIAGNOSTICS) {
            diagnostics.add(new Diagnostic(line, message));
        } else {
            omitted++;
        }
    }

    /** Remembers the counts; the returned action puts them back (an end of the file taken back: it is still written). */
    Runnable checkpoint() {
        Map<String, Long> kindsThen = new LinkedHashMap<>();
        kinds.forEach((k, v) -> kindsThen.put(k, v[0]));
        int diagnosticsThen = diagnostics.size();
        long[] countsThen = {omitted, lines, records, other, malformed, recognised};
        String lastKeywordThen = lastKeyword;
        long[] lastCountThen = lastCount;
        return () -> {
            kinds.keySet().retainAll(kindsThen.keySet());
            kindsThen.forEach((k, v) -> kinds.get(k)[0] = v);
            diagnostics.subList(diagnosticsThen, diagnostics.size()).clear();
            omitted = countsThen[0];
            lines = countsThen[1];
            records = countsThen[2];
            other = countsThen[3];
            malformed = countsThen[4];
            recognised = countsThen[5];
            lastKeyword = lastKeywordThen;
            lastCount = lastCountThen;
        };
    }

        ImportReport report(String file, String format, long bytes, boolean complete) {
        Map<String, Long> counts = new LinkedHashMap<>();
        kinds.forEach((k, v) -> counts.put(k, v[0]));
        return new ImportReport(file, format, bytes, lines, records, other, malformed, counts, diagnostics, omitted, complete);
    }
}
