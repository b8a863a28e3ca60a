package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.analysis.tokens.ChatFormat;
import dev.tracedeck.analysis.tokens.ContextPeak;
import dev.tracedeck.analysis.tokens.ContextPoint;
import dev.tracedeck.analysis.tokens.PromptCount;
import dev.tracedeck.analysis.tokens.PromptMessage;
import dev.tracedeck.analysis.tokens.ThreadContext;
import dev.tracedeck.analysis.tokens.TokenCategory;
import dev.tracedeck.analysis.tokens.Tokenizer;
import dev.tracedeck.model.conversation.Conversation;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A thread read from state dumps: its peak, found without making the points, is that of its points in every counting,
 * and each point's count is its entries' by category.
 */
class DumpContextPeakTest {

    private static TraceThread dumps() {
        return new ThreadFixture().control("SESSION_START").message(1, "user", "word ".repeat(300)).dump()
                .call("add_entry", "user", 1, "summary", "a word").aiText("東京 🚆 " + "line\n".repeat(50)).dump()
                .forget(1, 2).message(2, "user", "short").dump()
                .thread();
    }

    @Test
    void aDumpThreadsPeakIsThatOfItsPointsInEveryCounting() {
        TraceThread thread = dumps();
        for (ThreadContext context : List.of(new ThreadContext(ChatFormat.GPT_4O), ThreadContext.upperBounds(ChatFormat.GPT_4O),
                ThreadContext.counting(ChatFormat.GPT_4O, Tokenizer.lengthBound(ChatFormat.GPT_4O.encoding())))) {
            List<ContextPoint> points = context.points(thread);
            assertEquals(3, points.size());
            assertEquals(ContextPeak.of(points), context.peak(thread));
            assertEquals(points.get(1).count().tokens(), context.peak(thread).highest(), "the second dump holds the most: " + points);
        }
    }

    @Test
    void aDumpPointCountsItsEntriesByTheirCategoriesWithTheReplyPriming() {
        TraceThread thread = dumps();
        List<ContextPoint> points = new ThreadContext(ChatFormat.GPT_4O).points(thread);
        for (int i = 0; i < points.size(); i++) {
            PromptCount count = points.get(i).count();
            Set<TokenCategory> categories = EnumSet.of(TokenCategory.CONVERSATION);
            Conversation.snapshot(points.get(i).event()).entries()
                    .forEach(e -> categories.add(PromptMessage.of(Conversation.asMessage(e)).category()));
            assertEquals(categories, count.byCategory().keySet(), "point " + i);
            assertEquals(count.tokens(), count.byCategory().values().stream().mapToInt(Integer::intValue).sum());
            assertEquals(List.of(ThreadContext.PREVIEWS), count.estimateReasons());
        }
    }
}
