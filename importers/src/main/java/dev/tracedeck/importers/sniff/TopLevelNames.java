package dev.tracedeck.importers.sniff;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.Set;

/**
 * The member names of a JSON file's top-level value (the document, or the first element of a top-level array),
 * wherever in the file they come: a format whose key members may follow a long first member (a Langfuse export's
 * {@code observations} after the whole trace, its input and output included) is then told by its shape, not by how
 * its writer ordered the keys. The head's names are known at once; a name the head does not show is looked for past
 * it, on demand, by one streaming pass over the top-level value that steps over every member's value without
 * reading it into memory ({@link #LOOK_LIMIT} bytes at most), and stops at the name.
 */
public final class TopLevelNames {

    /** How far the look past the head goes: far beyond any trace header a tool writes ahead of its records. */
    public static final long LOOK_LIMIT = 64L << 20;
    /** Names kept from the look: a top-level value has a few dozen; a map of ids as the top level is not read whole. */
    private static final int MAX_NAMES = 4096;
    private static final JsonFactory FACTORY = new JsonFactory();

    /** Opens the file's decoded bytes again from the start. */
    @FunctionalInterface
    public interface Reopen {
        InputStream open() throws IOException;
    }

    private final JsonHead head;
    private final Reopen reopen;
    private final long limit;
    private final Set<String> seen = new HashSet<>();
    private boolean looked;

    TopLevelNames(JsonHead head, Reopen reopen, long limit) {
        this.head = head;
        this.reopen = reopen;
        this.limit = limit;
    }

    /** The names {@code head} shows, looked for past it in the file {@code reopen} opens when the head was cut. */
    public static TopLevelNames of(JsonHead head, Reopen reopen) {
        return new TopLevelNames(head, reopen, LOOK_LIMIT);
    }

    /** The names the head shows and no more (a head that holds the whole file, or nothing to read past it). */
    public static TopLevelNames ofHead(JsonHead head) {
        return new TopLevelNames(head, null, 0);
    }

    /** True when {@code name} is a member of the top-level value, in the head or, looked for, past it. */
    public boolean has(String name) {
        if (head.hasTopLevelName(name) || seen.contains(name)) {
            return true;
        }
        if (reopen == null || looked || !head.isJson()) {
            return false;
        }
        return look(name);
    }

    /** One pass over the top-level value's members, to {@code name} or the value's end; what it saw is kept. */
    private boolean look(String name) {
        try (InputStream in = reopen.open(); Bounded bounded = new Bounded(in, limit); JsonParser p = FACTORY.createParser(bounded)) {
            JsonToken t = p.nextToken();
            if (t == JsonToken.START_ARRAY) {
                t = p.nextToken();
            }
            if (t != JsonToken.START_OBJECT) {
                looked = true;
                return false;
            }
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String member = p.currentName();
                if (seen.size() < MAX_NAMES) {
                    seen.add(member);
                }
                if (member.equals(name)) {
                    return true;
                }
                p.nextToken();
                p.skipChildren();
            }
            looked = true;
        } catch (IOException | RuntimeException e) {
            // Broken or cut JSON, or past the limit: what was seen before stands, and nothing is looked for again.
            looked = true;
        }
        return false;
    }

    /** Ends the stream after the limit: the look is bounded however large the top-level value. */
    private static final class Bounded extends InputStream {
        private final InputStream in;
        private long left;

        Bounded(InputStream in, long limit) {
            this.in = in;
            this.left = limit;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int b = in.read();
            left -= b < 0 ? 0 : 1;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, left));
            left -= Math.max(n, 0);
            return n;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
