package dev.tracedeck.workspace;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/** Sample logs, imported; synthetic traces of any size; a fixed clock. */
final class TestTraces {

    static final Path MYCELIAN = Path.of("../sample-logs/mycelian");
    static final Path BEFORE = MYCELIAN.resolve("before-prebuilt-react.log");
    static final Path AFTER = MYCELIAN.resolve("after-tool-only.log");
    static final Clock CLOCK = Clock.fixed(Instant.parse("2025-09-05T10:15:03Z"), ZoneOffset.UTC);

    private TestTraces() {
    }

    static Trace read(Path file) throws ImportException {
        return Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
    }

    static Validation validate(Trace trace) {
        return new Validator(RuleConfig.DEFAULT).validate(trace);
    }

    /** A trace of {@code messages} distinct user messages on one thread ("salt" makes them differ between traces). */
    static Trace synthetic(String file, int messages, String salt) {
        TraceBuilder builder = new TraceBuilder();
        for (int i = 0; i < messages; i++) {
            String content = "message " + i + " of " + salt + " about the zebra number " + (i * 7919 % 10007);
            builder.add("MSG", "", "t1", SourceRef.line(file, i + 1), "MSG " + content,
                    new Payload.ConversationMessage(Message.text("user", content), OptionalInt.of(i), content.length(), false));
        }
        return builder.build(new ImportReport(file, "synthetic", messages * 60L, messages, messages, 0, 0,
                Map.of("MSG", (long) messages), List.of(), 0, true));
    }

    /** A copy of {@code log} with unrelated lines inserted at the start and in the middle, so every line shifts. */
    static Path shiftedCopy(Path log, Path dir) throws IOException {
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(log));
        // In the middle, between two records (before an LLM call line, never inside a state dump).
        int middle = lines.size() / 2;
        while (middle < lines.size() && !lines.get(middle).contains(" LLM_CALL ")) {
            middle++;
        }
        lines.add(middle, "2025-09-05 10:15:04,000 [retry.py:backoff] retrying in 1.0 seconds (attempt 2)");
        lines.add(0, "2025-09-05 10:15:02,000 [setup.py:main] loading configuration from config.yaml");
        lines.add(0, "starting benchmark harness v2");
        Path copy = dir.resolve("shifted-" + log.getFileName());
        Files.write(copy, lines);
        return copy;
    }
}
