package dev.tracedeck.desktop.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.findings.FindingsRow.ThreadRow;
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
}
