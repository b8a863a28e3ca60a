package dev.tracedeck.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Which JVM a command line needs, decided by the program's own parser, so the launcher never guesses. The launcher
 * starts every run in the batch JVM (no JavaFX, tuned for a short run) with {@value #PROPERTY}; a command line that
 * opens the window (no subcommand) or draws with JavaFX ({@code render}) is handed back before anything is read, with
 * an exit code that asks for the desktop JVM or the headless-drawing one, and so is a subcommand whose input is large
 * enough for the optimizing compiler ({@link LargeInput}). Everything else — subcommands, help, mistakes — runs where
 * it is. In the installed image the batch JVM starts that JVM's launcher itself
 * ({@link ImageLaunchers}).
 */
final class JvmHandoff {

    /** Set by the launcher on the batch JVM: {@code -Dtracedeck.jvm=batch}. */
    static final String PROPERTY = "tracedeck.jvm";
    /** Exit code asking the launcher for the desktop JVM (the window), with the same arguments. */
    static final int DESKTOP = 120;
    /** Exit code asking the launcher for the headless-drawing JVM ({@code render}), with the same arguments. */
    static final int RENDER = 121;
    /** Exit code asking for the batch JVM with the optimizing compiler: a large input ({@link LargeInput}). */
    static final int LARGE = 122;
    /** Exit code asking for that JVM with a larger young generation as well: a large JSON input. */
    static final int LARGE_JSON = 123;

    private static final Pattern COMMAND_WORD = Pattern.compile("[a-z][a-z0-9-]*");

    private JvmHandoff() {
    }

    /**
     * The exit code that hands {@code args} to another JVM, or empty to run them here; in the installed image, the exit
     * code of that JVM, already run.
     */
    static OptionalInt of(CommandLine cli, String... args) {
        if (!"batch".equals(System.getProperty(PROPERTY)) || javaFxPresent()) {
            return OptionalInt.empty();
        }
        OptionalInt handoff = decide(cli, args);
        if (handoff.isEmpty()) {
            return handoff;
        }
        Optional<Path> sibling = ImageLaunchers.sibling(System.getProperty(ImageLaunchers.APP_PATH), handoff.getAsInt());
        return sibling.isPresent() ? OptionalInt.of(ImageLaunchers.run(sibling.get(), args)) : handoff;
    }

    /** What {@link #of} decides in the batch JVM: the JVM {@code args} need, when it is not the batch one. */
    static OptionalInt decide(String... args) {
        return decide(Main.commandLine(args), args);
    }

    /**
     * As {@link #decide(String...)}, parsing {@code args} with {@code cli}, the command line that runs them when they
     * stay: picocli sets every option back to its initial value before each parse, so the run parses afresh.
     */
    static OptionalInt decide(CommandLine cli, String... args) {
        CommandLine.ParseResult parsed;
        try {
            parsed = cli.parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            return OptionalInt.empty(); // said here, by the same parser
        }
        if (parsed.isUsageHelpRequested() || parsed.isVersionHelpRequested()) {
            return OptionalInt.empty();
        }
        if (!parsed.hasSubcommand()) {
            return mistypedCommand(parsed.matchedPositionalValue(0, List.<Path>of())).isPresent()
                    ? OptionalInt.empty() : OptionalInt.of(DESKTOP);
        }
        CommandLine.ParseResult sub = parsed.subcommand();
        if (sub.isUsageHelpRequested() || sub.isVersionHelpRequested()) {
            return OptionalInt.empty();
        }
        String command = sub.commandSpec().name();
        if (command.equals("render")) {
            return OptionalInt.of(RENDER);
        }
        if (command.equals("mcp")) {
            // A server an agent keeps for a session, reading whatever files it is asked about: the optimizing compiler
            // pays for itself there, as on a large input.
            return OptionalInt.of(LARGE);
        }
        // inspect only reads and counts, and the quick compiler finishes it sooner and in less memory even on a GiB
        // of chat than a hand-off to C2 would; the commands that check gain from it (docs/performance.md, "What the
        // launcher gives each JVM, and why").
        return command.equals("inspect") ? OptionalInt.empty() : LargeInput.handoff(args);
    }

    /**
     * The first file, when it is no file but a bare word: a subcommand mistyped ({@code valdate}), which must not
     * open the window on a file that does not exist.
     */
    static Optional<String> mistypedCommand(List<Path> files) {
        if (files.isEmpty()) {
            return Optional.empty();
        }
        String first = files.get(0).toString();
        return isCommandWord(first) && !Files.exists(files.get(0)) ? Optional.of(first) : Optional.empty();
    }

    /** A bare lowercase word, as every subcommand's name is. */
    static boolean isCommandWord(String word) {
        return COMMAND_WORD.matcher(word).matches();
    }

    static boolean javaFxPresent() {
        try {
            Class.forName("javafx.application.Platform", false, JvmHandoff.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
