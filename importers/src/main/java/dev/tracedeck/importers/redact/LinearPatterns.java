package dev.tracedeck.importers.redact;

/**
 * Tells whether a regular expression can backtrack without bound: an unbounded greedy or lazy quantifier
 * ({@code *}, {@code +}, {@code {n,}}) that is not possessive, or a back-reference. With every quantifier bounded, a
 * match attempt at one place costs at most the product of the bounds, so a scan stays linear in the text; a pattern
 * such as {@code (a+)+b} on a long line of {@code a}s would not end.
 */
final class LinearPatterns {

    private LinearPatterns() {
    }

    /** What makes {@code regex} unbounded, as a sentence naming the place; null when nothing does. */
    static String problem(String regex) {
        int i = 0;
        boolean afterAtom = false;
        while (i < regex.length()) {
            char c = regex.charAt(i);
            if (c == '\\') {
                if (i + 1 < regex.length()) {
                    char next = regex.charAt(i + 1);
                    if (Character.isDigit(next) && next != '0' || next == 'k') {
                        return "the back-reference at character " + (i + 1) + " can backtrack without bound";
                    }
                    if (next == 'Q') {
                        int end = regex.indexOf("\\E", i + 2);
                        i = end < 0 ? regex.length() : end + 2;
                        afterAtom = true;
                        continue;
                    }
                }
                i += 2;
                afterAtom = true;
            } else if (c == '[') {
                i = classEnd(regex, i);
                afterAtom = true;
            } else if (c == '(') {
                i++;
                if (i < regex.length() && regex.charAt(i) == '?') {
                    // A group's flags or name, not a quantifier: (?:, (?=, (?<!, (?<name>
                    i++;
                    if (i < regex.length() && regex.charAt(i) == '<' && i + 1 < regex.length()
                            && Character.isLetter(regex.charAt(i + 1))) {
                        i = regex.indexOf('>', i) + 1;
                    } else {
                        while (i < regex.length() && "<=!:>".indexOf(regex.charAt(i)) >= 0) {
                            i++;
                        }
                    }
                }
                afterAtom = false;
            } else if (c == '*' || c == '+') {
                if (!afterAtom) {
                    i++;
                    continue;
                }
                if (i + 1 < regex.length() && regex.charAt(i + 1) == '+') {
                    i += 2;
                } else {
                    return "the quantifier '" + c + "' at character " + (i + 1) + " is unbounded; write {0,N} or make "
                            + "it possessive ('" + c + "+')";
                }
                afterAtom = false;
            } else if (c == '{' && afterAtom) {
                int close = regex.indexOf('}', i);
                if (close < 0) {
                    return "the quantifier at character " + (i + 1) + " is not closed";
                }
                String inside = regex.substring(i + 1, close);
                boolean possessive = close + 1 < regex.length() && regex.charAt(close + 1) == '+';
                if (inside.endsWith(",") && !possessive) {
                    return "the quantifier '{" + inside + "}' at character " + (i + 1) + " is unbounded; write {"
                            + inside + "N} or make it possessive ('{" + inside + "}+')";
                }
                i = close + (possessive ? 2 : 1);
                afterAtom = false;
            } else if (c == '?') {
                // A bounded quantifier, or the lazy mark after one.
                i++;
                afterAtom = false;
            } else {
                i++;
                afterAtom = c != '|' && c != '^';
            }
        }
        return null;
    }

    /**
     * What makes {@code regex} exponential even on a short text, as a sentence; null when nothing does: a
     * back-reference, or a repeated group that holds an unbounded quantifier ({@code (a+)+}). An allowlist's pattern,
     * tried only on one found value of at most a kilobyte, may have unbounded quantifiers but not these.
     */
    static String nestedProblem(String regex) {
        java.util.ArrayDeque<boolean[]> groups = new java.util.ArrayDeque<>();
        boolean closedUnbounded = false;
        int i = 0;
        while (i < regex.length()) {
            char c = regex.charAt(i);
            boolean closed = false;
            if (c == '\\') {
                if (i + 1 < regex.length() && (Character.isDigit(regex.charAt(i + 1)) && regex.charAt(i + 1) != '0'
                        || regex.charAt(i + 1) == 'k')) {
                    return "the back-reference at character " + (i + 1) + " can backtrack without bound";
                }
                i += 2;
            } else if (c == '[') {
                i = classEnd(regex, i);
            } else if (c == '(') {
                groups.push(new boolean[1]);
                i++;
            } else if (c == ')') {
                boolean[] g = groups.isEmpty() ? new boolean[1] : groups.pop();
                closedUnbounded = g[0];
                if (g[0] && !groups.isEmpty()) {
                    groups.peek()[0] = true;
                }
                closed = true;
                i++;
            } else if (c == '*' || c == '+' || c == '{') {
                int end = c == '{' ? regex.indexOf('}', i) : i;
                boolean unbounded = c != '{' || end > 0 && regex.substring(i, end).endsWith(",");
                if (closedUnbounded && (unbounded || c == '{')) {
                    return "the repeated group before character " + (i + 1) + " holds an unbounded quantifier";
                }
                if (unbounded && !groups.isEmpty()) {
                    groups.peek()[0] = true;
                }
                i = end < 0 ? regex.length() : end + 1;
            } else {
                i++;
            }
            if (!closed) {
                closedUnbounded = false;
            }
        }
        return null;
    }

    /** The index after the character class that opens at {@code start}, nested classes and escapes included. */
    private static int classEnd(String regex, int start) {
        int depth = 0;
        int i = start;
        while (i < regex.length()) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i += 2;
                continue;
            }
            if (c == '[') {
                depth++;
                // A ']' right after the opening bracket (or its '^') is a member, not the end.
                if (i + 1 < regex.length() && regex.charAt(i + 1) == '^') {
                    i++;
                }
                if (i + 1 < regex.length() && regex.charAt(i + 1) == ']') {
                    i++;
                }
            } else if (c == ']') {
                depth--;
                if (depth == 0) {
                    return i + 1;
                }
            }
            i++;
        }
        return regex.length();
    }
}
