package dev.tracedeck.app;

import dev.tracedeck.cli.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The installed application image's launchers ({@code mvn -Pdist package}): {@code tracedeck} starts the batch JVM,
 * and its siblings {@code tracedeck-window}, {@code tracedeck-render}, {@code tracedeck-large} and
 * {@code tracedeck-large-json} start the JVMs a {@link JvmHandoff} exit code asks for, each with its own JVM options.
 * A native launcher can't start another JVM on an exit code as the bash launcher does, so in the image the batch JVM
 * starts the sibling itself, with the same arguments and the terminal, and ends with its exit code.
 */
final class ImageLaunchers {

    /** Set by jpackage's launchers to the launcher's own path. */
    static final String APP_PATH = "jpackage.app-path";

    private ImageLaunchers() {
    }

    /** The launcher that runs a {@link JvmHandoff} exit code's JVM, beside the batch one; empty outside an image. */
    static Optional<Path> sibling(String appPath, int handoff) {
        if (appPath == null || appPath.isBlank()) {
            return Optional.empty();
        }
        Path batch = Path.of(appPath);
        String name = batch.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot > 0 ? name.substring(0, dot) : name;
        String extension = dot > 0 ? name.substring(dot) : ""; // .exe on Windows
        String job = switch (handoff) {
            case JvmHandoff.RENDER -> "render";
            case JvmHandoff.LARGE -> "large";
            case JvmHandoff.LARGE_JSON -> "large-json";
            default -> "window";
        };
        Path sibling = batch.resolveSibling(base + "-" + job + extension);
        return Files.isExecutable(sibling) ? Optional.of(sibling) : Optional.empty();
    }

    /** Runs {@code launcher} on {@code args} with this process's standard streams; its exit code. */
    static int run(Path launcher, String... args) {
        List<String> command = new ArrayList<>();
        command.add(launcher.toString());
        command.addAll(List.of(args));
        ProcessBuilder process = new ProcessBuilder(command).inheritIO();
        // The Linux launcher marks the JVM it starts with this variable; a launcher that finds it set takes itself
        // for that JVM and runs no main class.
        process.environment().keySet().removeIf(name -> name.startsWith("_JPACKAGE"));
        try {
            return process.start().waitFor();
        } catch (IOException e) {
            System.err.println("tracedeck: cannot start " + launcher + ": " + e.getMessage());
            return ExitCodes.INTERNAL;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.INTERNAL;
        }
    }
}
