package dev.tracedeck.engine.live;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A folder agents write their sessions into, and its folders: Claude Code's {@code ~/.claude/projects/<project>/}
 * ({@code <session>.jsonl}, a sub-agent's {@code agent-<id>.jsonl}), Codex's {@code ~/.codex/sessions/YYYY/MM/DD/}
 * ({@code rollout-….jsonl}). Each {@link #look} names the session files to start following: one that appeared since
 * the folder was first looked at, or one that was there then and has changed since (a session still running when
 * the watch began). The files there at the start that never change are the past and are not read.
 *
 * <p>Session files are those ending in {@code .jsonl}, {@code .ndjson} or {@code .log}, or those with {@code .gz};
 * hidden files and folders are passed over, and links are not followed.
 */
public final class WatchedFolder {

    private static final List<String> SESSION_FILES = List.of(".jsonl", ".ndjson", ".log");

    private final Path root;
    /** The session files there at the first look and what they were, until they change (then they are named). */
    private final Map<Path, Object> atStart = new HashMap<>();
    /** The files already named. */
    private final Set<Path> named = new HashSet<>();
    private boolean started;

    public WatchedFolder(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** True for a file's name that a session file has. */
    public static boolean isSessionFile(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.startsWith(".")) {
            return false;
        }
        String plain = name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name;
        return SESSION_FILES.stream().anyMatch(plain::endsWith);
    }

    /**
     * The session files to start following now, in path order. The first look names none: it learns what was there.
     *
     * @throws IOException when the folder can't be read (gone, no permission)
     */
    public List<Path> look() throws IOException {
        Map<Path, Object> now = scan();
        List<Path> start = new ArrayList<>();
        if (!started) {
            started = true;
            atStart.putAll(now);
            return start;
        }
        now.forEach((file, version) -> {
            if (named.contains(file)) {
                return;
            }
            Object before = atStart.get(file);
            if (before == null || !before.equals(version)) {
                start.add(file);
                named.add(file);
                atStart.remove(file);
            }
        });
        start.sort(null);
        return start;
    }

    /** How many session files the first look found there. */
    public int filesAtStart() {
        return atStart.size();
    }

    /** Every session file under the root, with its size, time and identity. */
    private Map<Path, Object> scan() throws IOException {
        Map<Path, Object> files = new HashMap<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                    boolean hidden = !dir.equals(root) && dir.getFileName().toString().startsWith(".");
                    return hidden ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    if (attributes.isRegularFile() && isSessionFile(file)) {
                        files.put(file, List.of(attributes.size(), attributes.lastModifiedTime(),
                                Objects.requireNonNullElse(attributes.fileKey(), "")));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    if (file.equals(root)) {
                        throw e;
                    }
                    // A file that went between listing and looking, or one we may not read: passed over.
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return files;
    }
}
