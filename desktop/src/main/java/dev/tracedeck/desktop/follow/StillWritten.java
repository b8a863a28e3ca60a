package dev.tracedeck.desktop.follow;

import dev.tracedeck.desktop.common.Notice;
import dev.tracedeck.desktop.common.Once;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceDocument;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.animation.PauseTransition;
import javafx.util.Duration;

/**
 * Turns following on for a file still being written when it is opened: one whose size or modification time changed
 * while it was read, or one modified in the last {@link #RECENT} seconds that changes again within the next {@link
 * #WATCHED} (a file just copied or downloaded is recent too, and stays as it is: it is not followed). Each look is one
 * call for the file's attributes. A file followed once already (and perhaps turned off since), or closed, is left
 * alone.
 */
final class StillWritten {

    /** A file modified this many seconds or fewer before its reading ends may still be written. */
    static final long RECENT = 5;
    /** How long such a file is watched for a change, a look a second. */
    static final Duration WATCHED = Duration.seconds(10);
    private static final Duration LOOK = Duration.seconds(1);

    private final OpenFilesViewModel openFiles;
    private final LiveDocuments live;
    private final Clock clock;
    private final Consumer<TraceDocument> follow;

    /** A file's size and modification time: a file written to changes one or both. */
    record Stamp(long size, FileTime modified) {
        static Optional<Stamp> of(Path path) {
            try {
                BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
                return Optional.of(new Stamp(attributes.size(), attributes.lastModifiedTime()));
            } catch (IOException e) {
                return Optional.empty();
            }
        }
    }

    StillWritten(OpenFilesViewModel openFiles, LiveDocuments live, Clock clock) {
        this.openFiles = openFiles;
        this.live = live;
        this.clock = clock;
        this.follow = document -> {
            live.follow(document, true);
            if (live.isFollowed(document)) {
                openFiles.notices().post(Notice.info("Following " + document.name() + ": it is still being written"
                        + " (View ▸ Follow, F9, stops)"));
            }
        };
    }

    /** {@code document} was just opened and is being read: it is looked at once read. */
    void opened(TraceDocument document) {
        Optional<Stamp> before = Stamp.of(document.path());
        if (before.isEmpty()) {
            return;
        }
        Once.whenNext(document.contentProperty(), Objects::nonNull, content -> read(document, before.get()));
    }

    /** What to make of a file once read. */
    enum Verdict {
        /** It changed while it was read. */
        FOLLOW,
        /** It was modified a moment ago: watched a while for a change. */
        WATCH,
        /** Written a while ago and unchanged since: done. */
        LEAVE
    }

    /**
     * @param before the file's stamp when it was opened
     * @param now    its stamp once read
     * @param millis the time now
     */
    static Verdict verdict(Stamp before, Stamp now, long millis) {
        if (!now.equals(before)) {
            return Verdict.FOLLOW;
        }
        return millis - now.modified().toMillis() <= RECENT * 1000 ? Verdict.WATCH : Verdict.LEAVE;
    }

    private void read(TraceDocument document, Stamp before) {
        Optional<Stamp> now = Stamp.of(document.path());
        if (now.isEmpty() || !live.canFollow(document) || live.wasFollowed(document)) {
            return;
        }
        switch (verdict(before, now.get(), clock.millis())) {
            case FOLLOW -> follow.accept(document);
            case WATCH -> watch(document, now.get(), (int) (WATCHED.toSeconds() / LOOK.toSeconds()));
            case LEAVE -> { }
        }
    }

    /** Looks at the file again in a second, {@code looks} more times at most, following it once it changed. */
    private void watch(TraceDocument document, Stamp stamp, int looks) {
        PauseTransition wait = new PauseTransition(LOOK);
        wait.setOnFinished(e -> {
            // Followed since, and perhaps turned off again: the user has decided.
            if (!openFiles.documents().contains(document) || live.wasFollowed(document)) {
                return;
            }
            Optional<Stamp> now = Stamp.of(document.path());
            if (now.isPresent() && !now.get().equals(stamp)) {
                follow.accept(document);
            } else if (looks > 1) {
                watch(document, stamp, looks - 1);
            }
        });
        wait.play();
    }
}
