package dev.tracedeck.app.follow;

import dev.tracedeck.app.common.Numbers;
import dev.tracedeck.app.workspace.TraceDocument;
import dev.tracedeck.app.workspace.TraceViewModel;
import dev.tracedeck.app.workspace.WorkspaceViewModel;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;
import javafx.util.Duration;

/**
 * The window's live documents: files followed as they grow (View ▸ Follow). Closing a document stops its following.
 * Also says, for the status bar and the menu, what the selected document is doing.
 */
public final class LiveDocuments {

    /** A few readings a second at most: each one reads the file again. */
    static final Duration INTERVAL = Duration.millis(300);

    private final WorkspaceViewModel workspace;
    private final Duration interval;
    private final Map<TraceDocument, Follower> followers = new HashMap<>();
    private final ReadOnlyStringWrapper selectedStatus = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper selectedFollowed = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper selectedFollowable = new ReadOnlyBooleanWrapper();
    private final ChangeListener<TraceViewModel> selectedContentChanged = (obs, old, now) -> refreshSelected();
    private BooleanSupplier userBusy = () -> false;

    public LiveDocuments(WorkspaceViewModel workspace) {
        this(workspace, INTERVAL);
    }

    LiveDocuments(WorkspaceViewModel workspace, Duration interval) {
        this.workspace = workspace;
        this.interval = interval;
        workspace.documents().addListener((ListChangeListener<TraceDocument>) change -> {
            while (change.next()) {
                change.getRemoved().forEach(this::closed);
            }
        });
        workspace.selectedProperty().addListener((obs, old, now) -> {
            if (old != null) {
                old.contentProperty().removeListener(selectedContentChanged);
            }
            if (now != null) {
                now.contentProperty().addListener(selectedContentChanged);
            }
            refreshSelected();
        });
    }

    /** Asked before a new reading is shown: while true, it waits (see {@link UserActivity}). */
    public void setUserBusy(BooleanSupplier busy) {
        userBusy = busy;
    }

    /** What the selected document is doing, for the status bar: "Following · 12 new events"; "" when not followed. */
    public ReadOnlyStringProperty selectedStatusProperty() {
        return selectedStatus.getReadOnlyProperty();
    }

    /** Whether the selected document follows its file (View ▸ Follow's tick). */
    public ReadOnlyBooleanProperty selectedFollowedProperty() {
        return selectedFollowed.getReadOnlyProperty();
    }

    /** Whether View ▸ Follow can be turned on or off for the selected document. */
    public ReadOnlyBooleanProperty selectedFollowableProperty() {
        return selectedFollowable.getReadOnlyProperty();
    }

    /**
     * Whether {@code document} can follow its file: read, and a plain file (not a folder, not compressed).
     */
    public boolean canFollow(TraceDocument document) {
        String name = document.path().getFileName() == null ? "" : document.path().getFileName().toString();
        return document.isReady() && Files.isRegularFile(document.path())
                && !name.toLowerCase(Locale.ROOT).endsWith(".gz");
    }

    public boolean isFollowed(TraceDocument document) {
        return followers.containsKey(document);
    }

    /** Starts or stops following {@code document}'s file; nothing for a document that {@link #canFollow} not. */
    public void follow(TraceDocument document, boolean on) {
        if (!canFollow(document) || on == isFollowed(document)) {
            return;
        }
        if (on) {
            TraceViewModel content = document.getContent();
            String format = content.loaded().trace().format();
            start(document, new Reimport(document.path(), content.loaded().trace().file(), workspace.importers(), format),
                    content.loaded().trace().events().size());
        } else {
            followers.remove(document).stop();
        }
        refreshSelected();
    }

    /** Follows {@code document} once it is read (at once when it is): the window started with {@code --follow}. */
    public void followWhenRead(TraceDocument document) {
        if (document.isReady()) {
            follow(document, true);
            return;
        }
        document.contentProperty().addListener(new ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends TraceViewModel> obs, TraceViewModel old,
                                TraceViewModel now) {
                if (now != null) {
                    obs.removeListener(this);
                    follow(document, true);
                }
            }
        });
    }

    /** View ▸ Follow: turns following the selected document on or off. */
    public void toggleSelected() {
        TraceDocument document = workspace.getSelected();
        if (document != null) {
            follow(document, !isFollowed(document));
        }
    }

    /** Stops every following: the window is closing. */
    public void closeAll() {
        List.copyOf(followers.keySet()).forEach(this::closed);
    }

    private void start(TraceDocument document, LiveReader reader, int baseline) {
        Follower follower = new Follower(document, workspace, reader, interval, baseline, () -> userBusy.getAsBoolean(),
                this::refreshSelected);
        followers.put(document, follower);
        follower.start();
    }

    private void closed(TraceDocument document) {
        Follower follower = followers.remove(document);
        if (follower != null) {
            follower.stop();
        }
        refreshSelected();
    }

    private void refreshSelected() {
        TraceDocument document = workspace.getSelected();
        Follower follower = document == null ? null : followers.get(document);
        selectedFollowed.set(follower != null);
        selectedFollowable.set(document != null && canFollow(document));
        selectedStatus.set(follower == null ? "" : status(document, follower));
    }

    private String status(TraceDocument document, Follower follower) {
        String what = "Following · " + Numbers.count(follower.arrivedProperty().get(), "new event", "new events");
        String problem = follower.problemProperty().get();
        return problem.isEmpty() ? what : what + " · " + problem;
    }
}
