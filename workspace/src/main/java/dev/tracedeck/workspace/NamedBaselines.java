package dev.tracedeck.workspace;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The SQL of baselines kept by name ({@link NamedBaseline}): the same on both kinds of workspace. */
final class NamedBaselines {

    private NamedBaselines() {
    }

    /** Writes {@code content} under {@code baseline}'s name, replacing what was there. */
    static void write(Connection c, NamedBaseline baseline, String content, Dialect dialect) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("""
                INSERT INTO baselines (name, written_at, author, findings, content) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET written_at = excluded.written_at, author = excluded.author,
                  findings = excluded.findings, content = excluded.content""")) {
            s.setString(1, baseline.name());
            s.setString(2, baseline.writtenAt().toString());
            s.setString(3, baseline.author().orElse(null));
            s.setInt(4, baseline.findings());
            s.setString(5, dialect.text(content));
            s.executeUpdate();
        }
    }

    static List<NamedBaseline> all(Connection c) throws SQLException {
        List<NamedBaseline> all = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT name, findings, written_at, author FROM baselines ORDER BY name");
             ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                all.add(new NamedBaseline(rs.getString(1), rs.getInt(2), Instant.parse(rs.getString(3)),
                        Optional.ofNullable(rs.getString(4))));
            }
        }
        return all;
    }

    static Optional<String> content(Connection c, String name) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT content FROM baselines WHERE name = ?")) {
            s.setString(1, name);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }
}
