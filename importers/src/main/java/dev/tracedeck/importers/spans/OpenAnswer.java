package dev.tracedeck.importers.spans;

import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.source.SourceRef;
import java.util.ArrayList;
import java.util.List;

/**
 * A model's answer that only makes calls, held back until the next thing written: a framework that records each
 * content block of one answer as a model call of its own (the Claude Agent SDK's turns) records the same input
 * for each, one right after the other, and the calls of all of them are one answer's, which wait for their
 * results together. A model call that sends anything new (the answer itself among it) is a new call; anything
 * else written in between (a tool's span, another thread's) ends the answer.
 */
final class OpenAnswer {
    final String thread;
    final List<Message> input;
    Message message;
    final SourceRef source;
    String text;
    final String spanKey;
    final String time;

    OpenAnswer(String thread, List<Message> input, Message message, SourceRef source, String text, String spanKey,
               String time) {
        this.thread = thread;
        this.input = input;
        this.message = message;
        this.source = source;
        this.text = text;
        this.spanKey = spanKey;
        this.time = time;
    }

    /** An assistant's message that makes calls and says nothing. */
    static boolean onlyCalls(Message m) {
        return m.role().equals("assistant") && !m.toolCalls().isEmpty() && m.content().isBlank();
    }

    /**
     * True when {@code next}, a model call's messages, is this answer going on: the same input, recorded, and more
     * calls. Two calls that record no input say nothing of whether one went on with the other.
     */
    boolean goesOnWith(SpanMessages next) {
        if (next == null || input.isEmpty() || next.output().size() != 1
                || !(next.output().get(0) instanceof AttributeMessage.Msg m) || !onlyCalls(m.message())
                || next.input().size() != input.size()) {
            return false;
        }
        for (int i = 0; i < input.size(); i++) {
            if (!(next.input().get(i) instanceof AttributeMessage.Msg in) || !in.message().equals(input.get(i))) {
                return false;
            }
        }
        return true;
    }

    void add(Message more, String moreText) {
        List<ToolCall> calls = new ArrayList<>(message.toolCalls());
        calls.addAll(more.toolCalls());
        message = message.withToolCalls(calls);
        text = "[" + text + ",\n" + moreText + "]";
    }
}
