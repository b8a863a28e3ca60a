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
import java.util.concurrent.Executor;
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
    /** What the next dump line most likely repeats, followed where the lines are read. */
    private final ExpectedDumpLine expected = new ExpectedDumpLine();
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

    /** Reads every line {@code reader} has, taking each record into the trace as it is read. */
    void readOn(LineReader reader, ImportListener listener, String name) throws IOException, ImportCancelledException {
        Steps steps = new Steps() {
            @Override
            public void add(RecordText record) {
                assembly.add(record);
            }

            @Override
            public void unread(RecordText record, String reason) {
                assembly.unread(record, reason);
            }

            @Override
            public void problem(int line, String message) {
                assembly.tally().problem(line, message);
            }

            @Override
            public void line() {
                assembly.tally().lines++;
            }
        };
        read(reader, steps, () -> {
            if (listener.isCancelled()) {
                throw new ImportCancelledException(name);
            }
        });
    }

    /**
     * Reads every line {@code reader} has on a thread of {@code executor} while this thread takes the records into the
     * trace: on two cores the two halves of the work overlap. The records are taken in the order read, exactly as
     * {@link #readOn} takes them, and the listener hears everything on this thread; {@code progress} runs here after
     * each batch of records.
     */
    void readAhead(LineReader reader, ImportListener listener, String name, Executor executor, Runnable progress)
            throws IOException, ImportCancelledException {
        RecordsAhead ahead = new RecordsAhead();
        executor.execute(() -> ahead.produce(() -> read(reader, ahead, ahead::checkStopped)));
        ahead.consume(assembly, listener, name, progress);
    }

    /** What the reading hands the assembly, in order. */
    interface Steps {
        /** A record, whole. */
        void add(RecordText record);

        /** A record that could not be read ({@link TraceAssembly#unread}). */
        void unread(RecordText record, String reason);

        /** A problem found in a line, said where it comes among the records. */
        void problem(int line, String message);

        /** A line was read. */
        void line();
    }

    /** A check made every {@link #CANCEL_CHECK_LINES} lines; throws to stop the reading. */
    interface CancelCheck {
        void check() throws ImportCancelledException;
    }

    private void read(LineReader reader, Steps steps, CancelCheck cancel) throws IOException, ImportCancelledException {
        Line line;
        while (true) {
            RepeatedDumpLines.DumpLine template = repeatCandidate();
            int repeated = template == null ? 0 : reader.skipIfRepeats(template.utf8(), template.record().timeLength());
            if (repeated > 0) {
                lineNumber = repeated;
                steps.line();
                RecordText done = assembler.acceptRepeat(repeated, template.record());
                if (done != null) {
                    take(done, steps);
                }
                if (lineNumber % CANCEL_CHECK_LINES == 0) {
                    cancel.check();
                }
                continue;
            }
            if ((line = reader.next()) == null) {
                break;
            }
            lineNumber = line.number();
            lastLineBlank = line.text().isBlank();
            steps.line();
            if (line.cut()) {
                RecordText before = assembler.finish();
                if (before != null) {
                    take(before, steps);
                }
                RecordText alone = RecordAssembler.alone(shown(line));
                expected.unread(alone);
                steps.unread(alone, reader.tooLongReason(line.length()));
                continue;
            }
            if (line.invalidUtf8()) {
                steps.problem(line.number(), "invalid UTF-8, shown as \uFFFD");
            }
            RecordText done = assembler.accept(line, reader.lastLineStart(), reader.lastLineBytes());
            if (done != null) {
                take(done, steps);
            }
            if (lineNumber % CANCEL_CHECK_LINES == 0) {
                cancel.check();
            }
        }
    }

    /** A whole record goes to the assembly, and the guess of the next dump line follows it. */
    private void take(RecordText record, Steps steps) {
        expected.add(record);
        steps.add(record);
    }

    /**
     * Ends the reading where the input ended: its last record added and, with {@code lookForCut} (the data did not
     * end early), a cut said when the file stops inside its last record ({@code endedMidLine}: without a newline).
     */
    void endHere(boolean lookForCut, boolean endedMidLine) {
        RecordText last = assembler.finish();
        if (last != null) {
            expected.add(last);
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
        Runnable guess = expected.checkpoint();
        Runnable events = assembly.checkpoint();
        int lineNumberThen = lineNumber;
        boolean lastLineBlankThen = lastLineBlank;
        return () -> {
            record.run();
            guess.run();
            events.run();
            lineNumber = lineNumberThen;
            lastLineBlank = lastLineBlankThen;
        };
    }

    /** Inside a dump of a prefixed file, the line that will most likely come next; else null. */
    private RepeatedDumpLines.DumpLine repeatCandidate() {
        return assembler.isPrefixedFile() && Keywords.STATE_MSG.equals(assembler.pendingKeyword())
                ? expected.afterPendingEntry() : null;
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
