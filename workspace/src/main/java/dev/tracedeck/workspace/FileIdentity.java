package dev.tracedeck.workspace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import java.util.Objects;

/**
 * What the workspace remembers of a trace file to tell later whether it is still the same: its absolute path,
 * size, modification time (milliseconds since the epoch) and the SHA-256 of its bytes (of the file as stored,
 * so of the compressed bytes of a .gz). The file is only read, never copied or changed. A folder opened whole (a
 * Claude Code project folder) is remembered by all the files in it: their total size, the latest of their times,
 * and the SHA-256 of their relative paths and bytes in path order, so that a file added, removed or changed in it
 * makes it another.
 *
 * <p>Recording takes the size and time only; the hash is taken later, by whoever needs it first (a search indexing
 * the file, the app), and only while the file still has the size and time recorded, checked before and after
 * hashing: until then {@link #sha256()} is empty ({@link #hashed()} false).
 */
public record FileIdentity(String path, long size, long modifiedMillis, String sha256) {

    /** The hash of a file recorded but not hashed yet. */
    static final String NOT_HASHED = "";

    public FileIdentity {
        Objects.requireNonNull(path);
        Objects.requireNonNull(sha256);
    }

    /** The absolute, normalized form under which the workspace keys a file. */
    public static String key(Path file) {
        return file.toAbsolutePath().normalize().toString();
    }

    /** False until the file's SHA-256 is taken: recording leaves it for later. */
    public boolean hashed() {
        return !sha256.isEmpty();
    }

    /** The file's size and time as they are now, without reading it; not hashed. */
    static FileIdentity observe(Path file) throws IOException {
        if (Files.readAttributes(file, BasicFileAttributes.class).isOther()) {
            // A FIFO or a pipe gives its bytes once: hashing it later would wait for a writer that never comes.
            throw new IOException("not a regular file, so it can't be read again to tell later whether it changed");
        }
        return new FileIdentity(key(file), size(file), modifiedMillis(file), NOT_HASHED);
    }

    /** True when {@code other} has this size and time: as far as can be told without reading it, the same content. */
    boolean sameSizeAndTime(FileIdentity other) {
        return size == other.size && modifiedMillis == other.modifiedMillis;
    }

    /** True while the file at this path has this size and time. */
    boolean stillOnDisk() {
        Path file = Path.of(path);
        try {
            return (Files.isRegularFile(file) || Files.isDirectory(file))
                    && size(file) == size && modifiedMillis(file) == modifiedMillis;
        } catch (IOException e) {
            return false;
        }
    }

    FileIdentity withHash(String sha256) {
        return new FileIdentity(path, size, modifiedMillis, sha256);
    }

    public static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        byte[] buffer = new byte[1 << 16];
        if (!Files.isDirectory(file)) {
            hash(file, digest, buffer);
        } else {
            for (Path f : files(file)) {
                digest.update(file.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                hash(f, digest, buffer);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void hash(Path file, MessageDigest digest, byte[] buffer) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
        }
    }

    /** The file's size; a folder's, the total of its files'. */
    static long size(Path file) throws IOException {
        if (!Files.isDirectory(file)) {
            return Files.size(file);
        }
        long total = 0;
        for (Path f : files(file)) {
            total += Files.size(f);
        }
        return total;
    }

    /** The file's modification time; a folder's, the latest of its files' (or its own, when it has none). */
    static long modifiedMillis(Path file) throws IOException {
        long latest = Files.getLastModifiedTime(file).toMillis();
        if (Files.isDirectory(file)) {
            for (Path f : files(file)) {
                latest = Math.max(latest, Files.getLastModifiedTime(f).toMillis());
            }
        }
        return latest;
    }

    /** The regular files under a folder, at any depth, in path order; links are not followed. */
    private static List<Path> files(Path folder) throws IOException {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).sorted().toList();
        }
    }
}
