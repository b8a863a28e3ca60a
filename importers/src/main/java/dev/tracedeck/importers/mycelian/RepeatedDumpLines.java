package dev.tracedeck.importers.mycelian;

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

    private final Map<String, List<RecordText>> lastDump = new HashMap<>();
    private List<RecordText> current = new ArrayList<>();
    private List<RecordText> previous = List.of();

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
        RecordText before = previous.get(position);
        int length = record.text().length() - record.bodyStart();
        return before.text().length() - before.bodyStart() == length
                && record.text().regionMatches(record.bodyStart(), before.text(), before.bodyStart(), length);
    }

    /** The last dump's one-line record at {@code position}, or null: what the next line is likely to repeat. */
    RecordText expected(int position) {
        if (position >= previous.size()) {
            return null;
        }
        RecordText record = previous.get(position);
        return record.firstLine() == record.lastLine() && record.timeLength() > 0 ? record : null;
    }

    /** Records the entry at the next position of the dump being read. */
    void add(RecordText record) {
        current.add(record);
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
