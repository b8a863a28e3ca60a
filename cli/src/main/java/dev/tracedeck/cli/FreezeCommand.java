package dev.tracedeck.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.engine.freeze.FreezeException;
import dev.tracedeck.engine.freeze.FreezeOptions;
import dev.tracedeck.engine.freeze.FrozenRequest;
import dev.tracedeck.engine.freeze.Provider;
import dev.tracedeck.engine.freeze.RequestFreezer;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tracedeck freeze FILE --step N | --event SEQ}: the request a model received at one step, as its provider's
 * request body or a curl command, with what the trace did not record of it. Nothing is sent.
 */
@Command(name = "freeze", mixinStandardHelpOptions = true,
        description = {"Rebuild the request the model received at one step, as the provider's request body.",
            "The messages, system prompt, tools and their schemas, model and sampling parameters as the trace recorded them, "
                + "as an OpenAI Chat Completions, OpenAI Responses or Anthropic Messages body (default: the API the trace "
                + "was written for); the body exactly as recorded where the trace kept it (SDK recordings, proxy logs, "
                + "request body files). Prints the body, or with --curl a curl command that reads the key from "
                + "$OPENAI_API_KEY or $ANTHROPIC_API_KEY; the fidelity notes, what the trace did not record, go to "
                + "standard error. Nothing is sent.",
            "Exit 0 on success, 2 for usage errors, a file that can't be read, or no such step."})
public final class FreezeCommand implements Callable<Integer> {

    private static final String NAME = "tracedeck freeze";

    @Parameters(arity = "1", paramLabel = "FILE", description = "The file to read (.log .jsonl .json, optionally .gz; - for standard input).")
    private Path file;

    @ArgGroup(exclusive = true, multiplicity = "1")
    private Which which;

    static final class Which {
        @Option(names = "--step", paramLabel = "N",
                description = "The model call of step N, numbered as the Steps view numbers the thread's history (the "
                        + "system prompt and each task a step too); the step after the last is the call the trace ends waiting on.")
        Integer step;

        @Option(names = "--event", paramLabel = "SEQ",
                description = "The model call event SEQ belongs to (the event number reports and the window show): the "
                        + "first whose answer is at or after it.")
        Integer event;
    }

    @Option(names = "--thread", paramLabel = "ID",
            description = "The thread (its id, or a part of it that only one thread's id holds); needed with --step when several have a history.")
    private String thread;

    @Option(names = "--as", paramLabel = "API", description = "chat, responses or anthropic; default: the API the trace was written for.")
    private String as;

    @Option(names = "--curl", description = "Print a curl command that sends the request, instead of its body.")
    private boolean curl;

    @Option(names = "--json", description = "Print one JSON object: the body, the endpoint, the headers, the notes and the curl command.")
    private boolean json;

    @Option(names = "--base-url", paramLabel = "URL",
            description = "Where the request would go (a proxy, a local server): as the SDKs take it, "
                    + "https://api.openai.com/v1 or https://api.anthropic.com by default.")
    private String baseUrl = "";

    @Option(names = "--model", paramLabel = "NAME", description = "The model to ask for, in place of the one the trace names.")
    private String model;

    @Option(names = "--max-tokens", paramLabel = "N",
            description = "Anthropic's required max_tokens when the trace recorded none (default: ${DEFAULT-VALUE}).",
            defaultValue = "" + FreezeOptions.DEFAULT_MAX_TOKENS)
    private int maxTokens;

    @Mixin
    private InputFormatOption inputFormat;

