package dev.tracedeck.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tracedeck.importers.registry.GrowingFile;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real sessions written by Claude Code and Codex (the shared folder {@code ../shared/real-traces/} beside the
 * repository, when it is there), written again in batches that
 * end anywhere: every trace the follower reads on equals a fresh import of what was written so far.
 */
class GrowingRealTracesTest {

    private static final Path REAL = Path.of("../../shared/real-traces");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"claude-code-01-spotter-tool-heavy.jsonl", "claude-code-02-spotter-subagent-a881341.jsonl",
        "claude-code-03-spotter-session-258c7280.jsonl", "openai-responses-01-codex-rollout-localpush.jsonl",
        "openai-responses-03-codex-rollout-interrupted-resumed.jsonl",
        "openai-responses-04-codex-rollout-died-mid-call.jsonl", "openai-responses-05-codex-rollout-long-compacted.jsonl"})
    void aRealSessionReadOnEqualsItsFreshImportAtEveryBatch(String name) throws Exception {
        Path real = REAL.resolve(name);
        assumeTrue(Files.isRegularFile(real), "the real traces are not here");
        byte[] text = Files.readAllBytes(real);
        Path file = dir.resolve(name);
        Files.write(file, new byte[0]);
        Random random = new Random(name.hashCode());
        TreeSet<Integer> splits = new TreeSet<>();
        for (int i = 0; i < 40; i++) {
            splits.add(1 + random.nextInt(text.length - 1));
        }
        splits.add(text.length);
        GrowingFile growing = new GrowingFile(Importers.standard(), file, file.toString());
        int written = 0;
        long read = 0;
        for (int split : splits) {
            Files.write(file, Arrays.copyOfRange(text, written, split), StandardOpenOption.APPEND);
            written = split;
            long whole = split;
            while (whole > 0 && text[(int) whole - 1] != '\n') {
                whole--;
            }
            if (whole == 0 || whole == read && split != text.length) {
                continue;
            }
            read = whole;
            String at = name + " after " + whole + " bytes";
            Trace fresh;
            try {
                fresh = Importers.standard().read(ImportSource.prefix(file.toString(), file, whole), ImportListener.NONE);
            } catch (ImportException refused) {
                // Its first lines alone are no known format yet: the follower says the same.
                long upTo = whole;
                ImportException same = assertThrows(ImportException.class, () -> growing.read(upTo), at);
                assertEquals(refused.getMessage(), same.getMessage(), at);
                continue;
            }
            Trace grown = growing.read(whole).orElseThrow();
            assertEquals(fresh.events(), grown.events(), at);
            assertEquals(fresh.threads(), grown.threads(), at);
            assertEquals(fresh.report(), grown.report(), at);
        }
        assertEquals(Importers.standard().read(ImportSource.of(real), ImportListener.NONE).events().size(),
                growing.read(text.length).orElseThrow().events().size());
    }
}
