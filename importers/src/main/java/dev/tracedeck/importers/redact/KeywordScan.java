package dev.tracedeck.importers.redact;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Which rules a text is worth trying: those without keywords, and those with a keyword the text holds, in any case.
 * One pass over the text whatever the number of keywords (an Aho-Corasick automaton over the ASCII keywords, as a
 * table of 128 next states per state), so two hundred rules cost a text one scan, not two hundred.
 */
final class KeywordScan {

    private static final int ASCII = 128;

    private final int rules;
    private final BitSet always = new BitSet();
    /** next[state][c]: the state after reading the lower-case ASCII character c. */
    private final int[][] next;
    /** The rules whose keyword ends at each state (its own and those of its suffixes). */
    private final BitSet[] found;

    KeywordScan(List<RedactionRule> ruleList) {
        rules = ruleList.size();
        List<int[]> edges = new ArrayList<>();
        List<BitSet> outputs = new ArrayList<>();
        edges.add(new int[ASCII]);
        outputs.add(new BitSet());
        for (int r = 0; r < rules; r++) {
            List<String> keywords = ruleList.get(r).keywords();
            if (keywords.isEmpty() || keywords.stream().anyMatch(k -> k.isEmpty() || !k.chars().allMatch(c -> c < ASCII))) {
                always.set(r);
                continue;
            }
            for (String k : keywords) {
                int state = 0;
                for (int i = 0; i < k.length(); i++) {
                    int c = k.charAt(i);
                    if (edges.get(state)[c] == 0) {
                        edges.add(new int[ASCII]);
                        outputs.add(new BitSet());
                        edges.get(state)[c] = edges.size() - 1;
                    }
                    state = edges.get(state)[c];
                }
                outputs.get(state).set(r);
            }
        }
        next = edges.toArray(new int[0][]);
        found = outputs.toArray(new BitSet[0]);
        // Breadth first, each state's missing edges follow its failure state's, and it reports what that one reports.
        int[] fail = new int[next.length];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int c = 0; c < ASCII; c++) {
            if (next[0][c] != 0) {
                queue.add(next[0][c]);
            }
        }
        while (!queue.isEmpty()) {
            int s = queue.poll();
            found[s].or(found[fail[s]]);
            for (int c = 0; c < ASCII; c++) {
                int t = next[s][c];
                if (t != 0) {
                    fail[t] = next[fail[s]][c];
                    queue.add(t);
                } else {
                    next[s][c] = next[fail[s]][c];
                }
            }
        }
    }

    /** The rules to try on {@code text}. */
    BitSet rulesFor(CharSequence text) {
        BitSet tried = (BitSet) always.clone();
        if (next.length == 1) {
            return tried;
        }
        int state = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                c = (char) (c + ('a' - 'A'));
            }
            state = c < ASCII ? next[state][c] : 0;
            if (!found[state].isEmpty()) {
                tried.or(found[state]);
            }
        }
        return tried;
    }
}
