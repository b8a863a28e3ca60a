package dev.tracedeck.importers.claudecode;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Puts an assistant message written over several lines back together as the API sent it. Claude Code writes each
 * content block as it streams, and between the blocks of one message it writes other entries: the result of a tool
 * it started while the message was still streaming, hook progress, a sidechain's lines. The message is written once
 * complete, where its first line was, and the lines read meanwhile follow it in file order; so a thread's positions
 * still follow the order events are written in.
 *
 * <p>A message is complete when its thread gets an assistant line of another message, or a user line that is not
 * only tool results (a new prompt, an interruption), or the file ends. At most {@link #MAX_HELD} lines wait behind
 * an incomplete message: past that its first message is taken as complete, so a file that never ends a message
 * holds no more than that.
 */
final class ReorderBuffer {

    /** Lines held behind an incomplete message; a real message spans a few dozen. */
    static final int MAX_HELD = 4096;

    /** A message being gathered, or a line's events ready to be written. */
    private record Slot(GatheredMessage message, Runnable line) {
        boolean complete() {
            return message == null || message.complete();
        }
    }

    private final ArrayDeque<Slot> slots = new ArrayDeque<>();
    /** Per thread, its message still being gathered. */
    private final Map<String, GatheredMessage> open = new HashMap<>();
    private final Consumer<GatheredMessage> writeMessage;
    private int held;

    ReorderBuffer(Consumer<GatheredMessage> writeMessage) {
        this.writeMessage = writeMessage;
    }

    /**
     * A line with one or more blocks of an assistant message: part of its thread's open message when it has the
     * same id, else it completes that one and starts another.
     */
    void assistantLine(String thread, String id, JsonNode message, SourceRef source, SourceText text, String decoded,
                       String time) {
        GatheredMessage gathering = open.get(thread);
        if (gathering != null && !id.isEmpty() && gathering.id.equals(id)) {
            gathering.add(message, source, decoded);
            return;
        }
        GatheredMessage started = new GatheredMessage(thread, id, message, source, text, decoded, time);
        if (gathering != null) {
            gathering.close();
        }
        if (started.complete()) {
            open.remove(thread);
        } else {
            open.put(thread, started);
        }
        slots.addLast(new Slot(started, null));
        drain();
    }

    /** The thread's open message, if any, gets no more lines. */
    void complete(String thread) {
        GatheredMessage gathering = open.remove(thread);
        if (gathering != null) {
            gathering.close();
            drain();
        }
    }

    /** Writes a line's events now, or after the messages still being gathered before it. */
    void line(Runnable write) {
        if (slots.isEmpty()) {
            write.run();
            return;
        }
        slots.addLast(new Slot(null, write));
        held++;
        while (held > MAX_HELD) {
            // The head is an incomplete message, else it would have been written.
            GatheredMessage head = slots.peekFirst().message();
            open.remove(head.thread);
            head.close();
            drain();
        }
    }

    /**
     * Remembers what is held and gathered, for an end of the file that is taken back (a file read as it is
     * written): the returned action puts back the lines and messages {@link #end} wrote and closed.
     */
    Runnable checkpoint() {
        List<Slot> slotsThen = new ArrayList<>(slots);
        Map<String, GatheredMessage> openThen = new HashMap<>(open);
        int heldThen = held;
        List<GatheredMessage> gathering = slots.stream().map(Slot::message)
                .filter(m -> m != null && !m.complete()).toList();
        return () -> {
            slots.clear();
            slots.addAll(slotsThen);
            open.clear();
            open.putAll(openThen);
            held = heldThen;
            gathering.forEach(GatheredMessage::reopen);
        };
    }

    /** The file ended: every message is complete. */
    void end() {
        open.values().forEach(GatheredMessage::close);
        open.clear();
        drain();
    }

    private void drain() {
        while (!slots.isEmpty() && slots.peekFirst().complete()) {
            Slot slot = slots.pollFirst();
            if (slot.message() != null) {
                writeMessage.accept(slot.message());
            } else {
                held--;
                slot.line().run();
            }
        }
    }
}
