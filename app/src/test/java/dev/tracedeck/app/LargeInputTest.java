package dev.tracedeck.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LargeInputTest {

    private static final long MIB = 1024 * 1024;

    @TempDir
    Path dir;

    @Test
    void fromHalfAGibOfInputABatchCommandAsksForTheOptimizingCompiler() throws IOException {
        assertEquals(OptionalInt.empty(), LargeInput.handoff("validate", sparse("small.eval", 511 * MIB)));
        assertEquals(OptionalInt.of(JvmHandoff.LARGE), LargeInput.handoff("validate", sparse("big.eval", 512 * MIB)));
        assertEquals(OptionalInt.of(JvmHandoff.LARGE), LargeInput.handoff("validate",
                sparse("a.eval", 300 * MIB), sparse("b.eval", 300 * MIB)), "the files together");
    }

    @Test
    void aCompressedFileCountsEightTimesItsSize() throws IOException {
        assertEquals(OptionalInt.of(JvmHandoff.LARGE), LargeInput.handoff("inspect", sparse("run.af.gz", 64 * MIB)));
        assertEquals(OptionalInt.empty(), LargeInput.handoff("inspect", sparse("run.af.gz", 63 * MIB)));
    }

    @Test
    void aLogStaysWithTheQuickCompilerWhateverItsSize() throws IOException {
        assertEquals(OptionalInt.empty(), LargeInput.handoff("validate", sparse("big.log", 2048 * MIB)));
        assertEquals(OptionalInt.empty(), LargeInput.handoff("validate", sparse("big.LOG.gz", 512 * MIB)));
        assertEquals(OptionalInt.empty(), LargeInput.handoff("validate",
                sparse("chats.jsonl", 300 * MIB), sparse("run.log", 300 * MIB)), "only the JSON weighs");
    }

    @Test
    void halfAGibOfJsonAlsoAsksForTheLargerYoungGeneration() throws IOException {
        assertEquals(OptionalInt.of(JvmHandoff.LARGE_JSON), LargeInput.handoff("validate", sparse("chats.jsonl", 512 * MIB)));
        assertEquals(OptionalInt.of(JvmHandoff.LARGE_JSON), LargeInput.handoff("validate", sparse("chats.json.gz", 64 * MIB)));
        assertEquals(OptionalInt.of(JvmHandoff.LARGE), LargeInput.handoff("validate",
                sparse("chats.jsonl", 300 * MIB), sparse("run.eval", 300 * MIB)), "only 300 MiB of it JSON");
    }

    @Test
    void wordsAndMissingFilesWeighNothing() {
        assertEquals(OptionalInt.empty(), LargeInput.handoff("validate", "--format", "json", dir.resolve("gone.log").toString(),
                dir.toString()));
    }

    @Test
    void theWindowAndRenderAreHandedOnWhateverTheSize() throws IOException {
        String big = sparse("big.eval", 600 * MIB);
        assertEquals(OptionalInt.of(JvmHandoff.DESKTOP), JvmHandoff.decide(big));
        assertEquals(OptionalInt.of(JvmHandoff.LARGE), JvmHandoff.decide("validate", big));
        assertEquals(OptionalInt.empty(), JvmHandoff.decide("inspect", big), "reading and counting keeps up with C1 alone");
        assertEquals(OptionalInt.empty(), JvmHandoff.decide("validate", "--help", big), "help runs where it is");
        assertEquals(OptionalInt.of(JvmHandoff.RENDER), JvmHandoff.decide("render", "--view", "timeline", "--out",
                dir.resolve("t.png").toString(), big));
    }

    /** A file of {@code size} bytes that takes no space on disk. */
    private String sparse(String name, long size) throws IOException {
        Path file = dir.resolve(name);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(size);
        }
        return file.toString();
    }
}
