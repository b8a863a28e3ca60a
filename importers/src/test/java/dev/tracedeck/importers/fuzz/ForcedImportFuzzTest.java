package dev.tracedeck.importers.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tracedeck.importers.registry.Importers;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Any bytes read with {@code --format} forcing one importer, so each importer sees text that sniffing would have
 * given another (or none), as {@link ImportContract} says. The first byte picks the format: its value modulo the
 * number of formats indexes {@link Importers#formatIds()} (0 is mycelian-log); the rest is the file. One target
 * for all formats, since Jazzer fuzzes one target per JVM; coverage tells the formats apart. Seeds and kept
 * findings: {@code ForcedImportFuzzTestInputs/forced}.
 */
class ForcedImportFuzzTest {

    private static final Importers STANDARD = Importers.standard();
    private static final List<Importers> FORCED = STANDARD.formatIds().stream().map(STANDARD::forcing).toList();

    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    @DictionaryFile(resourcePath = "formats.dict")
    void forced(byte[] input) {
        if (input.length == 0) {
            return;
        }
        Importers importers = FORCED.get(Byte.toUnsignedInt(input[0]) % FORCED.size());
        ImportContract.read(importers, Arrays.copyOfRange(input, 1, input.length));
    }
}
