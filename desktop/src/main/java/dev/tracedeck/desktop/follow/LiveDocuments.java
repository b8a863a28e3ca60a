package dev.tracedeck.desktop.follow;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.common.BackgroundJob;
import dev.tracedeck.desktop.common.Notice;
import dev.tracedeck.desktop.common.Once;
import dev.tracedeck.desktop.tabs.LoadedTrace;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceDocument;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import dev.tracedeck.engine.live.FollowedTrace;
import dev.tracedeck.engine.live.OtlpHttpReceiver;
import dev.tracedeck.engine.live.ReceivedFile;
import dev.tracedeck.engine.tasks.TaskExecutor;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.importers.otlp.OtlpImporter;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.TraceBuilder;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;
import javafx.util.Duration;

/**
 * The window's live documents: files followed as they grow (View ▸ Follow) and tabs fed by an OTLP receiver (File ▸
 * Listen for OpenTelemetry…), which follow the file the receiver writes. A file still being written when it is opened
 * is followed without asking ({@link StillWritten}). Closing a document stops its following and its receiver. Also
 * says, for the status bar and the menu, what the selected document is doing.
 */
public final class LiveDocuments {

    /** A few readings a second at most: each reads the lines added, checks the threads they touched and shows them. */
    static final Duration INTERVAL = Duration.millis(300);
    /** The largest request body a receiver reads, as {@code tracedeck listen}'s default. */
    private static final long MAX_BODY = 20L * 1024 * 1024;

    private final OpenFilesViewModel openFiles;
    private final Duration interval;
    private final Map<TraceDocument, Follower> followers = new HashMap<>();
    private final Map<TraceDocument, Listening> listening = new HashMap<>();
    /** Documents followed at some time since they opened: whether they are now is the user's say, not a guess's. */
    private final Set<TraceDocument> followedOnce = new HashSet<>();
    private final ReadOnlyStringWrapper selectedStatus = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper selectedTold = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper selectedFollowed = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper selectedFollowable = new ReadOnlyBooleanWrapper();
    private final ChangeListener<TraceViewModel> selectedContentChanged = (obs, old, now) -> refreshSelected();
    private BooleanSupplier userBusy = () -> false;

    /** A receiver and the file it writes, which its document follows. */
    private record Listening(OtlpHttpReceiver receiver, ReceivedFile file, String url) {
    }

    public LiveDocuments(OpenFilesViewModel openFiles) {
        this(openFiles, INTERVAL);
    }

    LiveDocuments(OpenFilesViewModel openFiles, Duration interval) {
        this(openFiles, interval, Clock.systemUTC());
    }

