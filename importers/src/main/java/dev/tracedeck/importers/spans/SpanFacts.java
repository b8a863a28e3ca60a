package dev.tracedeck.importers.spans;

import dev.tracedeck.model.recorded.TokenUsage;
import java.util.Objects;
import java.util.Optional;

/**
 * What a span format says outright about a span, where OpenTelemetry's conventions would say it in attributes:
 * Phoenix keeps an OpenInference span's kind beside its attributes ({@code span_kind}), Langfuse an observation's
 * type, model, usage, input and output as fields of their own. Whatever is empty here is read from the attributes
 * as for any span.
 *
 * @param role     what the span stands for
 * @param messages its model call's input and output
 * @param model    the model it names
 * @param usage    the tokens it was billed
 * @param toolRun  the call a tool's span ran and what it returned
 */
public record SpanFacts(Optional<SpanRole> role, Optional<SpanMessages> messages, Optional<String> model,
                        Optional<TokenUsage> usage, Optional<ToolRun> toolRun) {

    /** Nothing said outright: everything from the attributes. */
    public static final SpanFacts NONE = new SpanFacts(Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty(), Optional.empty());

    public SpanFacts {
        Objects.requireNonNull(role);
        Objects.requireNonNull(messages);
        Objects.requireNonNull(model);
        Objects.requireNonNull(usage);
        Objects.requireNonNull(toolRun);
    }

    /** Role, messages, model and usage; no tool run. */
    public SpanFacts(Optional<SpanRole> role, Optional<SpanMessages> messages, Optional<String> model,
                     Optional<TokenUsage> usage) {
        this(role, messages, model, usage, Optional.empty());
    }

    /** Only the role. */
    public static SpanFacts role(SpanRole role) {
        return new SpanFacts(Optional.of(role), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }
}
