package dev.tracedeck.analysis.textcalls;

import java.util.ArrayList;
import java.util.List;

/**
 * A stretch of text between an opening and a closing marker ({@code <tool_call>…</tool_call>},
 * {@code TOOL_CALL_START…TOOL_CALL_END}). A block whose closing marker never comes ends where the next one
 * opens, or at the end of the text: models that are cut off, or that stop at the end-of-turn token, leave the
 * last block open, and it is still a call.
 *
 * @param start     offset of the opening marker
 * @param bodyStart offset just past the opening marker
 * @param bodyEnd   offset of the closing marker, or where the body ends when there is none
 * @param end       offset just past the closing marker, or {@code bodyEnd}
 * @param closed    whether the closing marker was there
 */
record Block(int start, int bodyStart, int bodyEnd, int end, boolean closed) {

    /**
     * The blocks in order. Each search goes on from where the last one of the same marker stopped, so the text is
     * passed at most once per marker: a closing marker found beyond the next opening one is remembered, not
     * searched for again from every opening, and one that is nowhere is not searched for again at all.
     */
    static List<Block> find(String text, String open, String close) {
        List<Block> blocks = new ArrayList<>();
        int from = 0;
        int next = CountedScan.indexOf(text, open, 0);
        int closing = -2; // -2: not searched yet; -1: none after the last search
        while (true) {
            int start = next < 0 || next >= from ? next : CountedScan.indexOf(text, open, from);
            if (start < 0) {
                return blocks;
            }
            int bodyStart = start + open.length();
            next = CountedScan.indexOf(text, open, bodyStart);
            if (closing == -2 || closing >= 0 && closing < bodyStart) {
                closing = CountedScan.indexOf(text, close, bodyStart);
            }
            if (closing >= 0 && (next < 0 || closing < next)) {
                blocks.add(new Block(start, bodyStart, closing, closing + close.length(), true));
                from = closing + close.length();
            } else {
                int bodyEnd = next < 0 ? text.length() : next;
                blocks.add(new Block(start, bodyStart, bodyEnd, bodyEnd, false));
                from = bodyEnd;
            }
        }
    }

    /** Reads the calls written as JSON in the body: one object, several, or a list of them. */
    List<CandidateCall> calls(TextCallFormat format, String text) {
        List<CandidateCall> drafts = new ArrayList<>();
        int pos = skip(text, bodyStart, bodyEnd);
        while (pos < bodyEnd && (text.charAt(pos) == '{' || text.charAt(pos) == '[')) {
            JsonRead read = LenientJson.read(text, pos, bodyEnd);
            if (read.value().isEmpty()) {
                break;
            }
            for (var element : Elements.of(read, text)) {
                CallShape.of(element.value(), read, text).ifPresent(shape ->
                        drafts.add(CandidateCall.of(format, element.start(), element.end(), shape)));
            }
            if (!read.complete() && !read.cutOff()) {
                break;
            }
            pos = skip(text, read.end(), bodyEnd);
            while (pos < bodyEnd && (text.charAt(pos) == ',' || text.charAt(pos) == ';')) {
                pos = skip(text, pos + 1, bodyEnd);
            }
        }
        if (drafts.size() == 1) {
            return List.of(drafts.get(0).at(start, end));
        }
        return drafts;
    }

    private static int skip(String text, int pos, int limit) {
        return TextScanning.skipSpace(text, pos, limit);
    }
}