    @Mixin
    private WorkspaceOption workspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Optional<Provider> provider = Optional.empty();
        if (as != null) {
            provider = Provider.byId(as);
            if (provider.isEmpty()) {
                return usage(err, "--as must be chat, responses or anthropic, not '" + as + "'");
            }
        }
        if (curl && json) {
            return usage(err, "--curl and --json can't be given together: --json holds the curl command");
        }
        if (maxTokens < 1) {
            return usage(err, "--max-tokens must be at least 1, not " + maxTokens);
        }
        Optional<Importers> importers = inputFormat.importers(err, NAME);
        if (importers.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<WorkspaceRecording> recording = WorkspaceRecording.open(workspace, err, NAME);
        if (recording.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Trace trace;
        ConsoleProgress progress = ConsoleProgress.forTerminal(file.toString());
        try (WorkspaceRecording recorded = recording.get()) {
            trace = importers.get().read(InputFiles.source(file), progress);
            progress.done();
            if (!recorded.record(file, trace, Optional.empty())) {
                return ExitCodes.USAGE;
            }
        } catch (ImportException e) {
            return usage(err, e.getMessage());
        } finally {
            progress.done();
        }
        FreezeOptions options = new FreezeOptions(provider, baseUrl, Optional.ofNullable(model).map(String::strip)
                .filter(m -> !m.isEmpty()), OptionalInt.of(maxTokens));
        FrozenRequest frozen;
        try {
            frozen = freeze(trace, options);
        } catch (FreezeException e) {
            return usage(err, file + ": " + e.getMessage());
        }
        if (json) {
            out.print(json(frozen));
        } else {
            out.print(curl ? frozen.curl() : frozen.body() + System.lineSeparator());
        }
        out.flush();
        err.println(TerminalText.line(NAME + ": " + frozen.step().describe() + (frozen.thread().isEmpty() ? "" : " of thread "
                + frozen.thread()) + ", " + frozen.provider().title() + (frozen.recorded() ? ", as recorded" : ", rebuilt")
                + " (" + frozen.notes().size() + (frozen.notes().size() == 1 ? " note" : " notes") + ")"));
        for (String note : frozen.notes()) {
            err.println(TerminalText.line("  - " + note));
        }
        err.flush();
        return ExitCodes.OK;
    }

    private FrozenRequest freeze(Trace trace, FreezeOptions options) throws FreezeException {
        if (which.event != null) {
            if (which.event < 0 || which.event >= trace.events().size()) {
                throw new FreezeException("no event " + which.event + " (events are numbered 0 to " + (trace.events().size() - 1) + ")");
            }
            Event event = trace.event(which.event);
            if (thread != null && !event.threadId().equals(thread) && !event.threadId().contains(thread)) {
                throw new FreezeException("event " + which.event + " is in thread " + event.threadId() + ", not " + thread);
            }
            return RequestFreezer.event(trace, event, options);
        }
        ThreadChoice choice = ThreadChoice.of(trace, thread);
        if (choice.thread().isEmpty()) {
            throw new FreezeException(choice.problem());
        }
        TraceThread chosen = choice.thread().get();
        return RequestFreezer.step(trace, chosen, which.step, options);
    }

    /** One object; the body is written in as the JSON it is, so its bytes stay as they are. */
    static String json(FrozenRequest frozen) {
        StringWriter text = new StringWriter();
        try (JsonGenerator g = new ObjectMapper().createGenerator(text).useDefaultPrettyPrinter()) {
            g.writeStartObject();
            g.writeStringField("thread", frozen.thread());
            g.writeNumberField("step", frozen.step().number());
            g.writeBooleanField("pending", frozen.step().pending());
            if (frozen.step().answer().isPresent()) {
                g.writeNumberField("answerSeq", frozen.step().answer().get().seq());
            }
            if (frozen.step().line() > 0) {
                g.writeNumberField("answerLine", frozen.step().line());
            }
            g.writeStringField("provider", frozen.provider().id());
            g.writeStringField("model", frozen.model());
            g.writeStringField("url", frozen.url());
            g.writeArrayFieldStart("headers");
            for (String h : frozen.shownHeaders()) {
                g.writeString(h);
            }
            g.writeEndArray();
            g.writeBooleanField("recorded", frozen.recorded());
            g.writeBooleanField("exact", frozen.exact());
            g.writeArrayFieldStart("notes");
            for (String n : frozen.notes()) {
                g.writeString(n);
            }
            g.writeEndArray();
            g.writeFieldName("body");
            g.writeRawValue(frozen.body());
            g.writeStringField("curl", frozen.curl());
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text + System.lineSeparator();
    }

    private static int usage(PrintWriter err, String message) {
        err.println(TerminalText.line(NAME + ": " + message));
        err.flush();
        return ExitCodes.USAGE;
    }
}
