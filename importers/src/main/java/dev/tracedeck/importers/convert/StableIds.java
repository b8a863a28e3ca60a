package dev.tracedeck.importers.convert;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Trace and span ids made from names, so that converting a file twice writes the same ids. */
final class StableIds {

    private StableIds() {
    }

    /** {@code bytes} bytes of the SHA-256 of the parts, in lower-case hex. */
    static String of(int bytes, String... parts) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String part : parts) {
                sha.update(part.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
            byte[] digest = sha.digest();
            return HexFormat.of().formatHex(digest, 0, bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
