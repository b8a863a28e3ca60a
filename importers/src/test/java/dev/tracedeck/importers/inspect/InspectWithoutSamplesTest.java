package dev.tracedeck.importers.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.NotThisFormatException;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;

/**
 * An Inspect log that holds no sample is still Inspect's: an eval run with {@code log_samples} off writes its spec,
 * plan and results and no sample, and an eval cancelled or failed before any sample finished writes none either.
 */
class InspectWithoutSamplesTest {

    private static final String SPEC = "{\"eval_id\": \"Hk3pQ8vRtY2mWn4xLs9aBc\", \"run_id\": \"Zq7wEr5tYu1iOp3aSd6fGh\", "
            + "\"created\": \"2025-06-02T10:14:07+01:00\", \"task\": \"arithmetic\", \"task_id\": \"Mn8bVc2xZl4kJh6gFd0sAp\", "
            + "\"task_version\": 0, \"dataset\": {\"name\": \"arithmetic\", \"samples\": 4}, \"model\": \"openai/gpt-4o-mini\"}";

    private static Trace read(String name, byte[] bytes) throws Exception {
        return Importers.standard().read(ImportSource.of(name, bytes), ImportListener.NONE);
    }

    @Test
    void aJsonLogWithoutSamplesIsInspectsWithNoThread() throws Exception {
        String log = "{\n  \"version\": 2,\n  \"status\": \"success\",\n  \"eval\": " + SPEC + ",\n"
                + "  \"plan\": {\"name\": \"plan\", \"steps\": [{\"solver\": \"generate\", \"params\": {}}]},\n"
                + "  \"results\": {\"total_samples\": 4, \"completed_samples\": 4, \"scores\": []},\n"
                + "  \"stats\": {\"started_at\": \"2025-06-02T10:14:07+01:00\", \"completed_at\": \"2025-06-02T10:14:31+01:00\"}\n}\n";
        Trace trace = read("2025-06-02T10-14-07+01-00_arithmetic.json", log.getBytes(StandardCharsets.UTF_8));
        assertEquals("inspect", trace.format());
        assertTrue(trace.threads().isEmpty(), "no sample, no thread");
        Trace emptyList = read("cancelled.json", log.replace("\"stats\"", "\"samples\": [],\n  \"stats\"")
                .replace("\"success\"", "\"cancelled\"").getBytes(StandardCharsets.UTF_8));
        assertEquals("inspect", emptyList.format());
        assertTrue(emptyList.threads().isEmpty());
    }

    @Test
    void anEvalArchiveWithItsSpecAndNoSampleEntryIsInspectsWithNoThread() throws Exception {
        byte[] start = ("{\"version\": 2, \"eval\": " + SPEC + ", \"plan\": {\"name\": \"plan\", \"steps\": []}}")
                .getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            // Sizes in the entry's header, which this reader delimits entries by.
            ZipEntry entry = new ZipEntry("_journal/start.json");
            CRC32 crc = new CRC32();
            crc.update(start);
            entry.setMethod(ZipEntry.STORED);
            entry.setSize(start.length);
            entry.setCompressedSize(start.length);
            entry.setCrc(crc.getValue());
            zip.putNextEntry(entry);
            zip.write(start);
            zip.closeEntry();
        }
        Trace trace = read("2025-06-02T10-14-07+01-00_arithmetic.eval", bytes.toByteArray());
        assertEquals("inspect", trace.format());
        assertTrue(trace.threads().isEmpty());
    }

    @Test
    void aJsonDocumentWithoutAnEvalSpecIsNotInspects() {
        String log = "{\"version\": 2, \"status\": \"success\", \"run_id\": \"Zq7wEr5tYu1iOp3aSd6fGh\", \"samples\": []}";
        assertThrows(NotThisFormatException.class, () -> new InspectImporter().read(ImportSource.of("x.json",
                log.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE));
    }
}
