package dev.tracedeck.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

/**
 * ArchitectureTest's cycle rule on two small packages of its own: a root package and a package below it that depend
 * on each other are a cycle (the root package is a slice of its own, not left out as a pattern like
 * {@code root.(*)..} would leave it), and the same classes layered with the registry above the formats are none.
 */
class TopPackagesRuleTest {

    @Test
    void aRootPackageAndAPackageBelowItThatDependOnEachOtherAreACycle() {
        String root = "dev.tracedeck.app.slices.cyclic";
        EvaluationResult result = ArchitectureTest.noCycleAmongTheTopPackagesOf("cyclic", root).evaluate(classes(root));
        assertTrue(result.hasViolation(), result.getFailureReport().toString());
        String report = result.getFailureReport().toString();
        assertTrue(report.contains(root + ".format") && report.contains("Registry"), report);
    }

    @Test
    void theSameClassesWithTheRegistryAboveTheFormatsAreNone() {
        String root = "dev.tracedeck.app.slices.layered";
        EvaluationResult result = ArchitectureTest.noCycleAmongTheTopPackagesOf("layered", root).evaluate(classes(root));
        assertFalse(result.hasViolation(), result.getFailureReport().toString());
    }

    private static JavaClasses classes(String root) {
        return new ClassFileImporter().importPackages(root);
    }
}
