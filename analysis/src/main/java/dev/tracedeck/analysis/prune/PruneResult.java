package dev.tracedeck.analysis.prune;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.tokens.PromptCount;
import java.util.List;
import java.util.Set;

/**
 * What a strategy did to a history: both sides with their tokens, the ids it removed, changed and added, and the
 * chat rules' findings on the result, with those the strategy introduced (absent from the history before it).
 */
public record PruneResult(String strategy, History before, History after, PromptCount beforeTokens, PromptCount afterTokens,
                          Set<String> removed, Set<String> changed, Set<String> added, List<Finding> findings,
                          List<Finding> introduced) {

    public PruneResult {
        removed = Set.copyOf(removed);
        changed = Set.copyOf(changed);
        added = Set.copyOf(added);
        findings = List.copyOf(findings);
        introduced = List.copyOf(introduced);
    }
}
