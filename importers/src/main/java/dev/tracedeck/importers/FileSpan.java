package dev.tracedeck.importers;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Bytes {@code [from, to)} of a file, as a stream: what a file being written gained between two looks, and no more
 * (what was written since the last look, maybe half a line, waits for the next).
 */
public final class FileSpan {

    private FileSpan() {
    }

    public static InputStream open(Path file, long from, long to) throws IOException {
        if (from < 0 || to < from) {
            throw new IllegalArgumentException("bad byte range " + from + ".." + to);
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            channel.position(from);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        return new Bounded(Channels.newInputStream(channel), to - from);
    }

    private static final class Bounded extends FilterInputStream {
        private long left;

        Bounded(InputStream in, long length) {
            super(in);
            this.left = length;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = super.read(b, off, (int) Math.min(len, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(Math.min(n, left));
            left -= skipped;
            return skipped;
        }

        @Override
        public int available() throws IOException {
            return (int) Math.min(super.available(), left);
        }
    }
}
