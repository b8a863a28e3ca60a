package dev.tracedeck.importers.mycelian;

import dev.tracedeck.importers.ImportCancelledException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.NotThisFormatException;
import dev.tracedeck.importers.text.Line;
import dev.tracedeck.importers.text.LineReader;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.source.SourceText;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One Mycelian log's reading: lines grouped into records ({@link RecordAssembler}) and records into events
 * ({@link TraceAssembly}). A file is read to its end, or, while it is written, on from where the last read stopped.
 */
final class LogReading {

    /** How often, in lines, the import looks for a cancel request. */
    private static final int CANCEL_CHECK_LINES = 4096;
    /** How much of a line too long to hold its record shows: the start says what the line was. */
    private static final int CUT_LINE_SHOWN = 2_000;

    private final RecordAssembler assembler = new RecordAssembler();
    private final TraceAssembly assembly;
    private int lineNumber;
    private boolean lastLineBlank;

    /** @param added hears each event as it is added, while the log is still read */
    LogReading(String file, Consumer<Event> added) {
        this(file, added, Optional.empty());
    }

    /** @param reread reads the file's ranges again where it can be: records then keep their texts there */
    LogReading(String file, Consumer<Event> added, Optional<SourceText.Reread> reread) {
        this.assembly = new TraceAssembly(file, added, reread);
    }

    /** The number of the last line read. */
    int lines() {
        return lineNumber;
    }

    /** Reads every line {@code reader} has. */
    void readOn(LineReader reader, ImportListener listener, String name) throws IOException, ImportCancelledException {
        Line line;
        while (true) {
            RepeatedDumpLines.DumpLine template = repeatCandidate();
            int repeated = template == null ? 0 : reader.skipIfRepeats(template.utf8(), template.record().timeLength());
            if (repeated > 0) {
                lineNumber = repeated;
                assembly.tally().lines++;
                RecordText done = assembler.acceptRepeat(repeated, template.record());
                if (done != null) {
                    assembly.add(done);
                }
                if (lineNumber % CANCEL_CHECK_LINES == 0 && listener.isCancelled()) {
                    throw new ImportCancelledException(name);
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
            RecordText done = assembler.accept(line, reader.lastLineStart(), reader.lastLineBytes());
            if (done != null) {
                assembly.add(done);
            }
            if (lineNumber % CANCEL_CHECK_LINES == 0 && listener.isCancelled()) {
                throw new ImportCancelledException(name);
            }
        }
    }

    /**
     * Ends the reading where the input ended: its last record added and, with {@code lookForCut} (the data did not
     * end early), a cut said when the file stops inside its last record ({@code endedMidLine}: without a newline).
     */
    void endHere(boolean lookForCut, boolean endedMidLine) {
        RecordText last = assembler.finish();
        if (last != null) {
            assembly.add(last);
        }
        if (lookForCut) {
            endCutInsideItsLastRecord(last, endedMidLine && !lastLineBlank);
        }
    }

    /** A file in which no record of the format parsed is no Mycelian log. */
    void refuseWithoutRecords(String name) throws NotThisFormatException {
        if (!assembly.tally().sawKnownRecord()) {
            throw new NotThisFormatException(name, "no Mycelian log record in " + lineNumber
                    + (lineNumber == 1 ? " line" : " lines"));
        }
    }

    /** The data stops before the file's end (a {@code .gz} cut short). */
    void cutShort(String why) {
        assembly.cutShort(Math.max(assembly.tally().lines, 1), why);
    }

    /** Bytes after the data that were not read. */
    void notRead(String why) {
        assembly.notRead(Math.max(assembly.tally().lines, 1), why);
    }

    Trace build(String format, long bytes, boolean complete) {
        return assembly.build(format, bytes, complete);
    }

    /**
     * Remembers the reading where it stands; the returned action puts it back after an {@link #endHere} and a
     * {@link #build} at an end that was not the file's (it is still being written).
     */
    Runnable checkpoint() {
        Runnable record = assembler.checkpoint();
        Runnable events = assembly.checkpoint();
        int lineNumberThen = lineNumber;
        boolean lastLineBlankThen = lastLineBlank;
        return () -> {
            record.run();
            events.run();
            lineNumber = lineNumberThen;
            lastLineBlank = lastLineBlankThen;
        };
    }

    /** Inside a dump of a prefixed file, the line that will most likely come next; else null. */
    private RepeatedDumpLines.DumpLine repeatCandidate() {
        return assembler.isPrefixedFile() && Keywords.STATE_MSG.equals(assembler.pendingKeyword())
                ? assembly.expectedAfterPendingEntry() : null;
    }

    private static Line shown(Line cut) {
        return new Line(cut.number(), PythonText.abbreviate(cut.text(), CUT_LINE_SHOWN), cut.invalidUtf8(), cut.length());
    }

    /**
     * Ends the trace with a CUT_SHORT record when the file stops inside its last record: in its last line, or inside
     * a state dump. A file cut right after a whole line between records can't be told from a finished one.
     */
    private void endCutInsideItsLastRecord(RecordText last, boolean endedMidLine) {
        Optional<String> dump = assembly.openDumpShortfall();
        if (endedMidLine && last != null) {
            assembly.cutInside(lineNumber, cutRecord(last, lineNumber) + dump.map(d -> "; " + d).orElse(""));
        } else if (dump.isPresent()) {
            assembly.cutInside(lineNumber, dump.get());
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
