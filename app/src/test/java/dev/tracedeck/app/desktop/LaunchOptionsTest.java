package dev.tracedeck.app.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
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
}
