package dev.tracedeck.importers.langfuse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.json.JsonFields;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.NotThisFormatException;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.json.JsonItem;
import dev.tracedeck.importers.json.JsonLayout;
import dev.tracedeck.importers.json.JsonTraceImporter;
import dev.tracedeck.importers.json.JsonTraceRead;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.importers.json.LineIndex;
import dev.tracedeck.importers.sniff.JsonHead;
import dev.tracedeck.importers.sniff.TopLevelNames;
import dev.tracedeck.importers.spans.Origin;
import dev.tracedeck.importers.spans.SpanFileEntry;
import dev.tracedeck.importers.spans.SpanRecords;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.Trace;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Imports Langfuse traces ({@value #FORMAT_ID}) with their observations: an export {@code {"trace": {…},
 * "observations": […]}}, the public API's trace ({@code GET /api/public/traces/{id}}: the trace's fields with
 * {@code observations} beside them), its observation list ({@code {"data": […], "meta"}}), or an array or JSON Lines
 * of such traces or of observations; the observations of a document are streamed one by one. Each observation is a
 * span ({@link LangfuseObservations}) read through the span pipeline {@code otlp} uses (importers/spans): a thread
 * per Langfuse session ({@code sessionId}), else per trace; observations by start time, each a {@code span} record;
 * an observation at level {@code ERROR} followed by an {@code error} record; a {@code GENERATION}'s input and output
 * the conversation (each call sends the history again, so only what its thread does not hold yet is added), its
 * model and usage a recorded call; {@code TOOL} observations records that ran a call, whose output is its result
 * where the history holds none ({@link ToolRuns}); a generation inside a generation the same call recorded again,
 * read at one level ({@link NestedGenerations}). Whatever framework wrote the trace (Pydantic AI, the OpenAI Agents
 * SDK, LangChain, Google ADK, the Vercel AI SDK, Koog, Agno, CrewAI …), the generations' messages are read in the
 * shapes {@link LangfuseMessages} lists.
 */
public final class LangfuseImporter implements JsonTraceImporter {

    public static final String FORMAT_ID = "langfuse";

    @Override
    public String formatId() {
        return FORMAT_ID;
    }

    /**
     * 98 for an export, {@code {"trace": …, "observations": […]}}: no other format has these two top-level members,
     * so an export whose trace holds messages another format would claim is still Langfuse's. 95 when the head shows
     * an observation's {@code parentObservationId} with a {@code startTime}; 90 for a top-level {@code observations}
     * beside a trace's {@code traceId} or {@code projectId} (the API's trace); else 0. A trace's input and output
     * come before its observations and can be far longer than the head: where the head shows a trace's top-level
     * fields but not yet {@code observations}, the names past the head say whether it is one ({@link TopLevelNames}).
     */
    @Override
    public int confidence(JsonHead h, String head, TopLevelNames topLevel) {
        boolean traceFields = h.hasTopLevelName("trace") || h.hasTopLevelName("projectId") || h.hasTopLevelName("traceId");
        boolean observations = h.hasTopLevelName("observations") || traceFields && topLevel.has("observations");
        if (observations && h.hasTopLevelName("trace")) {
            return 98;
        }
        if (h.hasName("parentObservationId") && h.hasName("startTime")) {
            return 95;
        }
        return observations && (h.hasName("traceId") || h.hasName("projectId")) ? 90 : 0;
    }

    /** {@link #confidence(JsonHead, String, TopLevelNames)} on what the head shows alone. */
    @Override
    public int confidence(JsonHead h, String head) {
        return confidence(h, head, TopLevelNames.ofHead(h));
    }

    @Override
    public Trace read(ImportSource source, ImportListener listener) throws ImportException {
        JsonTraceRead<Reading> read = JsonTraceRead.read(source, listener,
                Set.of("observations", "data"), Reading::new);
        if (read.records().spans() == 0) {
            // Nothing to check is no pass: a trace without observations is refused like a file of no known format.
            throw new NotThisFormatException(source.name(), read.result().complete() ? "no Langfuse observation"
                    : "cut short before its first observation");
        }
        return read.trace(FORMAT_ID);
    }

    /** The observations of a streamed document, or of the traces bound whole (an array's elements, lines). */
    private static final class Reading extends SpanRecords {

        /** A trace, its observations and its members: {@code /observations/3}. */
        private static final int DEPTH = 2;

        private final JsonLayout layout;
        /** The document's trace: its id and session, which its observations may come before. */
        private final Origin document = Origin.none();
        private String documentTrace = "";

        Reading(ChatTraceWriter out, JsonLayout layout) {
            super(out);
            this.layout = layout;
        }

        @Override
        public void value(JsonItem.Value value, SourceRef source) {
            JsonNode node = value.node();
            if (layout == JsonLayout.OBJECT) {
                member(value, source);
            } else if (LangfuseObservations.isObservation(node)) {
                observation(node, "", Origin.none(), source, value.text());
            } else if (node.isObject() && node.has("observations")) {
                whole(value, source);
            } else {
                out.other(source, value.text(), "valid JSON, but no Langfuse trace or observation");
            }
        }

