package dev.tracedeck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.workspace.Bookmark;
import dev.tracedeck.workspace.EventNote;
import dev.tracedeck.workspace.FileIdentity;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tracedeck notes TRACE...}: the notes and bookmarks the workspace keeps on each trace's events, as the app's
 * detail pane shows them — by the file's content, so a copy or a moved file shows them too — with who wrote each note
 * in a workspace that records it.
 */
@Command(name = "notes", mixinStandardHelpOptions = true,
        description = {"List the notes and bookmarks the workspace keeps on each trace's events.",
            "The app writes them. By event: when each was written and, in a workspace shared on PostgreSQL, who wrote "
                + "each note.",
            "They belong to the file's content (its SHA-256), so a copy or a moved file has the same ones.",
            "Exit 0, or 2 when a file or the workspace can't be read."})
public final class NotesCommand implements Callable<Integer> {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "Trace files.")
    private List<Path> files;

    @Option(names = "--json", description = "Print a JSON array: [{file, sha256, notes: [{seq, text, createdAt, author}], "
            + "bookmarks: [{seq, label, createdAt}]}].")
    private boolean json;

    @Mixin
    private WorkspaceOption workspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String command = "tracedeck notes";
        Optional<WorkspaceStore> store = workspace.openRequiredForReading(err, command, "notes");
        if (store.isEmpty()) {
            return ExitCodes.USAGE;
        }
        ArrayNode all = MAPPER.createArrayNode();
        StringBuilder text = new StringBuilder();
        try {
            for (Path file : InputFiles.distinct(files, err, command)) {
                String sha256;
                try {
                    sha256 = FileIdentity.sha256(file);
                } catch (IOException e) {
                    err.println(TerminalText.line(command + ": " + file + ": cannot read the file (" + e.getMessage() + ")"));
                    return ExitCodes.USAGE;
                }
                List<EventNote> notes = store.get().annotations().notes(sha256);
                List<Bookmark> bookmarks = store.get().annotations().bookmarks(sha256);
                if (json) {
                    all.add(json(file, sha256, notes, bookmarks));
                } else {
                    text.append(text(file, notes, bookmarks));
                }
            }
            out.print(json ? MAPPER.writeValueAsString(all) + System.lineSeparator() : text);
            out.flush();
            return ExitCodes.OK;
        } catch (WorkspaceException e) {
            err.println(TerminalText.line(command + ": " + e.getMessage()));
            return ExitCodes.USAGE;
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        } finally {
            WorkspaceOption.closeQuietly(store.get(), err, command);
        }
    }

    /** The file, then a line a bookmark and a line a note, by event: seq, when, who, and the text. */
    private static String text(Path file, List<EventNote> notes, List<Bookmark> bookmarks) {
        StringBuilder s = new StringBuilder(TerminalText.line(file.toString())).append(System.lineSeparator());
        if (notes.isEmpty() && bookmarks.isEmpty()) {
            return s.append("  no notes or bookmarks").append(System.lineSeparator()).toString();
        }
        int b = 0;
        int n = 0;
        while (b < bookmarks.size() || n < notes.size()) {
            // By event, a bookmark before the notes on its event.
            if (n == notes.size() || b < bookmarks.size() && bookmarks.get(b).seq() <= notes.get(n).seq()) {
                Bookmark mark = bookmarks.get(b++);
                s.append(String.format("  seq %-6d ★ %s  %s%n", mark.seq(), mark.createdAt().truncatedTo(ChronoUnit.SECONDS),
                        TerminalText.line(mark.label())));
            } else {
                EventNote note = notes.get(n++);
                s.append(String.format("  seq %-6d ✎ %s%s  %s%n", note.seq(), note.createdAt().truncatedTo(ChronoUnit.SECONDS),
                        note.author().map(a -> "  by " + TerminalText.line(a)).orElse(""), TerminalText.line(note.text())));
            }
        }
        return s.toString();
    }

    private static ObjectNode json(Path file, String sha256, List<EventNote> notes, List<Bookmark> bookmarks) {
        ObjectNode node = MAPPER.createObjectNode().put("file", file.toString()).put("sha256", sha256);
        ArrayNode noteRows = node.putArray("notes");
        for (EventNote n : notes) {
            ObjectNode row = noteRows.addObject().put("seq", n.seq()).put("text", n.text()).put("createdAt", n.createdAt().toString());
            if (n.author().isPresent()) {
                row.put("author", n.author().get());
            } else {
                row.putNull("author");
            }
        }
        ArrayNode markRows = node.putArray("bookmarks");
        for (Bookmark b : bookmarks) {
            markRows.addObject().put("seq", b.seq()).put("label", b.label()).put("createdAt", b.createdAt().toString());
        }
        return node;
    }
}
