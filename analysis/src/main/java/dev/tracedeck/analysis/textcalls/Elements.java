package dev.tracedeck.analysis.textcalls;

import dev.tracedeck.model.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/** The values a read holds as calls: the value itself, or each item when it is a list (Mistral, Granite). */
final class Elements {

    record Element(JsonValue value, int start, int end) {
    }

    private Elements() {
    }

    static List<Element> of(JsonRead read, String text) {
        JsonValue value = read.value().orElseThrow();
        List<Element> out = new ArrayList<>();
        if (value instanceof JsonValue.JsonArray array) {
            for (JsonValue item : array.items()) {
                int[] span = read.spanOf(item).orElse(new int[] {read.start(), read.extent(text)});
                out.add(new Element(item, span[0], span[1] < 0 ? read.extent(text) : span[1]));
            }
        } else {
            out.add(new Element(value, read.start(), read.extent(text)));
        }
        return out;
    }
}
