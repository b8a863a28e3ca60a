package dev.tracedeck.importers.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.IntNode;
import dev.tracedeck.importers.text.LineReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class LinePipelineTest {

    /** A pool bigger than any pipeline here asks for: each takes only its share of it. */
    private static final ExecutorService POOL = Executors.newFixedThreadPool(4);

    @AfterAll
    static void stopPool() {
        POOL.shutdownNow();
    }

    /** Parses "n" into a value whose node is n, taking a random while, so that workers finish out of order. */
    private static JsonItem slowly(LinePipeline.LineBytes line) {
        LockSupport.parkNanos(ThreadLocalRandom.current().nextInt(20_000));
        String text = new String(line.bytes(), StandardCharsets.UTF_8);
        return new JsonItem.Value(IntNode.valueOf(Integer.parseInt(text.strip())), text, line.number(), line.number(), 1, "", "");
    }

    @Test
    void linesParsedOnSeveralThreadsComeBackInFileOrderWithoutTheBlankOnes() throws IOException {
        StringBuilder file = new StringBuilder();
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            file.append(i % 7 == 0 ? "  \r\n" : i + "\n");
            if (i % 7 != 0) {
                expected.add(i);
            }
        }
        for (int threads : new int[] {0, 1, 3}) {
            List<Integer> seen = new ArrayList<>();
            try (LinePipeline pipeline = new LinePipeline(reader(file.toString()), LinePipelineTest::slowly, POOL, threads)) {
                JsonItem item;
                while ((item = pipeline.next()) != null) {
                    JsonItem.Value v = (JsonItem.Value) item;
                    assertEquals(v.node().intValue() + 1, v.firstLine(), "line numbers count the blank lines too");
                    seen.add(v.node().intValue());
                }
                assertNull(pipeline.next());
                assertEquals(5_000, pipeline.lastLine());
            }
            assertEquals(expected, seen, threads + " threads");
        }
    }

    @Test
    void aFailureToParseALineSurfacesAtThatLine() throws IOException {
        LinePipeline.Parse failsOnThree = line -> {
            if (line.number() == 3) {
                throw new IOException("line 3 is bad");
            }
            return slowly(line);
        };
        try (LinePipeline pipeline = new LinePipeline(reader("1\n2\n3\n4\n"), failsOnThree, POOL, 2)) {
            pipeline.next();
            pipeline.next();
            assertEquals("line 3 is bad", assertThrows(IOException.class, pipeline::next).getMessage());
        }
    }

    private static LineReader reader(String text) {
        return new LineReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }
}
