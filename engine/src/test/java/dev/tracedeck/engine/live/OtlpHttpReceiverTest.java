package dev.tracedeck.engine.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The receiver as a server that clients can't stall or poison: slow and silent connections hold no sender back and
 * are closed by their deadlines; a request that leaves the OTLP schema is refused whole; a request the disk refuses
 * is answered 503 and leaves the file whole; web pages and rebound host names are refused.
 */
class OtlpHttpReceiverTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** Short deadlines, so that a test sees them pass. */
    private static final OtlpHttpReceiver.Limits QUICK = new OtlpHttpReceiver.Limits(1 << 20, 16, 2_000, 1_000, 1_500);

    @TempDir
    Path dir;

    /** What a sink was given. */
    private static final class Kept implements OtlpHttpReceiver.Sink {
        final List<ObjectNode> requests = new ArrayList<>();
        int spans;

        @Override
        public synchronized void traces(ObjectNode request, int count) {
            requests.add(request);
            spans += count;
        }

        @Override
        public synchronized void logs(ObjectNode request, int count) {
            requests.add(request);
        }
    }

    @Test
    @Timeout(30)
    void stalledConnectionsHoldNoSenderBackAndAreClosedByTheirDeadlines() throws Exception {
        Kept kept = new Kept();
        try (OtlpHttpReceiver receiver = OtlpHttpReceiver.start(loopback(), QUICK, kept)) {
            int port = receiver.address().getPort();
            // More stalled clients than the JDK server had workers: a request line and then nothing, a body that
            // stops, a socket that sends nothing at all.
            List<Socket> stalled = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                stalled.add(open(port, "POST /v1/traces HTTP/1.1\r\n"));
                stalled.add(open(port, "POST /v1/traces HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 100000\r\n\r\n{\"resou"));
                stalled.add(open(port, ""));
            }
            long start = System.nanoTime();
            String answer = exchange(port, post("localhost:" + port, "", request(span("a1", "0000000000000001"))));
            long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
            assertTrue(took < 900, "a sender waited " + took + " ms behind stalled clients");
            assertEquals(1, kept.spans);
            // Each stalled connection is closed within its deadline (head 1 s, body 1.5 s) and the sweep's half second.
            for (Socket s : stalled) {
                s.setSoTimeout(5_000);
                String got = read(s.getInputStream());
                assertTrue(got.isEmpty() || got.startsWith("HTTP/1.1 408") || got.startsWith("HTTP/1.1 400"),
                        "a stalled connection got: " + got);
                s.close();
            }
        }
    }

    @Test
    @Timeout(30)
    void aHeadSentAByteAtATimeIsCutOffAtItsDeadline() throws Exception {
        try (OtlpHttpReceiver receiver = OtlpHttpReceiver.start(loopback(), QUICK, new Kept())) {
            int port = receiver.address().getPort();
            long start = System.nanoTime();
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                OutputStream out = s.getOutputStream();
                byte[] head = ("POST /v1/traces HTTP/1.1\r\nHost: localhost\r\nX-Padding: " + "a".repeat(200)).getBytes();
                try {
                    for (byte b : head) {
                        // Each byte well within the idle timeout (2 s), the whole far beyond the head's deadline (1 s).
                        out.write(b);
                        out.flush();
                        Thread.sleep(50);
                    }
                } catch (IOException closed) {
                    // The server closed the connection: what is wanted.
                }
            }
            long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(took < 4_000, "a dripped head held its connection for " + took + " ms");
        }
    }

    @Test
    void aRequestThatLeavesTheSchemaIsRefusedWholeAndNothingOfItIsKept() throws Exception {
        Kept kept = new Kept();
        try (OtlpHttpReceiver receiver = OtlpHttpReceiver.start(loopback(), QUICK, kept)) {
            int port = receiver.address().getPort();
            String valid = MAPPER.writeValueAsString(span("a1", "0000000000000001"));
            for (String body : List.of(
                    "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[" + valid + "]},{\"spans\":{}}]}]}",
                    "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":42}]}]}",
                    "{\"resourceSpans\":42}",
                    "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"traceId\":\"5e0b6c1f8a2d4e7c9b3a1f0e2d4c6b8a\","
                            + "\"spanId\":\"0000000000000002\",\"attributes\":{\"a\":1}}]}]}]}",
                    "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"traceId\":7,\"spanId\":\"0000000000000002\"}]}]}]}",
                    "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[" + valid + ", [1,2]]}]}]}")) {
                String answer = exchange(port, post("localhost", "", body));
                assertTrue(answer.startsWith("HTTP/1.1 400"), body + " -> " + answer);
            }
            assertEquals(0, kept.requests.size(), "nothing of a refused request is kept");
            assertTrue(exchange(port, post("localhost", "", request(span("a1", "0000000000000001")))).startsWith("HTTP/1.1 200"));
            assertEquals(1, kept.spans);
        }
    }

    @Test
    void webPagesAndReboundHostNamesAreRefusedOnLoopback() throws Exception {
        Kept kept = new Kept();
        try (OtlpHttpReceiver receiver = OtlpHttpReceiver.start(loopback(), QUICK, kept)) {
            int port = receiver.address().getPort();
            String body = request(span("a1", "0000000000000001"));
            assertTrue(exchange(port, post("attacker.example:" + port, "", body)).startsWith("HTTP/1.1 403"));
            assertTrue(exchange(port, post("localhost:" + port, "Origin: http://attacker.example\r\n", body))
                    .startsWith("HTTP/1.1 403"));
            for (String host : List.of("localhost", "localhost:" + port, "127.0.0.1:" + port, "[::1]:" + port, "LOCALHOST.")) {
                assertTrue(exchange(port, post(host, "", body)).startsWith("HTTP/1.1 200"), host);
            }
            assertEquals(5, kept.spans);
        }
    }

    @Test
    @Timeout(30)
    void anAnswerGivenBeforeTheBodyIsReadSaysTheConnectionCloses() throws Exception {
        try (OtlpHttpReceiver receiver = OtlpHttpReceiver.start(loopback(), QUICK, new Kept())) {
            int port = receiver.address().getPort();
            String body = request(span("a1", "0000000000000001"));
            String host = "127.0.0.1:" + port;
            // Sent as a client that keeps its connections: each refusal leaves the body unread, so the connection
            // can't carry the next request, and a client must hear that rather than find it closed.
            for (String refused : List.of(
                    keptAlive("POST /v1/metrics", host, "application/json", body),
                    keptAlive("POST /v1/traces", host, "text/plain", body),
                    keptAlive("POST /v1/traces", "attacker.example", "application/json", body),
                    keptAlive("PUT /v1/traces", host, "application/json", body))) {
                String answer = exchange(port, refused);
                assertTrue(answer.matches("(?s)HTTP/1.1 4\\d\\d .*") && answer.toLowerCase().contains("\r\nconnection: close\r\n"),
                        answer);
            }
            // A body read whole leaves the connection open for the next request.
            try (Socket s = open(port, keptAlive("POST /v1/traces", host, "application/json", body))) {
                s.setSoTimeout(10_000);
                String head = readHead(s.getInputStream());
                assertTrue(head.startsWith("HTTP/1.1 200") && !head.toLowerCase().contains("connection: close"), head);
            }
        }
    }

    @Test
    void aReceiverOpenedToOtherMachinesTakesTheirHostNamesButNoWebPage() {
        CallerCheck open = new CallerCheck(new InetSocketAddress("0.0.0.0", 0).getAddress());
        assertTrue(open.refusal("tracedeck.internal:4318", null).isEmpty());
        assertTrue(open.refusal("tracedeck.internal:4318", "https://example.com").isPresent());
        CallerCheck loopback = new CallerCheck(InetAddress.getLoopbackAddress());
        assertTrue(loopback.refusal("127.0.0.9", null).isEmpty());
        assertTrue(loopback.refusal("127.0.0.1.attacker.example", null).isPresent());
        assertTrue(loopback.refusal("localhost.attacker.example", null).isPresent());
        assertTrue(loopback.refusal(null, null).isEmpty(), "HTTP/1.0 names no host");
    }

    @Test
    void aWriteTheDiskRefusesIsAnswered503AndTheFileStaysWhole() throws Exception {
        Path file = dir.resolve("received.jsonl");
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
        FullDisk disk = new FullDisk(channel);
        try (ReceivedFile received = new ReceivedFile(file, disk);
             OtlpHttpReceiver receiver = OtlpHttpReceiver.start(loopback(), QUICK, received)) {
            int port = receiver.address().getPort();
            assertTrue(exchange(port, post("localhost", "", request(span("a1", "0000000000000001")))).startsWith("HTTP/1.1 200"));
            long whole = received.length();
            disk.fullAfter = 20;
            String refused = exchange(port, post("localhost", "", request(span("a2", "0000000000000002"))));
            assertTrue(refused.startsWith("HTTP/1.1 503"), refused);
            assertTrue(refused.contains("Retry-After: 1"), refused);
            assertEquals(whole, received.length());
            assertEquals(whole, Files.size(file), "what the failed write left is taken back");
            disk.fullAfter = -1;
            assertTrue(exchange(port, post("localhost", "", request(span("a3", "0000000000000003")))).startsWith("HTTP/1.1 200"));
            assertEquals(2, received.requests());
        }
        List<String> lines = Files.readAllLines(file);
        assertEquals(2, lines.size());
        for (String line : lines) {
            MAPPER.readTree(line);
        }
        assertTrue(lines.get(1).contains("0000000000000003"));
    }

    /** A file channel on a disk that fills: past {@code fullAfter} more bytes a write writes part and then fails. */
    private static final class FullDisk extends FileChannel {
        private final FileChannel real;
        volatile long fullAfter = -1;

        FullDisk(FileChannel real) {
            this.real = real;
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            if (fullAfter >= 0) {
                ByteBuffer part = src.slice();
                part.limit((int) Math.min(part.remaining(), fullAfter));
                real.write(part, position);
                throw new IOException("No space left on device");
            }
            return real.write(src, position);
        }

        @Override
        public FileChannel truncate(long size) throws IOException {
            real.truncate(size);
            return this;
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            return real.read(dst);
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            return real.read(dsts, offset, length);
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            return real.write(src);
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            return real.write(srcs, offset, length);
        }

        @Override
        public long position() throws IOException {
            return real.position();
        }

        @Override
        public FileChannel position(long newPosition) throws IOException {
            real.position(newPosition);
            return this;
        }

        @Override
        public long size() throws IOException {
            return real.size();
        }

        @Override
        public void force(boolean metaData) throws IOException {
            real.force(metaData);
        }

        @Override
        public long transferTo(long position, long count, java.nio.channels.WritableByteChannel target) throws IOException {
            return real.transferTo(position, count, target);
        }

        @Override
        public long transferFrom(java.nio.channels.ReadableByteChannel src, long position, long count) throws IOException {
            return real.transferFrom(src, position, count);
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            return real.read(dst, position);
        }

        @Override
        public java.nio.MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
            return real.map(mode, position, size);
        }

        @Override
        public java.nio.channels.FileLock lock(long position, long size, boolean shared) throws IOException {
            return real.lock(position, size, shared);
        }

        @Override
        public java.nio.channels.FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return real.tryLock(position, size, shared);
        }

        @Override
        protected void implCloseChannel() throws IOException {
            real.close();
        }
    }

    private static InetSocketAddress loopback() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    }

    private static ObjectNode span(String trace, String spanId) {
        ObjectNode span = MAPPER.createObjectNode();
        span.put("traceId", "5e0b6c1f8a2d4e7c9b3a1f0e2d4c6b" + trace);
        span.put("spanId", spanId);
        span.put("name", "chat gpt-4o");
        span.put("startTimeUnixNano", "1754902800050000000");
        span.put("endTimeUnixNano", "1754902801100000000");
        return span;
    }

    private static String request(ObjectNode span) throws IOException {
        ObjectNode request = MAPPER.createObjectNode();
        request.putArray("resourceSpans").addObject().putArray("scopeSpans").addObject().putArray("spans").add(span);
        return MAPPER.writeValueAsString(request);
    }

    private static String post(String host, String headers, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return "POST /v1/traces HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\n" + headers
                + "Content-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n" + body;
    }

    private static String keptAlive(String requestLine, String host, String type, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return requestLine + " HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: " + type + "\r\nContent-Length: "
                + bytes.length + "\r\n\r\n" + body;
    }

    /** The answer's status line and headers, read up to the blank line that ends them. */
    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            head.append((char) b);
        }
        return head.toString();
    }

    private static Socket open(int port, String sent) throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
        s.getOutputStream().write(sent.getBytes(StandardCharsets.UTF_8));
        s.getOutputStream().flush();
        return s;
    }

    /** Sends a whole request on a new connection and reads the answer to its end. */
    private static String exchange(int port, String request) throws IOException {
        try (Socket s = open(port, request)) {
            s.setSoTimeout(10_000);
            return read(s.getInputStream());
        }
    }

    private static String read(InputStream in) throws IOException {
        try {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (java.net.SocketException e) {
            return "";
        }
    }
}
