package dev.tracedeck.analysis.rules.state;

import dev.tracedeck.analysis.rules.BlamedEntry;
import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.state.SnapshotSection;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A state that keeps its conversation ({@code messages}) apart from an execution section (the
 * {@code execution_buffer} that holds tool traces while the run goes on, cleared when it ends) must not leave
 * tool calls or tool results in the conversation once the run has ended: they belong in the execution section.
 *
 * <p>Applies to threads whose state dumps have an execution section: a {@link SnapshotSection} whose name says
 * so ({@link #isExecutionSection}). A dump is taken after the run ended when it says so ({@link
 * StateSnapshot#next()} empty, LangGraph's {@code next: []}); when no dump of the thread says, its last dump is.
 * Each offending entry is reported once, at the first such dump that holds it, blaming that entry.
 */
public final class ExecutionTraceInConversation extends DescribedRule {

    public static final String ID = "execution-trace-in-conversation";
    private static final List<String> EXECUTION_WORDS = List.of("execution", "scratchpad", "intermediate",
            "tool_trace", "buffer");

    public ExecutionTraceInConversation() {
        super(ID, "once a run has ended, no tool calls or results in the conversation of a state that keeps an "
                + "execution section", Severity.ERROR);
    }

    /** A section name that says it holds the execution: {@code execution_buffer}, {@code scratchpad} … */
    public static boolean isExecutionSection(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return EXECUTION_WORDS.stream().anyMatch(n::contains);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<Event> dumps = new ArrayList<>();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.StateDump dump && dump.snapshot().hasMessageList()) {
                dumps.add(e);
            }
        }
        if (dumps.isEmpty()) {
            return RuleOutcome.notApplicable("no state dumps with a message list: nothing keeps a conversation "
                    + "apart from an execution section");
        }
        Set<String> executionSections = dumps.stream()
                .flatMap(e -> snapshot(e).sections().stream())
                .map(SnapshotSection::name)
                .filter(ExecutionTraceInConversation::isExecutionSection)
                .collect(Collectors.toCollection(java.util.TreeSet::new));
        if (executionSections.isEmpty()) {
            return RuleOutcome.notApplicable("no state with both a conversation section and an execution section "
                    + "(such as execution_buffer)");
        }
        String where = String.join(", ", executionSections);
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        Set<String> reported = new HashSet<>();
        for (Event dump : endedDumps(dumps)) {
            List<StateEntry> entries = snapshot(dump).entries();
            for (int i = 0; i < entries.size(); i++) {
                StateEntry entry = entries.get(i);
                Optional<String> what = trace(entry);
                if (what.isPresent() && reported.add(i + "\u0000" + entry.hashCode())) {
                    problems.add(new RuleOutcome.Problem(OptionalInt.of(entry.idx()), "conversation entry "
                            + entry.idx() + " is " + what.get() + " kept after the run ended; tool traces belong in "
                            + where, List.of(dump), List.of(new BlamedEntry(dump, i))));
                }
            }
        }
        return RuleOutcome.of(problems);
    }

    /** The dumps taken after a run ended: those whose {@code next} is empty, else the thread's last dump. */
    private static List<Event> endedDumps(List<Event> dumps) {
        boolean anySays = dumps.stream().anyMatch(e -> snapshot(e).next().isPresent());
        if (!anySays) {
            return List.of(dumps.get(dumps.size() - 1));
        }
        return dumps.stream().filter(e -> snapshot(e).next().map(List::isEmpty).orElse(false)).toList();
    }

    /** "a tool call (get_weather)", "a tool result for call_1", or empty for a conversation message. */
    private static Optional<String> trace(StateEntry entry) {
        if (entry.hasToolCalls()) {
            return Optional.of("a tool call (" + String.join(", ", entry.toolNames()) + ")");
        }
        if (entry.isToolResult()) {
            return Optional.of("a tool result" + (entry.toolCallId().isEmpty() ? "" : " for " + entry.toolCallId()));
        }
        return Optional.empty();
    }

    private static StateSnapshot snapshot(Event dump) {
        return ((Payload.StateDump) dump.payload()).snapshot();
    }
}
