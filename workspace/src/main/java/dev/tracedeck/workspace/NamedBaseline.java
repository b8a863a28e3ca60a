package dev.tracedeck.workspace;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A baseline kept in the workspace under a name, so a team validates against the same one
 * ({@code validate --baseline workspace:NAME}): its name, how many findings it knows, when it was last written and by
 * whom (in a workspace that records authors). Its content is the file {@code baseline write} writes.
 */
public record NamedBaseline(String name, int findings, Instant writtenAt, Optional<String> author) {

    /** Letters, digits, dot, dash and underscore, up to 100: a name that reads the same in a shell and in a URL. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,100}");

    public NamedBaseline {
        Objects.requireNonNull(name);
        Objects.requireNonNull(writtenAt);
        Objects.requireNonNull(author);
    }

    /** True for a name a baseline may have. */
    public static boolean validName(String name) {
        return NAME.matcher(name).matches();
    }

    /** What is wrong with {@code name} as a baseline's name, said in one line. */
    public static String nameProblem(String name) {
        return "'" + name + "' is not a baseline name: letters, digits, '.', '-' and '_', up to 100";
    }
}
