package dev.tracedeck.analysis.rules;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.state.StateEntry;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A finding's stable identity, for baselines and triage: the same broken invariant in a re-run gets the same
 * fingerprint even when the lines moved.
 *
 * <p>It is the SHA-256 (hex, 64 characters) of the rule id, the thread id, the msg_idx (or "-") and the
 * <em>text</em> of each piece of evidence with its log prefix (timestamp, logger) left out, plus the entries it
 * blames (their index and content). Line numbers, sequence numbers, times and the file's name are left out on
 * purpose: inserting unrelated lines, or the same run under another name, keeps the fingerprint; a change to
 * what the evidence says gives a new one.
 *
 * <p>The evidence is read exactly as it was imported ({@link Event#exactText()}): a file that no longer holds it
 * gives no fingerprint at all, never one of the sentence a view shows in its place. {@link Fingerprints} takes a
 * validation's fingerprints once, for everything that keeps or compares them.
 */
public final class Fingerprint {

    private Fingerprint() {
    }

    /** @throws SourceChangedException when a piece of evidence can't be read back as it was read (names file and line) */
    public static String of(Finding finding) throws SourceChangedException {
        return of(finding, new Memo());
    }

    /**
     * {@code finding}'s fingerprint, reusing what {@code memo} holds from the findings before it: the same value as
     * {@link #of(Finding)}.
     */
    static String of(Finding finding, Memo memo) throws SourceChangedException {
        String msgIdx = finding.msgIdx().isPresent() ? Integer.toString(finding.msgIdx().getAsInt()) : "-";
        MessageDigest digest = memo.digestThroughEvidence(finding, msgIdx);
        for (BlamedEntry entry : finding.blamed()) {
            StateEntry blamed = ((Payload.StateDump) entry.dump().payload()).snapshot().entries().get(entry.position());
            field(digest, blamed.idx() + ":" + blamed.type() + ":" + blamed.content());
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** The event's text from its keyword on (or without its timestamp when the keyword is not in it). */
    static String evidenceText(Event event) throws SourceChangedException {
        String text = event.exactText();
        if (!event.keyword().isEmpty()) {
            int at = text.indexOf(event.keyword());
            if (at >= 0) {
                return text.substring(at);
            }
        }
        if (!event.time().isEmpty() && text.startsWith(event.time())) {
            return text.substring(event.time().length());
        }
        return text;
    }

    private static void field(MessageDigest digest, String value) {
        field(digest, value.getBytes(StandardCharsets.UTF_8));
    }

    private static void field(MessageDigest digest, byte[] bytes) {
        digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
        digest.update((byte) ':');
        digest.update(bytes);
    }

    /**
     * What the fingerprints of one run's findings share, taken once: each evidence event's text (read back from the
     * file and encoded), and the digest of everything up to and including the evidence for findings that agree on
     * rule, thread, msg_idx and evidence events. Many findings on one long message (tens of thousands on a message of
     * megabytes) otherwise read and hash that message once each. The texts held are bounded
     * ({@value #MAX_HELD_BYTES} bytes, the least recently used let go first), so a large file's evidence is not all
     * held at once; the digests held are small.
     */
    static final class Memo {

        static final long MAX_HELD_BYTES = 64L << 20;

        private final LinkedHashMap<Same, byte[]> texts = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Same, byte[]> eldest) {
                if (heldBytes > MAX_HELD_BYTES && size() > 1) {
                    heldBytes -= eldest.getValue().length;
                    return true;
                }
                return false;
            }
        };
        private long heldBytes;
        private final Map<List<Object>, MessageDigest> throughEvidence = new HashMap<>();

        /** A fresh digest of the finding's rule, thread, msg_idx and evidence, to go on with. */
        MessageDigest digestThroughEvidence(Finding finding, String msgIdx) throws SourceChangedException {
            List<Object> key = new ArrayList<>(finding.evidence().size() + 3);
            key.add(finding.ruleId());
            key.add(finding.threadId());
            key.add(msgIdx);
            for (Event event : finding.evidence()) {
                key.add(new Same(event));
            }
            MessageDigest known = throughEvidence.get(key);
            if (known == null) {
                known = sha256();
                field(known, finding.ruleId());
                field(known, finding.threadId());
                field(known, msgIdx);
                for (Event event : finding.evidence()) {
                    field(known, text(event));
                }
                throughEvidence.put(key, known);
            }
            try {
                return (MessageDigest) known.clone();
            } catch (CloneNotSupportedException e) {
                throw new IllegalStateException("the platform's SHA-256 can be cloned", e);
            }
        }

        private byte[] text(Event event) throws SourceChangedException {
            Same key = new Same(event);
            byte[] held = texts.get(key);
            if (held == null) {
                held = evidenceText(event).getBytes(StandardCharsets.UTF_8);
                heldBytes += held.length;
                texts.put(key, held);
            }
            return held;
        }
    }

    /** An event by identity: events are compared as the objects the trace holds, never by walking their text. */
    private record Same(Event event) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Same s && s.event == event;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(event);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
