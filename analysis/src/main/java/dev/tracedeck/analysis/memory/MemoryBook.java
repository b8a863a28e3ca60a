package dev.tracedeck.analysis.memory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/** The memories of one thread while its events are read: each one's current value as far as it is known. */
final class MemoryBook {

    private final String threadId;
    private final Map<String, Page> pages = new LinkedHashMap<>();
    private final Map<String, Page> byKey = new java.util.HashMap<>();

    MemoryBook(String threadId) {
        this.threadId = threadId;
    }

    Page page(String name, String kind) {
        return pages.computeIfAbsent(name, n -> new Page(n, kind));
    }

    /**
     * The memory {@code key} (an id the trace gives) names: made on first meeting, named {@code name}'s (the id and
     * what it first held), and found by the key from then on.
     */
    Page page(String key, java.util.function.Supplier<String> name, String kind) {
        Page p = byKey.get(key);
        if (p == null) {
            p = page(name.get(), kind);
            byKey.put(key, p);
        }
        return p;
    }

    Optional<Page> existing(String name) {
        return Optional.ofNullable(pages.get(name));
    }

    /**
     * The memories with at least one operation, and with {@code shownOnly} those the trace only shows a value of too,
     * in the order they were first met.
     */
    List<Memory> memories(boolean shownOnly) {
        List<Memory> out = new ArrayList<>();
        for (Page p : pages.values()) {
            if (!p.operations.isEmpty() || shownOnly && p.initial.isPresent()) {
                out.add(new Memory(threadId, p.name, p.kind, p.limit, p.initial, p.operations));
            }
        }
        return out;
    }

    /** One memory being followed. */
    static final class Page {
        final String name;
        final String kind;
        OptionalInt limit = OptionalInt.empty();
        Optional<String> initial = Optional.empty();
        /** The value now, when known. */
        Optional<String> current = Optional.empty();
        final List<MemoryOperation> operations = new ArrayList<>();

        Page(String name, String kind) {
            this.name = name;
            this.kind = kind;
        }

        /** The value the trace shows at this point (a dump), which is what the memory holds from here on. */
        void shown(String value) {
            if (operations.isEmpty() && initial.isEmpty()) {
                initial = Optional.of(value);
            }
            current = Optional.of(value);
        }

        void add(MemoryOperation op) {
            operations.add(op);
            current = op.after();
        }
    }
}
