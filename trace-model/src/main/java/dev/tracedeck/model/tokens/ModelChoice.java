package dev.tracedeck.model.tokens;

import dev.tracedeck.model.trace.Trace;
import java.util.Optional;

/**
 * The model a command counts with: {@code --model}, else the one the trace names, else gpt-4o; a model without a
 * profile is counted as gpt-4o would be, with a 128k window, and says so.
 *
 * @param profile the profile counted with
 * @param source  where its name came from ("--model", "named by the trace", "assumed")
 * @param known   whether Tracedeck has a profile for the model
 */
public record ModelChoice(ModelProfile profile, String source, boolean known) {

    public static ModelChoice of(Trace trace, String model, Integer contextLimit, ModelProfiles profiles) {
        String name = model != null ? model : TraceModel.of(trace).orElse("gpt-4o");
        String source = model != null ? "--model" : TraceModel.of(trace).isPresent() ? "named by the trace" : "assumed";
        Optional<ModelProfile> known = profiles.forModel(name);
        ModelProfile profile = known.orElse(new ModelProfile(name, 128_000, Optional.empty()));
        if (contextLimit != null) {
            profile = profile.withContextLimit(contextLimit);
        }
        return new ModelChoice(profile, source, known.isPresent());
    }

    /** Why counts with this model are estimates, before any reason of the count's own; empty when exact. */
    /** The chat format counted with: the model's own, or o200k_base as the estimate for a model without one. */
    public ChatFormat format() {
        return profile.format().orElse(ModelProfile.ESTIMATE_FORMAT);
    }

    public Optional<String> estimateReason() {
        if (profile.exactTokenizer()) {
            return Optional.empty();
        }
        return Optional.of(known
                ? profile.name() + " has no public tokenizer: counted with o200k_base, an estimate"
                : "no profile for " + profile.name() + ": counted with o200k_base and a 128k window, an estimate");
    }
}
