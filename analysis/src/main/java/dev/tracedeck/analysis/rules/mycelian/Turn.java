package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the agent did for one message it was fed: the conversation or control message (absent for what
 * came before the first one) and the tool calls, state dumps and failed invocations up to the next message.
 */
public record Turn(Optional<Event> opener, List<ObservedCall> calls, List<Event> snapshots, List<Event> errors) {

    public Turn {
        calls = List.copyOf(calls);
        snapshots = List.copyOf(snapshots);
        errors = List.copyOf(errors);
    }

    public Optional<Payload.ConversationMessage> conversation() {
        return opener.map(Event::payload).filter(Payload.ConversationMessage.class::isInstance)
                .map(Payload.ConversationMessage.class::cast);
    }

    /** The control message's first word (SESSION_START, FLUSH_CONTEXT, SESSION_END), or "". */
    public String control() {
        return opener.map(Event::payload).filter(Payload.ControlMessage.class::isInstance)
                .map(p -> ((Payload.ControlMessage) p).content().strip().split("\\s+", 2)[0]).orElse("");
    }

    public OptionalInt msgIdx() {
        return conversation().map(Payload.ConversationMessage::msgIdx).orElse(OptionalInt.empty());
    }

    public List<ObservedCall> callsOf(String tool) {
        return calls.stream().filter(c -> c.tool().equals(tool)).toList();
    }

    /** The opener followed by the given calls' events, as evidence. */
    public List<Event> evidence(List<ObservedCall> of) {
        java.util.ArrayList<Event> events = new java.util.ArrayList<>();
        opener.ifPresent(events::add);
        of.forEach(c -> events.add(c.event()));
        return events;
    }
}
