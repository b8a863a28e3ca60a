package dev.tracedeck.importers.letta;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.json.JsonImport;
import dev.tracedeck.importers.json.JsonLayout;
import dev.tracedeck.importers.json.JsonTraceImporter;
import dev.tracedeck.importers.json.JsonTraceRead;
import dev.tracedeck.importers.sniff.JsonHead;
import dev.tracedeck.model.trace.Trace;
import java.util.Set;

/**
 * Imports Letta agent files ({@value #FORMAT_ID}, {@code .af}): one JSON document holding an agent with its
 * messages, memory blocks, tools and settings. Two schemas: the older one is the agent itself ({@code messages},
 * {@code core_memory}, {@code in_context_message_indices}, {@code llm_config}, {@code tools}, {@code system}); the
 * newer one (Letta's {@code AgentFileSchema}) lists {@code agents} (each with {@code messages},
 * {@code in_context_message_ids}, {@code block_ids}, {@code llm_config}) beside the shared {@code blocks} and
 * {@code tools}. Messages are streamed one by one; each agent is a thread. What becomes what is in
 * {@link AgentReading}.
 */
public final class LettaImporter implements JsonTraceImporter {

    public static final String FORMAT_ID = "letta";

    @Override
    public String formatId() {
        return FORMAT_ID;
    }

    /**
     * 97 for what only a Letta agent file has: a top-level {@code core_memory} or {@code in_context_message_indices}
     * beside {@code agent_type} or {@code llm_config} (the older schema), or a top-level {@code agents} whose agents
     * show {@code memory_blocks}, {@code block_ids}, {@code in_context_message_ids} or {@code llm_config}; else 0. Its
     * messages are in OpenAI's shape, which openai-chat claims at 90: this must win.
     */
    @Override
    public int confidence(JsonHead h, String head) {
        if (h.firstChar() != '{') {
            return 0;
        }
        boolean older = (h.hasTopLevelName("core_memory") || h.hasTopLevelName("in_context_message_indices"))
                && (h.hasTopLevelName("agent_type") || h.hasTopLevelName("llm_config"));
        boolean newer = h.hasTopLevelName("agents") && (h.hasName("memory_blocks") || h.hasName("block_ids")
                || h.hasName("in_context_message_ids") || h.hasName("llm_config"));
        return older || newer ? 97 : 0;
    }

    @Override
    public Trace read(ImportSource source, ImportListener listener) throws ImportException {
        JsonLayout layout = JsonImport.layout(source);
        if (layout != JsonLayout.OBJECT) {
            throw new ChatTraceWriter(source.name()).notThisFormat("Letta agent file (one JSON object)");
        }
        JsonTraceRead<AgentReading> read = JsonTraceRead.read(source, listener, layout,
                Set.of("messages", "agents/*/messages"), (out, l) -> new AgentReading(out));
        if (!read.records().sawAgent()) {
            throw read.notThisFormat("Letta agent");
        }
        return read.trace(FORMAT_ID);
    }
}