        @Override
        protected void beforeWriting(List<SpanFileEntry> held) {
            NestedGenerations.readOneLevel(held);
        }

        /** A member of a document: an observation, the trace, or the trace's own fields (the API's shape). */
        private void member(JsonItem.Value value, SourceRef source) {
            JsonNode node = value.node();
            String member = value.member();
            if ((member.equals("observations") || member.equals("data")) && !value.pointer().equals("/" + member)) {
                if (LangfuseObservations.isObservation(node)) {
                    observation(node, documentTrace, document, source, value.text());
                } else {
                    out.other(source, value.text(), "valid JSON, but no Langfuse observation");
                }
            } else if (member.equals("observations") || member.equals("data")) {
                // A list read element by element comes whole only when it is no list.
                malformedLine(out, source, value.text(), "a Langfuse trace whose " + member + " is "
                        + JsonFields.kind(node) + ", not a list");
            } else if (member.equals("trace")) {
                String problem = node.isObject() ? LangfuseObservations.traceProblem(node)
                        : "a Langfuse export whose trace is " + JsonFields.kind(node) + ", not an object";
                if (problem != null) {
                    malformedLine(out, source, value.text(), problem);
                    return;
                }
                trace(node, document);
                documentTrace = node.path("id").asText(documentTrace);
            } else if ((member.equals("sessionId") || member.equals("id")) && !node.isTextual() && !node.isNull()) {
                malformedLine(out, source, value.text(), "a Langfuse trace whose " + member + " is "
                        + JsonFields.kind(node) + ", not a string");
            } else if (member.equals("sessionId") && node.isTextual()) {
                session(document, node.textValue());
            } else if (member.equals("id") && node.isTextual()) {
                documentTrace = node.textValue();
            }
        }

        /** An observation as a span, or kept malformed when what places it is of other types. */
        private void observation(JsonNode node, String traceId, Origin origin, SourceRef source, String text) {
            String problem = LangfuseObservations.problem(node);
            if (problem != null) {
                malformedLine(out, source, text, problem);
            } else {
                hold(LangfuseObservations.span(node, traceId, origin, source, text, nextOrder()));
            }
        }

        /** A trace bound whole: {@code {trace, observations}} or the API's trace with its observations. */
        private void whole(JsonItem.Value value, SourceRef source) {
            JsonNode node = value.node();
            Origin origin = Origin.none();
            JsonNode trace = node.has("trace") ? node.get("trace") : node;
            String problem = !node.get("observations").isArray()
                    ? "a Langfuse trace whose observations is " + JsonFields.kind(node.get("observations")) + ", not a list"
                    : !trace.isObject() ? "a Langfuse export whose trace is " + JsonFields.kind(trace) + ", not an object"
                    : LangfuseObservations.traceProblem(trace);
            if (problem != null) {
                malformedLine(out, source, value.text(), problem);
                return;
            }
            trace(trace, origin);
            String traceId = trace.path("id").asText("");
            JsonNode observations = node.get("observations");
            LineIndex index = value.firstLine() == value.lastLine() ? null
                    : LineIndex.withScalars(value.text(), value.firstLine(), value.pointer(), DEPTH, DEPTH);
            for (int i = 0; i < observations.size(); i++) {
                JsonNode o = observations.get(i);
                String pointer = value.pointer() + "/observations/" + i;
                SourceRef at = index == null ? new SourceRef(out.file(), value.firstLine(), value.lastLine(), pointer)
                        : new SourceRef(out.file(), index.firstLine(pointer),
                        Math.max(index.firstLine(pointer), index.lastLine(pointer)), pointer);
                if (LangfuseObservations.isObservation(o)) {
                    observation(o, traceId, origin, at, o.toPrettyString());
                } else if (!o.isObject()) {
                    malformedLine(out, at, o.toString(), "a Langfuse trace whose observations[" + i + "] is "
                            + JsonFields.kind(o) + ", not an object");
                } else {
                    out.other(at, o.toString(), "valid JSON, but no Langfuse observation");
                }
            }
        }

        /** The trace's session and name, kept as the resource its observations come from. */
        private static void trace(JsonNode trace, Origin origin) {
            Map<String, JsonValue> m = new LinkedHashMap<>();
            for (String field : new String[] {"id", "name", "userId", "sessionId", "tags", "environment"}) {
                JsonNode v = trace.get(field);
                if (v != null && !v.isNull()) {
                    m.put(field.equals("sessionId") ? "session.id" : "langfuse.trace." + field, JsonValues.from(v));
                }
            }
            origin.resource().attributes(new JsonValue.JsonObject(m));
        }

        private static void session(Origin origin, String session) {
            Map<String, JsonValue> m = new LinkedHashMap<>(origin.resource().attributes().members());
            m.put("session.id", JsonValue.of(session));
            origin.resource().attributes(new JsonValue.JsonObject(m));
        }
    }
}
