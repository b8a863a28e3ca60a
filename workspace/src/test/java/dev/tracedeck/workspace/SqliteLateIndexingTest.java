package dev.tracedeck.workspace;

import java.nio.file.Path;

/** {@link LateIndexingTest} on an SQLite workspace. */
class SqliteLateIndexingTest extends LateIndexingTest {

    @Override
    TestWorkspace workspace(Path dir) {
        return TestWorkspace.sqlite(dir.resolve("ws.db"));
    }
}
