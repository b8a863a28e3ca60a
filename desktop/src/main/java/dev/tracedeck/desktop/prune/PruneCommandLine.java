package dev.tracedeck.desktop.prune;

import dev.tracedeck.analysis.prune.PruneStrategy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * The {@code tracedeck prune} command that reproduces what the playground shows:
 * {@code tracedeck prune --strategy 'S' [--strategy 'S'…] --thread ID --at SEQ [--model NAME] [--context-limit N] FILE},
 * every argument quoted for a POSIX shell where it needs it (a strategy always, as its parentheses do).
 */
public final class PruneCommandLine {

    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

    private PruneCommandLine() {
    }

    /**
     * @param model        the model when it is not the one the trace names (the command's default)
     * @param contextLimit the window when it is not the model's
     */
    public static String of(List<PruneStrategy> strategies, String threadId, int at, Optional<String> model,
                            OptionalInt contextLimit, Path file) {
        return of(strategies, threadId, at, model, contextLimit, false, file);
    }

    /** @param parseTextCalls the trace was read with {@code --parse-text-calls}, which the command must repeat */
    public static String of(List<PruneStrategy> strategies, String threadId, int at, Optional<String> model,
                            OptionalInt contextLimit, boolean parseTextCalls, Path file) {
        List<String> words = new ArrayList<>(List.of("tracedeck", "prune"));
        List<PruneStrategy> applied = strategies.isEmpty() ? List.of(new PruneStrategy.None()) : strategies;
        for (PruneStrategy s : applied) {
            words.add("--strategy");
            words.add(quote(s.spec()));
        }
        words.add("--thread");
        words.add(word(threadId));
        words.add("--at");
        words.add(Integer.toString(at));
        model.ifPresent(m -> {
            words.add("--model");
            words.add(word(m));
        });
        contextLimit.ifPresent(n -> {
            words.add("--context-limit");
            words.add(Integer.toString(n));
        });
        if (parseTextCalls) {
            words.add("--parse-text-calls");
        }
        words.add(word(file.toString()));
        return String.join(" ", words);
    }

    /** {@code s} as one shell word: as it is when nothing in it is special, else single-quoted. */
    static String word(String s) {
        return SAFE.matcher(s).matches() ? s : quote(s);
    }

    /** {@code 'it'\''s'}: single quotes, each quote inside closed, escaped and reopened. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
