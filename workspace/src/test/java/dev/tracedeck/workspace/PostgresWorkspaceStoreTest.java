package dev.tracedeck.workspace;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link WorkspaceStoreTest} on a workspace shared on PostgreSQL (a database of its own per test, on the test server). */
@ExtendWith(TestPostgres.class)
class PostgresWorkspaceStoreTest extends WorkspaceStoreTest {

    @Override
    TestWorkspace workspace(Path dir) throws Exception {
        return TestWorkspace.postgres("alice");
    }

    @Override
    Optional<String> author() {
        return Optional.of("alice");
    }
}
