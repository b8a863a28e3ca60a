package dev.tracedeck.workspace;

import java.nio.file.Path;

/** {@link SearchIndexTest} on an SQLite workspace. */
class SqliteSearchIndexTest extends SearchIndexTest {

    @Override
    TestWorkspace workspace(Path dir) {
        return TestWorkspace.sqlite(dir.resolve("ws.db"));
    }
}
