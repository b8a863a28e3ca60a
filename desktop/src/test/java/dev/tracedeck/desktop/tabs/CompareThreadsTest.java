package dev.tracedeck.desktop.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.compare.TraceComparison;
import dev.tracedeck.analysis.compare.Verdict;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.importers.registry.Importers;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** File ▸ Compare on two threads of one open file, as a LangGraph user compares two checkpointed threads. */
class CompareThreadsTest {

    @Test
    void twoThreadsOfOneFileCompareTheirOwnChecklistsAndShapes(@TempDir Path dir) {
        NoticesViewModel notices = new NoticesViewModel();
        OpenFilesViewModel openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        openFiles.open(List.of(SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir)));
        TraceDocument run = openFiles.documents().get(0);
        String s1 = "3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s1";
        String s2 = "3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s2";

        TraceComparison threads = openFiles.compare(run, Optional.of(s1), run, Optional.of(s2));

        assertEquals(1, threads.threads().size());
        assertEquals(Optional.of(s1), threads.threads().get(0).beforeId());
        assertTrue(threads.rules().stream().anyMatch(r -> r.ruleId().equals("bootstrap-repeated") && r.verdict() == Verdict.REGRESSED));
        assertEquals(2, openFiles.compare(run, run).threads().size(), "without threads, the files whole");
    }
}
