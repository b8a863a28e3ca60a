package dev.tracedeck.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The README's tables, which the sample tests hold the samples to: one row a finding, per format. */
final class SampleReadme {

    static final Path MODULE = Path.of(System.getProperty("basedir", "."));
    static final Path README = MODULE.resolve("README.md");

    private SampleReadme() {
    }

    /** One finding as a README table states it. */
    record Row(String file, int line, String rule, String severity, String thread, String msgIdx) {
        static final Comparator<Row> ORDER = Comparator.comparing(Row::file).thenComparingInt(Row::line)
                .thenComparing(Row::rule).thenComparing(Row::thread).thenComparing(Row::msgIdx);

        @Override
        public String toString() {
            return file + ":" + line + " " + rule + " " + severity + " " + thread + " msg_idx " + msgIdx;
        }
    }

    static List<Row> sorted(List<Row> rows) {
        return rows.stream().sorted(Row.ORDER).toList();
    }

    /** The rows of a known-faults table: file, line, `rule`, severity, `thread`, msg_idx and what the lines show. */
    static List<Row> knownFaults(String heading) throws IOException {
        List<Row> rows = new ArrayList<>();
        for (List<String> cells : table(heading)) {
            assertEquals(7, cells.size(), "7 cells: " + cells);
            rows.add(new Row(cells.get(0), Integer.parseInt(cells.get(1)), cells.get(2).replace("`", ""), cells.get(3),
                    cells.get(4).replace("`", ""), cells.get(5)));
        }
        return rows;
    }

    /** The rows (header and separator skipped) of the first table after the heading. */
    static List<List<String>> table(String heading) throws IOException {
        List<String> lines = Files.readAllLines(README, StandardCharsets.UTF_8);
        int at = lines.indexOf(heading);
        assertTrue(at >= 0, "README has no heading " + heading);
        while (at < lines.size() && !lines.get(at).startsWith("|")) {
            at++;
        }
        List<List<String>> rows = new ArrayList<>();
        for (int i = at + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String line = lines.get(i).strip();
            List<String> cells = new ArrayList<>();
            for (String cell : line.substring(1, line.length() - 1).split("\\|", -1)) {
                cells.add(cell.strip());
            }
            rows.add(cells);
        }
        assertFalse(rows.isEmpty(), "empty table after " + heading);
        return rows;
    }
}
