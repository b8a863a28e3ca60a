package dev.tracedeck.workspace;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A search query in the workspace's syntax — FTS5's, as an SQLite workspace reads it: words, {@code "a phrase"},
 * {@code prefix*}, {@code AND}/{@code OR}/{@code NOT} (NOT binding tightest, then AND, then OR; words side by side
 * are ANDed), brackets, and the fields {@code content:}, {@code tools:} and {@code args:} — turned into a condition
 * on PostgreSQL's tsvectors of the three fields, so a shared workspace takes the same queries. Every word reaches SQL
 * as a bound parameter, turned into lexemes by PostgreSQL's own parser ({@code phraseto_tsquery('simple', …)}), the
 * way the index was made. A query that can't be read is refused with the words an SQLite workspace uses.
 */
final class PostgresQuery {

    static final List<String> FIELDS = List.of("content", "tools", "args");
    private static final Set<String> OPERATORS = Set.of("AND", "OR", "NOT");

    /** The condition (on {@code d.content_words}, {@code d.tools_words}, {@code d.args_words}) and its parameters. */
    record Condition(String sql, List<String> parameters, String highlight, List<String> highlightParameters) {
    }

    private final String text;
    private final List<String> tokens = new ArrayList<>();
    private int at;
    private final List<String> parameters = new ArrayList<>();
    private final List<String> leaves = new ArrayList<>();
    private final List<String> leafParameters = new ArrayList<>();

    private PostgresQuery(String text) {
        this.text = text;
    }

    /** Reads {@code query}; a {@link Problem} says what is wrong with it. */
    static Condition parse(String query) throws Problem {
        PostgresQuery q = new PostgresQuery(query);
        q.tokenize();
        if (q.tokens.isEmpty()) {
            throw new Problem("it ends where more was expected (a bracket not closed, or AND, OR or NOT with nothing after it)");
        }
        String sql = q.or(null);
        if (q.at < q.tokens.size()) {
            throw q.near(q.tokens.get(q.at));
        }
        return new Condition(sql, q.parameters, String.join(" || ", q.leaves), q.leafParameters);
    }

    /** What is wrong with a query. */
    static final class Problem extends Exception {
        private static final long serialVersionUID = 1L;

        Problem(String message) {
            super(message);
        }
    }

    private void tokenize() throws Problem {
        int i = 0;
        while (i < text.length()) {
            char ch = text.charAt(i);
            if (Character.isWhitespace(ch)) {
                i++;
            } else if (ch == '(' || ch == ')' || ch == ':' || ch == '*') {
                tokens.add(String.valueOf(ch));
                i++;
            } else if (ch == '"') {
                StringBuilder phrase = new StringBuilder("\"");
                int j = i + 1;
                while (true) {
                    if (j >= text.length()) {
                        throw new Problem("a double quote is not closed");
                    }
                    if (text.charAt(j) == '"') {
                        if (j + 1 < text.length() && text.charAt(j + 1) == '"') {
                            phrase.append('"');
                            j += 2;
                            continue;
                        }
                        break;
                    }
                    phrase.append(text.charAt(j++));
                }
                tokens.add(phrase.toString());
                i = j + 1;
            } else {
                int j = i;
                while (j < text.length() && !Character.isWhitespace(text.charAt(j)) && "()\":*".indexOf(text.charAt(j)) < 0) {
                    j++;
                }
                tokens.add(text.substring(i, j));
                i = j;
            }
        }
    }

    private String or(String field) throws Problem {
        StringBuilder sql = new StringBuilder(and(field));
        while (peekIs("OR")) {
            at++;
            sql.insert(0, "(").append(" OR ").append(and(field)).append(")");
        }
        return sql.toString();
    }

    private String and(String field) throws Problem {
        StringBuilder sql = new StringBuilder(not(field));
        while (at < tokens.size() && !peekIs("OR") && !tokens.get(at).equals(")")) {
            if (peekIs("AND")) {
                at++;
            }
            sql.insert(0, "(").append(" AND ").append(not(field)).append(")");
        }
        return sql.toString();
    }

    private String not(String field) throws Problem {
        StringBuilder sql = new StringBuilder(primary(field));
        while (peekIs("NOT")) {
            at++;
            int leavesBefore = leaves.size();
            int paramsBefore = leafParameters.size();
            String negated = primary(field);
            // What a query excludes is not marked in a snippet.
            leaves.subList(leavesBefore, leaves.size()).clear();
            leafParameters.subList(paramsBefore, leafParameters.size()).clear();
            sql.insert(0, "(").append(" AND NOT ").append(negated).append(")");
        }
        return sql.toString();
    }

    private String primary(String field) throws Problem {
        if (at >= tokens.size()) {
            throw new Problem("it ends where more was expected (a bracket not closed, or AND, OR or NOT with nothing after it)");
        }
        String token = tokens.get(at);
        if (token.equals("(")) {
            at++;
            String inner = or(field);
            if (at >= tokens.size()) {
                throw new Problem("it ends where more was expected (a bracket not closed, or AND, OR or NOT with nothing after it)");
            }
            at++;
            return inner;
        }
        if (token.equals(")") || token.equals(":") || token.equals("*") || OPERATORS.contains(token)) {
            throw near(token);
        }
        if (at + 1 < tokens.size() && tokens.get(at + 1).equals(":") && !token.startsWith("\"")) {
            String named = token.toLowerCase(Locale.ROOT);
            if (!FIELDS.contains(named)) {
                throw new Problem(token + ": is not a field; the fields are content:, tools: and args:");
            }
            at += 2;
            return primary(named);
        }
        at++;
        boolean prefix = at < tokens.size() && tokens.get(at).equals("*");
        if (prefix) {
            at++;
        }
        String words = token.startsWith("\"") ? token.substring(1) : token;
        return leaf(field, words, prefix);
    }

    /**
     * The condition for a word or phrase in {@code field} (any of them when null). A prefix is put in tsquery's own
     * syntax; its words are split as PostgreSQL's parser splits them (letters and digits), each quoted.
     */
    private String leaf(String field, String words, boolean prefix) {
        String query;
        String value;
        if (prefix) {
            List<String> parts = new ArrayList<>();
            for (String part : words.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
                if (!part.isEmpty()) {
                    parts.add("'" + part.replace("'", "''").replace("\\", "\\\\") + "'");
                }
            }
            if (!parts.isEmpty()) {
                parts.set(parts.size() - 1, parts.get(parts.size() - 1) + ":*");
            }
            query = "to_tsquery('simple', ?)";
            value = String.join(" <-> ", parts);
        } else {
            query = "phraseto_tsquery('simple', ?)";
            value = words;
        }
        leaves.add(query);
        leafParameters.add(value);
        List<String> in = field == null ? FIELDS : List.of(field);
        StringBuilder sql = new StringBuilder("(");
        for (int i = 0; i < in.size(); i++) {
            sql.append(i == 0 ? "" : " OR ").append("d.").append(in.get(i)).append("_words @@ ").append(query);
            parameters.add(value);
        }
        return sql.append(")").toString();
    }

    private boolean peekIs(String operator) {
        return at < tokens.size() && tokens.get(at).equals(operator);
    }

    private Problem near(String token) {
        return new Problem("it can't be read at '" + token + "' (a bracket, AND, OR or NOT out of place; put words with "
                + "punctuation in double quotes)");
    }
}
