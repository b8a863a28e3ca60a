package dev.tracedeck.engine.live;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.GrowingFile;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One file followed and checked as it is written, for every front end that follows a file ({@code tracedeck watch}, the
 * window's View ▸ Follow and the tab of File ▸ Listen for OpenTelemetry…). Each look reads what the file gained
 * ({@link GrowingFile}: only the new lines where the format allows) and checks the threads that changed ({@link
 * LiveCheck}). A file truncated, replaced or written again in place is read again from its start and checked anew, a
 * missing one waited for. A {@code .gz} can't be read on: it is read whole, and again whenever it changes (said once),
 * no more than a fifth of the time.
 *
 * <p>A command {@link #look}s, hearing the findings that appeared and those that stopped holding: a reading that ends
 * inside a record (a document or a dump of many lines, still being written) is not checked until the record ends or
 * the file has stayed so for {@link #CUT_SHORT_WAIT_NANOS}, and the checklist at the end ({@link #finalValidation})
 * reads the file as it stands then, its last line too if it has no newline yet. The window takes the steps itself —
 * {@link #change}, {@link #read}, {@link #check()} — since it shows each reading as well as checking it.
 *
 * <p>Not thread-safe: one thread looks at a time.
 */
public final class FollowedTrace {

    /** Hears what a look found. */
    public interface Told {
        /** A finding that holds now and was not told before. */
        void finding(Finding finding);

        /** A finding told before that no longer holds. */
        void resolved(Finding finding);

        /** What happened to the file or its reading, as a line naming it (truncated, a format not known yet …). */
        void note(String line);
    }

    /** How long a reading that ends inside a record waits for the record's end before it is checked as it is. */
    public static final long CUT_SHORT_WAIT_NANOS = 2_000_000_000L;

    private final Path path;
    private final String name;
    private final Importers importers;
    private final TextCallLifting lifting;
    /** The format a file with no whole line yet is said to be of, for a reader that shows it empty; none to skip it. */
    private final Optional<String> emptyFormat;
    private final LiveCheck check;
    private final boolean compressed;
    private FollowedFile file;
    private GrowingFile reading;
    private String lastProblem = "";
    /** For a {@code .gz}: what it was at its last read, and when it may be read again. */
    private Object readVersion;
    private long nextCompressedRead = System.nanoTime();
    private boolean toldCompressed;
    private String compressedNote;
    /** A reading that ends inside a record, held until it ends, and since when. */
    private Trace held;
    private long heldSince;

    /** @param name what findings and notes call the file */
    public FollowedTrace(Path path, String name, Importers importers, Validator validator) {
        this(path, name, importers, TextCallLifting.OFF, Optional.empty(), validator);
    }

    /**
     * @param name        what the trace calls the file: the name its first reading gave it, so events and findings keep
     *                    their places
     * @param lifting     what is done to each reading, as to the file's first (with calls written as text lifted, the
     *                    events of the messages that hold them are made anew at each reading)
     * @param emptyFormat the format a file truncated to nothing, or with no whole line yet, is read as: an empty trace
     */
    public FollowedTrace(Path path, String name, Importers importers, TextCallLifting lifting, String emptyFormat,
                         Validator validator) {
        this(path, name, importers, lifting, Optional.of(emptyFormat), validator);
    }

    private FollowedTrace(Path path, String name, Importers importers, TextCallLifting lifting,
                          Optional<String> emptyFormat, Validator validator) {
        this.path = path;
        this.name = name;
        this.importers = importers;
        this.lifting = lifting;
        this.emptyFormat = emptyFormat;
        this.check = new LiveCheck(validator);
        this.compressed = path.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
        this.file = new FollowedFile(path);
        this.reading = new GrowingFile(importers, path, name);
    }

    public Path path() {
        return path;
    }

    /** The latest checklist, once something was checked. */
    public Optional<Validation> validation() {
        return check.validation();
    }

    /**
     * The checks kept up with the file's readings, for a front end that checks each {@link #read} itself; a file read
     * again from its start has them started again by {@link #change}.
     */
    public LiveCheck check() {
        return check;
    }

    /**
     * How the file changed since the last look. A file read again from its start ({@link FollowedFile.Change#restarts})
     * has its reading and its checks started again. A {@code .gz} has grown when it changed and is due to be read
     * whole again.
     */
    public FollowedFile.Change change() throws IOException {
        if (compressed) {
            return compressedChange();
        }
        FollowedFile.Change change = file.look();
        if (change.restarts()) {
            held = null;
            check.restart();
            reading = new GrowingFile(importers, path, name);
        }
        return change;
    }

    /**
     * The trace of the file's whole lines, after {@link #change} said {@code change}: empty when there is nothing new
     * to read (a format read whole whose reading is put off until later is read when due, grown or not).
     *
     * @throws ImportException the lines can't be read (a format not known yet); the next look tries again
     */
    public Optional<Trace> read(FollowedFile.Change change) throws ImportException {
        if (compressed) {
            return change == FollowedFile.Change.GREW ? Optional.of(readCompressed()) : Optional.empty();
        }
        switch (change) {
            case MISSING -> {
                return Optional.empty();
            }
            case NONE -> {
                if (!reading.putOff()) {
                    return Optional.empty();
                }
            }
            case GREW, TRUNCATED, REPLACED, REWRITTEN -> { }
        }
        if (file.complete() == 0) {
            return emptyFormat.map(this::empty);
        }
        return reading.read(file.complete()).map(lifting::apply);
    }

    /**
     * Once, a sentence about the reading itself to tell the user (a format read whole again each time, a {@code .gz});
     * empty otherwise, and after it was told.
     */
    public Optional<String> note() {
        if (compressedNote != null) {
            String note = compressedNote;
            compressedNote = null;
            return Optional.of(note);
        }
        return reading.note();
    }

    /** Reads what the file gained since the last look, checks it and tells what changed. */
    public void look(Told told) {
        FollowedFile.Change change;
        try {
            change = change();
        } catch (IOException e) {
            problem(told, name + ": " + e.getMessage());
            return;
        }
        switch (change) {
            case NONE -> {
                if (held != null && System.nanoTime() - heldSince >= CUT_SHORT_WAIT_NANOS) {
                    // Unchanged so long: the record cut short is what the file holds after all.
                    Trace stayed = held;
                    held = null;
                    checkNow(stayed, told);
                }
            }
            case MISSING -> {
                told.note(name + ": gone; waiting for it to come back");
                return;
            }
            case TRUNCATED -> told.note(name + ": truncated; reading it again from its start");
            case REPLACED -> told.note(name + ": replaced by another file (rotated); reading the new one from its start");
            case REWRITTEN -> told.note(name + ": written again in place; reading it again from its start");
            case GREW -> { }
        }
        try {
            // What the look found about the reading (a .gz read whole again), then what the reading found.
            note().ifPresent(told::note);
            Optional<Trace> trace = read(change);
            note().ifPresent(told::note);
            trace.ifPresent(t -> check(t, told));
        } catch (ImportException e) {
            problem(told, e.getMessage());
        } catch (RuntimeException e) {
            problem(told, name + ": checking failed: " + e);
        }
    }

    /** A compressed file can't be read on from where it was: due to be read whole when it changed, said the first time. */
    private FollowedFile.Change compressedChange() throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            if (readVersion != null) {
                readVersion = null;
                return FollowedFile.Change.MISSING;
            }
            return FollowedFile.Change.NONE;
        }
        List<Object> version = List.of(attributes.size(), attributes.lastModifiedTime(),
                Objects.requireNonNullElse(attributes.fileKey(), ""));
        if (version.equals(readVersion) || attributes.size() == 0 || System.nanoTime() - nextCompressedRead < 0) {
            return FollowedFile.Change.NONE;
        }
        if (readVersion != null && !toldCompressed) {
            toldCompressed = true;
            compressedNote = name + ": compressed, so it can't be read on from where it was; it is read whole again "
                    + "each time it changes";
        }
        readVersion = version;
        return FollowedFile.Change.GREW;
    }

    private Trace readCompressed() throws ImportException {
        long now = System.nanoTime();
        try {
            return lifting.apply(importers.read(ImportSource.of(path), ImportListener.NONE));
        } finally {
            long end = System.nanoTime();
            nextCompressedRead = end + 4 * (end - now);
        }
    }

    /** A file truncated to nothing, or one with no whole line yet: no event. */
    private Trace empty(String format) {
        return new TraceBuilder().build(new ImportReport(name, format, 0, 0, 0, 0, 0, Map.of(), List.of(), 0, true));
    }

    /**
     * The checklist of the file as it stands: the one kept up when every line read was whole and no record was cut
     * short, else the file read again to its last byte and checked, so that a last line still without its newline,
     * or a record cut short, is in it as what it is.
     */
    public Optional<Validation> finalValidation() {
        if (!compressed && file.complete() > 0) {
            try {
                long size = Files.size(path);
                if (held != null || size > file.complete()) {
                    Trace whole = importers.read(ImportSource.of(path), ImportListener.NONE);
                    held = null;
                    check.update(whole);
                }
            } catch (IOException | ImportException | RuntimeException e) {
                // The checklist kept up stands: what could not be read at the end is said where it was read before.
            }
        }
        return check.validation();
    }

    private void check(Trace trace, Told told) {
        if (!trace.report().complete()) {
            if (held == null) {
                heldSince = System.nanoTime();
            }
            held = trace;
            return;
        }
        held = null;
        checkNow(trace, told);
    }

    private void checkNow(Trace trace, Told told) {
        List<Finding> fresh = check.update(trace);
        check.resolved().forEach(told::resolved);
        fresh.forEach(told::finding);
        lastProblem = "";
    }

    /** Says a problem once, not at every look while it lasts (a file of no known format until its first lines). */
    private void problem(Told told, String message) {
        if (!message.equals(lastProblem)) {
            lastProblem = message;
            told.note(message);
        }
    }
}
