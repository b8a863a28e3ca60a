package dev.tracedeck.importers.mycelian;

import dev.tracedeck.importers.MalformedRecordException;

/**
 * The dump line the next line of a log most likely repeats, known where the lines are read: it follows the records
 * as {@link TraceAssembly} takes them, keeping of each thread's last dump what {@link TraceAssembly#add} keeps (its
 * entries that parse, the dump closed by the first record that is not one of them), so the reader can guess as the
 * assembly would without waiting for it. The assembly may then take the records on another thread, behind the reader.
 */
final class ExpectedDumpLine {

    private final StateLineParser parser = new StateLineParser();
    private final RepeatedDumpLines repeated = new RepeatedDumpLines();
    /** The open dump's thread, null when no dump is open. */
    private String thread;
    private boolean withMessages;
    /** Entries of the open dump that parsed. */
    private int entries;

    /** Follows a record the assembly takes ({@link TraceAssembly#add}). */
    void add(RecordText record) {
        if (record.keyword().equals(Keywords.STATE_MSG) && thread != null) {
            if (repeated.repeats(entries, record) || parses(record)) {
                repeated.add(record);
                entries++;
            }
            return;
        }
        close();
        if (record.keyword().equals(Keywords.STATE)) {
            open(record);
        }
    }

    /** Follows a record the assembly keeps unread ({@link TraceAssembly#unread}): inside a dump, an entry that is not one. */
    void unread(RecordText record) {
        if (!(record.keyword().equals(Keywords.STATE_MSG) && thread != null)) {
            close();
        }
    }

    /** The record the line after the pending STATE_MSG record will most likely repeat, or null. */
    RepeatedDumpLines.DumpLine afterPendingEntry() {
        return thread == null ? null : repeated.expected(entries + 1);
    }

    /** Remembers where it stands; the returned action puts it back ({@link LogReading#checkpoint}). */
    Runnable checkpoint() {
        Runnable dumps = repeated.checkpoint();
        String threadThen = thread;
        boolean withMessagesThen = withMessages;
        int entriesThen = entries;
        return () -> {
            dumps.run();
            thread = threadThen;
            withMessages = withMessagesThen;
            entries = entriesThen;
        };
    }

    private void open(RecordText record) {
        try {
            StateLineParser.Header header = parser.header(record.body());
            thread = header.threadId();
            withMessages = header.messages().isPresent();
            entries = 0;
            repeated.begin(thread);
            if (!withMessages) {
                close();
            }
        } catch (MalformedRecordException e) {
            // No dump opens: the assembly keeps the record as malformed.
        }
    }

    private void close() {
        if (thread == null) {
            return;
        }
        if (withMessages) {
            repeated.close(thread);
        } else {
            repeated.discard();
        }
        thread = null;
    }

    private boolean parses(RecordText record) {
        try {
            parser.entry(record.text(), record.bodyStart(), null);
            return true;
        } catch (MalformedRecordException e) {
            return false;
        }
    }
}
