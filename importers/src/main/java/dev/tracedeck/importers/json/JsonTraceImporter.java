package dev.tracedeck.importers.json;

import dev.tracedeck.importers.TraceImporter;
import dev.tracedeck.importers.sniff.JsonHead;
import dev.tracedeck.importers.sniff.TopLevelNames;

/** An importer of a JSON format: a head that is not JSON is never its format, and what a JSON head says is its own. */
public interface JsonTraceImporter extends TraceImporter {

    @Override
    default int confidence(String head) {
        JsonHead json = JsonHead.of(head);
        return json.isJson() ? confidence(json, head) : 0;
    }

    @Override
    default int confidence(String head, TopLevelNames topLevel) {
        JsonHead json = JsonHead.of(head);
        return json.isJson() ? confidence(json, head, topLevel) : 0;
    }

    /** {@link #confidence(String)} for a head that is JSON: {@code json} is {@code head} read as far as it goes. */
    int confidence(JsonHead json, String head);

    /** {@link #confidence(JsonHead, String)} with the top-level names past the head to ask; the head alone by default. */
    default int confidence(JsonHead json, String head, TopLevelNames topLevel) {
        return confidence(json, head);
    }
}
