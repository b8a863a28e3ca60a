package dev.tracedeck.desktop.window;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * Which of the open runs File ▸ Compare proposes as the run before the fix and which as the run after it: a run
 * whose file name says it (before-…, broken-…; after-…, fixed-…, clean-…, as the bundled samples are named) goes
 * on its side, whatever order the files were opened in; otherwise the first open run is the one before, the next the
 * one after.
 */
record CompareProposal<T>(T before, T after) {

    private static final Set<String> BEFORE = Set.of("before", "broken", "old", "bad", "failing", "failed", "buggy");
    private static final Set<String> AFTER = Set.of("after", "fixed", "clean", "new", "good", "passing");

    enum Side { BEFORE, AFTER, UNKNOWN }

    /** @param runs the open runs in tab order, at least one; with one, it is both sides (two threads of it) */
    static <T> CompareProposal<T> of(List<T> runs, Function<T, String> name) {
        T before = runs.stream().filter(r -> side(name.apply(r)) == Side.BEFORE).findFirst()
                .orElseGet(() -> runs.stream().filter(r -> side(name.apply(r)) != Side.AFTER).findFirst().orElse(runs.get(0)));
        List<T> others = runs.stream().filter(r -> r != before).toList();
        T after = others.stream().filter(r -> side(name.apply(r)) == Side.AFTER).findFirst()
                .orElseGet(() -> others.stream().filter(r -> side(name.apply(r)) != Side.BEFORE).findFirst()
                        .orElse(others.isEmpty() ? before : others.get(0)));
        return new CompareProposal<>(before, after);
    }

    /** The side a file name puts its run on: by its words, a name with words of both sides saying nothing. */
    static Side side(String fileName) {
        boolean before = false;
        boolean after = false;
        for (String word : fileName.toLowerCase(Locale.ROOT).split("[^a-z]+")) {
            before |= BEFORE.contains(word);
            after |= AFTER.contains(word);
        }
        return before == after ? Side.UNKNOWN : before ? Side.BEFORE : Side.AFTER;
    }
}
