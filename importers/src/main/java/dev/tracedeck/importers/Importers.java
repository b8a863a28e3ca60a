package dev.tracedeck.importers;

import dev.tracedeck.importers.mycelian.MycelianLogImporter;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;

/**
 * The registry of importers and the detector that picks one by sniffing the first kilobytes of a file.
 * Mycelian logs are also the fallback for any text, since a log of unknown lines still imports (as
 * "other" records) rather than failing.
 */
public final class Importers {

    static final int SNIFF_BYTES = 16 * 1024;

    private final List<TraceImporter> importers;

    public Importers(List<TraceImporter> importers) {
        this.importers = List.copyOf(importers);
    }

    public static Importers standard() {
        return new Importers(List.of(new MycelianLogImporter()));
    }

    public List<TraceImporter> all() {
        return importers;
    }

    public TraceImporter detect(ImportSource source) throws ImportException {
        String head = head(source);
        return importers.stream()
                .max(Comparator.comparingInt(i -> i.confidence(head)))
                .filter(i -> i.confidence(head) > 0)
                .orElseThrow(() -> new ImportException(source.name(), 0, "not a format Tracedeck knows", null));
    }

    public Trace read(ImportSource source, ImportListener listener) throws ImportException {
        return detect(source).read(source, listener);
    }

    private static String head(ImportSource source) throws ImportException {
        try (InputStream in = source.open(ImportSource.ByteCounter.NONE)) {
            byte[] bytes = in.readNBytes(SNIFF_BYTES);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw ImportException.unreadable(source.name(), e);
        }
    }
}
