package dev.tracedeck.cli.freeze;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.cli.CliRun;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A frozen request replays: the curl command {@code freeze --curl --base-url} prints, run by a shell with the key in
 * its environment, and the Java HTTP call built from {@code freeze --json}'s url, headers and body, both reach a local
 * server with exactly the frozen body and the headers, the key read from the environment.
 */
class FrozenReplayTest {

    private static final String KEY = "test-key-not-secret-0123";

    /** What the stub received: the path, the headers by lower-case name, the body. */
    record Received(String path, Map<String, String> headers, byte[] body) {
    }

    private final LinkedBlockingQueue<Received> received = new LinkedBlockingQueue<>();
    private Server server;
    private String baseUrl;

    @BeforeEach
    void start() throws Exception {
        server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                byte[] body = Content.Source.asInputStream(request).readAllBytes();
                Map<String, String> headers = new java.util.HashMap<>();
                for (HttpField f : request.getHeaders()) {
                    headers.put(f.getLowerCaseName(), f.getValue());
                }
                received.add(new Received(request.getHttpURI().getPath(), headers, body));
                response.setStatus(200);
                Content.Sink.write(response, true, "{}", callback);
                return true;
            }
        });
        server.start();
        baseUrl = "http://127.0.0.1:" + connector.getLocalPort();
    }

    @AfterEach
    void stop() throws Exception {
        server.stop();
    }

    @ParameterizedTest
    @CsvSource({
        "anthropic/clean-parallel-tools.json, 5, , /v1/messages, x-api-key",
        "openai/clean-tool-calls.json, 4, , /v1/chat/completions, authorization",
        "openai/clean-tool-calls.json, 4, anthropic, /v1/messages, x-api-key",
        "openai-responses/clean-request.json, 3, , /v1/responses, authorization",
        "sdk-recording/clean-anthropic-tool-runner.jsonl, 4, , /v1/messages, x-api-key",
        "claude-code/resumed-session.jsonl, 6, responses, /v1/responses, authorization"})
    void theCurlCommandSendsTheFrozenBodyAndTheKeyFromTheEnvironment(String sample, int step, String as, String path,
                                                                      String keyHeader) throws Exception {
        boolean anthropic = path.equals("/v1/messages");
        String base = anthropic ? baseUrl : baseUrl + "/v1";
        String[] args = as == null
                ? new String[] {"freeze", "--no-workspace", "--step", Integer.toString(step), "--base-url", base, "../sample-logs/" + sample}
                : new String[] {"freeze", "--no-workspace", "--step", Integer.toString(step), "--as", as, "--base-url", base, "../sample-logs/" + sample};
        CliRun json = CliRun.of(append(args, "--json"));
        assertEquals(0, json.code(), json.err());
        com.fasterxml.jackson.databind.JsonNode frozen = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out());
        String body = bodyText(json.out());
        CliRun curl = CliRun.of(append(args, "--curl"));
        assertEquals(0, curl.code(), curl.err());
        assertFalse(curl.out().contains(KEY));
        assertEquals(frozen.path("curl").asText(), curl.out());

        // The key is in the shell's environment only, as a user's holds it.
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", curl.out()).redirectErrorStream(true);
        builder.environment().put(anthropic ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY", KEY);
        Process run = builder.start();
        String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(run.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, run.exitValue(), output);
        Received byCurl = received.poll(10, TimeUnit.SECONDS);
        assertEquals(path, byCurl.path());
        assertArrayEquals(body.getBytes(StandardCharsets.UTF_8), byCurl.body(), "the body reached the server byte for byte");
        assertEquals(anthropic ? KEY : "Bearer " + KEY, byCurl.headers().get(keyHeader));
        assertEquals("application/json", byCurl.headers().get("content-type"));
        if (anthropic) {
            assertEquals("2023-06-01", byCurl.headers().get("anthropic-version"));
        }

        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(frozen.path("url").asText()))
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        for (com.fasterxml.jackson.databind.JsonNode header : frozen.path("headers")) {
            String[] parts = header.asText().split(": ", 2);
            String value = parts[1].replace("$" + (anthropic ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY"), KEY);
            request.header(parts[0], value);
        }
        HttpResponse<String> answer = HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode());
        Received byJava = received.poll(10, TimeUnit.SECONDS);
        assertArrayEquals(byCurl.body(), byJava.body());
        assertEquals(byCurl.headers().get(keyHeader), byJava.headers().get(keyHeader));
        if (sample.startsWith("anthropic/") && as == null) {
            // A request body file is the body: the bytes sent are the file's, its last line break aside.
            String file = Files.readString(Path.of("../sample-logs/" + sample), StandardCharsets.UTF_8).stripTrailing();
            assertEquals(file, new String(byCurl.body(), StandardCharsets.UTF_8));
        }
    }

    @org.junit.jupiter.api.Test
    void nothingInTheBodyIsReadByTheShell() throws Exception {
        String body = "{\"messages\":[{\"role\":\"user\",\"content\":\"it's $HOME `id` $(id) \\\\ %s %% \\n"
                + "été — 😀 '' '\\''\"}],\"model\":\"gpt-4o\"}\n";
        dev.tracedeck.engine.freeze.FrozenRequest request = new dev.tracedeck.engine.freeze.FrozenRequest(
                dev.tracedeck.engine.freeze.Provider.CHAT, dev.tracedeck.engine.freeze.Provider.CHAT.url(baseUrl + "/v1"),
                java.util.List.of(new dev.tracedeck.engine.freeze.FrozenRequest.Header("Content-Type", "application/json", ""),
                        new dev.tracedeck.engine.freeze.FrozenRequest.Header("Authorization", "Bearer ", "OPENAI_API_KEY")),
                body, true, true, java.util.List.of(), "t",
                new dev.tracedeck.engine.freeze.CallStep(1, 0, java.util.Optional.empty(), 0, true), "gpt-4o");
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", request.curl()).redirectErrorStream(true);
        builder.environment().put("OPENAI_API_KEY", KEY);
        Process run = builder.start();
        String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(run.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, run.exitValue(), output);
        Received got = received.poll(10, TimeUnit.SECONDS);
        assertArrayEquals(body.getBytes(StandardCharsets.UTF_8), got.body());
        assertEquals("Bearer " + KEY, got.headers().get("authorization"));
    }

    private static String[] append(String[] args, String more) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 1);
        all[args.length] = more;
        return all;
    }

    /** The body member of freeze --json's object, as the text it is there: written in raw, so exactly the frozen bytes. */
    private static String bodyText(String json) throws IOException {
        com.fasterxml.jackson.core.JsonParser p = new com.fasterxml.jackson.core.JsonFactory().createParser(json);
        while (p.nextToken() != null) {
            if (p.currentToken() == com.fasterxml.jackson.core.JsonToken.FIELD_NAME && p.currentName().equals("body")
                    && p.getParsingContext().getParent().inRoot()) {
                p.nextToken();
                int start = (int) p.currentTokenLocation().getCharOffset();
                p.skipChildren();
                int end = (int) p.currentLocation().getCharOffset();
                return json.substring(start, end);
            }
        }
        throw new AssertionError("no body in " + json);
    }
}
