package dev.tracedeck.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.workspace.RunFinding;
import dev.tracedeck.workspace.SearchHit;
import dev.tracedeck.workspace.TriageChange;
import java.util.List;
import java.util.Optional;

/**
 * What the MCP tools ask of Tracedeck: the commands' own code paths (reading, checking, recording, the workspace's runs,
 * search and triage, the cost and token reports), behind an interface so that this package, which knows the protocol,
 * needs nothing of the commands' package (which starts the server). Every method throws {@link ToolFailure} with one
 * sentence naming the file or the thing it could not do.
 */
public interface Workbench {

    /** A file checked as {@code tracedeck validate} checks it, and recorded in the workspace as validate records it. */
    record Checked(Validation validation, Fingerprints fingerprints) {
    }

    /** {@code path} checked (the last file checked is kept, so paging its findings checks it once). */
    Checked validate(String path);

    /** {@code path} read as the commands read it (the last file read is kept, so paging its steps reads it once). */
    Trace trace(String path);

    /** The workspace's runs, most recent first, each as {@code tracedeck runs --json} gives it. */
    List<ObjectNode> runs();

    /** At most {@code limit} hits for {@code query}, as {@code tracedeck search} finds them (indexing first). */
    List<SearchHit> search(String query, int limit);

    /** {@code tracedeck cost --json} of {@code paths}, grouped {@code by} model, thread, agent or call. */
    JsonNode cost(List<String> paths, String by);

    /**
     * {@code tracedeck tokens --json}'s object for {@code path}, with the model and window given or the trace's, for
     * the threads named {@code threads} alone (those with no history to count are left out, as tokens leaves them).
     */
    JsonNode contextLevels(String path, List<String> threads, Optional<String> model, Optional<Integer> contextLimit);

    /** The findings recorded for the run at {@code path}, each with its mark; a path the workspace never recorded fails. */
    List<RunFinding> findingsOf(String path);

    /** Every change of the mark on the fingerprint {@code fingerprint} names (a unique prefix will do), oldest first. */
    History triageHistory(String fingerprint);

    /** The changes of the mark on one fingerprint, named in full. */
    record History(String fingerprint, List<TriageChange> changes) {
    }

    /** Marks a finding as {@code tracedeck triage FINGERPRINT STATUS --note NOTE} does; what it did, in one line. */
    String triage(String fingerprint, String status, String note);
}
