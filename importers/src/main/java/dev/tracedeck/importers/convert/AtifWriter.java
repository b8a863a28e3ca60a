package dev.tracedeck.importers.convert;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tracedeck.importers.redact.Redactor;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes a trace as ATIF, the Agent Trajectory Interchange Format of the Harbor project ({@value #SCHEMA_VERSION}):
 * each thread with messages one trajectory, its {@code session_id} the thread's id. Each message that is no tool
 * result is a step: {@code system} and {@code developer} messages {@code system} steps, the user's {@code user}
 * steps, the model's {@code agent} steps with their {@code tool_calls} ({@code tool_call_id}, {@code function_name},
 * {@code arguments}), the model call the trace recorded for the answer as its {@code model_name} and {@code metrics}
 * ({@code prompt_tokens} with the cache reads inside as {@code cached_tokens}, as ATIF counts them). A tool result is
 * a result of the observation of the step before it, answering its call by {@code source_call_id}; one that names no
 * call has none after a call no result answers yet (ATIF's readers pair it with that call), else names
 * {@code call_<line>}, a call no message makes (ATIF has no result that names none: a reader takes one without
 * {@code source_call_id} where no call waits for the step's observation). The sums are the {@code final_metrics}.
 *
 * <p>A thread whose messages carry no tool call or result (a Mycelian log) has them from the calls it logged as they
 * ran and the state it dumped ({@link LoggedToolCalls}): agent steps with their calls, each result in the observation
 * of its step. ATIF has three sources and no place for state or records of other kinds: those are counted and said
 * in each trajectory's {@code notes}. A message in another role is a {@code user} step with its role in the
 * step's {@code extra}; arguments that are no JSON object (a call cut short, code as text) are written as the string
 * they were, where ATIF asks for an object.
 */
public final class AtifWriter implements TraceWriter {

    public static final String FORMAT_ID = "atif";
    static final String SCHEMA_VERSION = "ATIF-v1.4";

    @Override
    public String formatId() {
        return FORMAT_ID;
    }

    @Override
    public Prepared prepare(Trace trace) {
        List<Trajectory> trajectories = new ArrayList<>();
        Omissions omissions = new Omissions();
        for (TraceThread thread : trace.threads()) {
            Transcript t = Transcript.of(thread);
            omissions.addAll(t.omissions());
            Trajectory trajectory = Trajectory.of(t, omissions);
            if (trajectory.steps.isEmpty()) {
                omissions.add("threads without a message", "not written (a trajectory is its steps)",
                        t.items().isEmpty() ? 0 : 1);
            } else {
                trajectories.add(trajectory);
            }
        }
        return new Prepared() {
            @Override
            public int documents() {
                return trajectories.size();
            }

            @Override
            public Omissions omissions() {
                return omissions;
            }

            @Override
            public void write(JsonGenerator out, Redactor redactor, Instant start) throws IOException {
                for (Trajectory t : trajectories) {
                    t.write(out, trace, omissions, redactor);
                }
            }
        };
    }

    /** One step as it will be written. */
    private static final class Step {
        final String source;
        final Message message;
        final String time;
        final String customRole;
        final Optional<ModelCall> call;
        final List<Message> results = new ArrayList<>();
        /** The call each result names ({@code source_call_id}); "" for none. */
        final List<String> answers = new ArrayList<>();

        Step(String source, Message message, String time, String customRole, Optional<ModelCall> call) {
            this.source = source;
            this.message = message;
            this.time = time;
            this.customRole = customRole;
            this.call = call;
        }

        /** The tool calls the step makes (an agent step's). */
        int calls() {
            return source.equals("agent") ? message.toolCalls().size() : 0;
        }
    }

    /** One thread's steps. */
    private static final class Trajectory {
        final String threadId;
        final String model;
        final List<Step> steps = new ArrayList<>();

        private Trajectory(String threadId, String model) {
            this.threadId = threadId;
            this.model = model;
        }

        static Trajectory of(Transcript t, Omissions omissions) {
            Trajectory trajectory = new Trajectory(t.threadId(), t.model());
            for (Transcript.Item item : t.items()) {
                if (item instanceof Transcript.Said s && s.message().isToolResult()) {
                    trajectory.result(s, omissions);
                } else if (item instanceof Transcript.Said s) {
                    trajectory.step(s, omissions);
                } else if (item instanceof Transcript.Unanswered) {
                    omissions.add("model calls without an answer", "not written (an agent step is an answer)");
                }
            }
            return trajectory;
        }

        private void step(Transcript.Said s, Omissions omissions) {
            Message m = s.message();
            String role = m.role();
            // Only an agent step carries tool calls: a message that makes calls is the model's, whatever a framework
            // names its role (smolagents' "tool-call").
            String source = !m.toolCalls().isEmpty() ? "agent" : switch (role) {
                case "system", "developer" -> "system";
                case "user" -> "user";
                case "assistant" -> "agent";
                default -> "user";
            };
            if (!source.equals(role) && !(role.equals("assistant"))) {
                omissions.add("messages in roles ATIF has no source for",
                        "written as " + ("system".equals(source) ? "system or user" : source)
                                + " steps with the role in the step's extra (developer as system, one that makes calls as"
                                + " agent, others as user)");
            }
            if (source.equals("agent")) {
                for (ToolCall call : m.toolCalls()) {
                    if (!JsonOut.objectArguments(call)) {
                        omissions.add("tool calls whose arguments are no JSON object",
                                "written as the string they were, where ATIF asks for an object");
                    }
                }
            }
            String custom = source.equals(role) || role.equals("assistant") ? "" : role;
            steps.add(new Step(source, m, s.event().time(), custom, s.call()));
        }

        private void result(Transcript.Said s, Omissions omissions) {
            if (steps.isEmpty()) {
                omissions.add("tool results before any message", "written in the observation of an empty system step");
                steps.add(new Step("system", Message.text("system", ""), s.event().time(), "", Optional.empty()));
            }
            Step step = steps.get(steps.size() - 1);
            String answers = s.message().toolCallId();
            if (answers.isEmpty() && step.calls() > step.results.size()) {
                omissions.add("tool results that name no call", "written without source_call_id, which an ATIF reader "
                        + "takes for the result of the step's calls no result names");
            } else if (answers.isEmpty()) {
                // ATIF has no result that names no call: one without source_call_id in a step with no call waiting is
                // read as the step's observation, no result. It names a call no message makes, and stays a result.
                answers = "call_" + s.event().source().firstLine();
                omissions.add("tool results that name no call and follow none", "written answering call_<line>, the "
                        + "line of the result, which no call has");
            }
            if (!s.message().role().equals("tool")) {
                omissions.add("tool results in roles other than tool", "written as results, which have no role "
                        + "(read back as tool)");
            }
            step.results.add(s.message());
            step.answers.add(answers);
        }

        void write(JsonGenerator out, Trace trace, Omissions omissions, Redactor redactor) throws IOException {
            Map<String, Long> before = redactor.counts();
            out.writeStartObject();
            out.writeStringField("schema_version", SCHEMA_VERSION);
            out.writeStringField("session_id", redactor.redact(threadId.isEmpty() ? "run" : threadId));
            out.writeObjectFieldStart("agent");
            out.writeStringField("name", trace.format().isEmpty() ? "unknown" : trace.format());
            out.writeStringField("version", "unknown");
            if (!model.isEmpty()) {
                out.writeStringField("model_name", model);
            }
            out.writeEndObject();
            if (!omissions.isEmpty()) {
                out.writeStringField("notes", "Converted by Tracedeck from " + trace.format() + ". What ATIF can't hold: "
                        + String.join("; ", omissions.lines()) + ".");
            }
            out.writeArrayFieldStart("steps");
            long prompt = 0;
            long completion = 0;
            long cached = 0;
            for (int i = 0; i < steps.size(); i++) {
                Step step = steps.get(i);
                step(out, step, i + 1, redactor);
                Optional<TokenUsage> usage = step.call.flatMap(ModelCall::usage);
                if (usage.isPresent()) {
                    prompt += usage.get().prompt();
                    completion += usage.get().output();
                    cached += usage.get().cacheRead();
                }
            }
            out.writeEndArray();
            out.writeObjectFieldStart("final_metrics");
            out.writeNumberField("total_prompt_tokens", prompt);
            out.writeNumberField("total_completion_tokens", completion);
            out.writeNumberField("total_cached_tokens", cached);
            out.writeNumberField("total_steps", steps.size());
            out.writeEndObject();
            out.writeObjectFieldStart("extra");
            out.writeObjectFieldStart("tracedeck");
            out.writeStringField("source_file", redactor.redact(trace.file()));
            out.writeStringField("source_format", trace.format());
            String redactions = Redactions.since(before, redactor.counts());
            if (!redactions.isEmpty()) {
                out.writeStringField("redactions", redactions);
            }
            out.writeEndObject();
            out.writeEndObject();
            out.writeEndObject();
        }

        private static void step(JsonGenerator out, Step step, int id, Redactor redactor) throws IOException {
            out.writeStartObject();
            out.writeNumberField("step_id", id);
            Optional<Instant> time = EventTimes.parse(step.time);
            if (time.isPresent()) {
                out.writeStringField("timestamp", time.get().toString());
            }
            out.writeStringField("source", step.source);
            String model = step.call.map(ModelCall::model).map(String::strip).orElse("");
            if (!model.isEmpty()) {
                out.writeStringField("model_name", redactor.redact(model));
            }
            out.writeStringField("message", redactor.redact(step.message.content()));
            if (step.source.equals("agent") && !step.message.toolCalls().isEmpty()) {
                out.writeArrayFieldStart("tool_calls");
                int k = 0;
                for (ToolCall call : step.message.toolCalls()) {
                    out.writeStartObject();
                    // ATIF requires an id; a call the trace names none for (Gemini's) gets one of its step's, which a
                    // result without source_call_id in that step answers, as ATIF's readers pair them.
                    String callId = call.id().isEmpty() ? "call_" + id + "_" + ++k : call.id();
                    out.writeStringField("tool_call_id", redactor.redact(callId));
                    out.writeStringField("function_name", redactor.redact(call.name()));
                    out.writeFieldName("arguments");
                    if (call.rawArguments().isBlank()) {
                        out.writeStartObject();
                        out.writeEndObject();
                    } else {
                        JsonOut.arguments(out, call, redactor);
                    }
                    out.writeEndObject();
                }
                out.writeEndArray();
            }
            if (!step.results.isEmpty()) {
                out.writeObjectFieldStart("observation");
                out.writeArrayFieldStart("results");
                for (int r = 0; r < step.results.size(); r++) {
                    Message result = step.results.get(r);
                    out.writeStartObject();
                    if (step.answers.get(r).isEmpty()) {
                        out.writeNullField("source_call_id");
                    } else {
                        out.writeStringField("source_call_id", redactor.redact(step.answers.get(r)));
                    }
                    out.writeStringField("content", redactor.redact(result.content()));
                    out.writeEndObject();
                }
                out.writeEndArray();
                out.writeEndObject();
            }
            Optional<TokenUsage> usage = step.call.flatMap(ModelCall::usage);
            if (usage.isPresent()) {
                out.writeObjectFieldStart("metrics");
                out.writeNumberField("prompt_tokens", usage.get().prompt());
                out.writeNumberField("completion_tokens", usage.get().output());
                out.writeNumberField("cached_tokens", usage.get().cacheRead());
                if (usage.get().cacheWrite() > 0) {
                    out.writeObjectFieldStart("extra");
                    out.writeNumberField("cache_creation_input_tokens", usage.get().cacheWrite());
                    out.writeEndObject();
                }
                out.writeEndObject();
            }
            if (!step.customRole.isEmpty()) {
                out.writeObjectFieldStart("extra");
                out.writeStringField("role", step.customRole);
                out.writeEndObject();
            }
            out.writeEndObject();
        }
    }
}
