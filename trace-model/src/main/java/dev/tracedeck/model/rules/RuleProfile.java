package dev.tracedeck.model.rules;

import dev.tracedeck.model.rules.chat.DuplicateToolCallId;
import dev.tracedeck.model.rules.context.ContextOverflow;
import dev.tracedeck.model.rules.context.ContextPreflight;
import dev.tracedeck.model.rules.chat.OrphanedToolCall;
import dev.tracedeck.model.rules.chat.OversizedToolOutput;
import dev.tracedeck.model.rules.chat.RepeatedToolCall;
import dev.tracedeck.model.rules.chat.TextToolCallNotRun;
import dev.tracedeck.model.rules.chat.ToolResultWithoutCall;
import dev.tracedeck.model.rules.chat.UnparsedRecords;
import dev.tracedeck.model.rules.mycelian.AgentErrors;
import dev.tracedeck.model.rules.mycelian.AssistantTextInState;
import dev.tracedeck.model.rules.mycelian.BootstrapMissing;
import dev.tracedeck.model.rules.mycelian.BootstrapRepeated;
import dev.tracedeck.model.rules.mycelian.ContentNotVerbatim;
import dev.tracedeck.model.rules.mycelian.ContextCallDuringConversation;
import dev.tracedeck.model.rules.mycelian.DuplicateAddEntry;
import dev.tracedeck.model.rules.mycelian.MissingAddEntry;
import dev.tracedeck.model.rules.mycelian.MissingFlush;
import dev.tracedeck.model.rules.mycelian.PeriodicFlush;
import dev.tracedeck.model.rules.mycelian.RoleMismatch;
import dev.tracedeck.model.rules.mycelian.SystemPersisted;
import dev.tracedeck.model.rules.state.ExecutionTraceInConversation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A named set of rules, chosen by the trace's format. */
public record RuleProfile(String id, List<Rule> rules) {

    public RuleProfile {
        rules = List.copyOf(rules);
    }

    /** Generic chat history rules, for every format (seed 003). */
    public static RuleProfile genericChat() {
        return new RuleProfile("generic-chat", List.of(new UnparsedRecords(), new OrphanedToolCall(),
                new ToolResultWithoutCall(), new DuplicateToolCallId(), new OversizedToolOutput(), new RepeatedToolCall(),
                new TextToolCallNotRun(), new ContextOverflow(), new ContextPreflight()));
    }

    /** The Mycelian tool-only memory protocol (seed 000), plus the generic rules. */
    public static RuleProfile mycelianToolOnly() {
        List<Rule> rules = new ArrayList<>(List.of(new DuplicateAddEntry(), new MissingAddEntry(), new RoleMismatch(),
                new ContentNotVerbatim(), new SystemPersisted(), new AssistantTextInState(), new BootstrapRepeated(),
                new BootstrapMissing(), new MissingFlush(), new ContextCallDuringConversation(), new PeriodicFlush(),
                new AgentErrors()));
        // A Mycelian log's assistant MSG lines are the conversation being ingested, not the agent model's own
        // words, so text-tool-call would judge someone else's text there.
        genericChat().rules().stream().filter(r -> !(r instanceof TextToolCallNotRun)).forEach(rules::add);
        return new RuleProfile("mycelian-tool-only", rules);
    }

    /**
     * LangGraph state dumps: the generic rules over the last checkpoint's conversation, plus seed 001's
     * separation of the conversation from an execution section.
     */
    public static RuleProfile langgraph() {
        List<Rule> rules = new ArrayList<>(genericChat().rules());
        rules.add(new ExecutionTraceInConversation());
        return new RuleProfile("langgraph", rules);
    }

    public static RuleProfile forFormat(String format) {
        if (format.equals("mycelian-log")) {
            return mycelianToolOnly();
        }
        return format.equals("langgraph") ? langgraph() : genericChat();
    }

    /** Every rule any profile has, for listing and for validating configuration files. */
    public static List<Rule> allRules() {
        List<Rule> all = new ArrayList<>(mycelianToolOnly().rules());
        all.add(new TextToolCallNotRun());
        all.add(new ExecutionTraceInConversation());
        return all;
    }

    public Optional<Rule> rule(String ruleId) {
        return rules.stream().filter(r -> r.id().equals(ruleId)).findFirst();
    }
}
