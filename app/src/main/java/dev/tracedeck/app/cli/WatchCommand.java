package dev.tracedeck.app.cli;

import dev.tracedeck.app.live.FindingLine;
import dev.tracedeck.app.live.FollowedFile;
import dev.tracedeck.app.live.LiveCheck;
import dev.tracedeck.app.report.ReportFormat;
import dev.tracedeck.app.report.TerminalText;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.Importers;
import dev.tracedeck.importers.config.RuleConfigReader;
import dev.tracedeck.model.rules.Finding;
import dev.tracedeck.model.rules.Fingerprints;
import dev.tracedeck.model.rules.RuleConfig;
import dev.tracedeck.model.rules.Validation;
import dev.tracedeck.model.rules.Validator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tracedeck watch}: follows files as an agent writes them and prints each new finding once. */
@Command(name = "watch", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Follow files as they are written and print each new finding as it appears.",
            "New whole lines are read in batches a few times a second, the threads that changed are checked again and "
                + "each new finding is printed once, one line each. A file truncated or replaced (rotated) is read again "
                + "from its start, and said so. On Ctrl+C, the checklist."})
final class WatchCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files to follow (not compressed); one not there yet is waited for.")
    private List<Path> files;

    @Option(names = "--interval", paramLabel = "MS", defaultValue = "300", description = "Time between two looks at the files (default: ${DEFAULT-VALUE}).")
    private long interval;

    @Option(names = "--input-format", paramLabel = "NAME", description = "Read the files as this format instead of detecting it.")
    private String inputFormat;

    @Option(names = "--config", paramLabel = "FILE", description = "Rule configuration (JSON): parameters, rules on/off, severities.")
    private Path config;

    @Spec
    private CommandSpec spec;

    private final CountDownLatch stop;

    WatchCommand() {
        this(new CountDownLatch(1));
    }

    WatchCommand(CountDownLatch stop) {
        this.stop = stop;
    }

    /** One file followed: where its lines end, its checks, and the last problem said (said once). */
    private static final class Followed {
        final FollowedFile file;
        final LiveCheck check;
        String lastProblem = "";

        Followed(Path path, Validator validator) {
            this.file = new FollowedFile(path);
            this.check = new LiveCheck(validator);
        }
    }

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RuleConfig rules = RuleConfig.DEFAULT;
        if (config != null) {
            try {
                rules = new RuleConfigReader().read(config);
            } catch (ImportException e) {
                say(err, "tracedeck watch: " + e.getMessage());
                return ExitCodes.USAGE;
            }
        }
        Optional<Importers> importers = InputFormat.importers(inputFormat, err, "tracedeck watch");
        if (importers.isEmpty()) {
            return ExitCodes.USAGE;
        }
        List<Followed> followed = new ArrayList<>();
        for (Path file : files) {
            if (Files.isDirectory(file) || file.getFileName().toString().toLowerCase().endsWith(".gz")) {
                say(err, "tracedeck watch: " + file + ": only a plain file can be followed (not a folder or a .gz)");
                return ExitCodes.USAGE;
            }
            followed.add(new Followed(file, new Validator(rules)));
        }
        say(err, "tracedeck watch: following " + files.size() + (files.size() == 1 ? " file" : " files")
                + "; Ctrl+C stops and prints the checklist");
        AtomicBoolean finished = new AtomicBoolean();
        Runnable finish = () -> {
            if (finished.compareAndSet(false, true)) {
                List<Validation> validations = followed.stream().flatMap(f -> f.check.validation().stream()).toList();
                if (!validations.isEmpty()) {
                    synchronized (out) {
                        out.print("\n" + ReportFormat.TEXT.render(validations, false, Map.of(), Fingerprints.NONE));
                        out.flush();
                    }
                }
            }
        };
        Thread hook = new Thread(finish, "watch-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        while (true) {
            synchronized (followed) {
                for (Followed f : followed) {
                    look(f, importers.get(), out, err);
                }
            }
            if (stop.await(interval, TimeUnit.MILLISECONDS)) {
                break;
            }
        }
        synchronized (followed) {
            // What was written just before the stop is read and checked too.
            for (Followed f : followed) {
                look(f, importers.get(), out, err);
            }
        }
        Runtime.getRuntime().removeShutdownHook(hook);
        finish.run();
        return ExitCodes.OK;
    }

    private void look(Followed f, Importers importers, PrintWriter out, PrintWriter err) {
        Path path = f.file.path();
        FollowedFile.Change change;
        try {
            change = f.file.look();
        } catch (IOException e) {
            problem(f, err, path + ": " + e.getMessage());
            return;
        }
        switch (change) {
            case NONE -> {
                return;
            }
            case MISSING -> {
                say(err, "tracedeck watch: " + path + ": gone; waiting for it to come back");
                return;
            }
            case TRUNCATED -> say(err, "tracedeck watch: " + path + ": truncated; reading it again from its start");
            case REPLACED -> say(err, "tracedeck watch: " + path + ": replaced by another file (rotated); reading the new one from its start");
            case GREW -> { }
        }
        if (change != FollowedFile.Change.GREW) {
            f.check.restart();
        }
        if (f.file.complete() == 0) {
            return;
        }
        try {
            var trace = importers.read(ImportSource.prefix(path.toString(), path, f.file.complete()), ImportListener.NONE);
            for (Finding finding : f.check.update(trace)) {
                say(out, FindingLine.of(finding));
            }
            f.lastProblem = "";
        } catch (ImportException e) {
            problem(f, err, e.getMessage());
        } catch (RuntimeException e) {
            problem(f, err, path + ": checking failed: " + e);
        }
    }

    /** Says a problem once, not at every look while it lasts (a file of no known format until its first lines). */
    private static void problem(Followed f, PrintWriter err, String message) {
        if (!message.equals(f.lastProblem)) {
            f.lastProblem = message;
            say(err, "tracedeck watch: " + message);
        }
    }

    private static void say(PrintWriter to, String line) {
        synchronized (to) {
            to.println(TerminalText.line(line));
            to.flush();
        }
    }
}
