package dev.tracedeck.importers.spans;

import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import java.util.List;
import java.util.Optional;

/**
 * The answer of a model call's span (OpenInference's {@code LLM}) that records its input as {@code llm.input_messages.N.message.*}
 * but its output only as {@code output.value}, as Phoenix's manual-instrumentation guide writes one: that text is
 * the assistant's message. Only text counts ({@code output.mime_type} {@code text/plain} or none): a JSON value is
 * the provider's whole response, not a message; nor does {@code __REDACTED__}, which OpenInference writes in place
 * of an output it was told to hide.
 */
final class OpenInferenceOutput {

    private static final String REDACTED = "__REDACTED__";

    private OpenInferenceOutput() {
    }

    static Optional<AttributeMessage> of(SpanFileEntry.Span span, List<AttributeMessage> input) {
        if (SpanRole.of(span) != SpanRole.MODEL || input.isEmpty()
                || IndexedMessages.read(span, "llm.input_messages.", "user").isEmpty()) {
            return Optional.empty();
        }
        String mime = span.attribute("output.mime_type");
        if (!mime.isEmpty() && !mime.equalsIgnoreCase("text/plain")) {
            return Optional.empty();
        }
        return Attribute.find(span, "output.value")
                .filter(a -> a.value() instanceof JsonValue.JsonString)
                .filter(a -> !a.text().isBlank() && !a.text().equals(REDACTED))
                .map(a -> new AttributeMessage.Msg(new Message("assistant", a.text(), List.of(), ""), a.pointer(),
                        a.value().toCompactString()));
    }
}
