package dev.tracedeck.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(TestPostgres.class)
class PostgresSmokeTest {

    @Test
    void recordsAndSearches() throws Exception {
        WorkspaceAddress address = TestPostgres.newDatabase();
        try (WorkspaceStore store = WorkspaceStore.openServer(address, TestTraces.CLOCK, "alice")) {
            var trace = TestTraces.read(TestTraces.BEFORE);
            store.record(TestTraces.BEFORE, trace, Optional.of(TestTraces.validate(trace)));
            store.complete(TestTraces.BEFORE, trace);
            assertEquals(1, store.runs().size());
            System.out.println(store.search("add_entry", 5));
            System.out.println(store.runs().get(0).openedBy());
        }
    }
}
