package dev.tracedeck.engine.freeze;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A request's parameters besides its messages, tools and model, as the trace recorded them: a request record's
 * members, or a model-call span's {@code gen_ai.request.*} attributes (OpenInference's {@code llm.invocation_parameters}).
 * Written for the API they were recorded for, each parameter that API takes is kept as it is; written for another,
 * the sampling parameters are carried over under that API's names, and what it has no name for is said to be left out.
 */
final class RequestOptions {

    /** Each API's request parameters besides messages, system, input, instructions, tools and model (from its spec). */
    private static final Map<Provider, Set<String>> PARAMETERS = Map.of(
            Provider.CHAT, Set.of("temperature", "top_p", "max_tokens", "max_completion_tokens", "stop", "seed",
                    "frequency_penalty", "presence_penalty", "n", "logprobs", "top_logprobs", "logit_bias",
                    "response_format", "tool_choice", "parallel_tool_calls", "reasoning_effort", "user", "metadata",
                    "store", "service_tier", "stream", "stream_options", "modalities", "audio", "prediction",
                    "web_search_options", "verbosity", "prompt_cache_key", "safety_identifier"),
            Provider.RESPONSES, Set.of("temperature", "top_p", "max_output_tokens", "tool_choice", "parallel_tool_calls",
                    "reasoning", "text", "truncation", "store", "metadata", "user", "service_tier", "stream", "include",
                    "previous_response_id", "max_tool_calls", "top_logprobs", "background", "prompt_cache_key",
                    "safety_identifier", "prompt", "conversation", "stream_options"),
            Provider.ANTHROPIC, Set.of("max_tokens", "temperature", "top_p", "top_k", "stop_sequences", "metadata",
                    "tool_choice", "thinking", "stream", "service_tier"));

    /** Members of a request record that are none of its parameters: where it was sent, the parts written apart. */
    private static final Set<String> NOT_PARAMETERS = Set.of("messages", "system", "input", "instructions", "tools",
            "functions", "model", "method", "url", "custom_id", "body", "params", "request");

    /** The sampling parameters every API has in some form, by a neutral name, each with the names it is recorded under. */
    private static final Map<String, List<String>> SAMPLING = new LinkedHashMap<>();

    static {
        SAMPLING.put("temperature", List.of("temperature", "gen_ai.request.temperature"));
        SAMPLING.put("top_p", List.of("top_p", "gen_ai.request.top_p"));
        SAMPLING.put("max_tokens", List.of("max_tokens", "max_completion_tokens", "max_output_tokens",
                "gen_ai.request.max_tokens"));
        SAMPLING.put("stop", List.of("stop", "stop_sequences", "gen_ai.request.stop_sequences"));
        SAMPLING.put("top_k", List.of("top_k", "gen_ai.request.top_k"));
        SAMPLING.put("seed", List.of("seed", "gen_ai.request.seed"));
        SAMPLING.put("frequency_penalty", List.of("frequency_penalty", "gen_ai.request.frequency_penalty"));
        SAMPLING.put("presence_penalty", List.of("presence_penalty", "gen_ai.request.presence_penalty"));
    }

    /** Each API's name for a neutral sampling parameter; absent when it has none. */
    private static Optional<String> nameIn(Provider provider, String neutral) {
        return Optional.ofNullable(switch (provider) {
            case CHAT -> switch (neutral) {
                case "max_tokens" -> "max_completion_tokens";
                case "top_k" -> null;
                default -> neutral;
            };
            case RESPONSES -> switch (neutral) {
                case "temperature", "top_p" -> neutral;
                case "max_tokens" -> "max_output_tokens";
                default -> null;
            };
            case ANTHROPIC -> switch (neutral) {
                case "temperature", "top_p", "top_k", "max_tokens" -> neutral;
                case "stop" -> "stop_sequences";
                default -> null;
            };
        });
    }

    private final JsonNode members;
    private final Optional<Provider> recordedFor;
    private final String source;

    /**
     * @param members     the recorded parameters (a request record's members, or a span's attributes), an object
     * @param recordedFor the API they were sent to, when known
     * @param source      where they were read, for the notes ("the request record at line 12")
     */
    RequestOptions(JsonNode members, Optional<Provider> recordedFor, String source) {
        this.members = members;
        this.recordedFor = recordedFor;
        this.source = source;
    }

    static RequestOptions none() {
        return new RequestOptions(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode(),
                Optional.empty(), "");
    }

    /** Whether the trace recorded a value for {@code neutral}. */
    boolean has(String neutral) {
        return SAMPLING.get(neutral).stream().anyMatch(members::has);
    }

    /** Writes the parameters into {@code body} as {@code provider} takes them; says in {@code notes} what it left out. */
    void writeInto(ObjectNode body, Provider provider, List<String> notes) {
        List<String> leftOut = new ArrayList<>();
        if (recordedFor.equals(Optional.of(provider))) {
            List<String> kept = new ArrayList<>();
            for (var it = members.fields(); it.hasNext(); ) {
                var member = it.next();
                if (PARAMETERS.get(provider).contains(member.getKey())) {
                    body.set(member.getKey(), member.getValue());
                    kept.add(member.getKey());
                } else if (!NOT_PARAMETERS.contains(member.getKey())) {
                    leftOut.add(member.getKey());
                }
            }
            if (!kept.isEmpty()) {
                notes.add("parameters as " + source + " holds them: " + String.join(", ", kept));
            }
        } else {
            List<String> carried = new ArrayList<>();
            for (var it = members.fields(); it.hasNext(); ) {
                var member = it.next();
                String neutral = neutralName(member.getKey());
                Optional<String> name = neutral == null ? Optional.empty() : nameIn(provider, neutral);
                JsonNode value = member.getValue();
                if (name.isPresent() && !body.has(name.get()) && (value.isNumber() || neutral.equals("stop"))) {
                    body.set(name.get(), neutral.equals("stop") && value.isTextual()
                            ? body.arrayNode().add(value) : value);
                    carried.add(member.getKey() + (name.get().equals(member.getKey()) ? "" : " as " + name.get()));
                } else if (!NOT_PARAMETERS.contains(member.getKey()) && !member.getKey().startsWith("gen_ai.")
                        && !member.getKey().startsWith("llm.")) {
                    leftOut.add(member.getKey());
                } else if (neutral != null) {
                    leftOut.add(member.getKey());
                }
            }
            if (!carried.isEmpty()) {
                notes.add("sampling parameters from " + source + ", recorded for " + recordedFor.map(Provider::title)
                        .orElse("another API") + ": " + String.join(", ", carried));
            }
        }
        if (!leftOut.isEmpty()) {
            notes.add("left out of " + source + ", not parameters " + provider.title() + " takes: " + String.join(", ", leftOut));
        }
    }

    private static String neutralName(String recorded) {
        for (Map.Entry<String, List<String>> e : SAMPLING.entrySet()) {
            if (e.getValue().contains(recorded)) {
                return e.getKey();
            }
        }
        return null;
    }
}
