package dev.tracedeck.workspace;

import java.util.Map;

/**
 * Who is at work: the name a shared workspace records on the runs opened, the triage marks and the notes. The
 * environment's {@value #VARIABLE} when set (a CI job, a shared account), else the operating system's user.
 */
public final class Author {

    public static final String VARIABLE = "TRACEDECK_USER";

    private Author() {
    }

    public static String current() {
        return current(System.getenv(), System.getProperty("user.name", "unknown"));
    }

    static String current(Map<String, String> env, String osUser) {
        String named = env.get(VARIABLE);
        String who = named != null && !named.isBlank() ? named.strip() : osUser;
        return who == null || who.isBlank() ? "unknown" : who;
    }
}
