package dev.tracedeck.importers;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * The decoded bytes of a gzip file (RFC 1952), every member of it in turn, knowing where in the file it is. Unlike
 * {@link java.util.zip.GZIPInputStream}, which ends quietly at bytes after a member that are not another member, it
 * says so ({@link #trailingBytes()}: where they start and how many there are), and a file cut short fails with how
 * much it had decoded and at which byte of the file it stopped, so the reader can say both. Data that expands past
 * {@link #EXPANSION_RATIO} times the bytes of the file read for it, once past {@link #EXPANSION_FLOOR} bytes, is
 * refused the same way: a decompression bomb (a megabyte of gzip that decodes to gigabytes of blanks) is read no
 * further than a real file of that size could decode to; text compresses twenty times at most.
 */
final class GzipStream extends InputStream {

    /** Decoded bytes per byte of the file, past which the data is refused as a bomb. */
    static final int EXPANSION_RATIO = 200;
    /** Decoded bytes below which any ratio is taken: a small file of blanks costs nothing. */
    static final long EXPANSION_FLOOR = 256L << 20;
    /** The system property that sets {@link #EXPANSION_FLOOR} otherwise, in bytes. */
    static final String EXPANSION_FLOOR_PROPERTY = "tracedeck.expansionFloorBytes";

    private static final int ID1 = 0x1f;
    private static final int ID2 = 0x8b;
    private static final int DEFLATE = 8;
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;

    private final long expansionFloor = Long.getLong(EXPANSION_FLOOR_PROPERTY, EXPANSION_FLOOR);
    private final InputStream in;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int lim;
    /** The file offset of {@code buf[0]}. */
    private long bufStart;
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private long memberOutput;
    private long output;
    private boolean eof;
    private String trailing;

    /** @throws EOFException for a file that ends inside its first header; ZipException when it is not gzip */
    GzipStream(InputStream in) throws IOException {
        this.in = in;
        int id1 = readByteOrEnd();
        if (id1 < 0) {
            throw new EOFException("the gzip file is empty");
        }
        header(id1);
    }

    /** Bytes after the last member that are not gzip data, when there are: where they start and how many. */
    Optional<String> trailingBytes() {
        return Optional.ofNullable(trailing);
    }

    /** Decoded bytes handed out so far. */
    long output() {
        return output;
    }

    /** The offset in the file of the next byte not yet consumed. */
    long filePosition() {
        return bufStart + pos;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (!eof) {
            int n;
            try {
                n = inflater.inflate(b, off, len);
            } catch (DataFormatException e) {
                throw new ZipException("the gzip data is corrupt after " + output + " bytes of output (near byte "
                        + filePosition() + " of the file): " + e.getMessage());
            }
            if (n > 0) {
                crc.update(b, off, n);
                memberOutput += n;
                output += n;
                if (output > expansionFloor && output > EXPANSION_RATIO * filePosition()) {
                    throw new ZipException(String.format(Locale.ROOT, "the gzip data expands to more than %d times its"
                            + " size (%,d bytes from the first %,d bytes of the file), as a decompression bomb does",
                            EXPANSION_RATIO, output, filePosition()));
                }
                return n;
            }
            if (inflater.finished()) {
                pos = lim - inflater.getRemaining();
                trailer();
                next();
            } else if (inflater.needsInput()) {
                if (!fill()) {
                    throw cutShort();
                }
                inflater.setInput(buf, pos, lim - pos);
                pos = lim;
            } else if (inflater.needsDictionary()) {
                throw new ZipException("the gzip data asks for a preset dictionary at byte " + filePosition());
            }
        }
        return -1;
    }

    private EOFException cutShort() {
        return new EOFException(String.format(Locale.ROOT, "the gzip data ends early after %,d bytes of output (byte %,d of the file)",
                output, filePosition()));
    }

    /** After a member: another member, the end of the file, or bytes that are neither (reported, not read). */
    private void next() throws IOException {
        long at = filePosition();
        int id1 = readByteOrEnd();
        if (id1 < 0) {
            eof = true;
            return;
        }
        int id2 = readByteOrEnd();
        if (id1 == ID1 && id2 == ID2) {
            pos -= 2;
            if (pos < 0) {
                throw new IllegalStateException("unread past the buffer");
            }
            header(readByteOrEnd());
            return;
        }
        long more = (id2 < 0 ? 1 : 2) + (lim - pos);
        pos = lim;
        while (fill()) {
            more += lim - pos;
            pos = lim;
        }
        trailing = String.format(Locale.ROOT, "%,d bytes after the gzip data that are not gzip data, from byte %,d of the file;"
                + " they were not read", more, at);
        eof = true;
    }

    private void header(int id1) throws IOException {
        int id2 = readByte();
        if (id1 != ID1 || id2 != ID2) {
            throw new ZipException("Not in GZIP format");
        }
        if (readByte() != DEFLATE) {
            throw new ZipException("Unsupported compression method");
        }
        int flags = readByte();
        for (int i = 0; i < 6; i++) {
            readByte();
        }
        if ((flags & FEXTRA) != 0) {
            int length = readByte() | readByte() << 8;
            for (int i = 0; i < length; i++) {
                readByte();
            }
        }
        if ((flags & FNAME) != 0) {
            while (readByte() != 0) {
                // the original file name
            }
        }
        if ((flags & FCOMMENT) != 0) {
            while (readByte() != 0) {
                // a comment
            }
        }
        if ((flags & FHCRC) != 0) {
            readByte();
            readByte();
        }
        inflater.reset();
        crc.reset();
        memberOutput = 0;
        inflater.setInput(buf, pos, lim - pos);
        pos = lim;
    }

    private void trailer() throws IOException {
        long expectedCrc = readInt();
        long expectedSize = readInt();
        if (expectedCrc != crc.getValue()) {
            throw new ZipException("the gzip data is corrupt: its checksum does not match (at byte " + filePosition()
                    + " of the file)");
        }
        if (expectedSize != (memberOutput & 0xffffffffL)) {
            throw new ZipException("the gzip data is corrupt: its length does not match (at byte " + filePosition()
                    + " of the file)");
        }
    }

    private long readInt() throws IOException {
        return (readByte() | readByte() << 8 | readByte() << 16 | (long) readByte() << 24) & 0xffffffffL;
    }

    private int readByte() throws IOException {
        int b = readByteOrEnd();
        if (b < 0) {
            throw cutShort();
        }
        return b;
    }

    private int readByteOrEnd() throws IOException {
        if (pos >= lim && !fill()) {
            return -1;
        }
        return buf[pos++] & 0xFF;
    }

    /** Reads more of the file into the buffer, keeping the last two bytes (a member's magic may be unread); false at its end. */
    private boolean fill() throws IOException {
        int keep = Math.min(2, pos);
        System.arraycopy(buf, pos - keep, buf, 0, keep);
        bufStart += pos - keep;
        pos = keep;
        lim = keep;
        int n = in.read(buf, keep, buf.length - keep);
        if (n <= 0) {
            return false;
        }
        lim = keep + n;
        return true;
    }

    @Override
    public void close() throws IOException {
        inflater.end();
        in.close();
    }
}
