package dev.tracedeck.workspace;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * SQLite's native library, loaded from a copy kept per user and sqlite-jdbc version. Left to itself, sqlite-jdbc
 * writes the library out of its jar to a new temporary file on every start and reads both back to compare them: two
 * thirds of opening a workspace in a command's JVM, as much as recording may add to inspecting a big file. The copy lives in a directory only its user can write (checked before
 * it is trusted), is written beside and renamed, so no process loads half of one, and is written again when its size
 * is not the jar's. Whatever goes wrong, sqlite-jdbc is left to its own way, as it is when the user set
 * {@code org.sqlite.lib.path}.
 */
final class NativeLibrary {

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");
    private static boolean prepared;

    private NativeLibrary() {
    }

    /** Points sqlite-jdbc at the kept copy, making it first if need be; once per JVM, before the first connection. */
    static synchronized void prepare() {
        if (prepared) {
            return;
        }
        prepared = true;
        if (System.getProperty("org.sqlite.lib.path") != null || System.getProperty("org.sqlite.lib.name") != null) {
            return;
        }
        Path home = Path.of(System.getProperty("java.io.tmpdir"), "tracedeck-" + System.getProperty("user.name", "user"));
        keep(home).ifPresent(library -> {
            System.setProperty("org.sqlite.lib.path", library.getParent().toString());
            System.setProperty("org.sqlite.lib.name", library.getFileName().toString());
        });
    }

    /** The library kept under {@code home} (a directory of the user's own), made when absent or not whole. */
    static Optional<Path> keep(Path home) {
        try {
            String name = LibraryLoaderUtil.getNativeLibName();
            URL resource = SQLiteJDBCLoader.class.getResource(LibraryLoaderUtil.getNativeLibResourcePath() + "/" + name);
            if (resource == null) {
                return Optional.empty();
            }
            long size = resource.openConnection().getContentLengthLong();
            if (size <= 0 || !ownersOnly(home)) {
                return Optional.empty();
            }
            Path dir = home.resolve("sqlite-jdbc-" + SQLiteJDBCLoader.getVersion());
            Files.createDirectories(dir);
            Path library = dir.resolve(name);
            if (!Files.isRegularFile(library, LinkOption.NOFOLLOW_LINKS) || Files.size(library) != size) {
                Path part = Files.createTempFile(dir, name, ".part");
                try (InputStream in = resource.openStream()) {
                    Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
                    Files.move(part, library, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } finally {
                    Files.deleteIfExists(part);
                }
            }
            return Optional.of(library);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * True when {@code home} is a directory (made now if absent) that only its owner, this user, can write: a copy in a
     * directory others can write to could be swapped for another library.
     */
    private static boolean ownersOnly(Path home) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(home.getParent(), PosixFileAttributeView.class);
        if (view == null) {
            // Not POSIX (Windows): the temporary directory is the user's own.
            Files.createDirectories(home);
            return true;
        }
        try {
            Files.createDirectory(home, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } catch (FileAlreadyExistsException | AccessDeniedException e) {
            // Made before, by this user or by another: looked at below.
        }
        PosixFileAttributes attributes = Files.readAttributes(home, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        String user = System.getProperty("user.name");
        return attributes.isDirectory() && attributes.owner().getName().equals(user) && attributes.permissions().equals(OWNER_ONLY);
    }
}
