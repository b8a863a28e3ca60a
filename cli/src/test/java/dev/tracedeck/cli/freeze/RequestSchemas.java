package dev.tracedeck.cli.freeze;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.tracedeck.engine.freeze.Provider;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The providers' request body schemas (subsets written from their published specs; each file's {@code $comment} says
 * which), to check a frozen body against.
 */
final class RequestSchemas {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Map<Provider, Schema> SCHEMAS = new EnumMap<>(Provider.class);

    static {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        SCHEMAS.put(Provider.CHAT, load(registry, "chat-completions-request.schema.json"));
        SCHEMAS.put(Provider.RESPONSES, load(registry, "responses-request.schema.json"));
        SCHEMAS.put(Provider.ANTHROPIC, load(registry, "anthropic-messages-request.schema.json"));
    }

    private RequestSchemas() {
    }

    private static Schema load(SchemaRegistry registry, String name) {
        try (InputStream in = RequestSchemas.class.getResourceAsStream("/dev/tracedeck/cli/freeze/" + name)) {
            return registry.getSchema(in, InputFormat.JSON);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What {@code body} breaks of {@code provider}'s schema, one line each; empty when it is accepted. */
    static List<String> problems(Provider provider, String body) {
        JsonNode node;
        try {
            node = MAPPER.readTree(body);
        } catch (IOException e) {
            return List.of("not JSON: " + e.getMessage());
        }
        return SCHEMAS.get(provider).validate(node).stream().map(Error::toString).toList();
    }
}
