package dev.tracedeck.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Tracedeck's version as the build wrote it ({@code 0.1.0}; a snapshot build's suffix left out), so the command line's
 * {@code --version}, the window's About box, SARIF reports and converted files all say the same.
 */
public final class ToolVersion {

    private static final String VERSION = read();

    private ToolVersion() {
    }

    /** The version, without a {@code -SNAPSHOT} suffix. */
    public static String get() {
        return VERSION;
    }

    private static String read() {
        try (InputStream in = ToolVersion.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                throw new IllegalStateException("dev/tracedeck/model/version.properties is missing from the build");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "").replace("-SNAPSHOT", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
