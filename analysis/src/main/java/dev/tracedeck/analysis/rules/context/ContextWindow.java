package dev.tracedeck.analysis.rules.context;

import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.tokens.ChatFormat;
import dev.tracedeck.analysis.tokens.ModelProfile;
import dev.tracedeck.analysis.tokens.TraceModel;
import dev.tracedeck.model.trace.TraceThread;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The window the context rules measure against: the configured model's profile, its limit overridden if set, else
 * by the window the thread's harness recorded for that model (Codex's {@code model_context_window}).
 */
record ContextWindow(String model, int limit, ChatFormat format, boolean exactTokenizer) {

    static ContextWindow of(RuleParameters p, TraceThread thread) {
        String model = p.model().isEmpty() ? RuleParameters.FALLBACK_MODEL : p.model();
        ModelProfile profile = p.models().forModel(model)
                .orElse(new ModelProfile(model, 128_000, Optional.empty()));
        OptionalInt recorded = model.equals(TraceModel.of(thread).orElse(null)) ? thread.records().window()
                : OptionalInt.empty();
        int limit = p.contextLimit() > 0 ? p.contextLimit() : recorded.orElse(profile.contextLimit());
        return new ContextWindow(model, limit, profile.format().orElse(ModelProfile.ESTIMATE_FORMAT), profile.exactTokenizer());
    }

    String describe() {
        return String.format(java.util.Locale.ROOT, "%s's %,d-token window", model, limit);
    }
}
