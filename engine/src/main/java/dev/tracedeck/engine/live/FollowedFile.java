package dev.tracedeck.engine.live;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Objects;
import java.util.zip.CRC32C;

/**
 * A file being written, looked at again and again: how far its whole lines go (a last line without its newline yet
 * waits for it), and whether it was truncated, replaced by another file of its name (a log rotated) or rewritten in
 * place ({@code cp other.log} over it: the same file, as long or longer, other bytes) since the last look. Each look
 * reads the bytes added since the one before, and, when the file changed, the first and the last few KiB of what was
 * read before, which must not have changed.
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
        /** Bytes read before are not what they were: the file was written again in place; read from its start. */
        REWRITTEN,
        /** Not there (yet, or any more). */
        MISSING;

        /** Whether the file is read again from its start: truncated, replaced, or rewritten in place. */
        public boolean restarts() {
            return this == TRUNCATED || this == REPLACED || this == REWRITTEN;
        }
    }

    private final Path path;
    private Object fileKey;
    private long scanned;
    private long complete;
    private boolean missing;
    private FileTime modified;
    /** The checksums of the first and of the last {@link #WINDOW} bytes read, and where the last window starts. */
    private long headSum;
    private long tailSum;
    private long tailFrom;

    /** How much of what was read is read again to tell a file rewritten in place. */
    static final int WINDOW = 4096;

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
        boolean changed = !attributes.lastModifiedTime().equals(modified);
        if (change == Change.NONE && changed && scanned > 0 && !sameAsRead()) {
            change = Change.REWRITTEN;
            restart();
        }
        missing = false;
        fileKey = key;
        modified = attributes.lastModifiedTime();
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

    /** Whether the first and last bytes read before are still what they were. */
    private boolean sameAsRead() throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            return sum(channel, 0, Math.min(WINDOW, scanned)) == headSum
                    && sum(channel, tailFrom, scanned - tailFrom) == tailSum;
        } catch (java.nio.file.NoSuchFileException e) {
            return false;
        }
    }

    private static long sum(FileChannel channel, long from, long length) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate((int) length);
        while (bytes.hasRemaining()) {
            if (channel.read(bytes, from + bytes.position()) < 0) {
                // Shorter than it was: not what was read.
                return -1;
            }
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes.flip());
        return crc.getValue();
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
            headSum = sum(channel, 0, Math.min(WINDOW, scanned));
            tailFrom = Math.max(0, scanned - WINDOW);
            tailSum = sum(channel, tailFrom, scanned - tailFrom);
        }
    }
}
