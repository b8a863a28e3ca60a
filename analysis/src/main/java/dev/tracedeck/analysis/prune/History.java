package dev.tracedeck.analysis.prune;

import dev.tracedeck.analysis.tokens.PromptMessage;
import java.util.ArrayList;
import java.util.List;

/** A chat history as a prune strategy sees it: messages in order, each with a stable id. */
public record History(List<HistoryMessage> messages) {

    public History {
        messages = List.copyOf(messages);
    }

    /** Ids {@code m0}, {@code m1} … in order. */
    public static History of(List<PromptMessage> messages) {
        List<HistoryMessage> list = new ArrayList<>(messages.size());
        for (int i = 0; i < messages.size(); i++) {
            list.add(new HistoryMessage("m" + i, messages.get(i)));
        }
        return new History(list);
    }

    public List<PromptMessage> prompt() {
        return messages.stream().map(HistoryMessage::message).toList();
    }

    public int size() {
        return messages.size();
    }
}
