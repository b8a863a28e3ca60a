package dev.tracedeck.importers.inspect;

import dev.tracedeck.importers.text.BoundedStream;
import io.airlift.compress.zstd.ZstdInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * The entries of a zip archive read in order from a stream, one at a time, through their local headers: what a
 * {@code .eval} log needs, whose entries are JSON documents written whole (sizes in the local header), deflated or,
 * since Inspect 0.3.1xx, compressed with zstd (method 93, which {@code java.util.zip} does not read). The central
 * directory at the end is not needed: reading stops at it. An entry whose sizes follow its data (a data
 * descriptor) can't be delimited without inflating it, and a stream written that way is refused with its entry's
 * name. An entry that decompresses past {@link #EXPANSION_RATIO} times its stored size, once past
 * {@link #EXPANSION_FLOOR} bytes, is read no further ({@link TooExpanded}): a decompression bomb (megabytes that
 * decode to gigabytes of blanks), not a log; JSON compresses twenty times at most.
 */
final class ZipEntries {

    static final int EXPANSION_RATIO = 200;
    static final long EXPANSION_FLOOR = 256L << 20;
    /** The system property that sets {@link #EXPANSION_FLOOR} otherwise, in bytes. */
    static final String EXPANSION_FLOOR_PROPERTY = "tracedeck.expansionFloorBytes";

    private static final int LOCAL_HEADER = 0x04034b50;
    private static final int STORED = 0;
    private static final int DEFLATED = 8;
    private static final int ZSTD = 93;

    /** One entry: its name and its decompressed bytes, to be read before the next entry is asked for. */
    record Entry(String name, InputStream data) {
    }

    /** An entry that decompresses to more than its stored size allows; the rest of it is not read. */
    static final class TooExpanded extends IOException {
        TooExpanded(String message) {
            super(message);
        }
    }

    private final InputStream in;
    private InputStream current;
    private InputStream currentBody;

    ZipEntries(InputStream in) {
        this.in = in;
    }

    /** True when the bytes start as a zip archive's first local header. */
    static boolean isZip(byte[] head) {
        return head.length >= 4 && head[0] == 'P' && head[1] == 'K' && head[2] == 3 && head[3] == 4;
    }

    /** The next entry, or null at the central directory or the end; the previous entry's unread bytes are skipped. */
    Entry next() throws IOException {
        if (currentBody != null) {
            // What the reader left of the entry is skipped as stored, not decompressed.
            currentBody.transferTo(OutputStream.nullOutputStream());
            currentBody = null;
            current = null;
        }
        byte[] fixed = new byte[30];
        int got = in.readNBytes(fixed, 0, 30);
        if (got < 4 || le32(fixed, 0) != LOCAL_HEADER) {
            return null;
        }
        if (got < 30) {
            throw new EOFException("the archive ends inside an entry's header");
        }
        int flags = le16(fixed, 6);
        int method = le16(fixed, 8);
        long compressed = le32(fixed, 18) & 0xFFFFFFFFL;
        int nameLength = le16(fixed, 26);
        int extraLength = le16(fixed, 28);
        String name = new String(readFully(nameLength), StandardCharsets.UTF_8);
        byte[] extra = readFully(extraLength);
        if (compressed == 0xFFFFFFFFL) {
            compressed = zip64Compressed(extra, le32(fixed, 22) == 0xFFFFFFFF);
        }
        if ((flags & 8) != 0) {
            throw new IOException("entry " + name + " gives its sizes after its data (a data descriptor), which this"
                    + " reader can't delimit");
        }
        InputStream body = BoundedStream.exactly(in, compressed, "the archive ends inside an entry's data");
        currentBody = body;
        current = switch (method) {
            case STORED -> body;
            case DEFLATED -> limited(new InflaterInputStream(body, new Inflater(true), 1 << 16), name, compressed);
            case ZSTD -> limited(new ZstdInputStream(body), name, compressed);
            default -> throw new IOException("entry " + name + " is compressed with method " + method
                    + ", which this reader does not know");
        };
        return new Entry(name, current);
    }

    /** {@code decoded}, failing with {@link TooExpanded} once it gives more than {@code stored} bytes may decode to. */
    private static InputStream limited(InputStream decoded, String name, long stored) {
        long most = Math.max(Long.getLong(EXPANSION_FLOOR_PROPERTY, EXPANSION_FLOOR), EXPANSION_RATIO * Math.max(1, stored));
        return new FilterInputStream(decoded) {
            private long given;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                int n = read(one, 0, 1);
                return n < 0 ? -1 : one[0] & 0xFF;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                given += Math.max(0, n);
                if (given > most) {
                    throw new TooExpanded(String.format(java.util.Locale.ROOT, "entry %s decompresses to more than %d"
                            + " times its %,d stored bytes, as a decompression bomb does: not read past %,d bytes", name,
                            EXPANSION_RATIO, stored, most));
                }
                return n;
            }

            @Override
            public long skip(long n) throws IOException {
                byte[] waste = new byte[(int) Math.min(n, 8192)];
                int read = read(waste, 0, waste.length);
                return Math.max(0, read);
            }
        };
    }

    private long zip64Compressed(byte[] extra, boolean sizeToo) throws IOException {
        for (int at = 0; at + 4 <= extra.length; ) {
            int id = le16(extra, at);
            int size = le16(extra, at + 2);
            if (id == 1) {
                int offset = at + 4 + (sizeToo ? 8 : 0);
                return le32(extra, offset) & 0xFFFFFFFFL | (long) le32(extra, offset + 4) << 32;
            }
            at += 4 + size;
        }
        throw new IOException("an entry's size is in a zip64 field its header does not have");
    }

    private byte[] readFully(int n) throws IOException {
        byte[] bytes = in.readNBytes(n);
        if (bytes.length < n) {
            throw new EOFException("the archive ends inside an entry's header");
        }
        return bytes;
    }

    private static int le16(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8;
    }

    private static int le32(byte[] b, int at) {
        return le16(b, at) | le16(b, at + 2) << 16;
    }
}
