package dev.tracedeck.analysis.rules;

import static dev.tracedeck.analysis.rules.RuleAssertions.fails;
import static dev.tracedeck.analysis.rules.RuleAssertions.notApplicable;
import static dev.tracedeck.analysis.rules.RuleAssertions.passes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StateRulesTest {

    private static ThreadFixture conversation() {
        return new ThreadFixture().control("SESSION_START").dump()
                .message(0, "user", "Planning two weeks in Japan next April").dump()
                .call("add_entry", "user", 0, "content", "Planning two weeks in Japan next April").dump()
                .message(1, "assistant", "Tokyo for five nights, then Kyoto").dump();
    }

    @Test
    void aStateThatOnlyGrowsPasses() {
        passes(conversation(), "state-lost-messages");
    }

    @Test
    void messagesThatVanishBetweenTwoSnapshotsAreAFindingWithBothAsEvidence() {
        ThreadFixture f = conversation().forget(1, 1).message(2, "user", "And Nara?").dump();
        List<Finding> found = fails(f, "state-lost-messages", 1);
        Finding lost = found.get(0);
        assertEquals(2, lost.evidence().size(), "the snapshot before and the one after");
        assertTrue(lost.message().contains("1 of them is gone: entry 2 (chat/user: \"Planning two weeks in Japan next April\")"),
                lost.message());
        assertEquals(1, lost.blamed().get(0).position(), "the lost entry, in the snapshot that still had it");
    }

    @Test
    void aWipedStateNamesWhatWentAndHowManyMore() {
        ThreadFixture f = conversation().forget(0, 5).dump();
        Finding lost = fails(f, "state-lost-messages", 1).get(0);
        assertTrue(lost.message().contains("holds 0 messages"), lost.message());
        assertTrue(lost.message().contains("and 2 more"), lost.message());
    }

    @Test
    void aSnapshotWithAnUnparsedLineIsNotTakenForALoss() {
        ThreadFixture f = conversation().dumpLosing(2);
        passes(f, "state-lost-messages");
    }

    @Test
    void needsTwoSnapshots() {
        notApplicable(new ThreadFixture().message(0, "user", "hi"), "state-lost-messages");
        notApplicable(new ThreadFixture().control("SESSION_START").dump(), "state-lost-messages");
    }
}
