import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Finishes the application image jpackage made, with what jpackage puts on every launcher's class path or can't make.
 *
 * <p>JavaFX goes to {@code $APPDIR/javafx}, which only the window's and render's launchers put on their module path: the
 * batch JVM must not see JavaFX (it hands those command lines on), and jpackage puts every jar of its input on the class
 * path of every launcher.
 *
 * <p>Then it makes the batch launcher's start-up archive (class data sharing) at package time, as ./tracedeck makes its own: the
 * classes that inspect and validate load on the bundled samples, listed by two training runs of the image's own
 * launcher and archived pre-parsed where its options look for it ({@code $APPDIR/tracedeck-batch.jsa}). The launcher
 * is run as it is, options given through JAVA_TOOL_OPTIONS, so the archive records exactly its class path. The class
 * list stays in the image: an installer remakes the archive where the image lands, since the JVM ignores an archive
 * whose jars have moved.
 *
 * <p>{@code java FinishImage.java LAUNCHER APPDIR JAVAFX SAMPLES WORK}
 */
public final class FinishImage {

    public static void main(String[] args) throws Exception {
        Path launcher = Path.of(args[0]);
        Path appDir = Path.of(args[1]);
        Path javafx = Files.createDirectories(appDir.resolve("javafx"));
        try (Stream<Path> jars = Files.list(Path.of(args[2]))) {
            for (Path jar : jars.filter(f -> f.toString().endsWith(".jar")).toList()) {
                Files.copy(jar, javafx.resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path samples = Path.of(args[3]);
        Path work = Files.createDirectories(Path.of(args[4]));
        List<String> logs = new ArrayList<>();
        try (Stream<Path> files = Files.list(samples)) {
            files.filter(f -> f.toString().endsWith(".log")).sorted().forEach(f -> logs.add(f.toString()));
        }
        TreeSet<String> classes = new TreeSet<>();
        String workspace = work.resolve("training.db").toString();
        for (List<String> command : List.of(List.of("inspect", "--workspace", workspace, "--json"),
                List.of("validate", "--workspace", workspace, "--format", "json"))) {
            Path list = work.resolve(command.get(0) + ".classlist");
            Files.deleteIfExists(list);
            List<String> run = new ArrayList<>(List.of(launcher.toString()));
            run.addAll(command);
            run.addAll(logs);
            launch(run, "-Xshare:off -XX:DumpLoadedClassList=" + list);
            classes.addAll(Files.readAllLines(list));
        }
        Path classList = appDir.resolve("tracedeck-batch.classlist");
        Files.write(classList, classes);
        Path archive = appDir.resolve("tracedeck-batch.jsa");
        Files.deleteIfExists(archive);
        launch(List.of(launcher.toString()), "-Xshare:dump -XX:SharedClassListFile=" + classList);
        if (!Files.isRegularFile(archive)) {
            throw new IllegalStateException("no start-up archive was written to " + archive);
        }
        System.out.println("Start-up archive: " + archive + " (" + classes.size() + " classes listed)");
    }

    private static void launch(List<String> command, String javaOptions) throws IOException, InterruptedException {
        ProcessBuilder process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        process.environment().put("JAVA_TOOL_OPTIONS", javaOptions);
        process.start().waitFor(); // validate exits 1 on the samples' findings: only the list it leaves counts
    }
}
