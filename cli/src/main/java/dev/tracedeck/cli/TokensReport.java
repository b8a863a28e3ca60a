package dev.tracedeck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.tokens.ContextPoint;
import dev.tracedeck.analysis.tokens.MeasuredContext;
import dev.tracedeck.analysis.tokens.MeasuredPoint;
import dev.tracedeck.analysis.tokens.ModelChoice;
import dev.tracedeck.analysis.tokens.ModelProfile;
import dev.tracedeck.analysis.tokens.PromptCount;
import dev.tracedeck.analysis.tokens.ThreadContext;
import dev.tracedeck.analysis.tokens.TokenCategory;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.model.recorded.Compaction;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Counts and renders {@code tokens}: JSON for scripts, a table for people. */
final class TokensReport {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * A thread's own count point by point, and beside it the context its provider measured at each recorded call.
     */
    record ThreadTokens(TraceThread thread, List<ContextPoint> points, List<MeasuredPoint> measured) {
        PromptCount last() {
            return points.get(points.size() - 1).count();
        }

        long peakMeasured() {
            return measured.stream().mapToLong(MeasuredPoint::tokens).max().orElse(0);
        }
    }

    record FileTokens(Trace trace, ModelChoice profile, List<ThreadTokens> threads) {
    }

    private TokensReport() {
    }

    static FileTokens count(Trace trace, ModelChoice profile) {
        return count(trace, trace.threads(), profile);
    }

    /** Only {@code these} threads of {@code trace} (a page of them: counting every thread of a big trace takes seconds). */
    static FileTokens count(Trace trace, List<TraceThread> these, ModelChoice profile) {
        ThreadContext context = new ThreadContext(profile.profile().format().orElse(ModelProfile.ESTIMATE_FORMAT));
        List<ThreadTokens> threads = new ArrayList<>();
        for (TraceThread thread : these) {
            List<ContextPoint> points = context.points(thread);
            if (!points.isEmpty()) {
                threads.add(new ThreadTokens(thread, points, MeasuredContext.of(thread, points)));
            }
        }
        return new FileTokens(trace, profile, threads);
    }

