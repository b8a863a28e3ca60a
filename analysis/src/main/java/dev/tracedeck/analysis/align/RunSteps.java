package dev.tracedeck.analysis.align;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.ThreadRecords;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * A thread reduced to its steps, in the order it took them. Each call of the model the trace records is a model
 * call (where it records none, each assistant message is one); each tool call the messages make is a tool call (or,
 * in a log whose messages carry none, each call the log shows being run); a call the framework ends its run with
 * (OpenHands' {@code finish}, a Pydantic AI output tool, smolagents' {@code final_answer}) is the final answer; and
 * a run whose last step is a model call that called nothing ends with that answer: its model call becomes the final
 * answer, fingerprinted by its text. One pass over the thread's events.
 */
public final class RunSteps {

    /** smolagents ends a run with this tool: its argument is the run's answer. */
    static final String SMOLAGENTS_FINAL_ANSWER = "final_answer";

    private RunSteps() {
    }

    public static List<RunStep> of(TraceThread thread, String format) {
        ThreadRecords records = thread.records();
        Set<Event> modelCalls = Collections.newSetFromMap(new IdentityHashMap<>());
        for (ModelCall call : records.modelCalls()) {
            modelCalls.add(call.event());
        }
        boolean messagesCall = false;
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.ConversationMessage m && !m.message().toolCalls().isEmpty()) {
                messagesCall = true;
                break;
            }
        }
        List<RunStep> steps = new ArrayList<>();
        Event lastModelCall = null;
        for (Event e : thread.events()) {
            Payload p = e.payload();
            if (modelCalls.isEmpty() ? p instanceof Payload.ConversationMessage m && m.message().role().equals("assistant")
                    : modelCalls.contains(e)) {
                steps.add(RunStep.MODEL_CALL);
                lastModelCall = e;
            }
            List<ToolCall> calls = p instanceof Payload.ConversationMessage m ? m.message().toolCalls()
                    : !messagesCall && p instanceof Payload.ToolInvocation t && !t.planned() ? List.of(t.call()) : List.of();
            for (ToolCall call : calls) {
                boolean ends = records.terminalCalls().stream().anyMatch(t -> t.is(e, call.id(), call.name()))
                        || format.equals("smolagents") && call.name().equals(SMOLAGENTS_FINAL_ANSWER);
                steps.add(new RunStep(ends ? StepKind.FINAL_ANSWER : StepKind.TOOL_CALL, call.name(), ArgumentFingerprint.of(call)));
            }
        }
        if (!steps.isEmpty() && steps.get(steps.size() - 1).kind() == StepKind.MODEL_CALL
                && lastModelCall.payload() instanceof Payload.ConversationMessage m) {
            Message answer = m.message();
            steps.set(steps.size() - 1, new RunStep(StepKind.FINAL_ANSWER, "", ArgumentFingerprint.ofText(answer.content())));
        }
        return steps;
    }
}
