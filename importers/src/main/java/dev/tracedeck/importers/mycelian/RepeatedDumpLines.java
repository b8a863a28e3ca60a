package dev.tracedeck.importers.mycelian;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Remembers the STATE_MSG records of each thread's last dump, so a line that repeats the one at the same
 * position in the previous dump (nearly every line of a long run) is recognised by one comparison instead of
 * being parsed again. Only the last dump of each thread is kept.
 */
final class RepeatedDumpLines {

    /**
     * A record of a dump and, once asked for, its text as UTF-8: what the reader compares the next line's bytes
     * with. A repeated record shares the bytes of the one it repeats, so they are encoded once per distinct line.
     */
    static final class DumpLine {
        private final RecordText record;
        private byte[] utf8;

        private DumpLine(RecordText record, byte[] utf8) {
            this.record = record;
            this.utf8 = utf8;
        }

        RecordText record() {
            return record;
        }

        byte[] utf8() {
            if (utf8 == null) {
                utf8 = record.text().getBytes(StandardCharsets.UTF_8);
            }
            return utf8;
        }
    }

    private final Map<String, List<DumpLine>> lastDump = new HashMap<>();
    private List<DumpLine> current = new ArrayList<>();
    private List<DumpLine> previous = List.of();

    /** Remembers the dumps; the returned action puts them back as they were. */
    Runnable checkpoint() {
        Map<String, List<DumpLine>> lastDumpThen = new HashMap<>(lastDump);
        List<DumpLine> currentThen = current;
        int currentSize = current.size();
        List<DumpLine> previousThen = previous;
        return () -> {
            lastDump.clear();
            lastDump.putAll(lastDumpThen);
            current = currentThen;
            current.subList(currentSize, current.size()).clear();
            previous = previousThen;
        };
    }

        /** A dump of {@code threadId} starts: its lines will be compared with the thread's last dump. */
    void begin(String threadId) {
        previous = lastDump.getOrDefault(threadId, List.of());
        current = new ArrayList<>(previous.size() + 4);
    }

    /** True when {@code record} says exactly what the record at {@code position} of the thread's last dump said. */
    boolean repeats(int position, RecordText record) {
        if (position >= previous.size()) {
            return false;
        }
        RecordText before = previous.get(position).record();
        if (record.text() == before.text() && record.bodyStart() == before.bodyStart()) {
            return true; // a line the reader took as a repeat carries the very text it repeats
        }
        int length = record.text().length() - record.bodyStart();
        return before.text().length() - before.bodyStart() == length
                && record.text().regionMatches(record.bodyStart(), before.text(), before.bodyStart(), length);
    }

    /** The last dump's one-line record at {@code position}, or null: what the next line is likely to repeat. */
    DumpLine expected(int position) {
        if (position >= previous.size()) {
            return null;
        }
        DumpLine line = previous.get(position);
        RecordText record = line.record();
        return record.firstLine() == record.lastLine() && record.timeLength() > 0 ? line : null;
    }

    /**
     * Records the entry at the next position of the dump being read. A line the reader took as a repeat of the last
     * dump's line at this position carries that line's very text, keyword and offsets, and only its line number
     * differs, which nothing here reads: the last dump's line stands for it, and a long run's dumps, which repeat
     * nearly every line, add no object per line here.
     */
    void add(RecordText record) {
        int position = current.size();
        DumpLine before = position < previous.size() ? previous.get(position) : null;
        if (before != null && before.record().text() == record.text() && before.record().bodyStart() == record.bodyStart()
                && before.record().timeLength() == record.timeLength() && before.record().keyword().equals(record.keyword())
                && before.record().firstLine() == before.record().lastLine() && record.firstLine() == record.lastLine()) {
            current.add(before);
            return;
        }
        current.add(new DumpLine(record, before != null && before.record().text() == record.text() ? before.utf8 : null));
    }

    /** The dump being read is complete: it becomes the thread's last dump. */
    void close(String threadId) {
        lastDump.put(threadId, current);
        previous = List.of();
    }

    /** The dump being read is dropped (it had no message list). */
    void discard() {
        previous = List.of();
    }
}
