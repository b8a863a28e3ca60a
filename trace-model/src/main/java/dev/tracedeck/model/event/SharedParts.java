package dev.tracedeck.model.event;

/**
 * The parts of an {@link Event} that many events have in common: its keyword, its file, its JSON pointer and how many
 * lines past the first it spans. Every record of a log has the same file and no pointer, most a keyword of a few and
 * one line; a chat file's messages have three keywords and a handful of pointers ({@code /messages/0} …) on one line
 * each. So each combination is one object for many events, and an event is 40 bytes instead of 48 with these as
 * fields of its own (and 72 with its lines and file in a {@code SourceRef} of their own). Where nothing repeats, an
 * event and its parts take what an event and its {@code SourceRef} took.
 */
final class SharedParts {

    /**
     * The parts made last, each in the slot its hash picks: they are immutable and equal to any others of the same
     * values, so a slot overwritten by another thread only costs parts made again. Bounded, so the file names of
     * traces closed long ago stay held in at most this many slots.
     */
    private static final SharedParts[] RECENT = new SharedParts[4096];

    final String keyword;
    final String file;
    final String pointer;
    /** {@code lastLine - firstLine}. */
    final int lineSpan;

    private SharedParts(String keyword, String file, String pointer, int lineSpan) {
        this.keyword = keyword;
        this.file = file;
        this.pointer = pointer;
        this.lineSpan = lineSpan;
    }

    static SharedParts of(String keyword, String file, String pointer, int lineSpan) {
        int hash = ((keyword.hashCode() * 31 + file.hashCode()) * 31 + pointer.hashCode()) * 31 + lineSpan;
        int slot = (hash ^ (hash >>> 16)) & (RECENT.length - 1);
        SharedParts recent = RECENT[slot];
        if (recent != null && recent.lineSpan == lineSpan && recent.keyword.equals(keyword)
                && recent.pointer.equals(pointer) && recent.file.equals(file)) {
            return recent;
        }
        SharedParts made = new SharedParts(keyword, file, pointer, lineSpan);
        RECENT[slot] = made;
        return made;
    }
}
