package dev.tracedeck.desktop.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.findings.FindingsRow.ThreadRow;
import dev.tracedeck.model.trace.ThreadLabels;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ChecklistThreadLabelsTest {

    @Test
    void threadHeadingsUseTheSameShortLabelsAsTheThreadListAndTimeline() {
        Check pass = new Check("agent-error", "no agent invocation fails", CheckStatus.PASS, List.of(), "");
        Validation v = new Validation("run.log", "mycelian-log", "p", List.of(
                new ThreadChecklist("", List.of(pass)),
                new ThreadChecklist("3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s1", List.of(pass)),
                new ThreadChecklist("3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s2", List.of(pass)),
                new ThreadChecklist("a71e0c54-3b9d-4f28-9e6a-d4c2b8f01735:s1", List.of(pass))));
        List<String> labels = ChecklistRows.build(v, Optional.empty(), Set.of()).rows().stream()
                .filter(ThreadRow.class::isInstance).map(r -> ((ThreadRow) r).label()).toList();
        assertEquals(List.of("(run)", "3f2b9c1e:s1", "3f2b9c1e:s2", "a71e0c54:s1"), labels);
    }

    /**
     * Labelled with the labels the other views show when given them: those of the trace's threads, which can be more
     * than the threads checked so far (a file still being read) and tell them apart by more characters.
     */
    @Test
    void threadHeadingsTakeTheLabelsTheyAreGiven() {
        Check pass = new Check("agent-error", "no agent invocation fails", CheckStatus.PASS, List.of(), "");
        String first = "3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s1";
        Validation checkedSoFar = new Validation("run.log", "mycelian-log", "p", List.of(new ThreadChecklist(first, List.of(pass))));
        ThreadLabels ofTheTrace = ThreadLabels.of(List.of(first, "3f2b9c1e-9999-4f6b-9a51-2c7e0d9b6a13:s1"));

        List<String> labels = ChecklistRows.build(checkedSoFar, Optional.empty(), Set.of(), ofTheTrace).rows().stream()
                .filter(ThreadRow.class::isInstance).map(r -> ((ThreadRow) r).label()).toList();

        assertEquals(List.of(ofTheTrace.label(first)), labels);
        assertEquals("3f2b9c1e-8:s1", ofTheTrace.label(first));
    }
}
