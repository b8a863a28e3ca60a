package dev.tracedeck.importers.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Writes one Inspect {@code EvalSample}, member by member as the reader hands them over, into its thread
 * ({@code sample 3 epoch 1}). Its {@code messages} are the conversation. Each assistant message is a model call:
 * the {@code ModelEvent} of {@code events} whose output is that message ({@code output.choices[0].message.id})
 * gives its model and {@code output.usage}; an answer no event records names the eval's model without usage. The
 * sample's other small members (target, scores, metadata, {@code model_usage}, times, error, limit) are one
 * {@value #SAMPLE} record at its end; its events, store and attachments are not kept.
 */
final class SampleWriter {

    static final String SAMPLE = "sample";
    private static final Set<String> KEPT = Set.of("id", "epoch", "target", "scores", "metadata", "model_usage",
            "total_time", "working_time", "uuid", "error", "limit", "error_retries");

    private final ChatTraceWriter out;
    private final String evalModel;
    private final ObjectNode kept = JsonNodeFactory.instance.objectNode();
    /** Assistant answers waiting for the event that records their call, by message id. */
    private final Map<String, Event> answers = new LinkedHashMap<>();
    private final Map<String, String> answerModels = new HashMap<>();
    /** Calls whose event came before their message, by message id. */
    private final Map<String, JsonNode> calls = new HashMap<>();
    private SourceRef first;
    private String thread;
    private int messages;

    SampleWriter(ChatTraceWriter out, String evalModel) {
        this.out = out;
        this.evalModel = evalModel;
    }

    String thread() {
        if (thread == null) {
            thread = "sample " + kept.path("id").asText("?") + " epoch " + kept.path("epoch").asText("1");
        }
        return thread;
    }

    int messages() {
        return messages;
    }

    /** A member of the sample, or (for {@code messages} and {@code events}) one element of it. */
    void member(String name, JsonNode node, SourceRef source, SourceText text) {
        if (first == null) {
            first = source;
        }
        switch (name) {
            case "messages" -> message(node, source, text);
            case "events" -> event(node);
            default -> {
                if (KEPT.contains(name)) {
                    kept.set(name, node);
                }
            }
        }
    }

    private void message(JsonNode node, SourceRef source, SourceText text) {
        Message message;
        try {
            message = InspectMessages.parse(node);
        } catch (MalformedRecordException e) {
            out.malformed(thread(), source, text, e.getMessage());
            return;
        }
        messages++;
        Event event = out.message(thread(), source, text, message);
        if (!message.role().equals("assistant")) {
            return;
        }
        String id = node.path("id").asText("");
        String named = node.path("model").asText("");
        JsonNode call = calls.remove(id);
        if (call != null) {
            record(event, call);
        } else if (!id.isEmpty()) {
            answers.put(id, event);
            answerModels.put(id, named);
        } else {
            out.modelCall(event, model(named), Optional.empty());
        }
    }

    /** A {@code ModelEvent} records the call that answered with its output's message. */
    private void event(JsonNode node) {
        if (!node.path("event").asText("").equals("model")) {
            return;
        }
        String id = node.path("output").path("choices").path(0).path("message").path("id").asText("");
        if (id.isEmpty()) {
            return;
        }
        Event answer = answers.remove(id);
        if (answer != null) {
            answerModels.remove(id);
            record(answer, node);
        } else {
            ObjectNode call = JsonNodeFactory.instance.objectNode();
            call.set("model", node.path("model"));
            call.set("usage", node.path("output").path("usage"));
            calls.put(id, call);
        }
    }

    private void record(Event answer, JsonNode call) {
        Optional<TokenUsage> usage = InspectUsage.of(call.path("output").isObject() ? call.path("output").path("usage")
                : call.path("usage"));
        out.modelCall(answer, model(call.path("model").asText("")), usage);
    }

    /** The model without its provider ({@code openai/gpt-4o-mini} is gpt-4o-mini); the eval's when none is named. */
    private String model(String named) {
        String model = named.isEmpty() ? evalModel : named;
        int slash = model.lastIndexOf('/');
        return slash >= 0 ? model.substring(slash + 1) : model;
    }

    /** Ends the sample: answers no event recorded are calls of the named model, then the sample's record. */
    void finish() {
        answers.forEach((id, event) -> out.modelCall(event, model(answerModels.getOrDefault(id, "")), Optional.empty()));
        answers.clear();
        if (first != null && !kept.isEmpty()) {
            Event record = out.json(SAMPLE, thread(), first, kept.toString(), JsonValues.from(kept));
            InspectOutcomes.record(out, record, kept);
        }
    }
}
