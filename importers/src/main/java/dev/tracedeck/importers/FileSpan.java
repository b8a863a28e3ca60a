package dev.tracedeck.importers;

import dev.tracedeck.importers.text.BoundedStream;
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
        return BoundedStream.upTo(Channels.newInputStream(channel), to - from);
    }
}
