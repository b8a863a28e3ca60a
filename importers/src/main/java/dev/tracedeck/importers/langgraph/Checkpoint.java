package dev.tracedeck.importers.langgraph;

import dev.tracedeck.importers.langchain.LangChainMessages;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.state.StateEntry;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One LangGraph checkpoint as read, before the thread's checkpoints are put in order.
 *
 * @param thread        its thread ({@code thread_id}), or the default thread
 * @param order         its position in the file, to keep file order where nothing else orders checkpoints
 * @param step          {@code metadata.step} when given
 * @param createdAt     {@code created_at} (or the checkpoint's {@code ts}), "" when not given
 * @param source        the checkpoint's lines and pointer
 * @param valuesPointer the absolute pointer of its values ({@code /3/values}, {@code /checkpoint/channel_values})
 * @param next          the {@code next} node names, when given
 * @param channels      its message lists: {@code messages} first, then the others in the state's order
 * @param summary       the checkpoint without its values, as compact JSON (the state event's text)
 * @param id            its {@code checkpoint_id}, "" when not given
 * @param parentId      its parent's {@code checkpoint_id}, "" when not given
 */
record Checkpoint(String thread, int order, OptionalLong step, String createdAt, SourceRef source, String valuesPointer,
                  Optional<List<String>> next, List<Channel> channels, String summary, String id, String parentId) {

    /** One message list of a checkpoint at {@code pointer}; {@code first}/{@code last} are each item's lines. */
    record Channel(String name, String pointer, List<Item> items, int[] first, int[] last) {
    }

    /**
     * One message at one position, shared by every checkpoint that holds the same text there.
     *
     * @param parsed the message, or empty when it did not parse
     * @param error  why it did not parse, "" when it did
     * @param entry  the state entry, null when it did not parse
     */
    record Item(Optional<LangChainMessages.Parsed> parsed, String error, String text, StateEntry entry) {
    }
}