    static String json(List<FileTokens> files) {
        ArrayNode array = MAPPER.createArrayNode();
        for (FileTokens f : files) {
            ModelProfile p = f.profile().profile();
            ObjectNode file = array.addObject();
            file.put("file", f.trace().file());
            file.put("format", f.trace().format());
            file.put("model", p.name());
            file.put("modelSource", f.profile().source());
            file.put("encoding", p.format().map(c -> c.encoding().id()).orElse(ModelProfile.ESTIMATE_FORMAT.encoding().id()));
            file.put("exactTokenizer", p.exactTokenizer());
            file.put("contextLimit", p.contextLimit());
            ArrayNode threads = file.putArray("threads");
            for (ThreadTokens t : f.threads()) {
                PromptCount last = t.last();
                ObjectNode node = threads.addObject();
                node.put("id", t.thread().id());
                node.put("promptTokens", last.tokens());
                node.put("share", Math.round(last.tokens() * 10_000.0 / p.contextLimit()) / 10_000.0);
                node.put("exact", last.exact() && p.exactTokenizer());
                ArrayNode reasons = node.putArray("estimateReasons");
                reasons(f, last).forEach(reasons::add);
                ObjectNode categories = node.putObject("categories");
                for (TokenCategory c : TokenCategory.values()) {
                    categories.put(key(c), last.of(c));
                }
                ArrayNode points = node.putArray("points");
                for (ContextPoint point : t.points()) {
                    points.addObject().put("seq", point.event().seq()).put("line", point.event().source().firstLine())
                            .put("messages", point.messages()).put("tokens", point.count().tokens());
                }
                recordedJson(node, t);
            }
        }
        try {
            return MAPPER.writeValueAsString(array) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(List<FileTokens> files) {
        StringBuilder out = new StringBuilder();
        for (FileTokens f : files) {
            ModelProfile p = f.profile().profile();
            out.append(TerminalText.line(f.trace().file())).append(String.format("  (%s, %s; %s window %,d tokens)%n",
                    TerminalText.line(p.name()), TerminalText.line(f.profile().source()), p.exactTokenizer() ? p.format().orElseThrow().encoding().id() : "estimated", p.contextLimit()));
            Set<String> notes = new LinkedHashSet<>();
            for (ThreadTokens t : f.threads()) {
                PromptCount last = t.last();
                String thread = t.thread().id().isEmpty() ? "(run)" : TerminalText.line(t.thread().id());
                int peak = t.points().stream().mapToInt(c -> c.count().tokens()).max().orElse(0);
                if (t.measured().isEmpty()) {
                    out.append(String.format("  %-48s %,9d tokens  %5.1f%% of the window  peak %,d over %d points%n",
                            thread, last.tokens(), 100.0 * last.tokens() / p.contextLimit(), peak, t.points().size()));
                } else {
                    // What the provider billed leads; Tracedeck's count of what the trace shows goes beside it.
                    MeasuredPoint billed = t.measured().get(t.measured().size() - 1);
                    out.append(String.format("  %-48s %,9d tokens billed  %5.1f%% of the window  peak %,d over %d calls%n",
                            thread, billed.tokens(), 100.0 * billed.tokens() / p.contextLimit(), t.peakMeasured(),
                            t.measured().size()));
                    out.append(String.format("      Tracedeck's count of the history: %,d tokens (%.1f%%), peak %,d over %d"
                                    + " points%n", last.tokens(), 100.0 * last.tokens() / p.contextLimit(), peak,
                            t.points().size()));
                }
                StringBuilder split = new StringBuilder("      ");
                for (TokenCategory c : TokenCategory.values()) {
                    if (last.of(c) > 0) {
                        split.append(String.format("%s %,d  ", c.label(), last.of(c)));
                    }
                }
                out.append(split.toString().stripTrailing()).append('\n');
                recordedText(out, t);
                notes.addAll(reasons(f, last));
            }
            if (f.threads().isEmpty()) {
                out.append("  no thread has a history to count\n");
            }
            notes.forEach(n -> out.append("  note: ").append(TerminalText.line(n)).append('\n'));
            out.append('\n');
        }
        return TerminalText.block(out.toString());
    }

    /** What the trace recorded: the context its provider billed call by call, and where it was compacted. */
    private static void recordedText(StringBuilder out, ThreadTokens t) {
        if (!t.measured().isEmpty()) {
            MeasuredPoint last = t.measured().get(t.measured().size() - 1);
            out.append(String.format("      recorded usage: the last call read %,d prompt tokens (input, cache reads and"
                    + " writes as billed)%n", last.tokens()));
            String beside = last.estimateBeside();
            if (!beside.isEmpty()) {
                out.append("      ").append(TerminalText.line(beside)).append(" (an estimate: the trace does not show everything sent)\n");
            }
        }
        for (Compaction c : t.thread().records().compactions()) {
            ContextPoint before = ContextPoint.atOrBefore(t.points(), c.event()).orElse(null);
            out.append(String.format("      compacted at line %d%s%s%s%n", c.event().source().firstLine(),
                    c.trigger().isEmpty() ? "" : " (" + TerminalText.line(c.trigger()) + ")",
                    c.tokensBefore().isPresent() ? String.format(", %,d tokens before as recorded", c.tokensBefore().getAsLong()) : "",
                    before == null ? "" : String.format(": dropped %,d messages (%,d tokens by Tracedeck's count)",
                            before.messages(), before.count().tokens())));
        }
    }

    private static void recordedJson(ObjectNode node, ThreadTokens t) {
        ArrayNode calls = node.putArray("recordedCalls");
        for (MeasuredPoint m : t.measured()) {
            TokenUsage u = m.call().usage().orElseThrow();
            ObjectNode call = calls.addObject().put("seq", m.event().seq()).put("line", m.event().source().firstLine())
                    .put("model", m.call().model()).put("promptTokens", u.prompt()).put("cacheReadTokens", u.cacheRead())
                    .put("cacheWriteTokens", u.cacheWrite()).put("outputTokens", u.output());
            m.estimate().ifPresent(e -> call.put("estimatedTokens", e));
        }
        ArrayNode compactions = node.putArray("compactions");
        for (Compaction c : t.thread().records().compactions()) {
            ObjectNode o = compactions.addObject().put("seq", c.event().seq()).put("line", c.event().source().firstLine())
                    .put("trigger", c.trigger());
            c.tokensBefore().ifPresent(b -> o.put("tokensBefore", b));
            ContextPoint.atOrBefore(t.points(), c.event()).ifPresent(before ->
                    o.put("droppedMessages", before.messages()).put("droppedEstimatedTokens", before.count().tokens()));
        }
    }

    private static List<String> reasons(FileTokens f, PromptCount count) {
        List<String> reasons = new ArrayList<>(count.estimateReasons());
        f.profile().estimateReason().ifPresent(r -> reasons.add(0, r));
        return reasons;
    }

    private static String key(TokenCategory c) {
        return switch (c) {
            case SYSTEM -> "system";
            case TOOL_SCHEMAS -> "toolSchemas";
            case CONVERSATION -> "conversation";
            case TOOL_CALLS -> "toolCalls";
            case TOOL_RESULTS -> "toolResults";
            case SUMMARIES -> "summaries";
        };
    }
}
