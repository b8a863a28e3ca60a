package dev.tracedeck.importers.spans;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * What an agent's span holds that no model call of its thread records, in a thread whose calls record their
 * messages (where they do not, the agent's messages are the thread's). Two things frameworks keep on the agent alone:
 * <ul>
 *   <li>its instructions, the system messages its input starts with, where no model call inside it sends a system
 *       message: the Microsoft Agent Framework records them on {@code invoke_agent} only
 *       ({@code gen_ai.system_instructions}), its {@code chat} spans holding the conversation without them;</li>
 *   <li>its answer, the assistant messages of its output, where it made no model call itself and the thread's last
 *       call recorded no answer: BeeAI records each call's request but keeps the run's answer on the agent's own
 *       {@code success} event, after the calls.</li>
 * </ul>
 */
final class AgentOwnMessages {

    private AgentOwnMessages() {
    }

    /**
     * @param agent           the agent span's messages
     * @param callsInside     the messages of the model calls inside the agent span, asked for only when needed
     * @param lastCallAnswered whether the thread's last model call before the agent recorded an answer; null when the
     *                        thread has had none
     */
    static List<AttributeMessage.Msg> of(SpanMessages agent, Supplier<List<SpanMessages>> callsInside,
                                         Boolean lastCallAnswered) {
        List<AttributeMessage.Msg> instructions = new ArrayList<>();
        for (AttributeMessage a : agent.input()) {
            if (!(a instanceof AttributeMessage.Msg m) || !m.message().role().equals("system")) {
                break;
            }
            instructions.add(m);
        }
        List<AttributeMessage.Msg> answer = agent.output().stream()
                .filter(a -> a instanceof AttributeMessage.Msg m && m.message().role().equals("assistant"))
                .map(a -> (AttributeMessage.Msg) a).toList();
        if (instructions.isEmpty() && (answer.isEmpty() || !Boolean.FALSE.equals(lastCallAnswered))) {
            return List.of();
        }
        List<SpanMessages> calls = callsInside.get();
        List<AttributeMessage.Msg> own = new ArrayList<>();
        if (!instructions.isEmpty() && !calls.isEmpty() && calls.stream().noneMatch(AgentOwnMessages::sendsSystem)) {
            own.addAll(instructions);
        }
        if (calls.isEmpty() && Boolean.FALSE.equals(lastCallAnswered)) {
            own.addAll(answer);
        }
        return own;
    }

    private static boolean sendsSystem(SpanMessages call) {
        return call.input().stream().anyMatch(a -> a instanceof AttributeMessage.Msg m
                && (m.message().role().equals("system") || m.message().role().equals("developer")));
    }
}
