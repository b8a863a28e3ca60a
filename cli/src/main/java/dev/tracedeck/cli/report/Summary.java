package dev.tracedeck.cli.report;

import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.engine.text.CountFormat;

/** "3 errors, 1 warning, 0 infos" for a heading. */
final class Summary {

    private Summary() {
    }

    static String of(Validation v) {
        return plural(v.count(Severity.ERROR), "error") + ", " + plural(v.count(Severity.WARNING), "warning") + ", "
                + plural(v.count(Severity.INFO), "info");
    }

    static String plural(long n, String word) {
        return CountFormat.count(n) + " " + word + (n == 1 ? "" : "s");
    }
}
