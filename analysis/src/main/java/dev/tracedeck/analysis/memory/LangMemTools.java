package dev.tracedeck.analysis.memory;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.message.ToolCall;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * LangMem's memory tools on a LangGraph store ({@code langmem/knowledge/tools.py}), read from their calls and results:
 * {@code manage_memory(content, action, id)} puts {@code {"content": content}} under a key of the tool's namespace
 * ({@code create}: a new key, which its result names, {@code "created memory <id>"}; {@code update}: the key
 * {@code id}, its whole value replaced) or deletes the key ({@code "Deleted memory <id>"}); {@code search_memory(query,
 * …)} answers with the items it found, each with its {@code namespace}, {@code key} and {@code value}: a read of each.
 * The namespace is set when the tool is made and is not in a call, so a memory is an item, named by its key; a
 * search shows the value of each item it found. A result that is not the tool's answer (LangGraph's tool node
 * answers an exception with {@code "Error: …"}) means the call failed, and nothing changed.
 */
final class LangMemTools {

    static final String KIND = "store item";
    private static final Pattern ANSWER = Pattern.compile("(created|updated|Deleted) memory (\\S+)");
    private static final ObjectMapper JSON = new ObjectMapper();

    private LangMemTools() {
    }

    static boolean isTool(String name) {
        return name.equals("manage_memory") || name.equals("search_memory");
    }

    static void apply(Event e, ToolCall call, CallResults results, MemoryBook book) {
        Optional<Event> result = results.result(call);
        Optional<String> answer = CallResults.message(result).map(m -> m.content().strip());
        if (call.name().equals("search_memory")) {
            answer.ifPresent(a -> found(a).forEach((key, seen) -> add(book, key, MemoryOp.READ, e, call, seen,
                    "", false, result)));
            return;
        }
        String action = call.argument("action").orElse("create");
        Optional<Matcher> said = answer.map(ANSWER::matcher).filter(Matcher::matches);
        boolean failed = answer.isPresent() && said.isEmpty();
        Optional<String> key = call.argument("id").or(() -> said.map(m -> m.group(2)));
        String name = key.orElse("new memory (its key is not in the trace)");
        if (action.equals("delete")) {
            add(book, name, MemoryOp.DELETE, e, call, Optional.empty(), "", failed, result);
            return;
        }
        String content = call.arguments().flatMap(a -> a.get("content"))
                .map(v -> v.asText().orElseGet(v::toPrettyString)).orElse("");
        add(book, name, MemoryOp.WRITE, e, call, Optional.of(content), content, failed, result);
    }

    private static void add(MemoryBook book, String key, MemoryOp op, Event e, ToolCall call, Optional<String> applied,
                            String change, boolean failed, Optional<Event> result) {
        MemoryBook.Page page = book.page(key, KIND);
        Optional<String> before = page.current;
        Optional<String> after = failed ? before : op == MemoryOp.READ ? applied.or(() -> before) : applied;
        page.add(new MemoryOperation(op, e, call.name(), before, after, applied, change, failed, result));
    }

    /**
     * The items a search answered with, in order: each key with the content its value shows (when the value is
     * LangMem's {@code {"content": …}}); none when the answer is not a list of items.
     */
    private static Map<String, Optional<String>> found(String answer) {
        Map<String, Optional<String>> items = new LinkedHashMap<>();
        if (!answer.startsWith("[")) {
            return items;
        }
        try {
            for (JsonNode item : JSON.readTree(answer)) {
                if (item.path("key").isTextual() && item.has("value")) {
                    JsonNode content = item.get("value").path("content");
                    items.put(item.get("key").textValue(), content.isMissingNode() ? Optional.empty()
                            : Optional.of(content.isTextual() ? content.textValue() : content.toPrettyString()));
                }
            }
        } catch (JsonProcessingException ex) {
            items.clear();
        }
        return items;
    }
}
