package dev.tracedeck.workspace;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationState;

/**
 * Connections to a workspace on a PostgreSQL server: one pool per server address in the process (HikariCP), its schema
 * brought up to date by Flyway once per pool, before the first connection is handed out. Flyway holds PostgreSQL's
 * advisory lock while it migrates, so users starting at once migrate it once. A database whose schema is newer than
 * this build's is refused, unchanged.
 */
final class PostgresWorkspace {

    /** Where the migrations are, on the class path. */
    static final String MIGRATIONS = "classpath:dev/tracedeck/workspace/postgresql";
    /** How long a command waits for a connection of its pool, or for the server to answer one. */
    private static final long CONNECT_TIMEOUT_MILLIS = 10_000;
    private static final Map<String, HikariDataSource> POOLS = new ConcurrentHashMap<>();

    private PostgresWorkspace() {
    }

    static Connection connect(WorkspaceAddress address) throws WorkspaceException {
        HikariDataSource pool = pool(address);
        try {
            return pool.getConnection();
        } catch (SQLException e) {
            throw new WorkspaceException(address + ": cannot open the workspace (" + new PostgresDialect("").reason(e) + ")", e);
        }
    }

    private static HikariDataSource pool(WorkspaceAddress address) throws WorkspaceException {
        String key = address.jdbcUrl(System.getenv());
        HikariDataSource known = POOLS.get(key);
        if (known != null) {
            return known;
        }
        synchronized (POOLS) {
            known = POOLS.get(key);
            if (known != null) {
                return known;
            }
            HikariDataSource pool = open(address, key);
            try {
                migrate(pool, address);
            } catch (WorkspaceException e) {
                pool.close();
                throw e;
            }
            POOLS.put(key, pool);
            return pool;
        }
    }

    private static HikariDataSource open(WorkspaceAddress address, String url) throws WorkspaceException {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setPoolName("tracedeck-workspace");
        Properties driver = new Properties();
        // PGPASSWORD as libpq reads it; ~/.pgpass (PGPASSFILE) and service files pgjdbc reads itself.
        String password = System.getenv("PGPASSWORD");
        if (password != null && !password.isEmpty()) {
            driver.setProperty("password", password);
        }
        String user = System.getenv("PGUSER");
        if (user != null && !user.isBlank() && !url.contains("user=") && address.service().isEmpty()) {
            driver.setProperty("user", user);
        }
        driver.setProperty("ApplicationName", "tracedeck");
        driver.setProperty("connectTimeout", Long.toString(CONNECT_TIMEOUT_MILLIS / 1000));
        config.setDataSourceProperties(driver);
        config.setConnectionTimeout(CONNECT_TIMEOUT_MILLIS);
        // A command holds one connection at a time; the app and a test may hold a few (a store per thread).
        config.setMaximumPoolSize(4);
        config.setMinimumIdle(0);
        // Try once: a server that is not there is said at once, not retried in the background.
        config.setInitializationFailTimeout(1);
        try {
            return new HikariDataSource(config);
        } catch (HikariPool.PoolInitializationException e) {
            SQLException cause = e.getCause() instanceof SQLException s ? s : new SQLException(e.getMessage(), "08001", e);
            throw new WorkspaceException(address + ": cannot open the workspace (" + new PostgresDialect("").reason(cause) + ")", e);
        } catch (RuntimeException e) {
            throw new WorkspaceException(address + ": cannot open the workspace (" + WorkspaceFiles.oneLine(e) + ")", e);
        }
    }

    private static void migrate(HikariDataSource pool, WorkspaceAddress address) throws WorkspaceException {
        Flyway flyway = Flyway.configure(PostgresWorkspace.class.getClassLoader())
                .dataSource(pool)
                .locations(MIGRATIONS)
                .table("tracedeck_schema_history")
                // An empty database becomes a workspace; one with other tables is another application's.
                .baselineOnMigrate(false)
                .load();
        try {
            MigrationInfo[] applied = flyway.info().applied();
            if (Arrays.stream(applied).anyMatch(m -> m.getState() == MigrationState.FUTURE_SUCCESS)) {
                String newest = applied[applied.length - 1].getVersion().toString();
                throw new WorkspaceException(address + ": workspace version " + newest + " is newer than this Tracedeck reads ("
                        + schemaVersion(flyway) + "); use a newer Tracedeck or another --workspace");
            }
            flyway.migrate();
        } catch (FlywayException e) {
            throw new WorkspaceException(address + ": cannot set up the workspace's tables (" + WorkspaceFiles.oneLine(e) + ")", e);
        }
    }

    private static String schemaVersion(Flyway flyway) {
        MigrationInfo[] all = flyway.info().all();
        String version = "0";
        for (MigrationInfo m : all) {
            if (m.getState() != MigrationState.FUTURE_SUCCESS && m.getVersion() != null) {
                version = m.getVersion().toString();
            }
        }
        return version;
    }

    /** Closes the pools this process opened (tests; a command ends with its process). */
    static void closePools() {
        synchronized (POOLS) {
            POOLS.values().forEach(HikariDataSource::close);
            POOLS.clear();
        }
    }
}
