package dev.tracedeck.importers.chat;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The tools an agent framework documents as ending a completed run: the model calls one to hand over its answer,
 * and the framework stops there, answering nothing. A trace that names its framework (an ATIF trajectory's
 * {@code agent.name}) says through this which of its calls ended the run; a framework that declares its terminal
 * tools in the trace itself (Pydantic AI's {@code output_tools}) needs no entry here.
 */
public final class TerminalTools {

    /**
     * By framework, as a trace names it: the terminal tool and why it gets no result. OpenHands' CodeActAgent turns
     * a {@code finish} call ({@code FINISH_TOOL_NAME}) into an {@code AgentFinishAction}; its controller then sets the
     * agent's state to finished, and no observation follows the action.
     */
    private static final Map<String, Map<String, String>> BY_FRAMEWORK = Map.of(
            "openhands", Map.of("finish", "OpenHands ends a run with finish (an AgentFinishAction, which no observation answers)"));

    private TerminalTools() {
    }

    /** True when some framework ends its runs with a tool of this name: a call worth keeping until the trace names its framework. */
    public static boolean anyNamed(String tool) {
        return BY_FRAMEWORK.values().stream().anyMatch(tools -> tools.containsKey(tool));
    }

    /**
     * Why {@code tool} ends a run of {@code framework} (named as the trace names it, {@code openhands} or
     * {@code openhands-…}); empty when the framework documents no such tool.
     */
    public static Optional<String> why(String framework, String tool) {
        String name = framework.strip().toLowerCase(Locale.ROOT);
        for (Map.Entry<String, Map<String, String>> e : BY_FRAMEWORK.entrySet()) {
            if (name.equals(e.getKey()) || name.startsWith(e.getKey() + "-")) {
                return Optional.ofNullable(e.getValue().get(tool));
            }
        }
        return Optional.empty();
    }
}
