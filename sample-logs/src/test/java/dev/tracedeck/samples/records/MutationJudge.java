package dev.tracedeck.samples.records;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a sample read with one value changed ({@link Mutation}) gives, against what the sample gives: the verdict
 * {@value #NOT_READ} (nothing read differently: the importer does not read the value, or keeps it as written),
 * {@value #MALFORMED} (the record the value is in is a malformed record, and nothing else changed for the worse) or
 * {@value #REFUSED} (the file is refused, which its reader hears); anything else says what went wrong.
 */
final class MutationJudge {

    static final String NOT_READ = "not read";
    static final String MALFORMED = "malformed";
    static final String REFUSED = "refused";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Importers importers = Importers.standard();
    private final String name;
    private final Trace before;
    private final Summary was;

    /** @param name the sample's file name, which the importers are told (its extension can matter) */
    MutationJudge(String name, String text) throws ImportException {
        this.name = name;
        this.before = read(text);
        this.was = new Summary(before);
    }

    String format() {
        return before.format();
    }

    String judge(Mutation m) {
        String mutated = m.text();
        Trace after;
        try {
            after = read(mutated);
        } catch (ImportException e) {
            return REFUSED;
        }
        Summary now = new Summary(after);
        int[] linesBefore = m.recordLinesBefore();
        int[] linesAfter = m.recordLinesAfter(mutated);
        List<String> wrong = new ArrayList<>();
        if (!after.format().equals(before.format())) {
            wrong.add("read as " + after.format());
        }
        if (now.other > was.other) {
            wrong.add("became other");
        }
        if (newThreadOfRecords(after)) {
            wrong.add("a new thread");
        }
        boolean reported = now.malformed > was.malformed;
        if (reported && malformedWithin(after, linesAfter) <= malformedWithin(before, linesBefore)) {
            wrong.add("malformed elsewhere than lines " + linesAfter[0] + "-" + linesAfter[1] + " ("
                    + after.events().stream().filter(e -> e.kind() == EventKind.MALFORMED)
                            .map(e -> e.firstLine() + "-" + e.lastLine() + ": " + e.summary()).toList() + ")");
        }
        if (!reported) {
            if (now.records < was.records) {
                wrong.add("records gone (" + was.records + " -> " + now.records + ")");
            } else if (!now.signatures.equals(was.signatures) && !keptAsWritten(m, now) && !copyAgain(m, now)) {
                List<String> gone = difference(was.signatures, now.signatures);
                List<String> came = difference(now.signatures, was.signatures);
                wrong.add("read silently as something else (" + cut(gone.isEmpty() ? "" : gone.get(0)) + " -> "
                        + cut(came.isEmpty() ? "" : came.get(0)) + ")");
            }
        }
        if (wrong.isEmpty()) {
            return reported ? MALFORMED : NOT_READ;
        }
        boolean unparsed = new Validator(RuleConfig.DEFAULT).validate(after).findings().stream()
                .anyMatch(f -> f.ruleId().equals("unparsed-records"));
        return String.join(", ", wrong) + (unparsed ? "" : "; validate: no unparsed-records");
    }

    private Trace read(String text) throws ImportException {
        return importers.read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }

    /**
     * Whether the change made a thread the sample does not have whose records no malformed record among them explains.
     * A record that broke may be a thread of its own where every record is one (a file of conversations, a line each);
     * and where the record that named a thread broke (a rollout's session line), what follows it goes to the thread a
     * file that names none has, which then holds the broken record too.
     */
    private boolean newThreadOfRecords(Trace after) {
        Set<String> had = new HashSet<>();
        before.events().forEach(e -> had.add(e.threadId()));
        Set<String> withRecords = new HashSet<>();
        Set<String> explained = new HashSet<>();
        for (Event e : after.events()) {
            if (!had.contains(e.threadId())) {
                (e.kind() == EventKind.MALFORMED ? explained : withRecords).add(e.threadId());
            }
        }
        withRecords.removeAll(explained);
        return !withRecords.isEmpty();
    }

    /**
     * Whether the read holds the new value as written where it held the old one (a tool call's arguments, kept as
     * their JSON): data the format leaves to its writer, not a field the importer reads.
     */
    private boolean keptAsWritten(Mutation m, Summary now) {
        String raw = m.raw();
        List<String> olds = List.of(raw, compact(raw));
        String replacement = m.changedTo().replace(" ", "");
        List<String> removed = difference(was.signatures, now.signatures);
        List<String> added = new ArrayList<>(difference(now.signatures, was.signatures));
        if (removed.size() != added.size()) {
            return false;
        }
        for (String r : removed) {
            boolean matched = false;
            for (String old : olds) {
                for (int at = r.indexOf(old); at >= 0 && !matched; at = r.indexOf(old, at + 1)) {
                    String candidate = r.substring(0, at) + replacement + r.substring(at + old.length());
                    matched = added.remove(candidate) || added.remove(candidate.replace(replacement, m.changedTo()));
                }
            }
            if (!matched) {
                return false;
            }
        }
        return true;
    }

    private static String cut(String s) {
        return s.length() > 160 ? s.substring(0, 160) + "…" : s;
    }

    /** The signatures {@code a} has more often than {@code b}, each as often as it has more. */
    private static List<String> difference(Map<String, Integer> a, Map<String, Integer> b) {
        List<String> out = new ArrayList<>();
        a.forEach((sig, n) -> {
            for (int i = b.getOrDefault(sig, 0); i < n; i++) {
                out.add(sig);
            }
        });
        return out;
    }

    /**
     * Whether the read only holds a record it held already once more: a history that repeats its messages in each
     * checkpoint (LangGraph's) reads a message changed in one checkpoint as a message again, which it is.
     */
    private boolean copyAgain(Mutation m, Summary now) {
        if (!difference(was.signatures, now.signatures).isEmpty()) {
            return false;
        }
        String raw = m.raw();
        String replacement = m.changedTo().replace(" ", "");
        for (String added : difference(now.signatures, was.signatures)) {
            // Held again as it is, or as written with the new value where the old one was.
            boolean copy = was.signatures.containsKey(added) || was.signatures.containsKey(added.replace(replacement, raw))
                    || was.signatures.containsKey(added.replace(replacement, compact(raw)));
            if (!copy) {
                return false;
            }
        }
        return true;
    }

    private static String compact(String json) {
        try {
            return MAPPER.writeValueAsString(MAPPER.readTree(json));
        } catch (IOException e) {
            return json;
        }
    }

    private static int malformedWithin(Trace trace, int[] lines) {
        int n = 0;
        for (Event e : trace.events()) {
            if (e.kind() == EventKind.MALFORMED && e.firstLine() <= lines[1] && e.lastLine() >= lines[0]) {
                n++;
            }
        }
        return n;
    }

    /** What a read gave, in the terms the verdicts compare. */
    private static final class Summary {
        final long other;
        final long malformed;
        final long records;
        /** Every record that is neither malformed nor other, by what it says (not where it is, nor its text). */
        final Map<String, Integer> signatures = new HashMap<>();

        Summary(Trace trace) {
            long o = 0;
            long bad = 0;
            for (Event e : trace.events()) {
                if (e.kind() == EventKind.OTHER) {
                    o++;
                } else if (e.kind() == EventKind.MALFORMED) {
                    bad++;
                } else {
                    signatures.merge(signature(e), 1, Integer::sum);
                }
            }
            other = o;
            malformed = bad;
            records = trace.events().size();
        }
    }

    /** A record by its kind, keyword, thread and what it says: a message's parts, a JSON record's name. */
    private static String signature(Event e) {
        String what;
        if (e.payload() instanceof Payload.ConversationMessage cm) {
            what = message(cm.message());
        } else if (e.payload() instanceof Payload.JsonRecord r) {
            what = r.eventName() + " " + r.kind();
        } else if (e.payload() instanceof Payload.StateDump dump) {
            // What the dump holds, not what changed since the last: a history's checkpoints repeat each message, so a
            // message changed in one checkpoint reads as changed there, which is true, not a misreading.
            what = "state " + dump.snapshot().entries().stream().map(en -> en.type() + "/" + en.role() + "/"
                    + en.toolCallIds() + "/" + en.toolCallId() + "/" + en.content()).toList();
        } else {
            what = e.summary();
        }
        return e.kind() + " " + e.keyword() + " [" + e.threadId() + "] " + what;
    }

    private static String message(Message m) {
        StringBuilder s = new StringBuilder(m.role()).append('|').append(m.name()).append('|').append(m.toolCallId())
                .append('|').append(m.content());
        for (ToolCall c : m.toolCalls()) {
            s.append('|').append(c.id()).append(' ').append(c.name()).append(' ').append(c.rawArguments());
        }
        return s.toString();
    }
}
