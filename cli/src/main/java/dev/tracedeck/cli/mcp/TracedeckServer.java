package dev.tracedeck.cli.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Tracedeck as a Model Context Protocol server over a pair of streams (the process's standard input and output): the
 * tools of {@link WorkspaceTools}, {@link TraceTools} and {@link LedgerTools}, and {@link TriageTool}, listed and
 * carried out only when writes are allowed (called anyway, it says how to allow them). A tool's failure is its result marked as an error, in one sentence; nothing but the protocol reaches the
 * output.
 */
public final class TracedeckServer {

    private final Workbench workbench;
    private final boolean allowWrites;
    private final String version;
    private final ObjectMapper mapper = new ObjectMapper();

    /**
     * @param allowWrites whether the triage tool is listed: marks are a person's judgement, so an agent may set them
     *                    only where the user started the server to let it
     */
    public TracedeckServer(Workbench workbench, boolean allowWrites, String version) {
        this.workbench = workbench;
        this.allowWrites = allowWrites;
        this.version = version;
    }

    /** The tools this server answers, in the order it lists them (triage is listed only when writes are allowed). */
    List<Tool> tools() {
        List<Tool> tools = new ArrayList<>();
        tools.addAll(new WorkspaceTools(workbench, mapper).tools());
        tools.addAll(new TriageReadTools(workbench, mapper).tools());
        tools.addAll(new TraceTools(workbench, mapper).tools());
        tools.addAll(new LedgerTools(workbench, mapper).tools());
        tools.add(TriageTool.of(workbench, mapper, allowWrites));
        return tools;
    }

    /** Serves the client on {@code in} and {@code out} until its input ends; returns once the session is over. */
    public void serve(InputStream in, OutputStream out) throws InterruptedException {
        McpJsonMapper json = new JacksonMcpJsonMapper(mapper);
        AnsweredBeforeEnd answered = new AnsweredBeforeEnd();
        CountDownLatch ended = new CountDownLatch(1);
        InputStream input = new InputStream() {
            private final InputStream gated = answered.input(in);

            @Override
            public int read() throws java.io.IOException {
                return ended(gated.read());
            }

            @Override
            public int read(byte[] b, int off, int len) throws java.io.IOException {
                return ended(gated.read(b, off, len));
            }

            private int ended(int n) {
                if (n == -1) {
                    ended.countDown();
                }
                return n;
            }
        };
        StdioServerTransportProvider transport = new StdioServerTransportProvider(json, input, answered.output(out));
        List<SyncToolSpecification> specifications = new ArrayList<>();
        for (Tool tool : tools()) {
            specifications.add(SyncToolSpecification.builder()
                    .tool(McpSchema.Tool.builder().name(tool.name()).description(tool.description())
                            .inputSchema(json, tool.schema()).build())
                    .callHandler((exchange, request) -> call(tool, request.arguments()))
                    .build());
        }
        McpSyncServer server = McpServer.sync(transport)
                .serverInfo("tracedeck", version)
                .instructions("Tracedeck reads the traces of LLM agents: list_runs and search cover the workspace's "
                        + "recorded runs; validate checks a file and lists its findings; list_threads, read_thread and "
                        + "read_event read a file's steps; cost and context_levels give what it spent. Every list is "
                        + "paged (offset, limit, nextOffset) and long text is cut with its length said.")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .jsonMapper(json)
                .jsonSchemaValidator(new DefaultJsonSchemaValidator(mapper))
                .validateToolInputs(true)
                // One call at a time, in the order they came: a session piped in whole lists the runs its validate just
                // recorded, and two calls never write the workspace at once.
                .immediateExecution(true)
                .tools(specifications)
                .addToolFilter((context, tool) -> allowWrites || !tool.name().equals(TriageTool.NAME))
                .build();
        try {
            ended.await();
        } finally {
            server.closeGracefully();
        }
    }

    /** A tool's answer as JSON text, or its failure said as an error result. */
    McpSchema.CallToolResult call(Tool tool, java.util.Map<String, Object> arguments) {
        try {
            JsonNode answer = tool.call().apply(new Args(tool.name(), arguments));
            return McpSchema.CallToolResult.builder().addTextContent(mapper.writeValueAsString(answer)).isError(false).build();
        } catch (ToolFailure e) {
            return error(e.getMessage());
        } catch (JsonProcessingException e) {
            return error(tool.name() + ": the answer could not be written as JSON (" + e.getOriginalMessage() + ")");
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            // Tracedeck's own failure: said to the agent and on stderr, and the server goes on with the next call.
            System.err.println("tracedeck mcp: " + tool.name() + " failed: " + e);
            return error(tool.name() + ": Tracedeck failed: " + e);
        }
    }

    private static McpSchema.CallToolResult error(String message) {
        return McpSchema.CallToolResult.builder().addTextContent(message).isError(true).build();
    }
}
