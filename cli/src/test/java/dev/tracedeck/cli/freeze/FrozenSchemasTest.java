package dev.tracedeck.cli.freeze;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.engine.freeze.CallStep;
import dev.tracedeck.engine.freeze.CallSteps;
import dev.tracedeck.engine.freeze.FreezeException;
import dev.tracedeck.engine.freeze.FreezeOptions;
import dev.tracedeck.engine.freeze.FrozenRequest;
import dev.tracedeck.engine.freeze.Provider;
import dev.tracedeck.engine.freeze.RequestFreezer;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every frozen request of every sample, written for each API, is a body that API's published schema accepts; and the
 * schemas are no formality: a body an API refuses is refused by them too.
 */
class FrozenSchemasTest {

    static final Path SAMPLES = Path.of("../sample-logs");
    /** Samples that hold a model's answers and nothing that went in: responses alone, streamed or not. */
    private static final java.util.Set<String> ANSWERS_ONLY = java.util.Set.of("lone-response.json", "streamed-chunks.jsonl",
            "server-tool-iterations.json", "server-tool-loop.json", "response-server-tools-compaction.json",
            "streamed-response-events.jsonl");
    /** Samples of runs that raised before their first model call (smolagents' benchmark): nothing went to a model. */
    private static final java.util.Set<String> NO_MODEL_CALL = java.util.Set.of("benchmark-run-raised.jsonl");

    /** The samples of every format that records messages, each file of each. */
    static Stream<Path> samples() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String format : List.of("openai", "anthropic", "openai-responses", "sdk-recording", "claude-code", "langchain",
                "langgraph", "langfuse", "otlp", "phoenix", "pydantic-ai", "inspect", "atif", "letta", "smolagents", "mycelian", "gemini", "bedrock-converse")) {
            try (Stream<Path> listed = Files.list(SAMPLES.resolve(format))) {
                listed.filter(Files::isRegularFile).sorted().forEach(files::add);
            }
        }
        return files.stream();
    }

    @ParameterizedTest
    @MethodSource("samples")
    void everyStepOfEverySampleIsAcceptedByEachProvidersSchema(Path file) throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
        int frozen = 0;
        List<String> refused = new ArrayList<>();
        for (TraceThread thread : trace.threads().stream().limit(6).toList()) {
            for (CallStep call : CallSteps.of(thread).calls().stream().limit(12).toList()) {
                if (call.historyEnd() == 0) {
                    // A file that starts with the answer (a lone response) holds nothing that went in.
                    FreezeException e = assertThrows(FreezeException.class,
                            () -> RequestFreezer.step(trace, thread, call.number(), FreezeOptions.DEFAULT));
                    assertTrue(e.getMessage().contains("history starts with its answer"), e.getMessage());
                    continue;
                }
                for (Provider provider : Provider.values()) {
                    FrozenRequest request;
                    try {
                        request = RequestFreezer.step(trace, thread, call.number(), FreezeOptions.DEFAULT.as(provider));
                    } catch (FreezeException e) {
                        // An agent that calls its tools before any message (Mycelian's bootstrap) sent a system prompt alone.
                        assertEquals(Provider.ANTHROPIC, provider, e.getMessage());
                        assertTrue(e.getMessage().contains("only a system prompt"), e.getMessage());
                        continue;
                    }
                    assertEquals(provider, request.provider());
                    List<String> problems = RequestSchemas.problems(provider, request.body());
                    if (!problems.isEmpty()) {
                        refused.add(thread.id() + " step " + call.number() + " as " + provider.id() + ": " + problems);
                    }
                    frozen++;
                }
                FrozenRequest byDefault = RequestFreezer.step(trace, thread, call.number(), FreezeOptions.DEFAULT);
                List<String> problems = RequestSchemas.problems(byDefault.provider(), byDefault.body());
                if (!problems.isEmpty()) {
                    refused.add(thread.id() + " step " + call.number() + " by default: " + problems);
                }
            }
        }
        assertTrue(refused.isEmpty(), String.join("\n", refused));
        String name = file.getFileName().toString();
        assertEquals(!ANSWERS_ONLY.contains(name) && !NO_MODEL_CALL.contains(name), frozen > 0,
                file + (frozen > 0 ? " has a model call to freeze" : " has no model call to freeze"));
    }

    @Test
    void theSchemasRefuseWhatTheApisRefuse() {
        assertFalse(RequestSchemas.problems(Provider.ANTHROPIC,
                "{\"model\":\"claude-sonnet-4-5\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}").isEmpty(),
                "max_tokens is required");
        assertFalse(RequestSchemas.problems(Provider.ANTHROPIC, "{\"model\":\"m\",\"max_tokens\":5,\"messages\":"
                + "[{\"role\":\"system\",\"content\":\"hi\"}]}").isEmpty(), "no system role in messages");
        assertFalse(RequestSchemas.problems(Provider.ANTHROPIC, "{\"model\":\"m\",\"max_tokens\":5,\"messages\":"
                + "[{\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"functions.f:0\",\"name\":\"f\",\"input\":{}}]}]}")
                .isEmpty(), "an id Anthropic refuses");
        assertFalse(RequestSchemas.problems(Provider.CHAT, "{\"model\":\"gpt-4o\",\"messages\":"
                + "[{\"role\":\"tool\",\"content\":\"22\"}]}").isEmpty(), "a tool message needs its tool_call_id");
        assertFalse(RequestSchemas.problems(Provider.CHAT, "{\"model\":\"gpt-4o\",\"messages\":[]}").isEmpty(),
                "at least one message");
        assertFalse(RequestSchemas.problems(Provider.CHAT, "{\"model\":\"gpt-4o\",\"id\":\"conv-1\",\"messages\":"
                + "[{\"role\":\"user\",\"content\":\"hi\"}]}").isEmpty(), "no member the API does not take");
        assertFalse(RequestSchemas.problems(Provider.RESPONSES, "{\"model\":\"gpt-5\",\"input\":[{\"type\":\"function_call\","
                + "\"name\":\"f\",\"arguments\":\"{}\"}]}").isEmpty(), "a function_call needs its call_id");
        assertFalse(RequestSchemas.problems(Provider.RESPONSES, "{\"model\":\"gpt-5\",\"tools\":[{\"type\":\"function\","
                + "\"name\":\"f\"}]}").isEmpty(), "a function tool needs parameters and strict");
        assertTrue(RequestSchemas.problems(Provider.CHAT, "{\"model\":\"gpt-4o\",\"temperature\":0.2,\"messages\":"
                + "[{\"role\":\"user\",\"content\":\"hi\"}]}").isEmpty());
    }
}
