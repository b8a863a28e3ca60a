package dev.tracedeck.analysis.run;

import static dev.tracedeck.analysis.run.RunFixtures.call;
import static dev.tracedeck.analysis.run.RunFixtures.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunWordsTest {

    private final RunFixtures f = new RunFixtures();

    @Test
    void aResultIsNamedByItsToolAndTheCallIdLeftToTheDetail() {
        f.assistant("s", "", "", call("toolu_01Fx", "Bash", "{}"));
        Event result = f.result("s", "", "toolu_01Fx", "total 0");
        Event orphan = f.result("s", "", "toolu_gone", "late");
        Trace trace = f.trace();
        RunWords words = RunWords.of(trace);

        assertEquals("#1 user ← Bash: total 0", words.summary(result));
        assertEquals("#2 user ← toolu_gone: late", words.summary(orphan), "a call the trace lacks keeps its id");
    }

    @Test
    void everyHarnessRecordIsSaidInWordsNeverAsJson() {
        List<Event> records = List.of(
                f.record("s", "", "progress", EventKind.JSON, "progress", json("type", "progress",
                        "data", json("type", "hook_progress", "hookName", "SessionStart:startup", "command", "notify.sh"))),
                f.record("s", "", "progress", EventKind.JSON, "progress", json("type", "progress",
                        "data", json("type", "bash_progress", "output", "compiling\n3 files done"))),
                f.record("s", "", "queue-operation", EventKind.JSON, "queue-operation", json("operation", "enqueue",
                        "content", "are you done?")),
                f.record("s", "", "file-history-snapshot", EventKind.JSON, "file-history-snapshot",
                        json("snapshot", json("trackedFileBackups", json("a.py", json("v", 1))))),
                f.record("s", "", "event_msg", EventKind.JSON, "event_msg", json("payload", json("type", "token_count",
                        "info", json("last_token_usage", json("input_tokens", 12034, "output_tokens", 310))))),
                f.record("s", "", "turn_context", EventKind.JSON, "turn_context", json("payload", json("model", "gpt-5",
                        "approval_policy", "on-request"))),
                f.record("s", "", "span", EventKind.SPAN, "span chat gpt-4o-mini", json("name", "chat gpt-4o-mini",
                        "kind", "LLM", "status", "ERROR", "status_message", "rate limited", "duration_ms", 1420)),
                f.record("s", "", "sample", EventKind.JSON, "sample", json("id", "0", "epoch", 1,
                        "scores", json("match", json("value", 1)), "nothing", JsonValue.JsonNull.INSTANCE)));
        RunWords words = RunWords.of(f.trace());

        List<String> said = records.stream().map(words::summary).toList();

        assertEquals(List.of(
                "hook SessionStart:startup ran notify.sh",
                "Bash output so far: 3 files done",
                "queued for the model: are you done?",
                "file history snapshot · 1 file backed up",
                "tokens: 12,034 in · 310 out",
                "turn context: model gpt-5 · approval on-request",
                "span chat gpt-4o-mini · LLM · 1.42 s · failed: rate limited",
                "sample 0 · epoch 1 · match 1"), said);
        said.forEach(s -> assertFalse(s.contains("{\""), s));
    }
}
