package dev.tracedeck.analysis.rules;

import dev.tracedeck.analysis.tokens.ModelProfiles;
import java.util.List;
import java.util.Objects;

/**
 * The protocol details rules depend on, because every agent protocol is a little different. The defaults
 * are the Mycelian tool-only memory protocol.
 *
 * @param memoryTool         the tool that persists a conversation message ({@code add_entry})
 * @param contextTool        the tool that loads context at session start ({@code get_context})
 * @param listTool           the tool that lists recent entries at session start ({@code list_entries})
 * @param awaitTool          the first flush tool ({@code await_consistency})
 * @param putContextTool     the second flush tool ({@code put_context})
 * @param controlMessages    control-message contents that require a flush ({@code FLUSH_CONTEXT}, {@code SESSION_END})
 * @param flushPeriod        a flush is expected when {@code msg_idx % flushPeriod == 0}; 0 turns that off
 * @param bootstrapListLimit the {@code limit} list_entries must be given at session start
 * @param toolOutputLimit    characters a tool result may have
 * @param repeatLimit        identical consecutive tool calls that make a loop
 * @param model              the model whose context window and tokenizer the context rules use; "" for the one the
 *                           trace names (a Mycelian run's {@code agent=}), else {@value #FALLBACK_MODEL}
 * @param contextLimit       the context window in tokens; 0 takes the model profile's
 * @param preflightTrigger   the share of the window at which an agent should act before sending (0.8: where agents that summarize before sending do)
 * @param models             the model profiles the window and tokenizer are looked up in (the defaults, plus any
 *                           a configuration file adds)
 * @param spend              the cache-miss threshold and the budgets of the cost rules
 * @param undoMinChars       the fewest characters a memory change must have for {@code memory-write-undone} to report
 *                           its undoing (1: every change)
 */
