package dev.tracedeck.desktop.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.lift.TextCallLifting;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class LaunchOptionsTest {

    @Test
    void survivesTheTripThroughApplicationArguments() {
        LaunchOptions options = new LaunchOptions(List.of(Path.of("a.log"), Path.of("--screenshot=b.log")), Optional.of(Path.of("out/x.png")));

        assertEquals(options, LaunchOptions.fromArgs(options.toArgs()));
    }

    @Test
    void carriesTheRuleConfiguration() {
        LaunchOptions options = new LaunchOptions(List.of(Path.of("--config=c.log")), Optional.empty(), Optional.of(Path.of("rules.json")));

        assertEquals(options, LaunchOptions.fromArgs(options.toArgs()));
        assertEquals(Optional.of(Path.of("rules.json")), LaunchOptions.fromArgs(options.toArgs()).config());
    }

    @Test
    void filesAloneAreFiles() {
        assertEquals(new LaunchOptions(List.of(Path.of("a.log")), Optional.empty()), LaunchOptions.fromArgs(List.of("a.log")));
    }

    @Test
    void carriesParseTextCallsToTheStepAfterReading() {
        LaunchOptions options = new LaunchOptions(List.of(Path.of("--parse-text-calls")), Optional.empty(), Optional.empty(),
                Optional.empty(), true);

        LaunchOptions back = LaunchOptions.fromArgs(options.toArgs());
        assertEquals(options, back);
        assertEquals(List.of(Path.of("--parse-text-calls")), back.files(), "after --, a file named like the option is a file");
        assertEquals(TextCallLifting.ON, TracedeckApplication.textCallLifting(back));
        assertEquals(TextCallLifting.OFF, TracedeckApplication.textCallLifting(LaunchOptions.fromArgs(List.of("a.log"))));
    }

    @Test
    void carriesTheWorkspaceToRecordIn() {
        LaunchOptions options = new LaunchOptions(List.of(Path.of("--workspace=x.db")), Optional.empty(), Optional.empty(),
                Optional.empty(), false, Optional.of("team/workspace.db"));

        LaunchOptions back = LaunchOptions.fromArgs(options.toArgs());
        assertEquals(options, back);
        assertEquals(Optional.of("team/workspace.db"), back.workspace());
        assertEquals(Optional.of("postgresql://db.example/team"), LaunchOptions.fromArgs(
                List.of("--workspace=postgresql://db.example/team", "--", "a.log")).workspace());
        assertEquals(Optional.empty(), LaunchOptions.fromArgs(List.of("a.log")).workspace());
    }

    @Test
    void carriesRecordingNothingInAWorkspace() {
        LaunchOptions options = new LaunchOptions(List.of(Path.of("--no-workspace")), Optional.empty(), Optional.empty(),
                Optional.empty(), false, Optional.empty(), OptionalLong.empty(), false, true);

        LaunchOptions back = LaunchOptions.fromArgs(options.toArgs());
        assertEquals(options, back);
        assertTrue(back.noWorkspace());
        assertEquals(List.of(Path.of("--no-workspace")), back.files(), "after --, a file named like the option is a file");
        assertFalse(LaunchOptions.fromArgs(List.of("a.log")).noWorkspace());
    }

    @Test
    void carriesFollowingTheFiles() {
        LaunchOptions options = new LaunchOptions(List.of(Path.of("--follow")), Optional.empty(), Optional.empty(),
                Optional.empty(), false, Optional.empty(), OptionalLong.empty(), true);

        LaunchOptions back = LaunchOptions.fromArgs(options.toArgs());
        assertEquals(options, back);
        assertTrue(back.follow());
        assertEquals(List.of(Path.of("--follow")), back.files(), "after --, a file named like the option is a file");
        assertFalse(LaunchOptions.fromArgs(List.of("a.log")).follow());
    }

    @Test
    void carriesWhenToTakeTheScreenshot() {
        LaunchOptions options = new LaunchOptions(List.of(Path.of("--screenshot-after=5")), Optional.of(Path.of("x.png")),
                Optional.empty(), Optional.empty(), false, Optional.empty(), OptionalLong.of(1500));

        LaunchOptions back = LaunchOptions.fromArgs(options.toArgs());
        assertEquals(options, back);
        assertEquals(OptionalLong.of(1500), back.screenshotAfter());
        assertEquals(List.of(Path.of("--screenshot-after=5")), back.files());
        assertEquals(OptionalLong.empty(), LaunchOptions.fromArgs(List.of("a.log")).screenshotAfter());
    }
}
