package dev.tracedeck.workspace;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;

/**
 * The workspace one test works on, of either kind, so that one suite of tests holds both to the same behaviour: an
 * SQLite file in the test's directory, or a database of its own on the test server ({@link TestPostgres}).
 */
interface TestWorkspace {

    /** Opens this test's workspace (the same one at every call). */
    WorkspaceStore open() throws Exception;

    /** A count read straight from the workspace's tables. */
    long count(String sql) throws Exception;

    /** The SQL counting the distinct texts in the search index. */
    String distinctTexts();

    static TestWorkspace sqlite(Path file) {
        return new TestWorkspace() {
            @Override
            public WorkspaceStore open() throws Exception {
                return WorkspaceStore.open(file, TestTraces.CLOCK);
            }

            @Override
            public long count(String sql) throws Exception {
                try (Connection c = WorkspaceFiles.connect(file, true); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                    return rs.getLong(1);
                }
            }

            @Override
            public String distinctTexts() {
                return "SELECT count(DISTINCT content || char(0) || tools || char(0) || args) FROM search_fts";
            }
        };
    }

    /** A new database on the test server, whose author is {@code author}. */
    static TestWorkspace postgres(String author) throws Exception {
        WorkspaceAddress address = TestPostgres.newDatabase();
        return new TestWorkspace() {
            @Override
            public WorkspaceStore open() throws Exception {
                return WorkspaceStore.openServer(address, TestTraces.CLOCK, author);
            }

            @Override
            public long count(String sql) throws Exception {
                TestPostgres.Server server = TestPostgres.server();
                Properties p = new Properties();
                p.setProperty("user", "postgres");
                p.setProperty("password", server.password());
                String url = address.jdbcUrl(java.util.Map.of());
                try (Connection c = DriverManager.getConnection(url, p); Statement s = c.createStatement();
                     ResultSet rs = s.executeQuery(sql)) {
                    rs.next();
                    return rs.getLong(1);
                }
            }

            @Override
            public String distinctTexts() {
                return "SELECT count(DISTINCT content || chr(1) || tools || chr(1) || args) FROM search_text";
            }

            @Override
            public String toString() {
                return address.toString();
            }
        };
    }
}
