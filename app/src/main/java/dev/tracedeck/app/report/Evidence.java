package dev.tracedeck.app.report;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.rules.Finding;
import java.util.stream.Collectors;

/** How reports name a finding's evidence and its place. */
final class Evidence {

    private Evidence() {
    }

    /** "lines 12, 15-17, 20". */
    static String lines(Finding f) {
        if (f.evidence().isEmpty()) {
            return "";
        }
        String lines = f.evidence().stream().map(e -> e.source().lines()).distinct().collect(Collectors.joining(", "));
        return (lines.chars().allMatch(Character::isDigit) ? "line " : "lines ") + lines;
    }

    static String msgIdx(Finding f) {
        return f.msgIdx().isPresent() ? "msg_idx " + f.msgIdx().getAsInt() : "";
    }

    static String threadLabel(String id) {
        return id.isEmpty() ? "(run: events that belong to no thread)" : id;
    }

    static String location(Event e) {
        return e.source().display();
    }
}
