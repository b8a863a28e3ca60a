package dev.tracedeck.importers.mycelian;

import dev.tracedeck.importers.ImportCancelledException;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.NotThisFormatException;
import dev.tracedeck.importers.SourceStream;
import dev.tracedeck.importers.TraceImporter;
import dev.tracedeck.importers.text.Line;
import dev.tracedeck.importers.text.LineReader;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.text.PythonText;
import java.io.IOException;
import java.util.Optional;

/**
 * Imports the per-question logs of the Mycelian LongMemEval benchmarker: runner, agent, state-debugger and
 * tool lines under any logging prefix, or none. Streams the file line by line; every record becomes an event,
 * including lines it does not understand ("other") and known lines whose fields don't parse ("malformed").
 */
public final class MycelianLogImporter implements TraceImporter {

    public static final String FORMAT_ID = "mycelian-log";

    /** How often, in lines, the import looks for a cancel request. */
    private static final int CANCEL_CHECK_LINES = 4096;

    @Override
    public String formatId() {
        return FORMAT_ID;
    }

    /**
     * Sure when the head has several of the benchmarker's records, willing with one, and not at all without:
     * a text file in which no line looks like a Mycelian record is not a Mycelian log, whatever its name. A
     * record here is a known keyword followed by a {@code key=} field, as every line the benchmarker writes
     * has (so "RESULT of the meeting" in someone's notes does not count).
     */
    @Override
    public int confidence(String head) {
        int hits = 0;
        for (String line : head.split("\n", 200)) {
            LinePrefix prefix = LinePrefix.parse(line);
            if (Keywords.looksLikeRecord(line, prefix.messageStart())) {
                hits++;
            }
        }
        return hits >= 2 ? 90 : hits == 1 ? 60 : 0;
    }

    /** Inside a dump of a prefixed file, the line that will most likely come next; else null. */
    private static RepeatedDumpLines.DumpLine repeatCandidate(RecordAssembler assembler, TraceAssembly assembly) {
        return assembler.isPrefixedFile() && Keywords.STATE_MSG.equals(assembler.pendingKeyword())
                ? assembly.expectedAfterPendingEntry() : null;
    }

    @Override
    public Trace read(ImportSource source, ImportListener listener) throws ImportException {
        long[] bytes = new long[1];
        SourceStream in = source.open(total -> {
            bytes[0] = total;
            listener.progress(total, source.size());
        });
        RecordAssembler assembler = new RecordAssembler();
        TraceAssembly assembly = new TraceAssembly(source.name(), listener::added);
        int lineNumber = 0;
        boolean lastLineBlank = false;
        try (LineReader reader = new LineReader(in)) {
            Line line;
            while (true) {
                RepeatedDumpLines.DumpLine template = repeatCandidate(assembler, assembly);
                int repeated = template == null ? 0 : reader.skipIfRepeats(template.utf8(), template.record().timeLength());
                if (repeated > 0) {
                    lineNumber = repeated;
                    assembly.tally().lines++;
                    RecordText done = assembler.acceptRepeat(repeated, template.record());
                    if (done != null) {
                        assembly.add(done);
                    }
                    if (lineNumber % CANCEL_CHECK_LINES == 0 && listener.isCancelled()) {
                        throw new ImportCancelledException(source.name());
                    }
                    continue;
                }
                if ((line = reader.next()) == null) {
                    break;
                }
                lineNumber = line.number();
                lastLineBlank = line.text().isBlank();
                assembly.tally().lines++;
                if (line.cut()) {
                    RecordText before = assembler.finish();
                    if (before != null) {
                        assembly.add(before);
                    }
                    assembly.unread(RecordAssembler.alone(shown(line)), reader.tooLongReason(line.length()));
                    continue;
                }
                if (line.invalidUtf8()) {
                    assembly.tally().problem(line.number(), "invalid UTF-8, shown as \uFFFD");
                }
                RecordText done = assembler.accept(line);
                if (done != null) {
                    assembly.add(done);
                }
                if (lineNumber % CANCEL_CHECK_LINES == 0 && listener.isCancelled()) {
                    throw new ImportCancelledException(source.name());
                }
            }
            RecordText last = assembler.finish();
            if (last != null) {
                assembly.add(last);
            }
            if (in.endedEarly().isEmpty()) {
                endCutInsideItsLastRecord(assembly, last, lineNumber, reader.endedMidLine() && !lastLineBlank);
            }
        } catch (IOException e) {
            throw new ImportException(source.name(), lineNumber + 1L, "read failed: " + e.getMessage(), e);
        }
        listener.progress(bytes[0], source.size());
        if (!assembly.tally().sawKnownRecord()) {
            throw new NotThisFormatException(source.name(), "no Mycelian log record in " + lineNumber
                    + (lineNumber == 1 ? " line" : " lines"));
        }
        in.endedEarly().ifPresent(why -> assembly.cutShort(Math.max(assembly.tally().lines, 1), why));
        in.trailingBytes().ifPresent(why -> assembly.notRead(Math.max(assembly.tally().lines, 1), why));
        return assembly.build(FORMAT_ID, bytes[0], in.endedEarly().isEmpty());
    }

    /** How much of a line too long to hold its record shows: the start says what the line was. */
    private static final int CUT_LINE_SHOWN = 2_000;

    private static Line shown(Line cut) {
        return new Line(cut.number(), PythonText.abbreviate(cut.text(), CUT_LINE_SHOWN), cut.invalidUtf8(), cut.length());
    }

    /**
     * Ends the trace with a CUT_SHORT record when the file stops inside its last record: in its last line, or inside
     * a state dump. A file cut right after a whole line between records can't be told from a finished one.
     */
    private static void endCutInsideItsLastRecord(TraceAssembly assembly, RecordText last, int lastLine, boolean endedMidLine) {
        Optional<String> dump = assembly.openDumpShortfall();
        if (endedMidLine && last != null) {
            assembly.cutInside(lastLine, cutRecord(last, lastLine) + dump.map(d -> "; " + d).orElse(""));
        } else if (dump.isPresent()) {
            assembly.cutInside(lastLine, dump.get());
        }
    }

    /**
     * What a last line without a newline cut: Python's logging ends every record's last line with one, so a file
     * that stops without it stopped while the record was written, whether or not what was written parses.
     */
    private static String cutRecord(RecordText last, int line) {
        String inside = last.keyword().equals(Keywords.OTHER) ? "" : ", inside the " + last.keyword() + " record"
                + (last.firstLine() == line ? "" : " that starts at line " + last.firstLine());
        return "its last line ends without a newline" + inside + " (the logger ends every line with one)";
    }
}
