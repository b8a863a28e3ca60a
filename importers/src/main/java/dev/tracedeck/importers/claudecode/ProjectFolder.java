package dev.tracedeck.importers.claudecode;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.NotThisFormatException;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Diagnostic;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import dev.tracedeck.model.trace.TraceThread;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A Claude Code project folder opened whole ({@code ~/.claude/projects/<project>/}): every session,
 * {@code <sessionId>.jsonl}, and every sub-agent of one, {@code <sessionId>/subagents/agent-<id>.jsonl} (Claude Code
 * 2.0 wrote them beside the sessions, {@code agent-<id>.jsonl}, read in name order among them), read as
 * {@link ClaudeCodeImporter} reads each file and put one after the other into one trace, sessions in name order, each
 * followed by its sub-agents. A session's own folder ({@code <sessionId>/}, with {@code subagents/}) is read the same
 * way. Each event keeps its file and lines, so everything stays traceable to where it was written.
 *
 * <p>One trace for the folder, not one per session: the folder is what was opened, so it is one entry in the
 * workspace and one checklist, and a sub-agent's thread must be in the trace of the session whose call started it to
 * be linked to that call ({@link SubAgentLinks}: the call's event can say which thread it started). Thread ids already carry the session, so sessions never mix. A
 * sub-agent file's sidechain that names no agent gets the agent of its file name.
 *
 * <p>A file that holds no conversation (a session of only {@code summary} lines) adds its records; one that is not
 * Claude Code at all, or can't be read, fails the folder with that file's error, so that no folder passes on files
 * nobody read.
 */
public final class ProjectFolder {

    private static final String JSONL = ".jsonl";

    private ProjectFolder() {
    }

    /** The trace of the folder {@code source} names ({@link ImportSource#folder()}). */
    public static Trace read(ImportSource source, ImportListener listener) throws ImportException {
        Path folder = source.folder().orElseThrow(() -> new IllegalArgumentException("not a folder: " + source.name()));
        List<Path> files = files(folder, source.name());
        if (files.isEmpty()) {
            throw new ImportException(source.name(), 0, "is a folder with no Claude Code session in it (no "
                    + "<sessionId>.jsonl, no <sessionId>/subagents/agent-<id>.jsonl)", null);
        }
        long total = 0;
        for (Path f : files) {
            total += size(f);
        }
        long before = 0;
        List<Trace> traces = new ArrayList<>();
        Map<String, String> agentCalls = new LinkedHashMap<>();
        for (Path f : files) {
            long done = before;
            long all = total;
            ImportListener each = new ImportListener() {
                @Override
                public void progress(long bytesRead, long totalBytes) {
                    listener.progress(done + bytesRead, all);
                }

                @Override
                public boolean isCancelled() {
                    return listener.isCancelled();
                }
            };
            ClaudeCodeImporter.FileRead read = readFile(ImportSource.of(f), each);
            traces.add(read.trace());
            read.agentCalls().forEach(agentCalls::putIfAbsent);
            before += size(f);
        }
        return merge(source.name(), files, traces, agentCalls, listener);
    }

    private static ClaudeCodeImporter.FileRead readFile(ImportSource file, ImportListener listener)
            throws ImportException {
        try {
            return new ClaudeCodeImporter().readAll(file, listener);
        } catch (NotThisFormatException e) {
            throw new ImportException(file.name(), 0, "not claude-code (" + e.detail() + ")", e);
        }
    }

    /** Sessions in name order, each followed by its sub-agents in name order; then a session folder's own. */
    static List<Path> files(Path folder, String name) throws ImportException {
        List<Path> files = new ArrayList<>();
        try {
            for (Path session : list(folder)) {
                if (Files.isRegularFile(session) && session.getFileName().toString().endsWith(JSONL)) {
                    files.add(session);
                    files.addAll(subAgents(folder.resolve(stem(session)).resolve("subagents")));
                }
            }
            for (Path dir : list(folder)) {
                // A session folder with no session file beside it still holds its sub-agents.
                if (Files.isDirectory(dir) && !Files.isRegularFile(folder.resolve(dir.getFileName() + JSONL))) {
                    files.addAll(subAgents(dir.resolve("subagents")));
                }
            }
            files.addAll(subAgents(folder.resolve("subagents")));
        } catch (IOException e) {
            throw ImportException.unreadable(name, e);
        }
        return files;
    }

    private static List<Path> subAgents(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        return list(dir).stream().filter(Files::isRegularFile).filter(p -> {
            String n = p.getFileName().toString();
            return n.startsWith("agent-") && n.endsWith(JSONL);
        }).toList();
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> listed = Files.list(dir)) {
            return listed.sorted().toList();
        }
    }

    private static String stem(Path file) {
        String n = file.getFileName().toString();
        return n.substring(0, n.length() - JSONL.length());
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * The files' traces one after the other: their events in order (each with its own file and lines), their
     * threads' records, and one report for the folder, its problems naming their files.
     */
    private static Trace merge(String folder, List<Path> files, List<Trace> traces, Map<String, String> agentCalls,
                               ImportListener listener) {
        TraceBuilder builder = new TraceBuilder(listener::added);
        List<Event> events = new ArrayList<>();
        long bytes = 0;
        long lines = 0;
        long records = 0;
        long other = 0;
        long malformed = 0;
        long omitted = 0;
        boolean complete = true;
        Map<String, Long> kinds = new LinkedHashMap<>();
        List<Diagnostic> diagnostics = new ArrayList<>();
        for (int i = 0; i < traces.size(); i++) {
            Trace trace = traces.get(i);
            Map<String, String> names = threadNames(files.get(i), trace);
            int offset = builder.size();
            for (Event e : trace.events()) {
                events.add(builder.add(e.keyword(), e.time(), names.getOrDefault(e.threadId(), e.threadId()), e.source(),
                        e.sourceText(), e.payload()));
            }
            for (TraceThread t : trace.threads()) {
                String name = names.getOrDefault(t.id(), t.id());
                builder.carryRecords(t, name, offset);
                if (name.contains("/agent-" + Session.COMPACTION_AGENT)) {
                    builder.recordCompactionAgent(name);
                }
            }
            ImportReport r = trace.report();
            bytes += r.bytes();
            lines += r.lines();
            records += r.records();
            other += r.otherRecords();
            malformed += r.malformedRecords();
            r.recordKinds().forEach((k, n) -> kinds.merge(k, n, Long::sum));
            String file = files.get(i).getFileName().toString();
            for (Diagnostic d : r.diagnostics()) {
                if (diagnostics.size() < ImportReport.MAX_DIAGNOSTICS) {
                    diagnostics.add(new Diagnostic(d.line(), file + ": " + d.message()));
                } else {
                    omitted++;
                }
            }
            omitted += r.diagnosticsOmitted();
            complete &= r.complete();
        }
        SubAgentLinks.find(events, agentCalls).forEach(link -> builder.recordStartedBy(link.thread(), link.call(),
                link.callId()));
        return builder.build(new ImportReport(folder, ClaudeCodeImporter.FORMAT_ID, bytes, lines, records, other,
                malformed, kinds, diagnostics, omitted, complete));
    }

    /**
     * A sub-agent file's sidechains that name no agent ({@code <session>/sidechain-N}) are the agent of its file
     * name, {@code <session>/agent-<id>}, whether the file is in its session's {@code subagents/} or beside the
     * sessions, where Claude Code 2.0 wrote them: numbered file by file, they would otherwise join the session's own
     * inline sidechains of those numbers. Other threads keep their ids.
     */
    private static Map<String, String> threadNames(Path file, Trace trace) {
        Map<String, String> names = new LinkedHashMap<>();
        String stem = stem(file);
        if (!stem.startsWith("agent-")) {
            return names;
        }
        for (TraceThread t : trace.threads()) {
            int slash = t.id().indexOf("/sidechain-");
            if (slash > 0) {
                names.put(t.id(), t.id().substring(0, slash) + "/" + stem);
            }
        }
        return names;
    }
}
