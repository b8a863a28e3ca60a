package dev.tracedeck.cli.live;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * A file being written, looked at again and again: how far its whole lines go (a last line without its newline yet
 * waits for it), and whether it was truncated or replaced by another file of its name (a log rotated) since the last
 * look. Each look reads only the bytes added since the one before.
 */
public final class FollowedFile {

    /** What a look found. */
    public enum Change {
        /** No new whole line. */
        NONE,
        /** More whole lines: {@link #complete()} is further. */
        GREW,
        /** Shorter than what was read: read again from its start. */
        TRUNCATED,
        /** Another file under the name: read from its start. */
        REPLACED,
        /** Not there (yet, or any more). */
        MISSING
    }

    private final Path path;
    private Object fileKey;
    private long scanned;
    private long complete;
    private boolean missing;

    public FollowedFile(Path path) {
        this.path = path;
    }

    public Path path() {
        return path;
    }

    /** The length of the file's whole lines, as of the last look. */
    public long complete() {
        return complete;
    }

    public Change look() throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (java.nio.file.NoSuchFileException e) {
            boolean wasThere = !missing && (scanned > 0 || fileKey != null);
            missing = true;
            return wasThere ? Change.MISSING : Change.NONE;
        }
        Change change = Change.NONE;
        Object key = attributes.fileKey();
        if (fileKey != null && key != null && !Objects.equals(fileKey, key) || missing && scanned > 0) {
            change = Change.REPLACED;
            restart();
        } else if (attributes.size() < scanned) {
            change = Change.TRUNCATED;
            restart();
        }
        missing = false;
        fileKey = key;
        long before = complete;
        if (attributes.size() > scanned) {
            scan(attributes.size());
        }
        return change == Change.NONE && complete > before ? Change.GREW : change;
    }

    private void restart() {
        scanned = 0;
        complete = 0;
    }

    /** Reads from where the last look stopped to {@code size}, moving {@link #complete} past the last newline. */
    private void scan(long size) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
            long at = scanned;
            channel.position(at);
            while (at < size) {
                buffer.clear();
                if (size - at < buffer.capacity()) {
                    buffer.limit((int) (size - at));
                }
                int n = channel.read(buffer);
                if (n <= 0) {
                    break;
                }
                for (int i = 0; i < n; i++) {
                    if (buffer.get(i) == '\n') {
                        complete = at + i + 1;
                    }
                }
                at += n;
            }
            scanned = at;
        }
    }
}
