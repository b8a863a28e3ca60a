package dev.tracedeck.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.tracedeck.app.threads.CommonPool;
import dev.tracedeck.app.threads.OwnThread;
import dev.tracedeck.app.threads.SharedPool;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ArchitectureTest's rule on threads, on three small classes of its own. */
class ThreadsRuleTest {

    @Test
    void aThreadOfItsOwnAndTheCommonPoolAreRefusedWithWhereTheyAre() {
        EvaluationResult result = ArchitectureTest.threadsComeFromTheTaskExecutor(Map.of())
                .evaluate(new ClassFileImporter().importClasses(OwnThread.class, CommonPool.class));
        String report = result.getFailureReport().toString();
        assertTrue(report.contains("OwnThread.start") && report.contains("java.lang.Thread.<init>"), report);
        assertTrue(report.contains("CommonPool.lengths") && report.contains("parallelStream"), report);
    }

    @Test
    void workStartedThroughTheTaskExecutorIsNot() {
        EvaluationResult result = ArchitectureTest.threadsComeFromTheTaskExecutor(Map.of())
                .evaluate(new ClassFileImporter().importClasses(SharedPool.class));
        assertFalse(result.hasViolation(), result.getFailureReport().toString());
    }

    @Test
    void aClassTheListNamesIsLetThrough() {
        EvaluationResult result = ArchitectureTest.threadsComeFromTheTaskExecutor(Map.of(OwnThread.class.getName(), "a reason"))
                .evaluate(new ClassFileImporter().importClasses(OwnThread.class));
        assertFalse(result.hasViolation(), result.getFailureReport().toString());
    }
}
