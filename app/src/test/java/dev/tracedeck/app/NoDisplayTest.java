package dev.tracedeck.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.cli.CliRun;
import dev.tracedeck.cli.ExitCodes;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * CI runners have no display and no GTK. The commands that draw no window live in the cli module, which the build
 * keeps from JavaFX; what runs them is this module's entry point, in the launcher's batch JVM with no JavaFX on its
 * class path at all. So here, in a fresh JVM with no DISPLAY and no JavaFX, the entry point runs a command and hands
 * the window and render back without reaching a JavaFX class (which would fail it with NoClassDefFoundError). The
 * window's own JVM says in one line why it can't open, and --screenshot and render draw with no display.
 */
class NoDisplayTest {

    private static final Path BEFORE = CliRun.BEFORE.toAbsolutePath();

    @org.junit.jupiter.api.io.TempDir
    static Path workspace;

    @Test
    void theBatchJvmRunsACommandAndHandsTheWindowAndRenderBackWithNoJavaFx(@TempDir Path dir) throws Exception {
        Child validate = runInBatchJvm("validate", "--format", "json", BEFORE.toString());
        assertEquals(ExitCodes.FINDINGS, validate.code, validate.err);
        assertTrue(validate.out.contains("\"duplicate-add-entry\""), validate.out);
        assertFalse(validate.err.contains("Exception"), validate.err);

        Child window = runInBatchJvm(BEFORE.toString());
        assertEquals(JvmHandoff.DESKTOP, window.code, window.out + window.err);
        Child render = runInBatchJvm("render", "--view", "timeline", "--out", dir.resolve("t.png").toString(),
                BEFORE.toString());
        assertEquals(JvmHandoff.RENDER, render.code, render.out + render.err);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void theWindowSaysInOneLineWhyItCannotOpen() throws Exception {
        Child run = runWithNoDisplay(BEFORE.toString());
        assertEquals(ExitCodes.USAGE, run.code, run.out + run.err);
        List<String> lines = run.err.lines().filter(l -> !l.isBlank()).toList();
        assertEquals(1, lines.size(), run.err);
        assertTrue(lines.get(0).startsWith("tracedeck: cannot open the window: no display"), lines.get(0));
        assertTrue(lines.get(0).contains("xvfb-run"), lines.get(0));
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aScreenshotRunThatCouldNotOpenAFileSaysSoAndExits2(@TempDir Path dir) throws Exception {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "RESULT of the load test: fine\n");
        Path png = dir.resolve("shot.png");
        // Monocle's headless glass draws the window in memory; DISPLAY only has to be set for the launcher's check.
        Child run = run(List.of("-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw",
                        "-Dprism.text=t2k", "-Djava.awt.headless=true"), Map.of("DISPLAY", ":headless"), true,
                "--screenshot", png.toString(), notes.toString(), BEFORE.toString());
        assertEquals(ExitCodes.USAGE, run.code, run.out + run.err);
        assertTrue(run.err.contains("tracedeck: Could not open " + notes + ": not a format Tracedeck knows"), run.err);
        assertTrue(Files.size(png) > 10_000, "the picture is still written");
    }

    /**
     * --screenshot-after takes the picture when asked, whether the import is done or not: here it never will be, the
     * file being a FIFO no one writes to, and a plain --screenshot run would wait for it forever.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aTimedScreenshotIsTakenWhileTheImportIsStillRunning(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("during.png");
        Path fifo = dir.resolve("never-written.jsonl");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Child run = run(List.of("-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw",
                        "-Dprism.text=t2k", "-Djava.awt.headless=true"), Map.of("DISPLAY", ":headless"), true,
                "--screenshot", png.toString(), "--screenshot-after=500", fifo.toString());
        assertEquals(ExitCodes.OK, run.code, run.out + run.err);
        assertTrue(Files.size(png) > 10_000, "the picture is written");
    }

    /**
     * The window's JVM starts JavaFX while it parses a command line that can only open the window: one the parse or
     * the option checks refuse still ends with their one message and exit 2, with no picture taken.
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void aRefusedCommandLineOpensNoWindowThoughTheToolkitStartedAhead(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("never.png");
        List<String> headless = List.of("-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw",
                "-Dprism.text=t2k", "-Djava.awt.headless=true");
        Child mistyped = run(headless, Map.of("DISPLAY", ":headless"), true, "--screenshot", png.toString(),
                "--screenshot-after=soon", BEFORE.toString());
        assertEquals(ExitCodes.USAGE, mistyped.code, mistyped.out + mistyped.err);
        assertTrue(withoutClassPathWarning(mistyped.err).startsWith(
                "Invalid value for option '--screenshot-after': 'soon' is not a long"), mistyped.err);

        Path config = Files.writeString(dir.resolve("rules.json"), "{\"rules\": {\"nope\": {}}}");
        Child badConfig = run(headless, Map.of("DISPLAY", ":headless"), true, "--screenshot", png.toString(),
                "--config", config.toString(), BEFORE.toString());
        assertEquals(ExitCodes.USAGE, badConfig.code, badConfig.out + badConfig.err);
        String said = withoutClassPathWarning(badConfig.err);
        assertEquals(1, said.lines().filter(l -> !l.isBlank()).count(), badConfig.err);
        assertTrue(said.startsWith("tracedeck: " + config + ":1: unknown rule \"nope\""), badConfig.err);
        assertFalse(Files.exists(png), "no window was shown, so no picture taken");

        Child shot = run(headless, Map.of("DISPLAY", ":headless"), true, "--screenshot", png.toString(), BEFORE.toString());
        assertEquals(ExitCodes.OK, shot.code, shot.out + shot.err);
        assertTrue(Files.size(png) > 10_000, "the window the toolkit started ahead for opened and drew");
    }

    /** render draws with no display at all: no DISPLAY (not even a fake one), no Xvfb, Monocle's headless glass. */
    @Test
    @EnabledOnOs(OS.LINUX)
    void renderDrawsTheSampleBeforeAndAfterPairWithNoDisplay(@TempDir Path dir) throws Exception {
        List<String> headless = List.of("-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw",
                "-Djava.awt.headless=true");
        Path after = BEFORE.resolveSibling("after-tool-only.log");
        record Shot(String view, List<String> args, int width) {
        }
        for (Shot shot : List.of(
                new Shot("compare", List.of("--scale", "1", BEFORE.toString(), after.toString()), 1280),
                new Shot("shape", List.of("--thread", "s1", "--scale", "2", BEFORE.toString()), 2560),
                new Shot("checklist", List.of("--theme", "dark", "--scale", "1", BEFORE.toString()), 1280),
                new Shot("timeline", List.of("--size", "800x400", "--scale", "1", after.toString()), 800))) {
            Path png = dir.resolve(shot.view() + ".png");
            List<String> args = new ArrayList<>(List.of("render", "--view", shot.view(), "--out", png.toString()));
            args.addAll(shot.args());
            Child run = run(headless, Map.of(), true, args.toArray(String[]::new));
            assertEquals(ExitCodes.OK, run.code(), shot.view() + ": " + run.out() + run.err());
            java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
            assertEquals(shot.width(), image.getWidth(), shot.view());
            assertTrue(image.getHeight() > 100, shot.view() + " is " + image.getHeight() + " px tall");
            java.util.Set<Integer> colours = new java.util.HashSet<>();
            for (int y = 0; y < image.getHeight(); y += 3) {
                for (int x = 0; x < image.getWidth(); x += 3) {
                    colours.add(image.getRGB(x, y));
                }
            }
            assertTrue(colours.size() > 20, shot.view() + " is not blank: " + colours.size() + " colours");
        }
        Child bad = run(headless, Map.of(), true, "render", "--view", "compare", "--out", dir.resolve("x.png").toString(),
                BEFORE.toString());
        assertEquals(ExitCodes.USAGE, bad.code());
        assertTrue(bad.err().contains("compare draws two files"), bad.err());
    }

    private record Child(int code, String out, String err) {
    }

    /**
     * Standard error less the two lines JavaFX logs when it runs from the class path, as it does in these child JVMs
     * (the launcher puts it on the module path): its logger's date line and the warning.
     */
    private static String withoutClassPathWarning(String err) {
        List<String> lines = new ArrayList<>(err.lines().toList());
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith("WARNING: Unsupported JavaFX configuration")) {
                lines.remove(i);
                if (i > 0 && lines.get(i - 1).contains("com.sun.javafx.application.PlatformImpl")) {
                    lines.remove(i - 1);
                }
            }
        }
        return String.join("\n", lines);
    }

    /** Runs the command line in a new JVM without DISPLAY, with JavaFX on the class path (the window's JVM). */
    private static Child runWithNoDisplay(String... args) throws IOException, InterruptedException {
        return run(List.of(), Map.of(), true, args);
    }

    /** Runs the command line as the launcher's batch JVM does: no JavaFX on the class path, no DISPLAY. */
    private static Child runInBatchJvm(String... args) throws IOException, InterruptedException {
        return run(List.of("-D" + JvmHandoff.PROPERTY + "=batch"), Map.of(), false, args);
    }

    private static Child run(List<String> jvmOptions, Map<String, String> env, boolean withFx, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xshare:auto"));
        command.addAll(jvmOptions);
        // validate and inspect record what they read: in this class's own workspace, never in the user's, and not
        // in one that other tests (or earlier builds) filled, whose search hits would crowd these out.
        command.add("-D" + dev.tracedeck.workspace.WorkspaceLocation.PROPERTY + "=" + workspace.resolve("workspace.db"));
        command.addAll(List.of("-cp", classPath(withFx), Main.class.getName()));
        command.addAll(Arrays.asList(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().remove("DISPLAY");
        builder.environment().remove("WAYLAND_DISPLAY");
        builder.environment().putAll(env);
        builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Process process = builder.start();
        var out = process.getInputStream().readAllBytes();
        var err = process.getErrorStream().readAllBytes();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the child did not end");
        return new Child(process.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    /** Surefire runs tests from a manifest-only jar; the real class path is in this property. */
    private static String classPath(boolean withFx) {
        String full = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Arrays.stream(full.split(File.pathSeparator))
                .filter(entry -> withFx || !(entry.contains("javafx") || entry.contains("openjfx") || entry.contains("richtextfx")
                        || entry.contains("testfx") || entry.contains("monocle")))
                .collect(Collectors.joining(File.pathSeparator));
    }
}
