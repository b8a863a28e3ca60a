package dev.tracedeck.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImageLaunchersTest {

    @TempDir
    Path bin;

    @Test
    void theWindowAndRenderRunInTheLaunchersBesideTheBatchOne() throws IOException {
        Path batch = launcher("tracedeck");
        Path window = launcher("tracedeck-window");
        Path render = launcher("tracedeck-render");
        assertEquals(Optional.of(window), ImageLaunchers.sibling(batch.toString(), JvmHandoff.DESKTOP));
        assertEquals(Optional.of(render), ImageLaunchers.sibling(batch.toString(), JvmHandoff.RENDER));
    }

    @Test
    void aWindowsLauncherKeepsItsExtension() throws IOException {
        Path window = launcher("tracedeck-window.exe");
        assertEquals(Optional.of(window), ImageLaunchers.sibling(bin.resolve("tracedeck.exe").toString(), JvmHandoff.DESKTOP));
    }

    @Test
    void outsideAnImageTheExitCodeGoesBackToTheScript() throws IOException {
        assertEquals(Optional.empty(), ImageLaunchers.sibling(null, JvmHandoff.DESKTOP));
        assertEquals(Optional.empty(), ImageLaunchers.sibling(launcher("tracedeck").toString(), JvmHandoff.DESKTOP),
                "no window launcher beside it");
    }

    private Path launcher(String name) throws IOException {
        Path file = Files.writeString(bin.resolve(name), "#!/bin/sh\n");
        file.toFile().setExecutable(true);
        return file;
    }
}
