package dev.tracedeck.analysis.align;

import java.util.Objects;

/**
 * One step of a run reduced to what aligning runs compares: its kind, the tool it called (none for a model call or a
 * text answer) and a short fingerprint of its normalized arguments (of the answer's text for a final answer; none for
 * a model call, whose output is what the steps after it show). Two runs take the same step when all three are equal.
 *
 * @param kind        model call, tool call or final answer
 * @param tool        the tool's name; "" for a model call and an answer given as text
 * @param fingerprint {@link ArgumentFingerprint}'s 8 hex digits; "" for a model call
 */
public record RunStep(StepKind kind, String tool, String fingerprint) {

    public static final RunStep MODEL_CALL = new RunStep(StepKind.MODEL_CALL, "", "");

    public RunStep {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(tool);
        Objects.requireNonNull(fingerprint);
    }

    /** What identifies the step among a task's runs: {@code kind|tool|fingerprint}. */
    public String key() {
        return kind.id() + "|" + tool + "|" + fingerprint;
    }

    /** "model call", "tool search #1a2b3c4d", "final answer #9f8e7d6c", "final answer final_answer #…". */
    public String label() {
        StringBuilder s = new StringBuilder(kind.label());
        if (!tool.isEmpty()) {
            s.append(' ').append(tool);
        }
        if (!fingerprint.isEmpty()) {
            s.append(" #").append(fingerprint);
        }
        return s.toString();
    }
}
