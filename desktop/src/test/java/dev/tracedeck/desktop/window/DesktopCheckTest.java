package dev.tracedeck.desktop.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DesktopCheckTest {

    private static final DesktopCheck.LibraryCache WITH_GTK = () -> Optional.of("\0libgtk-3.so.0\0libc.so.6\0");
    private static final DesktopCheck.LibraryCache WITHOUT_GTK = () -> Optional.of("\0libc.so.6\0libX11.so.6\0");
    private static final DesktopCheck.LibraryCache UNKNOWN = Optional::empty;

    @Test
    void aLinuxMachineWithoutADisplayIsToldToUseXvfb() {
        Optional<String> problem = DesktopCheck.problem("Linux", Map.of(), WITH_GTK);
        assertTrue(problem.orElseThrow().startsWith("no display to open a window on (DISPLAY is not set)"));
        assertTrue(problem.get().contains("xvfb-run -a ./tracedeck"));
    }

    @Test
    void aLinuxMachineWithoutGtkIsToldWhatToInstall() {
        Optional<String> problem = DesktopCheck.problem("Linux", Map.of("DISPLAY", ":0"), WITHOUT_GTK);
        assertTrue(problem.orElseThrow().contains("libgtk-3.so.0) is not installed"));
        assertTrue(problem.get().contains(DesktopCheck.README_INSTALL));
    }

    @Test
    void nothingIsReportedWhenEverythingIsThereOrCannotBeKnown() {
        assertEquals(Optional.empty(), DesktopCheck.problem("Linux", Map.of("DISPLAY", ":99"), WITH_GTK));
        assertEquals(Optional.empty(), DesktopCheck.problem("Linux", Map.of("DISPLAY", ":99"), UNKNOWN));
        assertEquals(Optional.empty(), DesktopCheck.problem("Mac OS X", Map.of(), WITHOUT_GTK));
        assertEquals(Optional.empty(), DesktopCheck.problem("Windows 11", Map.of(), WITHOUT_GTK));
    }
}