public record RuleParameters(String memoryTool, String contextTool, String listTool, String awaitTool,
                             String putContextTool, List<String> controlMessages, int flushPeriod,
                             int bootstrapListLimit, int toolOutputLimit, int repeatLimit, String model,
                             int contextLimit, double preflightTrigger, ModelProfiles models, SpendParameters spend,
                             int undoMinChars) {

    /** The context rules' model when neither the configuration nor the trace names one. */
    public static final String FALLBACK_MODEL = "gpt-4o";
    public static final String DEFAULT_MODEL = "";

    public static final RuleParameters DEFAULTS = new RuleParameters("add_entry", "get_context", "list_entries",
            "await_consistency", "put_context", List.of("FLUSH_CONTEXT", "SESSION_END"), 6, 10, 10_000, 3,
            DEFAULT_MODEL, 0, 0.8, ModelProfiles.defaults(), SpendParameters.DEFAULTS, 1);

    /** The protocol, context and cost parameters with the default memory-rule settings. */
    public RuleParameters(String memoryTool, String contextTool, String listTool, String awaitTool, String putContextTool,
                          List<String> controlMessages, int flushPeriod, int bootstrapListLimit, int toolOutputLimit,
                          int repeatLimit, String model, int contextLimit, double preflightTrigger, ModelProfiles models,
                          SpendParameters spend) {
        this(memoryTool, contextTool, listTool, awaitTool, putContextTool, controlMessages, flushPeriod,
                bootstrapListLimit, toolOutputLimit, repeatLimit, model, contextLimit, preflightTrigger, models, spend, 1);
    }

    /** The protocol and context parameters with the default cost-rule settings. */
    public RuleParameters(String memoryTool, String contextTool, String listTool, String awaitTool, String putContextTool,
                          List<String> controlMessages, int flushPeriod, int bootstrapListLimit, int toolOutputLimit,
                          int repeatLimit, String model, int contextLimit, double preflightTrigger, ModelProfiles models) {
        this(memoryTool, contextTool, listTool, awaitTool, putContextTool, controlMessages, flushPeriod,
                bootstrapListLimit, toolOutputLimit, repeatLimit, model, contextLimit, preflightTrigger, models,
                SpendParameters.DEFAULTS);
    }

    /** The protocol parameters with the default context window settings. */
    public RuleParameters(String memoryTool, String contextTool, String listTool, String awaitTool, String putContextTool,
                          List<String> controlMessages, int flushPeriod, int bootstrapListLimit, int toolOutputLimit,
                          int repeatLimit) {
        this(memoryTool, contextTool, listTool, awaitTool, putContextTool, controlMessages, flushPeriod,
                bootstrapListLimit, toolOutputLimit, repeatLimit, DEFAULT_MODEL, 0, 0.8, ModelProfiles.defaults());
    }

    /** The protocol and context window parameters, with the default model profiles. */
    public RuleParameters(String memoryTool, String contextTool, String listTool, String awaitTool, String putContextTool,
                          List<String> controlMessages, int flushPeriod, int bootstrapListLimit, int toolOutputLimit,
                          int repeatLimit, String model, int contextLimit, double preflightTrigger) {
        this(memoryTool, contextTool, listTool, awaitTool, putContextTool, controlMessages, flushPeriod,
                bootstrapListLimit, toolOutputLimit, repeatLimit, model, contextLimit, preflightTrigger, ModelProfiles.defaults());
    }

    /** These parameters looking models up in {@code profiles}. */
    public RuleParameters withModels(ModelProfiles profiles) {
        return new RuleParameters(memoryTool, contextTool, listTool, awaitTool, putContextTool, controlMessages, flushPeriod,
                bootstrapListLimit, toolOutputLimit, repeatLimit, model, contextLimit, preflightTrigger, profiles, spend,
                undoMinChars);
    }

    /** These parameters with the cost rules' settings {@code spend}. */
    public RuleParameters withSpend(SpendParameters spend) {
        return new RuleParameters(memoryTool, contextTool, listTool, awaitTool, putContextTool, controlMessages, flushPeriod,
                bootstrapListLimit, toolOutputLimit, repeatLimit, model, contextLimit, preflightTrigger, models, spend,
                undoMinChars);
    }

    /** These parameters with {@code memory-write-undone} reporting changes of at least {@code minChars} characters. */
    public RuleParameters withUndoMinChars(int minChars) {
        return new RuleParameters(memoryTool, contextTool, listTool, awaitTool, putContextTool, controlMessages, flushPeriod,
                bootstrapListLimit, toolOutputLimit, repeatLimit, model, contextLimit, preflightTrigger, models, spend,
                minChars);
    }

    /**
     * These parameters with {@code model} filled in when the configuration left it to the trace; still
     * {@value #DEFAULT_MODEL} when the trace names none either, so that the context rules count with
     * {@value #FALLBACK_MODEL} and say it was assumed.
     */
    public RuleParameters forModel(java.util.Optional<String> traceModel) {
        String chosen = !model.isEmpty() ? model : traceModel.orElse(DEFAULT_MODEL);
        return chosen.equals(model) ? this : new RuleParameters(memoryTool, contextTool, listTool, awaitTool, putContextTool,
                controlMessages, flushPeriod, bootstrapListLimit, toolOutputLimit, repeatLimit, chosen, contextLimit,
                preflightTrigger, models, spend, undoMinChars);
    }

    public RuleParameters {
        Objects.requireNonNull(memoryTool);
        Objects.requireNonNull(contextTool);
        Objects.requireNonNull(listTool);
        Objects.requireNonNull(awaitTool);
        Objects.requireNonNull(putContextTool);
        controlMessages = List.copyOf(controlMessages);
        if (flushPeriod < 0 || bootstrapListLimit < 0 || toolOutputLimit < 1 || repeatLimit < 2) {
            throw new IllegalArgumentException("flushPeriod and bootstrapListLimit >= 0, toolOutputLimit >= 1, repeatLimit >= 2");
        }
        Objects.requireNonNull(model);
        Objects.requireNonNull(models);
        Objects.requireNonNull(spend);
        if (contextLimit < 0 || !(preflightTrigger > 0 && preflightTrigger < 1)) {
            throw new IllegalArgumentException("contextLimit >= 0 and 0 < preflightTrigger < 1");
        }
        if (undoMinChars < 1) {
            throw new IllegalArgumentException("memoryUndoMinChars >= 1");
        }
    }
}
