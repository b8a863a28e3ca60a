package dev.tracedeck.analysis.tokens;

import dev.tracedeck.model.conversation.Conversation;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.recorded.ThreadRequest;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A thread's context over time, point by point of its {@link Conversation}: one {@link ContextPoint} per state dump
 * with a message list (the state an agent sends to its model is its message list), or, for a thread without dumps,
 * one per message as the history grows — from nothing again after each point where the harness compacted it (the
 * summary it left is the next message).
 *
 * <p>Consecutive dumps share their unchanged entries (the same instances), so each distinct entry is tokenized
 * once: the counts of a gigabyte log's quadratic dumps cost what its distinct messages cost.
 */
public final class ThreadContext {

    private static final TokenCategory[] CATEGORIES = TokenCategory.values();

    private final PromptTokens counter;
    private final Tokenizer tokenizer;
    private final ChatFormat format;
    private final Map<StateEntry, int[]> entryTokens = new IdentityHashMap<>();
    /** Whether {@link #peak} counts a content left in its file as its bytes there rather than reading it. */
    private final boolean fileBytes;

    public ThreadContext(ChatFormat format) {
        this(format, Tokenizer.of(format.encoding()), false);
    }

    private ThreadContext(ChatFormat format, Tokenizer tokenizer, boolean fileBytes) {
        this.format = format;
        this.counter = new PromptTokens(format, tokenizer);
        this.tokenizer = tokenizer;
        this.fileBytes = fileBytes;
    }

    /**
     * {@link #peak} bounded without reading any content left in its file: such a content counts its bytes there, no
     * fewer than its UTF-8 bytes ({@link Message#contentBytesInFile}) and so than its tokens, and every other text
     * three bytes a character ({@link Tokenizer#lengthBound}). On a big chat file, whose contents are left in it,
     * this is nearly the UTF-8 bound for the cost of a pass over the thread's events.
     */
    public static ContextPeak fileBytesPeak(ChatFormat format, TraceThread thread) {
        return new ThreadContext(format, Tokenizer.lengthBound(format.encoding()), true).peak(thread);
    }

    /**
     * The same points, each count no smaller than the real one (see {@link Tokenizer#upperBound}), for a fraction of
     * the cost: every count is a sum of texts' counts and fixed framing, so bounding each text bounds the sum.
     */
    public static ThreadContext upperBounds(ChatFormat format) {
        return counting(format, Tokenizer.upperBound(format.encoding()));
    }

    /** The points counted with {@code tokenizer}: a bound's ({@link Tokenizer#isExact} false) are bounds. */
    public static ThreadContext counting(ChatFormat format, Tokenizer tokenizer) {
        return new ThreadContext(format, tokenizer, false);
    }

    public List<ContextPoint> points(TraceThread thread) {
        Conversation conversation = Conversation.of(thread);
        return conversation.inDumps() ? dumpPoints(conversation) : messagePoints(thread);
    }

    /**
     * The number of {@link #points} and the highest of their counts, without making them: a bound is asked for no
     * more, and a thread of messages is summed as one int (the same total, since int sums wrap alike in any order)
     * instead of a map by category and a point per message.
     */
    public ContextPeak peak(TraceThread thread) {
        Conversation conversation = Conversation.of(thread);
        if (conversation.inDumps()) {
            return dumpPeak(conversation);
        }
        int priming = counter.replyPriming();
        // As in messagePoints: the tools' schemas go with every call, the reply priming once per request.
        int start = counter.count(List.of(), ThreadRequest.tools(thread.events())).tokens() - priming;
        Set<Event> compactions = Collections.newSetFromMap(new IdentityHashMap<>());
        thread.records().compactions().forEach(c -> compactions.add(c.event()));
        int running = start;
        int points = 0;
        int highest = 0;
        boolean overflow = false;
        for (Event e : thread.events()) {
            if (compactions.contains(e)) {
                running = start;
            } else if (e.payload() instanceof Payload.ConversationMessage m) {
                running += messageTokens(m.message());
                int total = running + priming;
                highest = points == 0 ? total : Math.max(highest, total);
                overflow |= total < 0;
                points++;
            }
        }
        return new ContextPeak(points, highest, overflow);
    }

    /** A message's share of the prompt, its content counted as its bytes in the file when {@link #fileBytes} says. */
    private int messageTokens(Message message) {
        OptionalInt bytes = fileBytes ? message.contentBytesInFile() : OptionalInt.empty();
        if (bytes.isEmpty()) {
            return counter.messageTokens(PromptMessage.of(message));
        }
        PromptMessage withoutContent = new PromptMessage(message.role(), "", message.name(), message.toolCalls(),
                message.toolCallId(), TokenCategory.of(message));
        return counter.messageTokens(withoutContent) + bytes.getAsInt();
    }

    /** One point per dump: what the agent held there. */
    private List<ContextPoint> dumpPoints(Conversation conversation) {
        List<ContextPoint> points = new ArrayList<>();
        for (Event e : conversation.dumps()) {
            StateSnapshot snapshot = Conversation.snapshot(e);
            points.add(new ContextPoint(e, snapshot.size(), count(snapshot)));
        }
        return points;
    }

