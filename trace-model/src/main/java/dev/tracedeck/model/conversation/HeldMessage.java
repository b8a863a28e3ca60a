package dev.tracedeck.model.conversation;

import dev.tracedeck.model.message.Message;
import java.util.Objects;

/**
 * One message of a thread's conversation at a point: the message as the agent would send it to its model, and the
 * first source line it was read from (a dump's entry line, or a conversation message's first line), so what is
 * done to it can be traced back to the log.
 */
public record HeldMessage(Message message, int line) {

    public HeldMessage {
        Objects.requireNonNull(message);
    }
}
