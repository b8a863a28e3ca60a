package dev.tracedeck.importers;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Counts the bytes that pass, for progress on the stored (possibly compressed) size. */
final class CountingInputStream extends FilterInputStream {

    private final ImportSource.ByteCounter counter;
    private long total;

    CountingInputStream(InputStream in, ImportSource.ByteCounter counter) {
        super(in);
        this.counter = counter;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            counter.bytesRead(++total);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            total += n;
            counter.bytesRead(total);
        }
        return n;
    }
}
