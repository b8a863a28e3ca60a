package dev.tracedeck.desktop.common;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.DeflaterOutputStream;

/**
 * Writes ARGB pixels as a PNG (8-bit RGBA, no filtering). Hand-rolled because the JavaFX-to-ImageIO bridge
 * lives in javafx-swing, a whole module for sixty lines of format.
 */
public final class PngEncoder {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private PngEncoder() {
    }

    /** @param argb {@code width * height} pixels, row by row, as {@code 0xAARRGGBB} */
    public static void write(int width, int height, int[] argb, OutputStream out) throws IOException {
        if (width <= 0 || height <= 0 || argb.length != width * height) {
            throw new IllegalArgumentException("bad image " + width + "x" + height + " with " + argb.length + " pixels");
        }
        out.write(SIGNATURE);
        ByteArrayOutputStream header = new ByteArrayOutputStream();
        DataOutputStream h = new DataOutputStream(header);
        h.writeInt(width);
        h.writeInt(height);
        h.writeByte(8);  // bit depth
        h.writeByte(6);  // colour type: truecolour with alpha
        h.writeByte(0);  // deflate
        h.writeByte(0);  // adaptive filtering (each row says "none")
        h.writeByte(0);  // not interlaced
        chunk(out, "IHDR", header.toByteArray());
        chunk(out, "IDAT", pixels(width, height, argb));
        chunk(out, "IEND", new byte[0]);
    }

    private static byte[] pixels(int width, int height, int[] argb) throws IOException {
        ByteArrayOutputStream compressed = new ByteArrayOutputStream(width * height);
        try (DeflaterOutputStream deflate = new DeflaterOutputStream(compressed)) {
            byte[] row = new byte[1 + width * 4];
            for (int y = 0; y < height; y++) {
                row[0] = 0;  // filter: none
                for (int x = 0; x < width; x++) {
                    int p = argb[y * width + x];
                    int i = 1 + x * 4;
                    row[i] = (byte) (p >>> 16);
                    row[i + 1] = (byte) (p >>> 8);
                    row[i + 2] = (byte) p;
                    row[i + 3] = (byte) (p >>> 24);
                }
                deflate.write(row);
            }
        }
        return compressed.toByteArray();
    }

    private static void chunk(OutputStream out, String type, byte[] data) throws IOException {
        DataOutputStream d = new DataOutputStream(out);
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        d.writeInt(data.length);
        d.write(typeBytes);
        d.write(data);
        d.writeInt((int) crc.getValue());
        d.flush();
    }
}
