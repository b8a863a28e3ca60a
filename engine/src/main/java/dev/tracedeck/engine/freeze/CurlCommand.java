package dev.tracedeck.engine.freeze;

/**
 * A POSIX shell command that sends a {@link FrozenRequest} with {@code curl}: the body given on standard input by the
 * shell's own {@code printf} (a body of megabytes would pass the limit on one argument of an executed program), in
 * single quotes, so that it reaches the server byte for byte; the key read from the environment by the shell, in double
 * quotes, so that no key is ever written into the command.
 */
public final class CurlCommand {

    private CurlCommand() {
    }

    public static String of(FrozenRequest request) {
        StringBuilder s = new StringBuilder();
        s.append("printf '%s' ").append(quote(request.body())).append(" |\n");
        s.append("  curl -sS ").append(quote(request.url()));
        for (FrozenRequest.Header h : request.headers()) {
            s.append(" \\\n    -H ");
            if (h.variable().isEmpty()) {
                s.append(quote(h.name() + ": " + h.value()));
            } else {
                // The name, the prefix and the variable are this class's own words: nothing in them the shell expands.
                s.append('"').append(h.name()).append(": ").append(h.value()).append("$").append(h.variable()).append('"');
            }
        }
        s.append(" \\\n    --data-binary @-\n");
        return s.toString();
    }

    /** {@code text} in single quotes, each single quote in it closed, escaped and reopened. */
    static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
