package dev.tracedeck.desktop.window;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the window is started with. JavaFX hands an {@code Application} only strings, so the options travel
 * as arguments: {@code [--screenshot=PNG] [--screenshot-after=MS] [--config=JSON] [--format=NAME] [--workspace=FILE|URL]
 * [--no-workspace] [--parse-text-calls] [--follow] -- FILE...}; the
 * {@code --} keeps a file named like an option a file.
 *
 * @param files      files to open, in order
 * @param screenshot when present, render the window to this PNG once the files are imported, then exit
 * @param config     when present, the rule configuration to check with (as {@code tracedeck validate --config})
 * @param format     when present, the format id to read every file as instead of detecting it ({@code --input-format})
 * @param parseTextCalls make the tool calls the model wrote as text structured calls ({@code --parse-text-calls})
 * @param workspace  when present, the workspace to record the opened files in ({@code --workspace}), as written: an
 *                   SQLite file or a PostgreSQL URL ({@link dev.tracedeck.workspace.WorkspaceAddress#parse}); else the
 *                   one chosen last in File ▸ Workspace…, or the default file
 *                   ({@link dev.tracedeck.workspace.WorkspaceLocation})
 * @param screenshotAfter when present, take the screenshot this many milliseconds after the JVM started, whether the
 *                   files are imported and checked or not (what the window shows while a big file loads)
 * @param follow     follow the files as they grow, as View ▸ Follow does ({@code --follow})
 * @param noWorkspace record nothing in a workspace, nor read runs, triage or search from one ({@code --no-workspace})
 */
public record LaunchOptions(List<Path> files, Optional<Path> screenshot, Optional<Path> config, Optional<String> format,
                            boolean parseTextCalls, Optional<String> workspace, OptionalLong screenshotAfter, boolean follow,
                            boolean noWorkspace) {

    private static final String SCREENSHOT = "--screenshot=";
    private static final String SCREENSHOT_AFTER = "--screenshot-after=";
    private static final String CONFIG = "--config=";
    private static final String FORMAT = "--format=";
    private static final String WORKSPACE = "--workspace=";
    private static final String PARSE_TEXT_CALLS = "--parse-text-calls";
    private static final String FOLLOW = "--follow";
    private static final String NO_WORKSPACE = "--no-workspace";
    private static final String END = "--";

    public LaunchOptions {
        files = List.copyOf(files);
        Objects.requireNonNull(screenshot);
        Objects.requireNonNull(config);
        Objects.requireNonNull(format);
        Objects.requireNonNull(workspace);
        Objects.requireNonNull(screenshotAfter);
    }

    public LaunchOptions(List<Path> files, Optional<Path> screenshot, Optional<Path> config, Optional<String> format,
                         boolean parseTextCalls, Optional<String> workspace, OptionalLong screenshotAfter, boolean follow) {
        this(files, screenshot, config, format, parseTextCalls, workspace, screenshotAfter, follow, false);
    }

    public LaunchOptions(List<Path> files, Optional<Path> screenshot, Optional<Path> config, Optional<String> format,
                         boolean parseTextCalls, Optional<String> workspace, OptionalLong screenshotAfter) {
        this(files, screenshot, config, format, parseTextCalls, workspace, screenshotAfter, false);
    }

    public LaunchOptions(List<Path> files, Optional<Path> screenshot, Optional<Path> config, Optional<String> format,
                         boolean parseTextCalls, Optional<String> workspace) {
        this(files, screenshot, config, format, parseTextCalls, workspace, OptionalLong.empty());
    }

    public LaunchOptions(List<Path> files, Optional<Path> screenshot, Optional<Path> config, Optional<String> format,
                         boolean parseTextCalls) {
        this(files, screenshot, config, format, parseTextCalls, Optional.empty());
    }

    public LaunchOptions(List<Path> files, Optional<Path> screenshot, Optional<Path> config, Optional<String> format) {
        this(files, screenshot, config, format, false);
    }

    public LaunchOptions(List<Path> files, Optional<Path> screenshot, Optional<Path> config) {
        this(files, screenshot, config, Optional.empty());
    }

    public LaunchOptions(List<Path> files, Optional<Path> screenshot) {
        this(files, screenshot, Optional.empty());
    }

    public List<String> toArgs() {
        List<String> args = new ArrayList<>();
        screenshot.ifPresent(p -> args.add(SCREENSHOT + p));
        screenshotAfter.ifPresent(ms -> args.add(SCREENSHOT_AFTER + ms));
        config.ifPresent(p -> args.add(CONFIG + p));
        format.ifPresent(f -> args.add(FORMAT + f));
        workspace.ifPresent(w -> args.add(WORKSPACE + w));
        if (parseTextCalls) {
            args.add(PARSE_TEXT_CALLS);
        }
        if (follow) {
            args.add(FOLLOW);
        }
        if (noWorkspace) {
            args.add(NO_WORKSPACE);
        }
        args.add(END);
        files.forEach(f -> args.add(f.toString()));
        return args;
    }

    public static LaunchOptions fromArgs(List<String> args) {
        List<Path> files = new ArrayList<>();
        Optional<Path> screenshot = Optional.empty();
        Optional<Path> config = Optional.empty();
        Optional<String> format = Optional.empty();
        boolean parseTextCalls = false;
        Optional<String> workspace = Optional.empty();
        OptionalLong screenshotAfter = OptionalLong.empty();
        boolean follow = false;
        boolean noWorkspace = false;
        boolean optionsDone = false;
        for (String arg : args) {
            if (!optionsDone && arg.equals(END)) {
                optionsDone = true;
            } else if (!optionsDone && arg.startsWith(SCREENSHOT_AFTER)) {
                screenshotAfter = OptionalLong.of(Long.parseLong(arg.substring(SCREENSHOT_AFTER.length())));
            } else if (!optionsDone && arg.startsWith(SCREENSHOT)) {
                screenshot = Optional.of(Path.of(arg.substring(SCREENSHOT.length())));
            } else if (!optionsDone && arg.startsWith(CONFIG)) {
                config = Optional.of(Path.of(arg.substring(CONFIG.length())));
            } else if (!optionsDone && arg.equals(PARSE_TEXT_CALLS)) {
                parseTextCalls = true;
            } else if (!optionsDone && arg.equals(FOLLOW)) {
                follow = true;
            } else if (!optionsDone && arg.equals(NO_WORKSPACE)) {
                noWorkspace = true;
            } else if (!optionsDone && arg.startsWith(WORKSPACE)) {
                workspace = Optional.of(arg.substring(WORKSPACE.length()));
            } else if (!optionsDone && arg.startsWith(FORMAT)) {
                format = Optional.of(arg.substring(FORMAT.length()));
            } else {
                files.add(Path.of(arg));
            }
        }
        return new LaunchOptions(files, screenshot, config, format, parseTextCalls, workspace, screenshotAfter, follow,
                noWorkspace);
    }
}
