package dev.tracedeck.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.BaseStream;

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
     * Where a thread or a pool is still made outside {@code engine.tasks}, and why: a class name, or a class and the
     * class of what it makes ({@code Class -> Made}).
     */
    static final Map<String, String> THREADS_MADE_ELSEWHERE = Map.of(
            "dev.tracedeck.engine.live.OtlpHttpReceiver -> org.eclipse.jetty.util.thread.QueuedThreadPool",
            "Jetty's server runs its connector's acceptor and selector, and each exchange, on a pool of its own kind, "
                    + "which reserves threads for them: its I/O threads wait on sockets and compute nothing");

    @ArchTest
    static final ArchRule threadsComeFromTheTaskExecutor = threadsComeFromTheTaskExecutor(THREADS_MADE_ELSEWHERE);

    /**
     * No class outside {@code dev.tracedeck.engine.tasks} makes a thread ({@code new Thread}), a pool (a constructor
     * of an {@code ExecutorService} or of Jetty's {@code ThreadPool}, {@code Executors.*}), or takes the JVM's common
     * pool ({@code ForkJoinPool}, parallel streams), but those {@code allowed} names.
     */
    static ArchRule threadsComeFromTheTaskExecutor(Map<String, String> allowed) {
        return classes().that().resideOutsideOfPackage("dev.tracedeck.engine.tasks..")
                .should(new MakeNoThreads(allowed))
                .because("every background job shares one core budget, on named daemon threads it can cancel");
    }

    private static final class MakeNoThreads extends ArchCondition<JavaClass> {

        private final Map<String, String> allowed;

        MakeNoThreads(Map<String, String> allowed) {
            super("make no thread or pool of their own but through the TaskExecutor");
            this.allowed = allowed;
        }

        @Override
        public void check(JavaClass origin, ConditionEvents events) {
            if (allowed.containsKey(origin.getName())) {
                return;
            }
            for (JavaAccess<?> access : origin.getAccessesFromSelf()) {
                JavaClass target = access.getTargetOwner();
                String name = access.getName();
                boolean makes = access instanceof JavaConstructorCall && (target.isAssignableTo(Thread.class)
                        || target.isAssignableTo(ExecutorService.class)
                        || target.isAssignableTo("org.eclipse.jetty.util.thread.ThreadPool"))
                        || target.isEquivalentTo(Executors.class)
                        || target.isEquivalentTo(ForkJoinPool.class)
                        || name.equals("parallelStream") && target.isAssignableTo(Collection.class)
                        || name.equals("parallel") && target.isAssignableTo(BaseStream.class);
                if (makes && !allowed.containsKey(origin.getName() + " -> " + target.getName())) {
                    events.add(SimpleConditionEvent.violated(access, access.getDescription()));
                }
            }
        }
    }

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
