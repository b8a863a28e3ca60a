package dev.tracedeck.workspace;

import java.util.Objects;
import java.util.Optional;

/**
 * A triage mark with the finding it marks, as the workspace last recorded it: its rule and where it was, in the most
 * recently opened run that holds it, and in how many recorded runs it is. A mark whose finding no recorded run holds
 * (its file was validated with another workspace, or forgotten) has none of these.
 *
 * @param rule the finding's rule
 * @param file the recorded path of the run it was last seen in
 * @param line the line of its first evidence there
 * @param runs how many recorded runs hold it
 */
public record MarkedFinding(TriageMark mark, Optional<String> rule, Optional<String> file, int line, int runs) {

    public MarkedFinding {
        Objects.requireNonNull(mark);
        Objects.requireNonNull(rule);
        Objects.requireNonNull(file);
    }
}
