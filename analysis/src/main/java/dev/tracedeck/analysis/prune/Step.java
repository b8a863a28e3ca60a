package dev.tracedeck.analysis.prune;

import java.util.List;

/**
 * A typed step of a history, as smolagents' memory keeps them: the system prompt, a task (a user message), an action (an assistant
 * message with its tool calls and the results that answer them, or a thought that calls nothing), planning (an
 * assistant message that lays out a plan, as smolagents' planning steps do), or the final answer (a call to a
 * {@code final_answer} tool with its result, or an assistant message
 * with text and no calls that ends the history or is followed only by a new task).
 *
 * @param kind     what it is
 * @param messages the positions of its messages in the history, in order
 */
public record Step(Kind kind, List<Integer> messages) {

    public enum Kind {
        SYSTEM_PROMPT("system prompt"), TASK("task"), PLANNING("planning"), ACTION("action"), FINAL_ANSWER("final answer");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public Step {
        messages = List.copyOf(messages);
    }

    /** Steps that a strategy keeping "the last n steps" always keeps. */
    public boolean isCritical() {
        return kind == Kind.SYSTEM_PROMPT || kind == Kind.TASK;
    }
}
