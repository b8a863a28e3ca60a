package dev.tracedeck.cli;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.cli.report.ReportFormat;
import dev.tracedeck.engine.live.FindingLine;
import dev.tracedeck.engine.live.FollowedTrace;
import dev.tracedeck.engine.live.WatchedFolder;
import dev.tracedeck.engine.tasks.TaskExecutor;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.registry.Importers;
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
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tracedeck watch}: follows files as an agent writes them and prints each new finding once. */
@Command(name = "watch", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Follow files or folders as they are written and print each new finding as it appears.",
            "New whole lines are read in batches a few times a second (only what was added, where the format allows), "
                + "the threads that changed are checked again, and each new finding is printed once, one line each, as "
                + "is each finding that stops holding (resolved). A file truncated or replaced (rotated) is read again "
                + "from its start, and said so. A folder (Claude Code's ~/.claude/projects/<project>, Codex's "
                + "~/.codex/sessions) is watched for session files, its folders too: each new one is followed as its own "
                + "trace, as is one that was there and changes. On Ctrl+C, the checklist."})
public final class WatchCommand implements Callable<Integer> {

    /** How often the folders are looked through for new session files. */
    private static final long FOLDER_LOOK_MILLIS = 1000;

    @Parameters(arity = "1..*", paramLabel = "FILE|DIR", description = "Files to follow (one not there yet is waited "
            + "for; a .gz is read whole each time it changes), or folders whose session files (*.jsonl, *.ndjson, "
            + "*.log, or .gz) to follow as they appear.")
    private List<Path> files;

    @Option(names = "--interval", paramLabel = "MS", defaultValue = "300", description = "Time between two looks at the files (default: ${DEFAULT-VALUE}).")
    private long interval;

    @Mixin
    private InputFormatOption inputFormat;

    @Mixin
    private RuleConfigOption config;

    @Mixin
    private NoWorkspaceOption noWorkspace;

    @Spec
    private CommandSpec spec;

    private final CountDownLatch stop;

    WatchCommand() {
        this(new CountDownLatch(1));
    }

    WatchCommand(CountDownLatch stop) {
        this.stop = stop;
    }

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Optional<RuleConfig> configured = config.read(err, "tracedeck watch");
        if (configured.isEmpty()) {
            return ExitCodes.USAGE;
        }
        RuleConfig rules = configured.get();
        Optional<Importers> importers = inputFormat.importers(err, "tracedeck watch");
        if (importers.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Validator validator = new Validator(rules);
        List<FollowedTrace> followed = new ArrayList<>();
        List<WatchedFolder> folders = new ArrayList<>();
        for (Path file : files) {
            if (Files.isDirectory(file)) {
                folders.add(new WatchedFolder(file));
            } else {
                followed.add(new FollowedTrace(file, file.toString(), importers.get(), validator));
            }
        }
        FollowedTrace.Told told = told(out, err);
        lookThrough(folders, followed, importers.get(), validator, told, err);
        say(err, "tracedeck watch: following " + describe(followed.size(), folders) + "; Ctrl+C stops and prints the checklist");
        AtomicBoolean finished = new AtomicBoolean();
        Runnable finish = () -> {
            if (finished.compareAndSet(false, true)) {
                List<Validation> validations;
                synchronized (followed) {
                    validations = followed.stream().flatMap(f -> f.finalValidation().stream()).toList();
                }
                if (!validations.isEmpty()) {
                    synchronized (out) {
                        out.print("\n" + ReportFormat.TEXT.render(validations, false, Map.of(), Fingerprints.NONE));
                        out.flush();
                    }
                }
            }
        };
        Thread hook = TaskExecutor.shutdownHook("watch-shutdown", finish);
        Runtime.getRuntime().addShutdownHook(hook);
        long nextFolderLook = System.nanoTime();
        while (true) {
            synchronized (followed) {
                if (System.nanoTime() - nextFolderLook >= 0) {
                    lookThrough(folders, followed, importers.get(), validator, told, err);
                    nextFolderLook = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(FOLDER_LOOK_MILLIS);
                }
                followed.forEach(f -> f.look(told));
            }
            if (stop.await(interval, TimeUnit.MILLISECONDS)) {
                break;
            }
        }
        synchronized (followed) {
            // What was written just before the stop is read and checked too.
            lookThrough(folders, followed, importers.get(), validator, told, err);
            followed.forEach(f -> f.look(told));
        }
        Runtime.getRuntime().removeShutdownHook(hook);
        finish.run();
        return ExitCodes.OK;
    }

    /** Starts following the session files the folders name: new ones, and those there before that changed. */
    private static void lookThrough(List<WatchedFolder> folders, List<FollowedTrace> followed, Importers importers,
                                    Validator validator, FollowedTrace.Told told, PrintWriter err) {
        for (WatchedFolder folder : folders) {
            try {
                for (Path file : folder.look()) {
                    say(err, "tracedeck watch: " + file + ": following");
                    FollowedTrace trace = new FollowedTrace(file, file.toString(), importers, validator);
                    followed.add(trace);
                    trace.look(told);
                }
            } catch (IOException e) {
                told.note(folder.root() + ": can't be read (" + e.getMessage() + ")");
            }
        }
    }

    private static String describe(int files, List<WatchedFolder> folders) {
        String described = files == 0 && !folders.isEmpty() ? "" : files + (files == 1 ? " file" : " files");
        for (WatchedFolder folder : folders) {
            described += (described.isEmpty() ? "" : ", ") + "new session files in " + folder.root() + " ("
                    + folder.filesAtStart() + " there already, followed once they change)";
        }
        return described;
    }

    private static FollowedTrace.Told told(PrintWriter out, PrintWriter err) {
        return new FollowedTrace.Told() {
            @Override
            public void finding(Finding finding) {
                say(out, FindingLine.of(finding));
            }

            @Override
            public void resolved(Finding finding) {
                say(out, FindingLine.resolved(finding));
            }

            @Override
            public void note(String line) {
                say(err, "tracedeck watch: " + line);
            }
        };
    }

    private static void say(PrintWriter to, String line) {
        synchronized (to) {
            to.println(TerminalText.line(line));
            to.flush();
        }
    }
}
