package dev.tracedeck.analysis.shape;

import dev.tracedeck.analysis.prune.HistoryMessage;
import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.analysis.tokens.PromptMessage;
import dev.tracedeck.analysis.tokens.TokenCategory;
import dev.tracedeck.model.conversation.Conversation;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * A thread's state at one point drawn as a shape: one chip per message, in order (the Mycelian benchmark explains its fix
 * with two such lists side by side). Grouped into turns — each user message opens one, not a tool result, whatever
 * role its API sends it in — so that two shapes can be aligned by conversation message.
 */
public record StateShape(List<ShapeChip> chips) {

    public StateShape {
        chips = List.copyOf(chips);
    }

    public static StateShape of(StateSnapshot snapshot) {
        List<ShapeChip> chips = new ArrayList<>();
        for (int i = 0; i < snapshot.size(); i++) {
            StateEntry e = snapshot.entries().get(i);
            chips.add(chip(i, PromptMessage.of(Conversation.asMessage(e)), snapshot.entryLine(i)));
        }
        return new StateShape(chips);
    }

    public static StateShape of(ThreadHistory history) {
        List<ShapeChip> chips = new ArrayList<>();
        List<HistoryMessage> messages = history.history().messages();
        for (int i = 0; i < messages.size(); i++) {
            chips.add(chip(i, messages.get(i).message(), history.lines().get(i)));
        }
        return new StateShape(chips);
    }

    static ShapeChip chip(int position, PromptMessage m, int line) {
        ChipKind kind;
        if (m.category() == TokenCategory.SUMMARIES) {
            kind = ChipKind.SUMMARY;
        } else if (m.role().equals("system") || m.role().equals("developer")) {
            kind = ChipKind.SYSTEM;
        } else if (m.role().equals("tool") || m.role().equals("function") || !m.toolCallId().isEmpty()) {
            // Before the user's: Anthropic's APIs send a result in a user message, and it opens no turn.
            kind = ChipKind.TOOL_RESULT;
        } else if (m.role().equals("user") || m.role().equals("human")) {
            kind = ChipKind.USER;
        } else if (m.role().equals("assistant") || m.role().equals("ai")) {
            kind = m.toolCalls().isEmpty() ? ChipKind.ASSISTANT_TEXT : ChipKind.ASSISTANT_CALLS;
        } else {
            kind = ChipKind.OTHER;
        }
        return new ShapeChip(position, kind, m.toolCalls().stream().map(ToolCall::name).toList(), m.content(), line);
    }

    public int size() {
        return chips.size();
    }

    /**
     * The chips in turns: what came before the first user message, then each user message with what followed it
     * up to the next one.
     */
    public List<List<ShapeChip>> turns() {
        List<List<ShapeChip>> turns = new ArrayList<>();
        List<ShapeChip> current = new ArrayList<>();
        for (ShapeChip chip : chips) {
            if (chip.kind() == ChipKind.USER && !current.isEmpty()) {
                turns.add(current);
                current = new ArrayList<>();
            }
            current.add(chip);
        }
        if (!current.isEmpty()) {
            turns.add(current);
        }
        return turns;
    }

    /** Counts by kind, in the order of {@link ChipKind}: "12 user · 30 assistant → tools · …". */
    public java.util.Map<ChipKind, Integer> counts() {
        java.util.Map<ChipKind, Integer> counts = new java.util.EnumMap<>(ChipKind.class);
        chips.forEach(c -> counts.merge(c.kind(), 1, Integer::sum));
        return counts;
    }
}
