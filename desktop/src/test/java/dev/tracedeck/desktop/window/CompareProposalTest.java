package dev.tracedeck.desktop.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** File ▸ Compare proposes the broken run as the one before the fix, whatever order the files were opened in. */
class CompareProposalTest {

    private static CompareProposal<String> of(String... names) {
        return CompareProposal.of(List.of(names), Function.identity());
    }

    @Test
    void aRunNamedBeforeOrBrokenIsTheOneBeforeTheFix() {
        assertEquals(new CompareProposal<>("before-prebuilt-react.log", "after-tool-only.log"),
                of("after-tool-only.log", "before-prebuilt-react.log", "crashed-mid-call.log"));
        assertEquals(new CompareProposal<>("broken-history.json", "clean-tool-calls.json"),
                of("clean-tool-calls.json", "cut-short.jsonl", "broken-history.json"));
        assertEquals(new CompareProposal<>("run-3.log", "fixed-run.log"), of("fixed-run.log", "run-3.log"));
    }

    @Test
    void withoutSuchNamesTheFirstOpenRunIsTheOneBefore() {
        assertEquals(new CompareProposal<>("monday.jsonl", "tuesday.jsonl"), of("monday.jsonl", "tuesday.jsonl"));
        assertEquals(new CompareProposal<>("one.log", "one.log"), of("one.log"), "one run: two of its threads");
        assertEquals(new CompareProposal<>("before-and-after.log", "x.log"), of("before-and-after.log", "x.log"),
                "a name of both sides says nothing");
    }

    @Test
    void sidesAreReadFromWholeWords() {
        assertEquals(CompareProposal.Side.UNKNOWN, CompareProposal.side("afternoon-run.log"));
        assertEquals(CompareProposal.Side.UNKNOWN, CompareProposal.side("oldham.log"));
        assertEquals(CompareProposal.Side.AFTER, CompareProposal.side("Run_After_Fix.log"));
    }
}
