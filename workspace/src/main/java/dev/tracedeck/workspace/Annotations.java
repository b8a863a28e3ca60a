package dev.tracedeck.workspace;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Notes and bookmarks on events, by trace content hash and event sequence number: they belong to the content,
 * so they follow a file that moved and show on every copy of it.
 */
public final class Annotations {

    private final WorkspaceStore store;
    private final Clock clock;

    Annotations(WorkspaceStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    public EventNote addNote(String traceSha256, int seq, String text) throws WorkspaceException {
        Instant now = clock.instant();
        long id = store.write("add a note", c -> {
            Dialect dialect = store.dialect();
            try (PreparedStatement s = c.prepareStatement(dialect.insertNote(), Statement.RETURN_GENERATED_KEYS)) {
                s.setString(1, traceSha256);
                s.setInt(2, seq);
                s.setString(3, dialect.text(text));
                s.setString(4, now.toString());
                if (dialect.recordsAuthors()) {
                    s.setString(5, dialect.author);
                }
                s.executeUpdate();
                try (ResultSet keys = s.getGeneratedKeys()) {
                    keys.next();
                    return keys.getLong(1);
                }
            }
        });
        Dialect dialect = store.dialect();
        return new EventNote(id, traceSha256, seq, text, now,
                dialect.recordsAuthors() ? Optional.of(dialect.author) : Optional.empty());
    }

    public void deleteNote(long id) throws WorkspaceException {
        store.write("delete note " + id, c -> {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM notes WHERE id = ?")) {
                s.setLong(1, id);
                return s.executeUpdate();
            }
        });
    }

    /** The notes on a trace's events, by event then in the order they were written, each with its author where recorded. */
    public List<EventNote> notes(String traceSha256) throws WorkspaceException {
        return store.read("read notes", c -> {
            List<EventNote> notes = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT id, seq, text, created_at, " + store.dialect().noteAuthor() + " FROM notes WHERE trace_sha256 = ? ORDER BY seq, id")) {
                s.setString(1, traceSha256);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        notes.add(new EventNote(rs.getLong(1), traceSha256, rs.getInt(2), rs.getString(3),
                                Instant.parse(rs.getString(4)), Optional.ofNullable(rs.getString(5))));
                    }
                }
            }
            return notes;
        });
    }

    /** Bookmarks an event, replacing the label of an earlier bookmark on it. */
    public Bookmark bookmark(String traceSha256, int seq, String label) throws WorkspaceException {
        Instant now = clock.instant();
        store.write("bookmark", c -> {
            try (PreparedStatement s = c.prepareStatement("""
                    INSERT INTO bookmarks (trace_sha256, seq, label, created_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (trace_sha256, seq) DO UPDATE SET label = excluded.label""")) {
                s.setString(1, traceSha256);
                s.setInt(2, seq);
                s.setString(3, store.dialect().text(label));
                s.setString(4, now.toString());
                return s.executeUpdate();
            }
        });
        return new Bookmark(traceSha256, seq, label, now);
    }

    public void removeBookmark(String traceSha256, int seq) throws WorkspaceException {
        store.write("remove a bookmark", c -> {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM bookmarks WHERE trace_sha256 = ? AND seq = ?")) {
                s.setString(1, traceSha256);
                s.setInt(2, seq);
                return s.executeUpdate();
            }
        });
    }

    public List<Bookmark> bookmarks(String traceSha256) throws WorkspaceException {
        return store.read("read bookmarks", c -> {
            List<Bookmark> marks = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT seq, label, created_at FROM bookmarks WHERE trace_sha256 = ? ORDER BY seq")) {
                s.setString(1, traceSha256);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        marks.add(new Bookmark(traceSha256, rs.getInt(1), rs.getString(2), Instant.parse(rs.getString(3))));
                    }
                }
            }
            return marks;
        });
    }
}
