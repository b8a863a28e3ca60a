package dev.tracedeck.workspace;

import java.sql.SQLException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A search query the full-text index can't read, said as what is wrong with the query ("bad query 'tools:(': it ends
 * where more was expected …") rather than as SQLite puts it ("SQL error or missing database (fts5: syntax error near
 * "")"): nothing is wrong with the workspace.
 */
public final class SearchQueryException extends WorkspaceException {

    private static final long serialVersionUID = 1L;

    /** SQLite's reason, in the parentheses that end the driver's message, when it is about the query. */
    private static final Pattern REASON = Pattern.compile("\\((fts5: .*|unterminated string|no such column: .*)\\)\\s*$");
    private static final Pattern NEAR = Pattern.compile("fts5: syntax error near \"(.*)\"");

    SearchQueryException(String query, String problem, SQLException cause) {
        super("bad query '" + query + "': " + problem, cause);
    }

    /** What is wrong with the query, when {@code e} is SQLite refusing it rather than failing to read the workspace. */
    static Optional<String> problem(SQLException e) {
        Matcher reason = REASON.matcher(String.valueOf(e.getMessage()));
        if (!reason.find()) {
            return Optional.empty();
        }
        String sqlite = reason.group(1);
        Matcher near = NEAR.matcher(sqlite);
        if (near.matches()) {
            return Optional.of(near.group(1).isEmpty()
                    ? "it ends where more was expected (a bracket not closed, or AND, OR or NOT with nothing after it)"
                    : "it can't be read at '" + near.group(1) + "' (a bracket, AND, OR or NOT out of place; put words with "
                            + "punctuation in double quotes)");
        }
        if (sqlite.equals("unterminated string")) {
            return Optional.of("a double quote is not closed");
        }
        if (sqlite.startsWith("no such column: ")) {
            return Optional.of(sqlite.substring("no such column: ".length()) + ": is not a field; the fields are content:, tools: and args:");
        }
        return Optional.of(sqlite.substring("fts5: ".length()));
    }
}
