package dev.tracedeck.cli;

import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.cli.report.ReportFormat;
import dev.tracedeck.engine.live.ListenSession;
import dev.tracedeck.engine.live.OtlpHttpReceiver;
import dev.tracedeck.engine.tasks.TaskExecutor;
import dev.tracedeck.engine.text.TerminalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tracedeck listen}: an OTLP/HTTP receiver that checks the traces an agent sends as they arrive. */
@Command(name = "listen", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Receive OpenTelemetry traces and logs over OTLP/HTTP and print each finding as it appears.",
            "POST /v1/traces and /v1/logs, protobuf or JSON, gzip or not; log records are events of the trace, a model "
                + "call's GenAI events its messages. A finding is one line, and so is each that stops holding (resolved); "
                + "on Ctrl+C, the checklist. Point an instrumented agent at http://localhost:4318 "
                + "(OTEL_EXPORTER_OTLP_ENDPOINT)."})
public final class ListenCommand implements Callable<Integer> {

    @Option(names = "--port", paramLabel = "N", defaultValue = "4318", description = "Port (default: ${DEFAULT-VALUE}, OTLP/HTTP's; 0 for a free one).")
    private int port;

    @Option(names = "--address", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only; 0.0.0.0 for every interface).")
    private String address;

    @Option(names = "--output", paramLabel = "FILE", description = "Write everything received here as OTLP/JSON Lines "
            + "(the collector's file exporter's shape, which Tracedeck opens as the same trace); replaced when it exists.")
    private Path output;

    @Option(names = "--max-body", paramLabel = "BYTES", defaultValue = "20971520",
            description = "Largest request body, compressed or not, before 413 (default: ${DEFAULT-VALUE}, 20 MiB).")
    private long maxBody;

    @Mixin
    private RuleConfigOption config;

    @Mixin
    private NoWorkspaceOption noWorkspace;

    @Spec
    private CommandSpec spec;

    /** Counted down to stop as Ctrl+C does; the command line's own run waits for the signal. */
    private final CountDownLatch stop;

    ListenCommand() {
        this(new CountDownLatch(1));
    }

    ListenCommand(CountDownLatch stop) {
        this.stop = stop;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Optional<RuleConfig> configured = config.read(err, "tracedeck listen");
        if (configured.isEmpty()) {
            return ExitCodes.USAGE;
        }
        RuleConfig rules = configured.get();
        if (port < 0 || port > 65535) {
            say(err, "tracedeck listen: --port " + port + " is not a port (0 to 65535; 0 for a free one)");
            return ExitCodes.USAGE;
        }
        Path file = output;
        ListenSession session;
        try {
            if (file == null) {
                file = Files.createTempFile("tracedeck-listen-", ".jsonl");
                file.toFile().deleteOnExit();
            }
            session = new ListenSession(file, output == null ? "received" : output.toString(), new Validator(rules),
                    line -> say(out, line), line -> say(err, "tracedeck listen: " + line), 300);
        } catch (IOException e) {
            say(err, "tracedeck listen: can't write " + (output == null ? "a temporary file" : output) + ": "
                    + why(e));
            return ExitCodes.USAGE;
        }
        OtlpHttpReceiver receiver;
        try {
            receiver = OtlpHttpReceiver.start(new InetSocketAddress(address, port), maxBody, session);
        } catch (IOException e) {
            session.close();
            err.println(TerminalText.line("tracedeck listen: can't listen on " + address + ":" + port + " (" + e.getMessage() + ")"));
            return ExitCodes.USAGE;
        }
        InetSocketAddress bound = receiver.address();
        say(err, "tracedeck listen: OTLP/HTTP on http://" + hostForUrl(bound) + ":" + bound.getPort()
                + " (/v1/traces, /v1/logs)" + (output == null ? "" : ", writing " + output) + "; Ctrl+C stops and prints the checklist");
        Runnable finish = once(() -> finish(receiver, session, out, err));
        Thread hook = TaskExecutor.shutdownHook("listen-shutdown", finish);
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            stop.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Runtime.getRuntime().removeShutdownHook(hook);
        finish.run();
        // A checklist that could not be made is no pass: the findings told live were not all of them.
        return session.checkFailed() ? ExitCodes.INTERNAL : ExitCodes.OK;
    }

    /** Stops the receiver, checks what arrived last, closes the file and prints the checklist, as validate does. */
    private void finish(OtlpHttpReceiver receiver, ListenSession session, PrintWriter out, PrintWriter err) {
        receiver.close();
        try {
            session.close();
        } catch (IOException e) {
            say(err, "tracedeck listen: " + (output == null ? "the received requests" : output) + ": " + e.getMessage());
        }
        say(err, "tracedeck listen: stopped; received " + session.received() + "; checked " + session.checked());
        session.validation().ifPresentOrElse(
                v -> {
                    out.print("\n" + ReportFormat.TEXT.render(List.of(v), false, Map.of(), Fingerprints.NONE));
                    out.flush();
                },
                () -> say(err, "tracedeck listen: no span or log record received, nothing to check"));
    }

    private static Runnable once(Runnable run) {
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        return () -> {
            if (done.compareAndSet(false, true)) {
                run.run();
            }
        };
    }

    /** What went wrong opening a file, in words rather than as the exception's class. */
    private static String why(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "its folder does not exist";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return String.valueOf(e.getMessage());
    }

    private static String hostForUrl(InetSocketAddress address) {
        String host = address.getAddress().getHostAddress();
        return host.contains(":") ? "[" + host + "]" : host;
    }

    private static void say(PrintWriter to, String line) {
        synchronized (to) {
            to.println(TerminalText.line(line));
            to.flush();
        }
    }
}
