package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** On a terminal, reading and then checking a file say how far they got; elsewhere nothing is printed. */
class ConsoleProgressTest {

    @Test
    void readingThenCheckingShowTheirPercentOnOneLineThatIsClearedAtTheEnd() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleProgress progress = new ConsoleProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), "big.jsonl", true);
        progress.progress(50, 100);
        progress.checking(1, 4);
        progress.checking(1, 4);
        progress.checking(4, 4);
        progress.done();
        String shown = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(shown.contains("Reading big.jsonl 50%"), shown);
        assertTrue(shown.contains("Checking big.jsonl 25% (1 of 4 threads)"), shown);
        assertTrue(shown.contains("Checking big.jsonl 100% (4 of 4 threads)"), shown);
        assertEquals(1, shown.split("25% \\(1 of 4", -1).length - 1, "a percent is shown once: " + shown);
        assertTrue(shown.endsWith("\r\033[K"), "the line is cleared: " + shown);
    }

    @Test
    void notOnATerminalNothingIsPrinted() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleProgress progress = new ConsoleProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), "big.jsonl", false);
        progress.progress(50, 100);
        progress.checking(1, 4);
        progress.done();
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    }
}
