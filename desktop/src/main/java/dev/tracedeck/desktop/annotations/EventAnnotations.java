package dev.tracedeck.desktop.annotations;

import dev.tracedeck.desktop.runs.WorkspaceLink;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.workspace.Bookmark;
import dev.tracedeck.workspace.EventNote;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.WeakChangeListener;

/**
 * One trace's notes and bookmarks on its events, as the workspace keeps them: by the trace's content hash and the
 * event's sequence number, so they come back on every copy of the file. The hash is known once the workspace has
 * recorded the file ({@link #attach}); until then, and without a workspace, nothing can be annotated. Reads and
 * writes run on the workspace's runner; what this holds changes on the FX thread once a write is done.
 */
public final class EventAnnotations {

    /** How much of an event's summary a new bookmark keeps as its label, in code points. */
    static final int LABEL_LENGTH = 80;

    private final Optional<WorkspaceLink> link;
    private final ReadOnlyBooleanWrapper ready = new ReadOnlyBooleanWrapper();
    private final ReadOnlyIntegerWrapper revision = new ReadOnlyIntegerWrapper();
    private final TreeMap<Integer, Bookmark> bookmarks = new TreeMap<>();
    private final TreeMap<Integer, List<EventNote>> notes = new TreeMap<>();
    private String traceSha256;

    /** Kept here: the link holds it weakly, so a closed file's annotations don't outlive it. */
    private final ChangeListener<Number> onSwitch = (obs, old, now) -> reread();

    public EventAnnotations(Optional<WorkspaceLink> link) {
        this.link = link;
        link.ifPresent(l -> l.switchesProperty().addListener(new WeakChangeListener<>(onSwitch)));
    }

    /** No workspace: nothing to show, nothing can be written. */
    public static EventAnnotations none() {
        return new EventAnnotations(Optional.empty());
    }

    /** The workspace recorded the trace as {@code sha256}: reads what it holds on its events (in the background). */
    public void attach(String sha256) {
        if (link.isEmpty() || sha256.equals(traceSha256)) {
            return;
        }
        traceSha256 = sha256;
        read(sha256);
    }

    /** The window works on another workspace: what shows is read from it. */
    private void reread() {
        if (traceSha256 != null) {
            read(traceSha256);
        }
    }

    private void read(String sha256) {
        link.get().submit("read the notes and bookmarks", store -> new Read(store.annotations().bookmarks(sha256),
                store.annotations().notes(sha256)), read -> {
                    bookmarks.clear();
                    read.bookmarks().forEach(b -> bookmarks.put(b.seq(), b));
                    notes.clear();
                    read.notes().forEach(this::keep);
                    ready.set(true);
                    changed();
                });
    }

    private record Read(List<Bookmark> bookmarks, List<EventNote> notes) {
    }

    /** True once notes and bookmarks can be written: a workspace, and the trace recorded in it. */
    public ReadOnlyBooleanProperty readyProperty() {
        return ready.getReadOnlyProperty();
    }

    public boolean isReady() {
        return ready.get();
    }

    /** Goes up once after every change that was read or written. */
    public ReadOnlyIntegerProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    public Optional<Bookmark> bookmarkOf(Event event) {
        return Optional.ofNullable(bookmarks.get(event.seq()));
    }

    /** The notes on {@code event}, oldest first. */
    public List<EventNote> notesOf(Event event) {
        return notes.getOrDefault(event.seq(), List.of());
    }

    public boolean isAnnotated(Event event) {
        return bookmarks.containsKey(event.seq()) || notes.containsKey(event.seq());
    }

    /** Every bookmark, in trace order. */
    public List<Bookmark> bookmarks() {
        return List.copyOf(bookmarks.values());
    }

    /** Bookmarks {@code event}, labelled with the start of its summary; or takes its bookmark off. */
    public void toggleBookmark(Event event) {
        if (!ready.get()) {
            return;
        }
        int seq = event.seq();
        String sha = traceSha256;
        if (bookmarks.containsKey(seq)) {
            link.get().submit("remove a bookmark", store -> {
                store.annotations().removeBookmark(sha, seq);
                return seq;
            }, removed -> {
                bookmarks.remove(removed);
                changed();
            });
        } else {
            String label = PythonText.abbreviate(event.summary(), LABEL_LENGTH);
            link.get().submit("bookmark an event", store -> store.annotations().bookmark(sha, seq, label), added -> {
                bookmarks.put(added.seq(), added);
                changed();
            });
        }
    }

    /** Adds a note to {@code event}; a blank one is not kept. */
    public void addNote(Event event, String text) {
        String note = text == null ? "" : text.strip();
        if (!ready.get() || note.isEmpty()) {
            return;
        }
        String sha = traceSha256;
        link.get().submit("add a note", store -> store.annotations().addNote(sha, event.seq(), note), added -> {
            keep(added);
            changed();
        });
    }

    public void deleteNote(EventNote note) {
        if (!ready.get()) {
            return;
        }
        link.get().submit("delete a note", store -> {
            store.annotations().deleteNote(note.id());
            return note;
        }, deleted -> {
            List<EventNote> left = notesOf(deleted.seq()).stream().filter(n -> n.id() != deleted.id()).toList();
            if (left.isEmpty()) {
                notes.remove(deleted.seq());
            } else {
                notes.put(deleted.seq(), left);
            }
            changed();
        });
    }

    /** The bookmark after (or before) sequence number {@code seq}, wrapping round; empty when there is none. */
    public OptionalInt nextBookmark(int seq, boolean forward) {
        if (bookmarks.isEmpty()) {
            return OptionalInt.empty();
        }
        Map.Entry<Integer, Bookmark> next = forward ? bookmarks.higherEntry(seq) : bookmarks.lowerEntry(seq);
        if (next == null) {
            next = forward ? bookmarks.firstEntry() : bookmarks.lastEntry();
        }
        return OptionalInt.of(next.getKey());
    }

    private List<EventNote> notesOf(int seq) {
        return notes.getOrDefault(seq, List.of());
    }

    private void keep(EventNote note) {
        List<EventNote> list = new ArrayList<>(notesOf(note.seq()));
        list.add(note);
        notes.put(note.seq(), List.copyOf(list));
    }

    private void changed() {
        revision.set(revision.get() + 1);
    }
}
