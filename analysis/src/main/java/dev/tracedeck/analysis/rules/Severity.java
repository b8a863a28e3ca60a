package dev.tracedeck.analysis.rules;

import java.util.Locale;

/** How bad a finding is. Order matters: a threshold of WARNING also catches ERROR. */
public enum Severity {
    INFO, WARNING, ERROR;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Severity parse(String s) {
        return valueOf(s.trim().toUpperCase(Locale.ROOT));
    }

    public boolean atLeast(Severity threshold) {
        return compareTo(threshold) >= 0;
    }
}
