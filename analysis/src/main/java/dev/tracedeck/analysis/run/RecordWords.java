package dev.tracedeck.analysis.run;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.text.PythonText;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A structured record said in words, for a summary column: what the record is and its few facts that matter ("Bash
 * output so far: mix compile", "tokens: 12,034 in · 310 out", "span chat gpt-4o-mini · LLM · 1.42 s · failed"),
 * never its JSON. A record of a kind not known here is named by its type with its plain fields.
 */
public final class RecordWords {

    /** The longest summary; the detail pane has the rest. */
    private static final int MAX = 300;
    /** How many plain fields a record of an unknown kind shows. */
    private static final int FIELDS = 4;

    private RecordWords() {
    }

    /** {@code record}'s words; {@code usage} is what its trace billed for it, when it is a model call's span. */
    public static String of(Event event, Payload.JsonRecord record, Optional<TokenUsage> usage) {
        JsonValue json = record.json();
        String words = switch (record.kind() == EventKind.SPAN ? "span" : event.keyword()) {
            case "span" -> span(record, usage);
            case "progress" -> progress(json);
            case "queue-operation" -> queue(json);
            case "file-history-snapshot" -> fileHistory(json);
            case "event_msg" -> codexEvent(json.get("payload").orElse(json));
            case "turn_context" -> turnContext(json.get("payload").orElse(json));
            case "session_meta" -> sessionMeta(json.get("payload").orElse(json));
            case "system" -> system(json);
            case "summary" -> "summary: " + text(json, "summary");
            case "sample" -> json.get("scores").isPresent() || json.get("epoch").isPresent() ? evalSample(json)
                    : plain(record.eventName(), json);
            case "log" -> log(record);
            default -> record.kind() == EventKind.STEP ? step(record) : plain(record.eventName(), json);
        };
        return oneLine(words);
    }

    private static String span(Payload.JsonRecord record, Optional<TokenUsage> usage) {
        JsonValue json = record.json();
        StringBuilder s = new StringBuilder(record.eventName());
        String kind = text(json, "kind");
        if (!kind.isEmpty() && !kind.equalsIgnoreCase("internal") && !kind.equalsIgnoreCase("span")) {
            s.append(" · ").append(kind);
        }
        number(json, "duration_ms").ifPresent(ms -> s.append(" · ").append(duration(ms.doubleValue())));
        usage.ifPresent(u -> s.append(" · ").append(tokens(u)));
        String status = text(json, "status");
        if (status.equals("ERROR")) {
            String why = text(json, "status_message");
            s.append(" · failed").append(why.isEmpty() ? "" : ": " + why);
        }
        return s.toString();
    }

    private static String progress(JsonValue json) {
        JsonValue data = json.get("data").orElse(json);
        String type = text(data, "type");
        return switch (type) {
            case "hook_progress" -> "hook " + or(text(data, "hookName"), text(data, "hookEvent"))
                    + (text(data, "command").isEmpty() ? "" : " ran " + text(data, "command"));
            case "bash_progress" -> "Bash output so far: " + lastLine(text(data, "output"));
            case "agent_progress" -> "sub-agent " + or(text(data, "agentId"), "") + " at work: "
                    + agentMessage(data);
            case "waiting_for_task" -> "waiting for " + or(text(data, "taskDescription"), "a task");
            case "mcp_progress" -> "MCP " + or(text(data, "serverName"), "") + " " + or(text(data, "toolName"), "")
                    + " " + text(data, "status");
            default -> (type.isEmpty() ? "progress" : words(type)) + plainFields(data, "type");
        };
    }

    private static String agentMessage(JsonValue data) {
        JsonValue message = data.path("message", "message").orElse(JsonValue.JsonNull.INSTANCE);
        String role = text(message, "role");
        Optional<JsonValue> content = message.get("content");
        String said = content.flatMap(JsonValue::asText).orElseGet(() -> content.map(RecordWords::blocks).orElse(""));
        return (role.isEmpty() ? "" : role + " ") + said;
    }

    /** A content list in words: its text, and each tool use or result by what it is. */
    private static String blocks(JsonValue content) {
        if (!(content instanceof JsonValue.JsonArray list)) {
            return "";
        }
        StringBuilder s = new StringBuilder();
        for (JsonValue block : list.items()) {
            String type = text(block, "type");
            String part = switch (type) {
                case "text" -> text(block, "text");
                case "tool_use" -> "→ " + text(block, "name");
                case "tool_result" -> "← result";
                default -> "[" + type + "]";
            };
            s.append(s.isEmpty() ? "" : " ").append(part);
        }
        return s.toString();
    }

    private static String queue(JsonValue json) {
        String operation = text(json, "operation");
        String content = text(json, "content");
        String verb = switch (operation) {
            case "enqueue" -> "queued for the model";
            case "dequeue" -> "taken from the queue";
            case "remove" -> "removed from the queue";
            case "popAll" -> "queue emptied";
            default -> "queue " + words(operation);
        };
        return verb + (content.isEmpty() ? "" : ": " + content.strip());
    }

    private static String fileHistory(JsonValue json) {
        JsonValue backups = json.path("snapshot", "trackedFileBackups").orElse(JsonValue.JsonNull.INSTANCE);
        int files = backups instanceof JsonValue.JsonObject o ? o.members().size() : 0;
        boolean update = json.get("isSnapshotUpdate").flatMap(JsonValue::asText).orElse("").equals("true");
        return "file history " + (update ? "updated" : "snapshot") + " · " + count(files, "file", "files") + " backed up";
    }

    private static String codexEvent(JsonValue payload) {
        String type = text(payload, "type");
        return switch (type) {
            case "token_count" -> tokenCount(payload);
            case "agent_message" -> "agent said: " + text(payload, "message");
            case "user_message" -> "user said: " + text(payload, "message");
            case "agent_reasoning" -> "reasoning: " + text(payload, "text");
            case "task_started" -> "turn started" + number(payload, "model_context_window")
                    .map(w -> " · window " + count(w.longValue())).orElse("");
            case "task_complete" -> "turn complete" + (text(payload, "last_agent_message").isEmpty() ? ""
                    : ": " + text(payload, "last_agent_message"));
            default -> (type.isEmpty() ? "event" : words(type)) + plainFields(payload, "type");
        };
    }

    private static String tokenCount(JsonValue payload) {
        JsonValue last = payload.path("info", "last_token_usage").orElse(JsonValue.JsonNull.INSTANCE);
        Optional<BigDecimal> in = number(last, "input_tokens");
        Optional<BigDecimal> out = number(last, "output_tokens");
        if (in.isPresent() || out.isPresent()) {
            String total = payload.path("info", "total_token_usage").flatMap(t -> number(t, "total_tokens"))
                    .map(t -> " · " + count(t.longValue()) + " in the session").orElse("");
            return "tokens: " + count(in.orElse(BigDecimal.ZERO).longValue()) + " in · "
                    + count(out.orElse(BigDecimal.ZERO).longValue()) + " out" + total;
        }
        return payload.path("rate_limits", "primary").flatMap(p -> number(p, "used_percent"))
                .map(p -> "rate limit: " + p.stripTrailingZeros().toPlainString() + " % used").orElse("token count: none yet");
    }

    private static String turnContext(JsonValue payload) {
        StringBuilder s = new StringBuilder("turn context");
        String model = text(payload, "model");
        if (!model.isEmpty()) {
            s.append(": model ").append(model);
        }
        String approval = text(payload, "approval_policy");
        if (!approval.isEmpty()) {
            s.append(" · approval ").append(approval);
        }
        String sandbox = payload.path("sandbox_policy", "type").flatMap(JsonValue::asText).orElse("");
        if (!sandbox.isEmpty()) {
            s.append(" · sandbox ").append(sandbox);
        }
        return s.toString();
    }

    private static String sessionMeta(JsonValue payload) {
        StringBuilder s = new StringBuilder("session");
        String id = text(payload, "id");
        if (!id.isEmpty()) {
            s.append(' ').append(id);
        }
        String originator = text(payload, "originator");
        if (!originator.isEmpty()) {
            s.append(" · ").append(originator);
        }
        String version = text(payload, "cli_version");
        if (!version.isEmpty()) {
            s.append(" · version ").append(version);
        }
        String cwd = text(payload, "cwd");
        if (!cwd.isEmpty()) {
            s.append(" · in ").append(cwd);
        }
        return s.toString();
    }

    private static String system(JsonValue json) {
        String subtype = text(json, "subtype");
        String content = text(json, "content");
        StringBuilder s = new StringBuilder(subtype.isEmpty() ? "system" : words(subtype));
        if (!content.isEmpty()) {
            s.append(": ").append(content);
        }
        String cause = json.path("cause", "code").flatMap(JsonValue::asText)
                .orElseGet(() -> json.path("error", "message").flatMap(JsonValue::asText).orElse(""));
        if (!cause.isEmpty()) {
            s.append(": ").append(cause);
        }
        number(json, "retryAttempt").ifPresent(n -> s.append(" · retry ").append(n.toPlainString())
                .append(number(json, "maxRetries").map(m -> " of " + m.toPlainString()).orElse("")));
        number(json, "durationMs").ifPresent(ms -> s.append(" · ").append(duration(ms.doubleValue())));
        json.path("compactMetadata", "preTokens").flatMap(JsonValue::asText)
                .ifPresent(t -> s.append(" (").append(text(json.get("compactMetadata").get(), "trigger")).append(", ")
                        .append(count(parse(t))).append(" tokens before)"));
        return s.toString();
    }

    private static String log(Payload.JsonRecord record) {
        JsonValue body = record.json().get("body").orElse(JsonValue.JsonNull.INSTANCE);
        String said = body.asText().orElseGet(() -> body instanceof JsonValue.JsonObject o
                ? o.get("content").flatMap(JsonValue::asText).orElse(fieldNames(o)) : "");
        return record.eventName() + (said.isEmpty() ? "" : ": " + said);
    }

    private static String step(Payload.JsonRecord record) {
        JsonValue metrics = record.json().get("metrics").orElse(JsonValue.JsonNull.INSTANCE);
        StringBuilder s = new StringBuilder(record.eventName());
        Optional<BigDecimal> prompt = number(metrics, "prompt_tokens");
        Optional<BigDecimal> completion = number(metrics, "completion_tokens");
        if (prompt.isPresent() || completion.isPresent()) {
            s.append(" · ").append(count(prompt.orElse(BigDecimal.ZERO).longValue())).append(" in · ")
                    .append(count(completion.orElse(BigDecimal.ZERO).longValue())).append(" out");
        }
        number(metrics, "cost_usd").ifPresent(c -> s.append(String.format(Locale.ROOT, " · $%.4f", c.doubleValue())));
        if (s.length() == record.eventName().length()) {
            s.append(plainFields(record.json(), "step_id", "source"));
        }
        return s.toString();
    }

    /**
     * An eval's sample (Inspect's): its id and epoch, then what it says of its run first — each scorer's value, the
     * error or limit that stopped it — then the target it was scored against.
     */
    private static String evalSample(JsonValue json) {
        StringBuilder s = new StringBuilder("sample ").append(text(json, "id").isEmpty() ? scalar(json, "id") : text(json, "id"));
        String epoch = scalar(json, "epoch");
        if (!epoch.isEmpty()) {
            s.append(" · epoch ").append(epoch);
        }
        json.get("scores").filter(v -> v instanceof JsonValue.JsonObject).ifPresent(scores -> {
            for (Map.Entry<String, JsonValue> scorer : ((JsonValue.JsonObject) scores).members().entrySet()) {
                JsonValue value = scorer.getValue() instanceof JsonValue.JsonObject o
                        ? o.get("value").orElse(JsonValue.JsonNull.INSTANCE) : scorer.getValue();
                s.append(" · ").append(scorer.getKey()).append(' ').append(PythonText.abbreviate(
                        value instanceof JsonValue.JsonObject || value instanceof JsonValue.JsonArray
                                ? value.toCompactString() : value.asText().orElse("null"), 40));
            }
        });
        json.get("error").filter(v -> !(v instanceof JsonValue.JsonNull)).ifPresent(error -> s.append(" · error: ")
                .append(PythonText.abbreviate(error instanceof JsonValue.JsonObject o
                        ? o.get("message").flatMap(JsonValue::asText).orElse("") : error.asText().orElse(""), 80)));
        json.get("limit").filter(v -> v instanceof JsonValue.JsonObject).ifPresent(limit -> s.append(" · ")
                .append(text(limit, "type")).append(" limit reached"));
        String target = text(json, "target");
        if (!target.isEmpty()) {
            s.append(" · target ").append(PythonText.abbreviate(target, 60));
        }
        return s.toString();
    }

    /** A member that is a string or a number, as written; "" otherwise. */
    private static String scalar(JsonValue json, String key) {
        return json.get(key).filter(v -> v instanceof JsonValue.JsonNumber || v instanceof JsonValue.JsonString)
                .flatMap(JsonValue::asText).orElse("");
    }

    /** A record of a kind not known here: its name and its first plain fields, objects and lists by their size. */
    static String plain(String name, JsonValue json) {
        return name + plainFields(json, "type");
    }

    private static String plainFields(JsonValue json, String... skipped) {
        if (!(json instanceof JsonValue.JsonObject object)) {
            return json.asText().map(t -> ": " + t).orElse("");
        }
        StringBuilder s = new StringBuilder();
        int shown = 0;
        for (Map.Entry<String, JsonValue> member : object.members().entrySet()) {
            if (shown == FIELDS) {
                break;
            }
            if (java.util.Arrays.asList(skipped).contains(member.getKey()) || member.getValue() instanceof JsonValue.JsonNull) {
                continue;
            }
            JsonValue value = member.getValue();
            String shownValue = value instanceof JsonValue.JsonObject o ? count(o.members().size(), "field", "fields")
                    : value instanceof JsonValue.JsonArray a ? count(a.items().size(), "item", "items")
                    : PythonText.abbreviate(value.asText().orElse(""), 60);
            s.append(" · ").append(words(member.getKey())).append(' ').append(shownValue);
            shown++;
        }
        return s.toString();
    }

    /** "command: make refund, timeout: 5": an object's members, nested ones by their size. */
    static String pairs(JsonValue.JsonObject object) {
        StringBuilder s = new StringBuilder();
        for (Map.Entry<String, JsonValue> member : object.members().entrySet()) {
            JsonValue value = member.getValue();
            String shown = value instanceof JsonValue.JsonObject o ? count(o.members().size(), "field", "fields")
                    : value instanceof JsonValue.JsonArray a ? count(a.items().size(), "item", "items")
                    : value.asText().orElse("null");
            s.append(s.isEmpty() ? "" : ", ").append(member.getKey()).append(": ").append(shown);
        }
        return s.toString();
    }

    private static String fieldNames(JsonValue.JsonObject o) {
        return String.join(", ", o.members().keySet());
    }

    /** Tokens billed for a call, "1,234 tokens (1,000 in · 234 out)". */
    public static String tokens(TokenUsage usage) {
        return count(usage.prompt() + usage.output()) + " tokens (" + count(usage.prompt()) + " in · "
                + count(usage.output()) + " out)";
    }

    /** "640 ms", "1.42 s", "2 min 5 s". */
    public static String duration(double millis) {
        if (millis == 0) {
            return "0 ms";
        }
        if (millis < 1) {
            return String.format(Locale.ROOT, "%.2f ms", millis);
        }
        if (millis < 1000) {
            return Math.round(millis) + " ms";
        }
        if (millis < 60_000) {
            return String.format(Locale.ROOT, "%.2f s", millis / 1000);
        }
        long seconds = Math.round(millis / 1000);
        return seconds / 60 + " min " + seconds % 60 + " s";
    }

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static String count(long n, String one, String many) {
        return count(n) + " " + (n == 1 ? one : many);
    }

    /** "hook_progress" → "hook progress", "taskStarted" → "task started". */
    static String words(String identifier) {
        return identifier.replaceAll("([a-z])([A-Z])", "$1 $2").replace('_', ' ').replace('-', ' ').toLowerCase(Locale.ROOT);
    }

    private static String text(JsonValue json, String key) {
        return json.get(key).flatMap(JsonValue::asText).orElse("");
    }

    private static Optional<BigDecimal> number(JsonValue json, String key) {
        return json.get(key).filter(v -> v instanceof JsonValue.JsonNumber).map(v -> ((JsonValue.JsonNumber) v).value());
    }

    private static long parse(String digits) {
        try {
            return new BigDecimal(digits).longValue();
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String or(String first, String otherwise) {
        return first.isEmpty() ? otherwise : first;
    }

    private static String lastLine(String output) {
        String stripped = output.strip();
        int end = stripped.lastIndexOf('\n');
        return end < 0 ? stripped : stripped.substring(end + 1);
    }

    static String oneLine(String s) {
        String flat = s.indexOf('\n') < 0 && s.indexOf('\r') < 0 ? s : s.replace("\r", "").replace('\n', '⏎');
        return PythonText.abbreviate(flat.strip(), MAX);
    }
}
