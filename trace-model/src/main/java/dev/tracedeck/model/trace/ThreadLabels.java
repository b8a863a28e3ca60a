package dev.tracedeck.model.trace;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Short labels for a trace's thread ids: for each id the shortest label that still tells it apart from every
 * other id of the same trace, so that every view can show threads the same way.
 *
 * <p>A Mycelian id is {@code {memory_id}:s{session}}; many threads share a memory id and many memory ids are
 * UUIDs. The session suffix is always kept; the memory id is cut like git cuts a hash: its first
 * {@value #MIN_PREFIX} characters ({@code 3f2b9c1e:s2}), more when another memory id starts the same way. An
 * id (or memory id) of at most {@value #MAX_WHOLE} characters is shown whole. When ids share a long start
 * ({@code longmemeval-q001…}, {@code longmemeval-q002…}) the label is "…" and the {@value #MIN_PREFIX}
 * characters that end where they differ. The empty id (events of the whole run) is {@code (run)}.
 *
 * <p>Invariant: distinct ids get distinct labels (an id spelled "(run)" aside); where a cut would make two
 * labels equal, both show the full id. Lengths count code points.
 */
public final class ThreadLabels {

    /** The label of the empty id: events that belong to the whole run. */
    public static final String RUN = "(run)";
    static final int MIN_PREFIX = 8;
    static final int MAX_WHOLE = 12;
    /** A unique prefix longer than this reads worse than "…" and the part where the ids differ. */
    static final int MAX_PREFIX = 16;

    /**
     * Where the session suffix ({@code :s} and digits, ending the id, after at least one character of memory id that
     * holds no line break) starts in {@code id}, or -1 when it has none: what {@code ^(.+)(:s\d+)$} splits, without a
     * regular expression, whose backtracking over every character of every id was most of labelling a big file.
     */
    static int sessionStart(String id) {
        int digits = id.length();
        while (digits > 0 && id.charAt(digits - 1) >= '0' && id.charAt(digits - 1) <= '9') {
            digits--;
        }
        int start = digits - 2;
        if (digits == id.length() || start < 1 || id.charAt(start) != ':' || id.charAt(start + 1) != 's') {
            return -1;
        }
        for (int i = 0; i < start; i++) {
            if (isLineBreak(id.charAt(i))) {
                return -1;
            }
        }
        return start;
    }

    /** The characters a regular expression's {@code .} does not match (without DOTALL or UNIX_LINES). */
    private static boolean isLineBreak(char c) {
        return c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029';
    }

    /** The id's memory id: all of it but its session suffix, if any. */
    static String base(String id) {
        int session = sessionStart(id);
        return session < 0 ? id : id.substring(0, session);
    }

    /** The id's session suffix ({@code :s2}), or "". */
    static String session(String id) {
        int session = sessionStart(id);
        return session < 0 ? "" : id.substring(session);
    }

    private final Map<String, String> labels;

    /** @param labels by id; {@link GrowingThreadLabels} hands its own, which it keeps up as ids come in */
    ThreadLabels(Map<String, String> labels) {
        this.labels = labels;
    }

    public static ThreadLabels of(Trace trace) {
        return of(trace.threads().stream().map(TraceThread::id).toList());
    }

    /** Labels for these ids (duplicates are ignored). */
    public static ThreadLabels of(Collection<String> ids) {
        Set<String> distinct = new LinkedHashSet<>(ids);
        Map<String, String> bases = new HashMap<>();
        Map<String, String> sessions = new HashMap<>();
        for (String id : distinct) {
            int session = sessionStart(id);
            bases.put(id, session < 0 ? id : id.substring(0, session));
            sessions.put(id, session < 0 ? "" : id.substring(session));
        }
        Map<String, String> baseLabels = baseLabels(new TreeSet<>(bases.values()));
        Map<String, String> labels = new HashMap<>();
        for (String id : distinct) {
            labels.put(id, id.isEmpty() ? RUN : baseLabels.get(bases.get(id)) + sessions.get(id));
        }
        return new ThreadLabels(unique(labels));
    }

    /** The label of {@code id}; an id the trace does not have is shown whole ("(run)" for ""). */
    public String label(String id) {
        String label = labels.get(id);
        return label != null ? label : id.isEmpty() ? RUN : id;
    }

    /** The longest label (in code points), for sizing a column; "" when there are no threads. */
    public String longestLabel() {
        return labels.values().stream().max(Comparator.comparingInt(l -> l.codePointCount(0, l.length()))).orElse("");
    }

    /** How many threads are labelled. */
    public int size() {
        return labels.size();
    }

    /** The full id for tooltips and detail: the id itself, or "(run)" for "". */
    public static String full(String id) {
        return id.isEmpty() ? RUN : id;
    }

    /** Neighbours in sorted order share the longest prefixes, so each base only needs comparing with two. */
    private static Map<String, String> baseLabels(TreeSet<String> sorted) {
        List<String> bases = new ArrayList<>(sorted);
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i < bases.size(); i++) {
            String base = bases.get(i);
            int shared = 0;
            if (i > 0) {
                shared = commonPrefix(base, bases.get(i - 1));
            }
            if (i + 1 < bases.size()) {
                shared = Math.max(shared, commonPrefix(base, bases.get(i + 1)));
            }
            out.put(base, cut(base, shared));
        }
        return out;
    }

    /** @param shared code points {@code base} shares with the base most like it */
    static String cut(String base, int shared) {
        int length = base.codePointCount(0, base.length());
        if (length <= MAX_WHOLE) {
            return base;
        }
        int end = Math.max(MIN_PREFIX, shared + 1);
        // A cut right after a separator ("3f2b9c1e-") reads as a typo; take the character after it too.
        if (end < length && !Character.isLetterOrDigit(base.codePointAt(base.offsetByCodePoints(0, end - 1)))) {
            end++;
        }
        if (end >= length - 1) {
            return base;
        }
        if (end <= MAX_PREFIX) {
            return base.substring(0, base.offsetByCodePoints(0, end));
        }
        int from = end - MIN_PREFIX;
        return "…" + base.substring(base.offsetByCodePoints(0, from), base.offsetByCodePoints(0, end));
    }

    static int commonPrefix(String a, String b) {
        int i = 0;
        int points = 0;
        while (i < a.length() && i < b.length()) {
            int ca = a.codePointAt(i);
            if (ca != b.codePointAt(i)) {
                break;
            }
            i += Character.charCount(ca);
            points++;
        }
        return points;
    }

    /**
     * Where cuts collide (a window "…" label equal to another, an id equal to another's label), those ids show
     * whole. Ids are distinct, so this ends: each round turns at least one label into its id.
     */
    static Map<String, String> unique(Map<String, String> labels) {
        while (true) {
            Map<String, List<String>> byLabel = new HashMap<>();
            labels.forEach((id, label) -> byLabel.computeIfAbsent(label, l -> new ArrayList<>()).add(id));
            Set<String> clashing = new HashSet<>();
            byLabel.values().stream().filter(ids -> ids.size() > 1).forEach(clashing::addAll);
            clashing.removeIf(id -> labels.get(id).equals(full(id)));
            if (clashing.isEmpty()) {
                return Map.copyOf(labels);
            }
            clashing.forEach(id -> labels.put(id, full(id)));
        }
    }
}