    /** @param clock the time a file's modification time is compared with (see {@link StillWritten}) */
    LiveDocuments(OpenFilesViewModel openFiles, Duration interval, Clock clock) {
        this.openFiles = openFiles;
        this.interval = interval;
        StillWritten stillWritten = new StillWritten(openFiles, this, clock);
        openFiles.documents().addListener((ListChangeListener<TraceDocument>) change -> {
            while (change.next()) {
                change.getRemoved().forEach(this::closed);
                // A file opened to be read, not a receiver's tab (ready at once, and always live).
                change.getAddedSubList().stream().filter(d -> !d.isReady()).forEach(stillWritten::opened);
            }
        });
        openFiles.selectedProperty().addListener((obs, old, now) -> {
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

    /** What the selected document is doing, for the status bar: "Following · 12 new events"; "" when not live. */
    public ReadOnlyStringProperty selectedStatusProperty() {
        return selectedStatus.getReadOnlyProperty();
    }

    /**
     * The status, then the findings told last about the selected document's file, a line each as {@code tracedeck
     * watch} prints them ("error   orphaned-tool-call  thread c1 …", "resolved …"), and what happened to the file.
     */
    public ReadOnlyStringProperty selectedToldProperty() {
        return selectedTold.getReadOnlyProperty();
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
     * Whether {@code document} can follow its file: read, a plain file (not a folder, not compressed), and not a
     * receiver's (which follows always).
     */
    public boolean canFollow(TraceDocument document) {
        String name = document.path().getFileName() == null ? "" : document.path().getFileName().toString();
        return document.isReady() && !listening.containsKey(document) && Files.isRegularFile(document.path())
                && !name.toLowerCase(Locale.ROOT).endsWith(".gz");
    }

    public boolean isFollowed(TraceDocument document) {
        return followers.containsKey(document);
    }

    /** Whether {@code document} was followed at some time since it opened, by the user or not. */
    boolean wasFollowed(TraceDocument document) {
        return followedOnce.contains(document);
    }

    /** Starts or stops following {@code document}'s file; nothing for a document that {@link #canFollow} not. */
    public void follow(TraceDocument document, boolean on) {
        if (!canFollow(document) || on == isFollowed(document)) {
            return;
        }
        if (on) {
            TraceViewModel content = document.getContent();
            String format = content.loaded().trace().format();
            start(document, new FollowedTrace(document.path(), content.loaded().trace().file(), openFiles.importers(),
                    openFiles.textCallLifting(), format, openFiles.validator()),
                    content.loaded().trace().events().size());
        } else {
            followers.remove(document).stop();
        }
        refreshSelected();
    }

    /** Follows {@code document} once it is read (at once when it is): the window started with {@code --follow}. */
    public void followWhenRead(TraceDocument document) {
        Once.when(document.contentProperty(), Objects::nonNull, content -> follow(document, true));
    }

    /** View ▸ Follow: turns following the selected document on or off. */
    public void toggleSelected() {
        TraceDocument document = openFiles.getSelected();
        if (document != null) {
            follow(document, !isFollowed(document));
        }
    }

    /**
     * Starts an OTLP/HTTP receiver on {@code host:port} (0: a free port) on the import runner, and once it listens
     * opens a tab for what it receives, which follows the OTLP/JSON Lines file the receiver writes; closing the tab
     * stops the receiver. When it cannot listen (the port in use, an address not of this machine) a notice says so
     * and nothing opens.
     */
    public void listen(String host, int port) {
        openFiles.importRunner().submit(BackgroundJob.of("listen on " + host + ":" + port, context -> receive(host, port))
                .onSuccess(this::opened)
                .onFailure(e -> openFiles.notices().post(Notice.error(e instanceof CannotListen ? e.getMessage()
                        : "Could not listen on " + host + ":" + port + ": " + why(e)))));
    }

    /** A receiver listening, and the file it writes what arrives to. */
    private record Receiving(OtlpHttpReceiver receiver, ReceivedFile file) {
    }

    /** Why a receiver could not start, said as the notice says it. */
    private static final class CannotListen extends Exception {
        CannotListen(String message) {
            super(message);
        }
    }

    /** Binds the receiver (off the FX thread: resolving a name can take a while). */
    private static Receiving receive(String host, int port) throws CannotListen {
        ReceivedFile received;
        try {
            received = new ReceivedFile(receivedFile(port));
        } catch (IOException e) {
            throw new CannotListen("Could not listen: no file to keep what arrives (" + e.getMessage() + ")");
        }
        try {
            InetSocketAddress address = new InetSocketAddress(host, port);
            if (address.isUnresolved()) {
                throw new IOException("no such address");
            }
            return new Receiving(OtlpHttpReceiver.start(address, MAX_BODY, received), received);
        } catch (IOException | IllegalArgumentException | SecurityException e) {
            discard(received);
            throw new CannotListen("Could not listen on " + host + ":" + port + ": " + why(e));
        }
    }

    /** The receiver listens: its tab, empty until something arrives. */
    private void opened(Receiving receiving) {
        Path file = receiving.file().file();
        InetSocketAddress bound = receiving.receiver().address();
        String url = "http://" + hostForUrl(bound) + ":" + bound.getPort();
        LoadedTrace nothingYet = LoadedTrace.of(new TraceBuilder().build(new ImportReport(file.toString(),
                OtlpImporter.FORMAT_ID, 0, 0, 0, 0, 0, Map.of(), List.of(), 0, true)));
        TraceDocument document = openFiles.openWritten(file, "Listening on :" + bound.getPort(), nothingYet);
        listening.put(document, new Listening(receiving.receiver(), receiving.file(), url));
        start(document, new FollowedTrace(file, file.toString(), openFiles.importers().forcing(OtlpImporter.FORMAT_ID),
                openFiles.textCallLifting(), OtlpImporter.FORMAT_ID, openFiles.validator()), 0);
        refreshSelected();
    }

    /** Where {@code document}'s receiver listens ("http://127.0.0.1:4318"), when it is a receiver's. */
    public Optional<String> listeningOn(TraceDocument document) {
        return Optional.ofNullable(listening.get(document)).map(Listening::url);
    }

    /** How many looks at its file {@code document}'s following has made (tests wait for one). */
    int looks(TraceDocument document) {
        Follower follower = followers.get(document);
        return follower == null ? 0 : follower.looks();
    }

    /** Stops every following and receiver: the window is closing. */
    public void closeAll() {
        List.copyOf(followers.keySet()).forEach(this::closed);
    }

    private void start(TraceDocument document, FollowedTrace followed, int baseline) {
        List<Finding> shown = document.getContent().findings().validation().map(Validation::findings).orElse(List.of());
        Follower follower = new Follower(document, openFiles, followed, interval, baseline, shown,
                () -> userBusy.getAsBoolean(), this::refreshSelected);
        followers.put(document, follower);
        followedOnce.add(document);
        follower.start();
    }

    private void closed(TraceDocument document) {
        followedOnce.remove(document);
        Follower follower = followers.remove(document);
        if (follower != null) {
            follower.stop();
        }
        Listening listen = listening.remove(document);
        if (listen != null) {
            // Stopping the server waits for requests under way: not on the FX thread.
            TaskExecutor.shared().start("otlp-stop", () -> {
                listen.receiver().close();
                discard(listen.file());
            });
        }
        refreshSelected();
    }

    /**
     * The file a receiver writes: its name is what a finding's evidence and the tab's tooltip show, so it says what it
     * holds and since when ({@code otlp-received-on-4318-20261202-191530.jsonl}), in a folder of its own so that the
     * name can't be taken already.
     */
    private static Path receivedFile(int port) throws IOException {
        Path folder = Files.createTempDirectory("tracedeck-listen-");
        folder.toFile().deleteOnExit();
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path file = Files.createFile(folder.resolve("otlp-received-" + (port > 0 ? "on-" + port + "-" : "") + stamp + ".jsonl"));
        // Deleted before its folder: the files to delete on exit go in the reverse of the order they were named.
        file.toFile().deleteOnExit();
        return file;
    }

    /** What a receiver wrote goes with its tab: it was never asked for as a file. */
    private static void discard(ReceivedFile file) {
        try {
            file.close();
            Files.deleteIfExists(file.file());
            Files.deleteIfExists(file.file().getParent());
        } catch (IOException e) {
            // A temporary file left behind; the system's cleaning takes it.
        }
    }

    private void refreshSelected() {
        TraceDocument document = openFiles.getSelected();
        Follower follower = document == null ? null : followers.get(document);
        selectedFollowed.set(follower != null);
        selectedFollowable.set(document != null && canFollow(document));
        selectedStatus.set(follower == null ? "" : status(document, follower));
        List<String> lines = follower == null ? List.of() : follower.told().lines();
        selectedTold.set(lines.isEmpty() ? selectedStatus.get() : selectedStatus.get() + "\n\n" + String.join("\n", lines));
    }

    private String status(TraceDocument document, Follower follower) {
        Listening listen = listening.get(document);
        StringBuilder what = new StringBuilder(listen != null ? "Listening on " + listen.url() + " · " + listen.file().received()
                : "Following · " + CountFormat.count(follower.arrivedProperty().get(), "new event", "new events"));
        ToldFindings told = follower.told();
        if (told.appeared() > 0) {
            what.append(" · ").append(CountFormat.count(told.appeared(), "new finding", "new findings"));
        }
        if (told.stoppedHolding() > 0) {
            what.append(" · ").append(CountFormat.count(told.stoppedHolding())).append(" resolved");
        }
        String problem = follower.problemProperty().get();
        return problem.isEmpty() ? what.toString() : what + " · " + problem;
    }

    private static String why(Throwable e) {
        if (e instanceof BindException && String.valueOf(e.getMessage()).contains("in use")) {
            return "the port is in use (another receiver, an OpenTelemetry collector?); choose another port, or 0 for a free one";
        }
        if (e instanceof BindException) {
            return "not an address of this machine (" + e.getMessage() + ")";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static String hostForUrl(InetSocketAddress address) {
        String host = address.getAddress().getHostAddress();
        return host.contains(":") ? "[" + host + "]" : host;
    }
}
