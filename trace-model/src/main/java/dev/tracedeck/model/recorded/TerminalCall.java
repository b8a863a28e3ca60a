package dev.tracedeck.model.recorded;

import dev.tracedeck.model.event.Event;
import java.util.Objects;

/**
 * A call the framework ends a completed run with and never answers: the run's output is the call itself, not what a
 * tool would return. OpenHands' {@code finish} (its {@code AgentFinishAction} gets no observation) and a Pydantic AI
 * output tool ({@code final_result}, declared among a request's {@code output_tools}) are such calls. An importer
 * records one only where the trace says which framework wrote it and that framework documents the tool as ending
 * the run.
 *
 * @param call   the event of the message that makes the call
 * @param callId the call's id among that message's calls ("" when the format has none: then its name says which)
 * @param name   the tool's name
 * @param why    what says the call ends the run, for a reader ("OpenHands ends a run with finish")
 */
public record TerminalCall(Event call, String callId, String name, String why) {

    public TerminalCall {
        Objects.requireNonNull(call);
        Objects.requireNonNull(callId);
        Objects.requireNonNull(name);
        Objects.requireNonNull(why);
    }

    /** True when this is the call {@code id} (or, without ids, the call named {@code callName}) of {@code event}. */
    public boolean is(Event event, String id, String callName) {
        return call == event && (!callId.isEmpty() && !id.isEmpty() ? callId.equals(id) : name.equals(callName));
    }
}
