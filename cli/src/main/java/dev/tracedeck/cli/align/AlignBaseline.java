package dev.tracedeck.cli.align;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.analysis.align.BaselineBranch;
import dev.tracedeck.analysis.align.RunStep;
import dev.tracedeck.analysis.align.StepKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An earlier {@code align --json} read back as its branches: each branch's steps from its task's start and how its
 * runs ended. A file that is not such an output is refused with what is wrong and where.
 */
public final class AlignBaseline {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private AlignBaseline() {
    }

    /** @throws IOException naming the file and what is wrong with it */
    public static List<BaselineBranch> read(Path file) throws IOException {
        JsonNode root;
        try {
            root = MAPPER.readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new IOException(file + (line > 0 ? ":" + line : "") + ": not JSON (" + e.getOriginalMessage() + ")");
        }
        if (root == null || !root.path("tasks").isArray() || root.path("version").asInt(0) != AlignJson.VERSION) {
            throw new IOException(file + ": not the output of align --json (version " + AlignJson.VERSION + ", tasks)");
        }
        List<BaselineBranch> branches = new ArrayList<>();
        int index = 0;
        for (JsonNode task : root.path("tasks")) {
            String name = task.path("task").asText(null);
            if (name == null || !task.path("tree").isObject()) {
                throw new IOException(file + ": task " + index + " has no task name or no tree");
            }
            branch(file, name, task.path("tree"), List.of(), branches);
            index++;
        }
        return branches;
    }

    private static void branch(Path file, String task, JsonNode branch, List<String> before, List<BaselineBranch> out)
            throws IOException {
        List<String> path = new ArrayList<>(before);
        for (JsonNode step : branch.path("steps")) {
            try {
                path.add(new RunStep(StepKind.of(step.path("kind").asText("")), step.path("tool").asText(""),
                        step.path("fingerprint").asText("")).key());
            } catch (IllegalArgumentException e) {
                throw new IOException(file + ": task '" + task + "': " + e.getMessage());
            }
        }
        out.add(new BaselineBranch(task, path, branch.path("pass").asInt(0), branch.path("fail").asInt(0)));
        for (JsonNode child : branch.path("branches")) {
            branch(file, task, child, path, out);
        }
    }
}
