package dev.tracedeck.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * The layering of the modules, checked on their compiled classes: this module's tests see every module's. Maven's
 * enforcer already keeps JavaFX out of every module but desktop and app, analysis out of importers and cli out of
 * desktop by their dependency trees; these rules hold the code itself to the same lines (app ships JavaFX and still
 * draws nothing), and keep each module's packages free of cycles, so that a package can be read, tested and moved
 * with what it depends on and nothing that depends on it.
 */
@AnalyzeClasses(packages = "dev.tracedeck", importOptions = {ImportOption.DoNotIncludeTests.class,
        ArchitectureTest.NoTestJars.class})
class ArchitectureTest {

    @ArchTest
    static final ArchRule traceModelHasNoPackageCycle = noCycleAmongTheTopPackagesOf("trace-model", "dev.tracedeck.model");

    @ArchTest
    static final ArchRule analysisHasNoPackageCycle = noCycleAmongTheTopPackagesOf("analysis", "dev.tracedeck.analysis");

    @ArchTest
    static final ArchRule importersHaveNoPackageCycle = noCycleAmongTheTopPackagesOf("importers", "dev.tracedeck.importers");

    @ArchTest
    static final ArchRule workspaceHasNoPackageCycle = noCycleAmongTheTopPackagesOf("workspace", "dev.tracedeck.workspace");

    @ArchTest
    static final ArchRule engineHasNoPackageCycle = noCycleAmongTheTopPackagesOf("engine", "dev.tracedeck.engine");

    @ArchTest
    static final ArchRule cliHasNoPackageCycle = noCycleAmongTheTopPackagesOf("cli", "dev.tracedeck.cli");

    @ArchTest
    static final ArchRule desktopHasNoPackageCycle = noCycleAmongTheTopPackagesOf("desktop", "dev.tracedeck.desktop");

    @ArchTest
    static final ArchRule appHasNoPackageCycle = noCycleAmongTheTopPackagesOf("app", "dev.tracedeck.app");

    @ArchTest
    static final ArchRule importersKnowNoAnalysis = noClasses().that().resideInAPackage("dev.tracedeck.importers..")
            .should().dependOnClassesThat().resideInAPackage("dev.tracedeck.analysis..")
            .because("reading a file into a trace knows nothing of what is computed from it");

    @ArchTest
    static final ArchRule onlyTheDesktopSeesJavaFx = noClasses().that().resideOutsideOfPackage("dev.tracedeck.desktop..")
            .should().dependOnClassesThat().resideInAPackage("javafx..")
            .because("every other module runs where no window can: the commands, the engine, the entry point");

    @ArchTest
    static final ArchRule cliKnowsNoDesktop = noClasses().that().resideInAPackage("dev.tracedeck.cli..")
            .should().dependOnClassesThat().resideInAPackage("dev.tracedeck.desktop..")
            .because("the two front ends share the engine module, not each other");

    @ArchTest
    static final ArchRule desktopKnowsNoCli = noClasses().that().resideInAPackage("dev.tracedeck.desktop..")
            .should().dependOnClassesThat().resideInAPackage("dev.tracedeck.cli..")
            .because("the two front ends share the engine module, not each other; app lists cli's commands beside the window");

    @ArchTest
    static final ArchRule engineKnowsNoFrontEnd = noClasses().that().resideInAPackage("dev.tracedeck.engine..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.tracedeck.cli..", "dev.tracedeck.desktop..",
                    "dev.tracedeck.app..")
            .because("the engine is what both front ends run, below them");

    @ArchTest
    static final ArchRule nothingDependsOnTheEntryPoint = noClasses().that().resideOutsideOfPackage("dev.tracedeck.app..")
            .should().dependOnClassesThat().resideInAPackage("dev.tracedeck.app..")
            .because("app is the top: it starts the program and nothing calls back into it");

    /**
     * No cycle among the packages right under {@code root}, each with everything below it, and {@code root} itself:
     * {@code dev.tracedeck.importers} and {@code dev.tracedeck.importers.json} are two slices, and so is each format.
     */
    static ArchRule noCycleAmongTheTopPackagesOf(String module, String root) {
        return slices().assignedFrom(new TopPackages(module, root)).should().beFreeOfCycles();
    }

    /** Each class of a module in the slice of its package right under the module's root, or in the root's own. */
    private record TopPackages(String module, String root) implements SliceAssignment {

        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            if (name.equals(root)) {
                return SliceIdentifier.of(root);
            }
            if (!name.startsWith(root + ".")) {
                return SliceIdentifier.ignore();
            }
            String below = name.substring(root.length() + 1);
            int dot = below.indexOf('.');
            return SliceIdentifier.of(root + "." + (dot < 0 ? below : below.substring(0, dot)));
        }

        @Override
        public String getDescription() {
            return "the packages of " + module + " (" + root + " and each package right under it)";
        }
    }

    /**
     * The modules' test jars (the fixtures the front ends' tests share) are test code too: in a build that packages,
     * they are on the class path as jars, not as test-classes folders.
     */
    static final class NoTestJars implements ImportOption {

        @Override
        public boolean includes(Location location) {
            return !location.contains("-tests.jar");
        }
    }
}
