package dev.tracedeck.importers.outcome;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.recorded.RecordedOutcome;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a trace says of its own runs is read where its format says it, and only there: an Inspect sample's scores (read
 * as Inspect reads them), its error and the limit that stopped it; a smolagents benchmark run's answer beside the one
 * it expected; a Codex turn the user aborted. Written here in the shapes the tools write.
 */
class RecordedOutcomesTest {

    @Test
    void anInspectSampleSaysEachScorersScoreItsErrorAndItsLimit() throws Exception {
        String log = """
                {"version": 2, "status": "success",
                 "eval": {"eval_id": "e1", "run_id": "r1", "task": "t", "model": "openai/gpt-4o-mini", "created": "2025-01-01T00:00:00Z"},
                 "samples": [
                  {"id": 1, "epoch": 1, "input": "q", "target": "42",
                   "messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": "42"}],
                   "scores": {"match": {"value": "C", "answer": "42"}, "judge": {"value": "I"},
                              "partial": {"value": "P"}, "f1": {"value": 0.7}, "flag": {"value": true},
                              "multi": {"value": {"a": 1, "b": 0}}}},
                  {"id": 2, "epoch": 1, "input": "q", "target": "42",
                   "messages": [{"role": "user", "content": "q"}],
                   "error": {"message": "RuntimeError('container exited')\\nTraceback …", "traceback": "…"},
                   "limit": {"type": "token", "limit": 10000}}
                 ]}
                """;
        Trace trace = read("eval.json", log);
        assertEquals(List.of("passed: C (correct) (match)", "failed: I (incorrect) (judge)",
                "partly passed: P (partial) (partial)", "noted: 0.7 (f1)", "passed: true (flag)",
                "noted: {\"a\":1,\"b\":0} (multi)"), lines(trace, "sample 1 epoch 1"));
        assertEquals(List.of("error: RuntimeError('container exited') … (Inspect)",
                "stopped: token limit of 10,000 reached (Inspect)"), lines(trace, "sample 2 epoch 1"));
    }

    @Test
    void aSmolagentsBenchmarkRunSaysItsAnswerBesideTheExpectedOnePassingOnlyWhereTheyAreOne() throws Exception {
        String run = """
                {"model_id": "gpt-4o", "agent_action_type": "vanilla", "question": "Q%d", "answer": "%s", "true_answer": "%s", "source": "SimpleQA", "intermediate_steps": "%s", "start_time": 1753384542.25, "end_time": "2025-07-24 21:15:46", "token_counts": {"input": 10, "output": 2}}""";
        String text = String.format(run, 1, "1937", "1937", "1937") + "\n" + String.format(run, 2, "12 cm", "12", "12 cm") + "\n";
        Trace trace = read("gpt-4o__vanilla__simpleqa__2025-07-24.jsonl", text);
        List<String> all = trace.threads().stream().flatMap(t -> t.records().outcomes().stream())
                .map(RecordedOutcome::line).toList();
        assertEquals(List.of("passed: answer \"1937\", as expected (smolagents benchmark)",
                "noted: answer \"12 cm\" · expected \"12\" (smolagents benchmark)"), all);
    }

    @Test
    void aCodexTurnTheUserAbortedSaysItStopped() throws Exception {
        String rollout = """
                {"timestamp":"2025-10-30T09:12:01.204Z","type":"session_meta","payload":{"id":"s-1","cwd":"/p","originator":"codex_cli_rs"}}
                {"timestamp":"2025-10-30T09:12:02.000Z","type":"turn_context","payload":{"model":"gpt-5-codex","cwd":"/p"}}
                {"timestamp":"2025-10-30T09:12:03.000Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"fix the build"}]}}
                {"timestamp":"2025-10-30T09:12:09.000Z","type":"event_msg","payload":{"type":"turn_aborted","reason":"interrupted"}}
                """;
        Trace trace = read("rollout-2025-10-30T09-12-01-s-1.jsonl", rollout);
        List<String> all = trace.threads().stream().flatMap(t -> t.records().outcomes().stream())
                .map(RecordedOutcome::line).toList();
        assertEquals(List.of("stopped: turn aborted (interrupted) (Codex)"), all);
    }

    private static Trace read(String name, String text) throws Exception {
        return Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }

    private static List<String> lines(Trace trace, String thread) {
        return trace.thread(thread).orElseThrow().records().outcomes().stream().map(RecordedOutcome::line).toList();
    }
}
