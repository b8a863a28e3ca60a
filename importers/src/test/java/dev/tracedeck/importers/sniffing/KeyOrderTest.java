package dev.tracedeck.importers.sniffing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.UnrecognizedFormatException;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A format told by its top-level members is told whatever order they come in and however long the first of them
 * is: a Langfuse export puts the whole trace, its input and output, ahead of the observations.
 */
class KeyOrderTest {

    private static final Importers IMPORTERS = Importers.standard();
    private static final String OBSERVATIONS = """
            "observations": [{"id": "g1", "traceId": "t1", "type": "GENERATION", "name": "chat",
              "startTime": "2025-01-01T00:00:00Z", "parentObservationId": null,
              "input": [{"role": "user", "content": "hi"}], "output": {"role": "assistant", "content": "hello"}}]""";

    private static Trace read(String file) throws Exception {
        return IMPORTERS.read(ImportSource.of("trace.json", file.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }

    /** A trace whose input is {@code size} characters of text. */
    private static String trace(int size) {
        return "\"trace\": {\"id\": \"t1\", \"projectId\": \"p1\", \"input\": \"" + "x".repeat(size) + "\"}";
    }

    @Test
    void aLangfuseExportWhoseObservationsComeAfterALongTraceIsLangfuse() throws Exception {
        assertEquals("langfuse", read("{" + trace(40_000) + ",\n" + OBSERVATIONS + "}").format());
        assertEquals("langfuse", read("{" + OBSERVATIONS + ",\n" + trace(40_000) + "}").format(), "either order");
        assertEquals("langfuse", read("[{" + trace(40_000) + ",\n" + OBSERVATIONS + "}]").format(), "in a list");
    }

    /** The trace's input holds LangChain messages, which LangChain's importer would claim from the head alone. */
    @Test
    void theShapeOfTheDocumentOutweighsMessagesInItsTrace() throws Exception {
        String message = "{\"type\": \"human\", \"content\": \"hi\", \"additional_kwargs\": {}, \"response_metadata\": {}},";
        String file = "{\"trace\": {\"id\": \"t1\", \"projectId\": \"p1\", \"input\": {\"messages\": ["
                + message.repeat(400) + "{\"type\": \"ai\", \"content\": \"hello\"}]}},\n" + OBSERVATIONS + "}";
        assertEquals("langfuse", read(file).format());
    }

    @Test
    void aLongTraceWithNoObservationsIsNoLangfuseExport() {
        assertThrows(UnrecognizedFormatException.class, () -> read("{" + trace(40_000) + ", \"scores\": []}"));
    }
}
