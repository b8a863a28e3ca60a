package dev.tracedeck.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher script sends a command line that can only open the window straight to the window's JVM, deciding so by
 * its own copy of {@link Main#opensTheWindowOnly}: the two must agree on every command line, or the window would open
 * on what the program reads as a subcommand (or a subcommand would wait for a hand-off it never needed).
 */
class LauncherTest {

    /** Words of the kinds the test tells apart: subcommands, mistakes, options, values, paths, @files, non-ASCII. */
    private static final List<String> WORDS = List.of("inspect", "valdate", "help", "render", "x", "a-1", "-", "--",
            "-h", "-hV", "-V", "--help", "--version", "--follow", "--screenshot", "--screenshot=/tmp/x.png",
            "--screenshot-after=500", "500", "--format", "openai", "Inspect", "INSPECT", "run.jsonl", "./run.log",
            "/tmp/trace", "@args.txt", "a@b", "é", "éa", "aé", "a_b", "1abc", "", " ", "a b", "trace.json", "-1",
            "--input-format=openai-chat", "samples/");

    @TempDir
    Path dir;

    @Test
    void theScriptAndTheProgramAgreeOnWhichCommandLinesCanOnlyOpenTheWindow() throws Exception {
        Path script = Path.of("..", "tracedeck");
        assumeTrue(Files.isRegularFile(script) && bashRuns(), "the launcher script and bash are here");
        List<List<String>> commandLines = new ArrayList<>();
        commandLines.add(List.of());
        WORDS.forEach(word -> commandLines.add(List.of(word)));
        Random random = new Random(20261201);
        for (int i = 0; i < 400; i++) {
            List<String> args = new ArrayList<>();
            for (int n = 1 + random.nextInt(4); n > 0; n--) {
                args.add(WORDS.get(random.nextInt(WORDS.size())));
            }
            commandLines.add(args);
        }

        List<Boolean> byTheScript = askTheScript(script, commandLines);
        for (int i = 0; i < commandLines.size(); i++) {
            List<String> args = commandLines.get(i);
            assertEquals(Main.opensTheWindowOnly(args.toArray(String[]::new)), byTheScript.get(i), args.toString());
        }
    }

    /** Runs the script's own function, cut out of it, on every command line in one bash: true where it says 0. */
    private List<Boolean> askTheScript(Path script, List<List<String>> commandLines) throws IOException, InterruptedException {
        StringBuilder program = new StringBuilder("set -u\n")
                .append("eval \"$(sed -n '/^opens_the_window_only() {$/,/^}$/p' ").append(quoted(script.toString())).append(")\"\n")
                .append("type opens_the_window_only >/dev/null || exit 3\n");
        for (List<String> args : commandLines) {
            program.append("if opens_the_window_only")
                    .append(args.stream().map(arg -> " " + quoted(arg)).collect(Collectors.joining()))
                    .append("; then echo yes; else echo no; fi\n");
        }
        Path file = Files.writeString(dir.resolve("ask.sh"), program, StandardCharsets.UTF_8);
        Process bash = new ProcessBuilder("bash", file.toString()).redirectErrorStream(true).start();
        String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, bash.waitFor(), out);
        List<String> lines = out.lines().toList();
        assertEquals(commandLines.size(), lines.size(), out);
        return lines.stream().map("yes"::equals).toList();
    }

    private static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private static boolean bashRuns() {
        try {
            Process bash = new ProcessBuilder("bash", "-c", "true").start();
            return bash.waitFor(10, TimeUnit.SECONDS) && bash.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