    /**
     * {@link ContextPeak#of} the {@link #dumpPoints}, summing each dump's counted entries as one int (a point's total
     * is that same sum, as int sums wrap alike in any order): a log's dumps hold millions of entries in all, and a map
     * by category and a point per dump cost most of what the bound asked for costs.
     */
    private ContextPeak dumpPeak(Conversation conversation) {
        int highest = 0;
        boolean overflow = false;
        int points = 0;
        for (Event e : conversation.dumps()) {
            int total = format.replyPriming();
            for (StateEntry entry : Conversation.snapshot(e).entries()) {
                total += entryTokens.computeIfAbsent(entry, this::entryTokens)[0];
            }
            highest = points == 0 ? total : Math.max(highest, total);
            overflow |= total < 0;
            points++;
        }
        return new ContextPeak(points, highest, overflow);
    }

    /** One point per message, the history growing by it since the thread's start or its last compaction. */
    private List<ContextPoint> messagePoints(TraceThread thread) {
        List<ContextPoint> points = new ArrayList<>();
        int messages = 0;
        Map<TokenCategory, Integer> running = new EnumMap<>(TokenCategory.class);
        // A request's tool schemas go with every call the history makes.
        PromptCount schemas = counter.count(List.of(), ThreadRequest.tools(thread.events()));
        schemas.byCategory().forEach((category, tokens) -> running.merge(category, tokens, Integer::sum));
        running.merge(TokenCategory.CONVERSATION, -counter.replyPriming(), Integer::sum);
        running.remove(TokenCategory.CONVERSATION, 0);
        Map<TokenCategory, Integer> start = new EnumMap<>(running);
        Set<Event> compactions = Collections.newSetFromMap(new IdentityHashMap<>());
        thread.records().compactions().forEach(c -> compactions.add(c.event()));
        boolean cutPreviews = false;
        boolean replayedCalls = false;
        for (Event e : thread.events()) {
            if (compactions.contains(e)) {
                // The harness replaced the history so far with a summary: the next request starts from there.
                running.clear();
                running.putAll(start);
                messages = 0;
            } else if (e.payload() instanceof Payload.ConversationMessage m) {
                PromptMessage message = PromptMessage.of(m.message());
                messages++;
                cutPreviews |= m.previewCut();
                replayedCalls |= !message.toolCalls().isEmpty();
                // Summed message by message: recounting the whole history at each message is quadratic.
                PromptCount one = counter.count(List.of(message), Optional.empty());
                one.byCategory().forEach((category, tokens) -> running.merge(category, tokens, Integer::sum));
                running.merge(TokenCategory.CONVERSATION, -counter.replyPriming(), Integer::sum);
                Map<TokenCategory, Integer> now = new EnumMap<>(running);
                now.merge(TokenCategory.CONVERSATION, counter.replyPriming(), Integer::sum);
                List<String> reasons = new ArrayList<>(schemas.estimateReasons());
                if (replayedCalls) {
                    reasons.add(PromptTokens.REPLAYED_CALLS);
                }
                if (cutPreviews) {
                    reasons.add(PREVIEWS);
                }
                int total = now.values().stream().mapToInt(Integer::intValue).sum();
                points.add(new ContextPoint(e, messages, new PromptCount(total, now, reasons)));
            }
        }
        return points;
    }

    /** The thread's history at its end, as the last point shows it; empty for a thread with no history. */
    public Optional<ContextPoint> last(TraceThread thread) {
        List<ContextPoint> points = points(thread);
        return points.isEmpty() ? Optional.empty() : Optional.of(points.get(points.size() - 1));
    }

    /** Why a count made from a verbatim dump is a lower bound. */
    public static final String CALLS_BY_NAME = "the state's messages are whole but its tool calls are kept by name only: "
            + "the count is a lower bound";

    /** Why a count made from a log's previews is a lower bound. */
    public static final String PREVIEWS = "the log shows messages as previews (cut at 200 characters) and tool calls by name only: "
            + "the count is a lower bound";

    private PromptCount count(StateSnapshot snapshot) {
        // Summed in ints by category and boxed once per dump: a dump's entries are many, its categories few.
        int[] tokens = new int[CATEGORIES.length];
        boolean[] present = new boolean[CATEGORIES.length];
        for (StateEntry entry : snapshot.entries()) {
            int[] counted = entryTokens.computeIfAbsent(entry, this::entryTokens);
            tokens[counted[1]] += counted[0];
            present[counted[1]] = true;
        }
        int conversation = TokenCategory.CONVERSATION.ordinal();
        tokens[conversation] += format.replyPriming();
        present[conversation] = true;
        Map<TokenCategory, Integer> by = new EnumMap<>(TokenCategory.class);
        int total = 0;
        for (int i = 0; i < CATEGORIES.length; i++) {
            if (present[i]) {
                by.put(CATEGORIES[i], tokens[i]);
                total += tokens[i];
            }
        }
        return new PromptCount(total, by, List.of(lowerBound(snapshot)));
    }

    /**
     * Why a count made from a dump's entries is a lower bound: a log's previews are cut and show calls by name;
     * a verbatim dump (a LangGraph checkpoint) has whole contents but its entries still keep calls by name only.
     */
    public static String lowerBound(StateSnapshot snapshot) {
        return snapshot.isVerbatim() ? CALLS_BY_NAME : PREVIEWS;
    }

    /** {tokens, category ordinal} of one dump entry as the model would be sent it. */
    private int[] entryTokens(StateEntry entry) {
        PromptMessage message = PromptMessage.of(Conversation.asMessage(entry));
        int tokens = format.perMessage() + tokenizer.count(message.role()) + tokenizer.count(message.content());
        for (ToolCall call : message.toolCalls()) {
            tokens += PromptTokens.PER_TOOL_CALL + tokenizer.count(call.name());
        }
        return new int[] {tokens, message.category().ordinal()};
    }
}
