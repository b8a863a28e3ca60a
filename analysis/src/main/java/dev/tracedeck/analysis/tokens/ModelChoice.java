package dev.tracedeck.analysis.tokens;

import dev.tracedeck.model.trace.Trace;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The model a command counts with: {@code --model}, else the one the trace names, else gpt-4o; a model without a
 * profile is counted as gpt-4o would be, with a 128k window, and says so. The window is {@code --context-limit},
 * else the one the trace's harness recorded for its own model (Codex reports {@code model_context_window}), else
 * the profile's.
 *
 * @param profile        the profile counted with
 * @param source         where its name came from ("--model", "named by the trace", "assumed")
 * @param known          whether Tracedeck has a profile for the model
 * @param recordedWindow whether the window is the one the trace recorded
 */
public record ModelChoice(ModelProfile profile, String source, boolean known, boolean recordedWindow) {

    public static ModelChoice of(Trace trace, String model, Integer contextLimit, ModelProfiles profiles) {
        return of(TraceModel.of(trace), TraceModel.window(trace), model, contextLimit, profiles);
    }

    /**
     * As {@link #of(Trace, String, Integer, ModelProfiles)}, from what the trace was found to say already: the model it
     * names ({@link TraceModel#of(Trace)}) and the window its harness recorded ({@link TraceModel#window(Trace)}).
     */
    public static ModelChoice of(Optional<String> named, OptionalInt window, String model, Integer contextLimit,
                                 ModelProfiles profiles) {
        String name = model != null ? model : named.orElse("gpt-4o");
        String source = model != null ? "--model" : named.isPresent() ? "named by the trace" : "assumed";
        Optional<ModelProfile> known = profiles.forModel(name);
        ModelProfile profile = known.orElse(new ModelProfile(name, 128_000, Optional.empty()));
        OptionalInt recorded = name.equals(named.orElse(null)) ? window : OptionalInt.empty();
        if (contextLimit != null) {
            profile = profile.withContextLimit(contextLimit);
        } else if (recorded.isPresent()) {
            profile = profile.withContextLimit(recorded.getAsInt());
        }
        return new ModelChoice(profile, source, known.isPresent(), contextLimit == null && recorded.isPresent());
    }

    /** The chat format counted with: the model's own, or o200k_base as the estimate for a model without one. */
    public ChatFormat format() {
        return profile.format().orElse(ModelProfile.ESTIMATE_FORMAT);
    }

    /** Why counts with this model are estimates, before any reason of the count's own; empty when exact. */
    public Optional<String> estimateReason() {
        if (profile.exactTokenizer()) {
            return Optional.empty();
        }
        return Optional.of(known
                ? "no public tokenizer Tracedeck can use for " + profile.name() + ": counted with o200k_base, an estimate"
                : "no profile for " + profile.name() + ": counted with o200k_base"
                + (recordedWindow ? " in the window the trace recorded" : " and a 128k window") + ", an estimate");
    }
}
