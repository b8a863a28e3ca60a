package dev.tracedeck.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkspaceLocationTest {

    @Test
    void followsEachPlatformsConventionForUserData() {
        assertEquals(Path.of("/home/ada/.local/share/tracedeck/workspace.db"),
                WorkspaceLocation.defaultFile("Linux", "/home/ada", Map.of()));
        assertEquals(Path.of("/data/ada/tracedeck/workspace.db"),
                WorkspaceLocation.defaultFile("Linux", "/home/ada", Map.of("XDG_DATA_HOME", "/data/ada")));
        assertEquals(Path.of("/home/ada/.local/share/tracedeck/workspace.db"),
                WorkspaceLocation.defaultFile("Linux", "/home/ada", Map.of("XDG_DATA_HOME", "relative/ignored")));
        assertEquals(Path.of("/Users/ada/Library/Application Support/Tracedeck/workspace.db"),
                WorkspaceLocation.defaultFile("Mac OS X", "/Users/ada", Map.of()));
        assertEquals(Path.of("C:\\Users\\ada\\AppData\\Roaming", "Tracedeck", "workspace.db"),
                WorkspaceLocation.defaultFile("Windows 11", "C:\\Users\\ada", Map.of("APPDATA", "C:\\Users\\ada\\AppData\\Roaming")));
    }

    @Test
    void testsNeverReachTheUsersOwnWorkspace() {
        // Surefire sets the property; a test that opened the default would land in target/.
        assertEquals(true, WorkspaceLocation.defaultFile().toAbsolutePath().toString().contains("target"));
    }
}
