package dev.tracedeck.engine.live;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.GrowingFile;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One file followed and checked as it is written: each {@link #look} reads what it gained ({@link GrowingFile}: only
 * the new lines where the format allows), checks the threads that changed ({@link LiveCheck}) and tells the findings
 * that appeared and those that stopped holding. A file truncated, replaced or written again in place is read again
 * from its start, a missing one waited for, each said once. A reading that ends inside a record (a document or a
 * dump of many lines, still being written) is not checked until the record ends or the file has stayed so for
 * {@link #CUT_SHORT_WAIT_NANOS}: a finding about a record being written waits for it. The checklist at the end
 * ({@link #finalValidation}) reads the file as it stands then, its last line too if it has no newline yet. A {@code .gz} can't be read on: it is read whole, and again whenever it changes
 * (said once), no more than a fifth of the time.
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
    static final long CUT_SHORT_WAIT_NANOS = 2_000_000_000L;

    private final Path path;
    private final String name;
    private final Importers importers;
    private final LiveCheck check;
    private final boolean compressed;
    private FollowedFile file;
    private GrowingFile reading;
    private String lastProblem = "";
    /** For a {@code .gz}: what it was at its last read, and when it may be read again. */
    private Object readVersion;
    private long nextCompressedRead = System.nanoTime();
    private boolean toldCompressed;
    /** A reading that ends inside a record, held until it ends, and since when. */
    private Trace held;
    private long heldSince;

    /** @param name what findings and notes call the file */
    public FollowedTrace(Path path, String name, Importers importers, Validator validator) {
        this.path = path;
        this.name = name;
        this.importers = importers;
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

    /** Reads what the file gained since the last look and tells what changed. */
    public void look(Told told) {
        if (compressed) {
            lookCompressed(told);
            return;
        }
        FollowedFile.Change change;
        try {
            change = file.look();
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
                if (!reading.putOff()) {
                    return;
                }
            }
            case MISSING -> {
                told.note(name + ": gone; waiting for it to come back");
                return;
            }
            case TRUNCATED -> restart(told, name + ": truncated; reading it again from its start");
            case REPLACED -> restart(told, name + ": replaced by another file (rotated); reading the new one from its start");
            case REWRITTEN -> restart(told, name + ": written again in place; reading it again from its start");
            case GREW -> { }
        }
        if (file.complete() == 0) {
            return;
        }
        try {
            Optional<Trace> trace = reading.read(file.complete());
            reading.note().ifPresent(told::note);
            trace.ifPresent(t -> check(t, told));
        } catch (ImportException e) {
            problem(told, e.getMessage());
        } catch (RuntimeException e) {
            problem(told, name + ": checking failed: " + e);
        }
    }

    private void restart(Told told, String why) {
        told.note(why);
        held = null;
        check.restart();
        reading = new GrowingFile(importers, path, name);
    }

    /** A compressed file can't be read on from where it was: read whole when it changed, and said the first time. */
    private void lookCompressed(Told told) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            if (readVersion != null) {
                told.note(name + ": gone; waiting for it to come back");
                readVersion = null;
            }
            return;
        } catch (IOException e) {
            problem(told, name + ": " + e.getMessage());
            return;
        }
        List<Object> version = List.of(attributes.size(), attributes.lastModifiedTime(),
                Objects.requireNonNullElse(attributes.fileKey(), ""));
        long now = System.nanoTime();
        if (version.equals(readVersion) || attributes.size() == 0 || now - nextCompressedRead < 0) {
            return;
        }
        if (readVersion != null && !toldCompressed) {
            toldCompressed = true;
            told.note(name + ": compressed, so it can't be read on from where it was; it is read whole again each time "
                    + "it changes");
        }
        readVersion = version;
        try {
            check(importers.read(ImportSource.of(path), ImportListener.NONE), told);
        } catch (ImportException e) {
            problem(told, e.getMessage());
        } catch (RuntimeException e) {
            problem(told, name + ": checking failed: " + e);
        } finally {
            long end = System.nanoTime();
            nextCompressedRead = end + 4 * (end - now);
        }
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
