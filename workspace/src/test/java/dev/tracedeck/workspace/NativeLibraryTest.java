package dev.tracedeck.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SQLite's native library is written out of its jar once per user and version, and only where nobody else can write. */
class NativeLibraryTest {

    @TempDir
    Path dir;

    @Test
    void theLibraryIsWrittenOnceAndWrittenAgainWhenItIsNotWhole() throws Exception {
        Path home = dir.resolve("tracedeck-me");
        Path library = NativeLibrary.keep(home).orElseThrow();
        assertTrue(library.startsWith(home), library.toString());
        long size = Files.size(library);
        assertTrue(size > 100_000, size + " bytes");
        FileTime written = FileTime.fromMillis(1_000_000);
        Files.setLastModifiedTime(library, written);

        assertEquals(Optional.of(library), NativeLibrary.keep(home));
        assertEquals(written, Files.getLastModifiedTime(library), "kept, not written again");

        Files.write(library, new byte[10]);
        assertEquals(Optional.of(library), NativeLibrary.keep(home));
        assertEquals(size, Files.size(library), "a copy cut short is written again");
        try (var files = Files.list(library.getParent())) {
            assertEquals(1, files.count(), "no part left behind");
        }
    }

    @Test
    void aDirectoryOthersCanWriteIsNotTrusted() throws Exception {
        Assumptions.assumeTrue(Files.getFileAttributeView(dir, java.nio.file.attribute.PosixFileAttributeView.class) != null, "POSIX");
        Path home = Files.createDirectory(dir.resolve("tracedeck-shared"));
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwxrwx"));

        assertEquals(Optional.empty(), NativeLibrary.keep(home));
        try (var files = Files.list(home)) {
            assertEquals(0, files.count(), "nothing written there");
        }
    }
}
