package dev.tracedeck.cli.mcp;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Holds the end of the client's input back until every request read has been answered. The SDK's stdio transport
 * stops writing the moment its input ends, so a client that writes its requests and closes its end (a shell pipe,
 * {@code printf ... | tracedeck mcp}) would lose the answers still being worked out. Requests are counted as they are
 * read (lines with a method and an id), answers as they are flushed to the client (lines with an id and no method).
 */
final class AnsweredBeforeEnd {

    private static final JsonFactory JSON = new JsonFactory();
    /** A line longer than this is not looked at: the transport refuses a message that long anyway. */
    private static final int LONGEST_LOOKED_AT = 4 << 20;

    private final Object lock = new Object();
    private long asked;
    private long answered;
    private boolean broken;

    /** {@code in}, whose end waits for the answers. */
    InputStream input(InputStream in) {
        return new InputStream() {
            private final ByteArrayOutputStream line = new ByteArrayOutputStream();

            @Override
            public int read() throws IOException {
                int b = in.read();
                if (b == -1) {
                    count(line);
                    awaitAnswers();
                    return -1;
                }
                see(b);
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = in.read(buffer, offset, length);
                if (n == -1) {
                    count(line);
                    awaitAnswers();
                    return -1;
                }
                for (int i = 0; i < n; i++) {
                    see(buffer[offset + i]);
                }
                return n;
            }

            private void see(int b) {
                if (b == '\n') {
                    count(line);
                } else if (line.size() <= LONGEST_LOOKED_AT) {
                    line.write(b);
                }
            }

            private void count(ByteArrayOutputStream done) {
                if (isRequest(done.toByteArray())) {
                    synchronized (lock) {
                        asked++;
                    }
                }
                done.reset();
            }
        };
    }

    /** {@code out}, whose answers are counted. */
    OutputStream output(OutputStream out) {
        return new FilterOutputStream(out) {
            private final ByteArrayOutputStream line = new ByteArrayOutputStream();

            @Override
            public void write(int b) throws IOException {
                try {
                    out.write(b);
                } catch (IOException e) {
                    gone();
                    throw e;
                }
                see(b);
            }

            @Override
            public void write(byte[] buffer, int offset, int length) throws IOException {
                try {
                    out.write(buffer, offset, length);
                } catch (IOException e) {
                    gone();
                    throw e;
                }
                for (int i = 0; i < length; i++) {
                    see(buffer[offset + i]);
                }
            }

            /** Answers whose line is written but not yet flushed: counted once they reach the client. */
            private int unflushed;

            @Override
            public void flush() throws IOException {
                try {
                    out.flush();
                } catch (IOException e) {
                    gone();
                    throw e;
                }
                if (unflushed > 0) {
                    synchronized (lock) {
                        answered += unflushed;
                        lock.notifyAll();
                    }
                    unflushed = 0;
                }
            }

            private void see(int b) {
                if (b != '\n') {
                    line.write(b); // an answer the transport made whole in memory already
                    return;
                }
                if (isAnswer(line.toByteArray())) {
                    unflushed++;
                }
                line.reset();
            }
        };
    }

    /** The client no longer reads: no answer is waited for. */
    private void gone() {
        synchronized (lock) {
            broken = true;
            lock.notifyAll();
        }
    }

    private void awaitAnswers() {
        synchronized (lock) {
            while (answered < asked && !broken) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static boolean isRequest(byte[] line) {
        int fields = fields(line);
        return (fields & METHOD) != 0 && (fields & ID) != 0;
    }

    private static boolean isAnswer(byte[] line) {
        int fields = fields(line);
        return (fields & METHOD) == 0 && (fields & ID) != 0;
    }

    private static final int METHOD = 1;
    private static final int ID = 2;

    /** Which of method and id the JSON object on {@code line} has; 0 for anything else. Its values are skipped. */
    private static int fields(byte[] line) {
        if (line.length == 0) {
            return 0;
        }
        try (JsonParser json = JSON.createParser(line)) {
            if (json.nextToken() != JsonToken.START_OBJECT) {
                return 0;
            }
            int fields = 0;
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String name = json.currentName();
                json.nextToken();
                json.skipChildren();
                fields |= name.equals("method") ? METHOD : name.equals("id") ? ID : 0;
            }
            return fields;
        } catch (IOException e) {
            return 0; // not JSON: the transport says what is wrong with it
        }
    }
}
