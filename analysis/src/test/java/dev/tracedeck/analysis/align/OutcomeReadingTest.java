package dev.tracedeck.analysis.align;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.recorded.RecordedOutcome;
import dev.tracedeck.model.source.SourceRef;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OutcomeReadingTest {

    private static JsonValue obj(Object... kv) {
        Map<String, JsonValue> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            Object v = kv[i + 1];
            m.put((String) kv[i], v instanceof JsonValue j ? j : v instanceof String s ? new JsonValue.JsonString(s)
                    : v instanceof Boolean b ? new JsonValue.JsonBoolean(b) : new JsonValue.JsonNumber(new BigDecimal(v.toString())));
        }
        return new JsonValue.JsonObject(m);
    }

    private static RecordedOutcome said(RecordedOutcome.Verdict verdict, String by, String says) {
        Event at = new Event(0, "sample", "", "sample 1 epoch 1", SourceRef.line("log.json", 1), "{}",
                new Payload.JsonRecord("sample", JsonValue.of("x")));
        return new RecordedOutcome(at, verdict, by, says);
    }

    @Test
    void whatTheTraceSaysPassesOnEveryScorePassedFailsOnAnyBadOrPartialAndIsNoVerdictOtherwise() {
        RecordedOutcome.Verdict passed = RecordedOutcome.Verdict.PASSED;
        assertEquals(Outcome.pass("passed: C (correct) (match)"),
                RecordedRun.recorded(List.of(said(passed, "match", "C (correct)"))));
        assertEquals(Outcome.Verdict.PASS, RecordedRun.recorded(List.of(said(passed, "a", "C"), said(passed, "b", "true"))).verdict());
        for (RecordedOutcome.Verdict bad : List.of(RecordedOutcome.Verdict.FAILED, RecordedOutcome.Verdict.PARTIAL,
                RecordedOutcome.Verdict.ERROR, RecordedOutcome.Verdict.STOPPED)) {
            assertEquals(Outcome.Verdict.FAIL, RecordedRun.recorded(List.of(said(passed, "a", "C"), said(bad, "b", "x"))).verdict(), bad.name());
        }
        assertEquals(Outcome.Verdict.UNKNOWN, RecordedRun.recorded(List.of(said(RecordedOutcome.Verdict.NOTED, "f1", "0.73"))).verdict());
        assertEquals(Outcome.Verdict.UNKNOWN, RecordedRun.recorded(List.of(said(passed, "a", "C"),
                said(RecordedOutcome.Verdict.NOTED, "f1", "0.73"))).verdict(), "a score that says nothing leaves the run without a verdict");
        assertEquals(Outcome.UNKNOWN, RecordedRun.recorded(List.of()));
    }

    @Test
    void benchmarkAnswersAreScoredByTheBenchmarksOwnRule() {
        assertEquals(Optional.of(true), BenchmarkAnswer.math("17 times 23 is 391", "391"));
        assertEquals(Optional.of(true), BenchmarkAnswer.math("391.000001", "391"));
        assertEquals(Optional.of(false), BenchmarkAnswer.math("391 or 401", "391"), "the last number counts");
        assertEquals(Optional.of(false), BenchmarkAnswer.math("no idea", "391"));
        assertEquals(Optional.of(true), BenchmarkAnswer.math("1,234", "1234"));
        assertEquals(Optional.empty(), BenchmarkAnswer.math("12", "\\frac{1}{2}"), "a true answer that is no number");
        assertEquals(Optional.of(true), BenchmarkAnswer.gaia("$1,000", "1000"));
        assertEquals(Optional.of(false), BenchmarkAnswer.gaia("about 1000", "1000"));
        assertEquals(Optional.of(true), BenchmarkAnswer.gaia("Canberra.", "canberra"));
        assertEquals(Optional.of(true), BenchmarkAnswer.gaia("sea gull", "seagull"));
        assertEquals(Optional.of(true), BenchmarkAnswer.gaia("b, 2; c", "B,2,c"));
        assertEquals(Optional.of(false), BenchmarkAnswer.gaia("b, 2", "b,2,c"));
        assertEquals(Outcome.Verdict.FAIL, BenchmarkAnswer.of(obj("question", "q", "true_answer", "1",
                "answer", JsonValue.JsonNull.INSTANCE)).verdict(), "no answer: the run raised");
        assertEquals(Outcome.Verdict.PASS, BenchmarkAnswer.of(obj("question", "q", "true_answer", "2019", "answer", 2019,
                "source", "SimpleQA")).verdict(), "a number answer is its str()");
        assertEquals(Outcome.pass("answer 391 = 391"), BenchmarkAnswer.of(obj("question", "q", "true_answer", "391",
                "answer", "391", "source", "MATH")));
    }

    @Test
    void argumentsFingerprintTheSameWhateverTheirSpacingOrKeyOrder() {
        JsonValue a = obj("query", "capital  of\nAustralia ", "limit", 5);
        JsonValue b = obj("limit", new BigDecimal("5.00"), "query", "capital of Australia");
        assertEquals(ArgumentFingerprint.ofValue(a), ArgumentFingerprint.ofValue(b));
        assertEquals("{\"limit\":5,\"query\":\"capital of Australia\"}", ArgumentFingerprint.canonical(a));
        assertEquals(8, ArgumentFingerprint.ofValue(a).length());
        JsonValue c = obj("limit", 5, "query", "capital of Austria");
        assertEquals(false, ArgumentFingerprint.ofValue(a).equals(ArgumentFingerprint.ofValue(c)));
        assertEquals("\"a\\\"b\\\\c\\u0001\"", ArgumentFingerprint.canonical(new JsonValue.JsonString("a\"b\\c\u0001")));
        assertEquals("0.5", ArgumentFingerprint.number(new BigDecimal("0.50")));
        assertEquals("1000", ArgumentFingerprint.number(new BigDecimal("1E+3")));
        // The fingerprint scripts/align_count.py computes for the same canonical text: sha256("\"x\"")[:8].
        assertEquals("ba2df490", ArgumentFingerprint.ofText("  x "));
    }
}
