package dev.tracedeck.importers.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tracedeck.importers.registry.Importers;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Any bytes given to {@code tracedeck validate FILE}: sniffing picks an importer (or refuses) and it reads them,
 * as {@link ImportContract} says. Seeds and kept findings: {@code SniffedImportFuzzTestInputs/sniffed}.
 */
class SniffedImportFuzzTest {

    private final Importers importers = Importers.standard();

    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    @DictionaryFile(resourcePath = "formats.dict")
    void sniffed(byte[] input) {
        ImportContract.read(importers, input);
    }
}
