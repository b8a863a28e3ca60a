package dev.tracedeck.desktop.window;

import java.util.List;

/**
 * Starts the window from the test class path, for looking at it during development:
 * {@code java -cp target/classes:target/test-classes:target/lib/* dev.tracedeck.desktop.window.DesktopDemo
 * [--screenshot=out.png] FILE...}. The shipped entry point is the command line's Main.
 */
public final class DesktopDemo {

    private DesktopDemo() {
    }

    public static void main(String[] args) {
        LaunchOptions options = LaunchOptions.fromArgs(List.of(args));
        DesktopLauncher.launch(options.files(), options.screenshot(), options.config());
    }
}
