package dev.tracedeck.desktop.follow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.fixtures.ClaudeCodeLines;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.desktop.tabs.LoadedTrace;
import dev.tracedeck.engine.live.FollowedFile;
import dev.tracedeck.engine.live.FollowedTrace;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.mycelian.MycelianLogImporter;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A followed file read on as it grows, as the window reads it ({@link FollowedTrace}): each look gives the trace of its whole lines, handing the events it read before
 * back as they were (save the record still open at the end), so the window keeps all but those ({@link KeptEvents}); a
 * line still being written waits for its end; a file truncated is read from its start, none of its events kept.
 */
class FollowedReadingTest {

    private static final Validator VALIDATOR = new Validator(RuleConfig.DEFAULT);

    @TempDir
    Path dir;

    @Test
    void aLogReadOnKeepsTheEventsReadBeforeSaveTheRecordStillOpen() throws Exception {
        List<String> lines = Files.readAllLines(SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir), StandardCharsets.UTF_8);
        Path log = dir.resolve("run.log");
        FollowedTrace reader = new FollowedTrace(log, log.toString(), Importers.standard(), TextCallLifting.OFF,
                MycelianLogImporter.FORMAT_ID, VALIDATOR);
        write(log, lines.subList(0, 100));
        LoadedTrace before = read(reader, FollowedFile.Change.GREW);

        write(log, lines.subList(100, 250));
        LoadedTrace after = read(reader, FollowedFile.Change.GREW);

        List<Event> was = before.trace().events();
        List<Event> now = after.trace().events();
        int identical = 0;
        while (identical < was.size() && was.get(identical) == now.get(identical)) {
            identical++;
        }
        int same = identical;
        assertTrue(same >= was.size() - 1, "the very events read before, but the last: " + same + " of " + was.size());
        // The window keeps them, short of an LLM call whose answer came with the new lines: its row shows the answer.
        int kept = KeptEvents.of(before, after);
        Event firstAnew = now.get(kept);
        assertTrue(kept == same || after.llmRounds().answerOf(firstAnew).filter(a -> a.seq() >= same).isPresent(),
                kept + " kept of " + same);
        assertEquals(Importers.standard().read(ImportSource.of(log), ImportListener.NONE).events().size(), now.size(),
                "what a fresh import reads");
    }

    @Test
    void aLineStillBeingWrittenWaitsAndATruncatedFileIsReadFromItsStart() throws Exception {
        ClaudeCodeLines claude = new ClaudeCodeLines();
        Path session = dir.resolve("session.jsonl");
        FollowedTrace reader = new FollowedTrace(session, session.toString(), Importers.standard(), TextCallLifting.OFF,
                "claude-code", VALIDATOR);
        append(session, claude.prompt("refund order 7"));
        LoadedTrace first = read(reader, FollowedFile.Change.GREW);

        String call = claude.call("msg_01A", "toolu_01A");
        append(session, call.substring(0, 40));
        FollowedFile.Change unchanged = reader.change();
        assertEquals(FollowedFile.Change.NONE, unchanged);
        assertTrue(reader.read(unchanged).isEmpty(), "half a line is not read");
        append(session, call.substring(40));
        LoadedTrace second = read(reader, FollowedFile.Change.GREW);
        assertEquals(first.trace().events().size() + 1, second.trace().events().size());

        Files.writeString(session, claude.answer("msg_01B", "Done."), StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
        LoadedTrace third = read(reader, FollowedFile.Change.TRUNCATED);
        assertEquals(1, third.trace().events().size());
        assertEquals(0, KeptEvents.of(second, third));
    }

    private static LoadedTrace read(FollowedTrace reader, FollowedFile.Change expected) throws Exception {
        FollowedFile.Change change = reader.change();
        assertEquals(expected, change);
        Trace trace = reader.read(change).orElseThrow();
        return LoadedTrace.of(trace);
    }

    private static void write(Path log, List<String> lines) throws Exception {
        append(log, String.join("\n", lines) + "\n");
    }

    private static void append(Path file, String text) throws Exception {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
