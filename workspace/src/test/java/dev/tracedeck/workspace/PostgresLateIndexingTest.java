package dev.tracedeck.workspace;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link LateIndexingTest} on a workspace shared on PostgreSQL (a database of its own per test, on the test server). */
@ExtendWith(TestPostgres.class)
class PostgresLateIndexingTest extends LateIndexingTest {

    @Override
    TestWorkspace workspace(Path dir) throws Exception {
        return TestWorkspace.postgres("alice");
    }
}
