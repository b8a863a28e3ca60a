package dev.tracedeck.workspace;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where a workspace lives: an SQLite file, or a PostgreSQL database shared by many users
 * ({@code postgresql://host[:port]/db}, {@code postgresql:///?service=name}). A server's address never carries a
 * password: one written into it is refused, and nothing said shows it; the password comes from where libpq and pgjdbc
 * look for one (PGPASSWORD, ~/.pgpass or PGPASSFILE, a service file).
 */
public final class WorkspaceAddress {

    private final Path file;
    private final String host;
    private final int port;
    private final String database;
    private final Map<String, String> parameters;

    private WorkspaceAddress(Path file, String host, int port, String database, Map<String, String> parameters) {
        this.file = file;
        this.host = host;
        this.port = port;
        this.database = database;
        this.parameters = parameters;
    }

    public static WorkspaceAddress file(Path file) {
        return new WorkspaceAddress(file, null, -1, null, Map.of());
    }

    /** True for what {@link #parse} reads as a server: a {@code postgresql:} or {@code postgres:} URL. */
    public static boolean isServerUrl(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        return lower.startsWith("postgresql:") || lower.startsWith("postgres:");
    }

    /**
     * A PostgreSQL URL as a server's address, anything else as a file. A URL with a password (in its user part, or a
     * {@code password} parameter) is refused with a message that does not repeat it.
     */
    public static WorkspaceAddress parse(String text) throws WorkspaceException {
        if (!isServerUrl(text)) {
            return file(Path.of(text));
        }
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new WorkspaceException(redact(text) + ": not a PostgreSQL URL (postgresql://host[:port]/database)");
        }
        String userInfo = uri.getRawUserInfo();
        Map<String, String> parameters = query(uri.getRawQuery());
        if (userInfo != null && userInfo.contains(":") || parameters.containsKey("password")) {
            throw new WorkspaceException(redact(text) + ": a workspace URL must not carry a password; put it in PGPASSWORD, "
                    + "~/.pgpass (or PGPASSFILE) or a service file");
        }
        if (userInfo != null && !userInfo.isEmpty()) {
            parameters.putIfAbsent("user", decode(userInfo));
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        String database = path.startsWith("/") ? decode(path.substring(1)) : decode(path);
        String host = uri.getHost() == null ? "" : uri.getHost();
        return new WorkspaceAddress(null, host, uri.getPort(), database, parameters);
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> parameters = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return parameters;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String key = decode(eq < 0 ? pair : pair.substring(0, eq)).toLowerCase(Locale.ROOT);
            parameters.put(key, eq < 0 ? "" : decode(pair.substring(eq + 1)));
        }
        return parameters;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /** {@code text} with whatever may be a password taken out: the user part's secret and a password parameter. */
    public static String redact(String text) {
        return text.replaceAll("(?i)(//[^/@:?#]*):[^@/?#]*@", "$1:***@").replaceAll("(?i)(password=)[^&#]*", "$1***");
    }

    public boolean isServer() {
        return file == null;
    }

    /** The SQLite file; only for a file's address. */
    public Path filePath() {
        if (file == null) {
            throw new IllegalStateException(this + " is a server, not a file");
        }
        return file;
    }

    /**
     * The pgjdbc URL: host, port and database as given, the other parameters after them, and a service from
     * PGSERVICE when the address names neither a host nor a service.
     */
    public String jdbcUrl(Map<String, String> env) {
        Map<String, String> all = new LinkedHashMap<>(parameters);
        if (host.isEmpty() && !all.containsKey("service") && env.get("PGSERVICE") != null && !env.get("PGSERVICE").isBlank()) {
            all.put("service", env.get("PGSERVICE"));
        }
        StringBuilder url = new StringBuilder("jdbc:postgresql://").append(host);
        if (port > 0) {
            url.append(':').append(port);
        }
        url.append('/').append(database);
        char separator = '?';
        for (Map.Entry<String, String> p : all.entrySet()) {
            url.append(separator).append(p.getKey()).append('=')
                    .append(java.net.URLEncoder.encode(p.getValue(), StandardCharsets.UTF_8));
            separator = '&';
        }
        return url.toString();
    }

    public Optional<String> service() {
        return Optional.ofNullable(parameters.get("service"));
    }

    /** How messages name it: the file, or the server's URL (which holds no password). */
    @Override
    public String toString() {
        if (file != null) {
            return file.toString();
        }
        StringBuilder s = new StringBuilder("postgresql://");
        if (parameters.containsKey("user")) {
            s.append(parameters.get("user")).append('@');
        }
        s.append(host);
        if (port > 0) {
            s.append(':').append(port);
        }
        s.append('/').append(database);
        parameters.entrySet().stream().filter(e -> !e.getKey().equals("user")).findFirst()
                .ifPresent(e -> s.append('?').append(e.getKey()).append('=').append(e.getValue()));
        return s.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WorkspaceAddress a && toString().equals(a.toString()) && isServer() == a.isServer()
                && parameters.equals(a.parameters);
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }
}
