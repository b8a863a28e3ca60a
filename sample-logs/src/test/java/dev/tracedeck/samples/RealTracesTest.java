package dev.tracedeck.samples;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload.ConversationMessage;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Traces written by other tools (the shared folder {@code ../shared/real-traces/} beside the repository, read where
 * it is and never copied in), checked through the pipeline of {@code tracedeck validate}: sniffing importers, then
 * the validator with the default rules and the profile of the format found. Each file must be read as the format
 * in its row, with its threads, its tool calls and tool results, and exactly the errors and warnings that are real
 * faults of the recorded run (infos are not compared).
 *
 * <p>The counts are not Tracedeck's: they were taken with {@code scripts/count_trace_tools.py} over the raw files,
 * the way the tool that wrote each file means a call and a result; a Claude Code message written over several lines
 * is one message whose blocks each count. The findings were decided by reading the files; why, in a comment on each
 * row. Every file of the folder (and every folder in it, a Claude Code project read whole) has a row, or is listed as
 * a format Tracedeck does not claim yet. Skipped when the folder is absent.
 */

class RealTracesTest {

    private static final Path FOLDER = SampleReadme.MODULE.resolve("../../shared/real-traces").normalize();

    /** What the folder says about itself: not a trace. */
    private static final Set<String> NOT_TRACES = Set.of("SOURCES.md");

    /**
     * What one file must give.
     *
     * @param findings the errors and warnings, as "rule severity" and how many times
     */
    record Expected(String file, String format, int threads, int toolCalls, int toolResults,
            Map<String, Integer> findings) {
    }

    private static final List<Expected> TABLE = List.of(
            // A request that ends with the tool result answering the call of the message before it: a full round trip.
            row("anthropic-02-request-tool-roundtrip.json", "anthropic", 1, 1, 1),
            // The API refused this request: its tool_result answers no tool_use (no assistant message at all). That is
            // the one fault. The two user messages in a row are not a second one: the API merges consecutive turns of
            // one role, so "roles must alternate" is not why it refused.
            row("anthropic-03-request-rejected-orphan-tool-result.json", "anthropic", 1, 0, 1,
                    "tool-result-without-call error", 1),
            // One API response that stops at tool_use: the result can only be in the next request, which this file
            // is not. Nothing is missing.
            row("anthropic-04-response-tool-use-no-args.json", "anthropic", 1, 1, 0),
            // One session (one sessionId; the snapshot and queue lines are not a conversation). Every tool_result
            // answers a call of the API message just before it (messages written over several lines are regrouped by
            // message.id); peak context 27,666 tokens of claude-opus-4-6's 200,000.
            row("claude-code-01-spotter-tool-heavy.jsonl", "claude-code", 1, 6, 6),
            // A sub-agent's own file: one thread. Its two large results are Claude Code's own tool outputs, which the
            // tool caps itself, so they are not oversized; peak context 42,182 tokens.
            row("claude-code-02-spotter-subagent-a881341.jsonl", "claude-code", 1, 2, 2),
            // One session; calls and results all pair in order once the lines of each API message are taken together
            // (results and progress lines fall between the lines of one message). The assistant lines' usage
            // (input + cache creation + cache read) passes 160,000, 80% of claude-opus-4-6's 200,000-token window,
            // from line 1112 and peaks at 166,759 (line 1244), before Claude Code compacts at 167,094: a real
            // pre-flight warning. Never over the window, so no overflow. The first call after that compaction (line
            // 1261) reads back 21,460 cached tokens (the system prompt and tools) where the call before it (line 1244)
            // left 166,758: the summary replaced the history, so 12,500 tokens are written anew, a real cache miss
            // with its reason recorded. The other falls (lines 498, 1848, each after a <task-notification> prompt,
            // within the hour these calls' 1-hour cache writes last) have no reason the transcript shows: no finding.
            row("claude-code-03-spotter-session-258c7280.jsonl", "claude-code", 1, 186, 186,
                    "context-preflight warning", 1, "cache-miss warning", 1),
            // Claude Code 1.0 writing five Task sub-agents inline: 5 sidechains (isSidechain, no agentId, each chain
            // followed by parentUuid from a first line whose prompt is its Task call's), each a thread linked to the
            // Task call whose prompt it starts with (the five prompts differ). All 167 calls answered, in order once
            // each API message's lines are taken together (sidechain lines fall between them); peak context 42,726 of
            // claude-sonnet-4's 200,000. Clean.
            row("claude-code-01-ccviewer-fe5e1c67-inline-sidechains.jsonl", "claude-code", 6, 167, 167),
            // The session whose compaction the acompact agent (claude-code-05) wrote: as in claude-code-03-spotter,
            // the usage Claude Code was billed (input + cache creation + cache read) passes 160,000, 80% of
            // claude-opus-4-6's 200,000-token window, at line 1443 (160,366) and climbs to 166,874 (line 1580)
            // before Claude Code auto-compacts at 167,117 (compact_boundary, line 1584): a real pre-flight warning.
            // 197 calls, all answered. Never over the window. The call after the compaction (line 1590) reads back
            // 21,496 of the 166,873 tokens line 1580 left in the cache: a cache miss the compaction explains. The fall
            // at line 665 (after a <task-notification>, 5 s after the call before) has no recorded reason: no finding.
            row("claude-code-03-spotter-fa812bfe-compacted-3mb.jsonl", "claude-code", 1, 197, 197,
                    "context-preflight warning", 1, "cache-miss warning", 1),
            // The agent Claude Code ran to compact that session (agentId acompact-70d8e7): hook reminders, "Your task
            // is to create a detailed summary of the conversation so far", and the summary, whose one call read
            // 169,290 prompt tokens (the whole context it compacts, cached). That call is the pre-flight answer, not
            // a context left to grow: context-preflight does not apply; it fits the window. Clean.
            row("claude-code-05-spotter-fa812bfe-acompact-70d8e7.jsonl", "claude-code", 1, 0, 0),
            // A short session with thinking blocks: four calls, each answered; peak context 16,679. Clean.
            row("claude-code-07-agtrace-session-thinking.jsonl", "claude-code", 1, 4, 4),
            // Two "//" lines of notes on top (other records). Claude Code 2.1.14 resumed the session and wrote its
            // conversation again (lines 355-531: a new chain from parentUuid null, new uuids, the same message.id,
            // requestId and timestamps, one block a line, some parallel calls left out): 177 replayed lines, each API
            // message counted once, where it was first written. 65 calls and 64 results: the last call (line 562,
            // Bash running publish_session.py, which copied this very file to a gist) was still running when the file
            // was copied, so the thread ends at the model's answer and that call is not judged. Six cache misses, each
            // with its cause in the file: five calls after the user was away longer than the cache's five minutes
            // (lines 70, 148, 178, 536 and 548: 38 min, 5 min 42 s, 6 min 8 s, 4 h 44 min and 16 min 39 s from the
            // previous opus call to the last message before the call; no call wrote 1-hour cache) read back only the
            // ~14,000-token system prefix, and line 562 is the first call on claude-haiku-4-5 after opus (a cache is
            // one model's own).
            row("claude-code-11-sessionshare-general-tool-calls-1mb.jsonl", "claude-code", 1, 65, 64,
                    "cache-miss warning", 6),
            // Two "//" lines of notes (other records), then one Playwright screenshot call and its result, a base64
            // PNG that is most of the file's 1.2 MB (oversized-tool-output does not apply to Claude Code). Clean.
            row("claude-code-12-sessionshare-image-tool-result-1mb.jsonl", "claude-code", 1, 1, 1),
            // A project folder read whole: two sessions and six sub-agent files, 8 threads. Session 0ccf1a04 starts
            // five async Task calls (lines 5-7: green, yellow and red curry; lines 51-52: green and yellow again),
            // so two prompts each start two sub-agents; each result's toolUseResult.agentId names the agent it
            // launched, which links all five sub-agents to their calls, and 4b2030ed's one sub-agent to its Task call.
            // 14 calls, all answered. Two cache misses in session 0ccf1a04: line 47 is its first call on
            // claude-haiku-4-5 after opus (read 0 of the 21,104 tokens opus had cached), and line 61, back on opus,
            // reads 10,467 of them 6 min 18 s after opus's last call (line 31), past the five-minute lifetime.
            row("claude-code-13-sessionshare-project-folder", "claude-code", 8, 14, 14, "cache-miss warning", 2),
            // An Inspect eval log (.json form) of one sample: four browser tool calls, each answered by the tool message
            // after it, then the answer; the five ModelEvents record each call's usage (peak prompt 5,915 tokens of
            // gpt-4o-mini's 128,000). Clean.
            row("inspect-01-browser-eval-log.json", "inspect", 1, 4, 4),
            // A Letta agent file (older schema): 28 calls, each answered by the tool message Letta wrote after it. The
            // five system messages between a core_memory_* call and its result are the prompt Letta rebuilt when the
            // memory changed (it replaces the first at the head of the context): memory dumps, not turns, so no
            // result is out of place. Messages 1-79 left the context when Letta summarized (message 81 says "69 of 80
            // total messages have been hidden"); before that the history, with the six tool schemas Letta sends,
            // passes 80% of gpt-4-0613's 8,192-token window (about 6,600 tokens of messages at message 79, by a count
            // of their characters): a real pre-flight warning, the pressure Letta itself answered by summarizing.
            row("letta-af-01-memgpt-agent-with-convo.af", "letta", 1, 28, 28, "context-preflight warning", 1),
            // The Anthropic SDK's recording of a tool runner: two exchanges, the second request repeating the first's
            // messages and adding the tool_result; the last exchange ends at the model's text answer. Clean.
            row("anthropic-01-sdk-http-recording-tool-roundtrip.json", "sdk-recording", 1, 1, 1),
            // A Terminus run that timed out: three agent steps, each one bash_command call whose terminal output
            // is the step's one observation result, which names no call (Terminus writes it so); each answers its
            // step's call. The timeout ends the run after an answered call: nothing is missing. Clean.
            row("atif-01-harbor-terminus2-timeout.json", "atif", 1, 3, 3),
            // An OpenHands run Harbor converted (agent.name openhands): a str_replace_editor call answered by its
            // source_call_id, then step 6 calls finish, with no observation. OpenHands ends a completed run with finish
            // (an AgentFinishAction, which no observation answers): the run's end, not an orphan. Clean.
            row("atif-01-harbor-openhands-hello-world.json", "atif", 1, 2, 1),
            // A Terminus run whose step 2 wrote its commands as text Terminus could not parse (no tool_calls): the
            // harness's "Previous response had parsing errors" is that step's observation message, shown as such, and the
            // model answers it properly in step 3 (bash_command, its terminal output naming no call). Steps 4 and 5 call
            // mark_task_complete twice, each answered (Terminus asks to confirm, then confirms). Clean.
            row("atif-03-harbor-terminus2-invalid-json.json", "atif", 1, 3, 3),
            // One response of a code-execution run: 61 server_tool_use blocks, each followed by its result in the same
            // response, are server tools the API ran itself (neither calls nor results of the client). The API sampled the
            // model again after each result, and its usage sums those samplings (950,648 input tokens on a 200,000-token
            // model) without listing them in usage.iterations: no count says what one sampling read, so no overflow.
            // Clean.
            row("anthropic-03-vercel-response-code-execution-pptx-skill.json", "anthropic", 1, 0, 0),
            // A Pydantic AI history: secret_plan called and answered by its tool-return. The second request carries
            // instructions ("Be helpful!"), which Pydantic AI sends at the head of the request, not between the call and
            // its result. Clean.
            row("pydantic-ai-02-agent-sandbox-secret-plan-openai.json", "pydantic-ai", 1, 1, 1),
            // A LangGraph state's messages: a call of the ai message, its tool message, the answer; both ai messages are
            // gpt-4o-2024-08-06 calls billed their response_metadata.token_usage (60/15 and 108/51 tokens). Clean.
            row("langchain-01-langgraph-final-state-values.json", "langchain", 1, 1, 1),
            // A Langfuse trace of Pydantic AI agents (one trace, no session): a joke agent's generation calls three
            // suggestion tools, the next generation's input answers all three; a second joke run and an evaluator
            // agent follow in the same trace. The evaluator's last generation ends at its final_result call, which
            // Pydantic AI ends the run with, never answering it: the trace ends at that model answer, so nothing is
            // missing. Clean.
            row("langfuse-export-01-pydantic-ai-tools.json", "langfuse", 1, 4, 3),
            // A Langfuse trace of the OpenAI Agents SDK: a generation (Responses API) calls get_weather, the TOOL
            // observation runs it, the next generation's input holds the function_call_output. Clean.
            row("langfuse-export-02-openai-agents.json", "langfuse", 1, 1, 1),
            // An Agno agent's export (one session) whose 33 KB trace header comes before the observations. Each model
            // call is recorded twice: Agno's OpenAIChat.invoke (its messages as Python's str() of Agno's Message, its
            // output a Chat Completions response) and inside it the OpenAI client's generation, the conversation
            // flattened into text and the call's output "None": the outer level is the one read. The first call asks
            // for duckduckgo_search (call_Vybx…), the tool's span runs it, the second call's input holds the tool
            // message answering it, and the answer follows. Clean.
            row("langfuse-02-agno-duckduckgo.json", "langfuse", 1, 1, 1),
            // Google ADK (session demo-session): Gemini contents. The first call_llm answers with a function_call to
            // say_hello that has no id (ADK takes its own ids off before the request); the execute_tool TOOL
            // observation runs it; the second call_llm's input sends the function_response back, naming say_hello,
            // and the model answers. Clean.
            row("langfuse-04-google-adk-say-hello.json", "langfuse", 1, 1, 1),
            // Koog: the first llm.chat answers with two assistant messages, each holding its call as a tool_calls
            // list (HelloTool, ByeTool): one answer with two calls, whose tool spans run at the same moment. The next
            // request sends each call back as a tool message followed by its result with no id: the four tool
            // messages are the two calls and their two results, not results without calls. Clean.
            row("langfuse-05-koog-hello-bye-tools.json", "langfuse", 1, 2, 2),
            // The Claude Agent SDK through LangSmith's OpenTelemetry export: each content block is a
            // claude.assistant.turn of its own, the later turns' input recorded as {"content": "role"}. Two turns in a
            // row with that same input each call get_weather (Berlin, New York): one answer's two calls. No
            // generation's input holds a result; the two TOOL observations that ran the calls (no ids: paired by tool
            // name, in order) carry them, and the last turn answers with both cities' weather. Clean.
            row("langfuse-06-claude-agent-sdk.json", "langfuse", 1, 2, 2),
            // CrewAI: one task, one LiteLLM completion (the agent's system prompt and the task in, the final answer
            // as text out); no tool was offered or called. Clean.
            row("langfuse-07-crewai.json", "langfuse", 1, 0, 0),
            // One chat completion that stops at tool_calls: the result would be in the next request. Nothing missing.
            row("openai-chat-01-deepseek-response-tool-call.json", "openai-chat", 1, 1, 0),
            // Microsoft Agent Framework workflows printed by the Python SDK's ConsoleSpanExporter: 11 runs and the 11
            // workflow builds before them, each a trace of its own and none naming a conversation, so 22 threads. The
            // spans record no message content (the framework leaves it out unless told to keep it), so there are no
            // calls or results to pair: the execute_tool spans are records. 188 spans are printed twice (as they start,
            // end_time null, and as they end): one span each. Clean.
            row("otel-console-01-agent-framework-traces.jsonl", "otel-console", 22, 0, 0),
            // A Codex rollout of one session: 118 function calls, each answered by the next items; peak prompt
            // 108,869 of the 258,400-token window it records. Clean.
            // Phoenix's own fixture of one PXI assistant turn: an AGENT span naming session fixture-session over nine LLM
            // spans, each sending the whole history (llm.input_messages), and eight TOOL spans. 11 calls, each answered in
            // the next call's input; the last call ends at the answer. The first add_spans_to_dataset tool span ended
            // with status ERROR (the GraphQL mutation failed; the agent retried with other span ids): a real failure,
            // the one failed-span warning.
            row("phoenix-spans-01-pxi-turn-trace.json", "phoenix", 1, 11, 11, "failed-span warning", 1),
            // Phoenix's fixture of a PXI turn that delegates: the ServerAgent.iter agent span that call_subagent's tool
            // span started keeps the parent's session.id, yet is a run of its own: thread
            // fixture-subagent-session/ServerAgent.iter s04, linked to call-02. 19 calls, 19 results, all paired. The
            // fixture's payloads are placeholders (every call's arguments "{}", every tool schema "{}", every result
            // "[tool result]"): the sub-agent's 13 bash calls and the three read_skill_resource calls it made at once in
            // one message can't be told apart from calls whose arguments were left out, so no repetition is judged.
            // Clean.
            row("phoenix-01-pxi-turn-subagent-trace.json", "phoenix", 2, 19, 19),
            row("openai-responses-01-codex-rollout-localpush.jsonl", "openai-responses", 1, 118, 118),
            // One response whose output is a local_shell_call: the client runs it and sends the output in the next
            // request, which this file is not. Nothing missing.
            row("openai-responses-02-response-local-shell.json", "openai-responses", 1, 1, 0),
            // The turn that starts at line 778 never completes: its last exec_command (line 826) gets no output, and 15
            // minutes later the session is resumed (instructions sent again, a new user message, line 835 on). The call
            // is lost: a real orphan. The output at line 810 comes after a developer message Codex wrote while the
            // command ran (six minutes), still in order. Peak prompt 143,372 of 258,400.
            row("openai-responses-03-codex-rollout-interrupted-resumed.jsonl", "openai-responses", 1, 144, 143,
                    "orphaned-tool-call error", 1),
            // The rollout ends at an exec_command call (line 18) with no output and no turn end: the run died mid-call.
            row("openai-responses-04-codex-rollout-died-mid-call.jsonl", "openai-responses", 1, 1, 0,
                    "orphaned-tool-call error", 1),
            // 316 function and 49 custom tool calls, all answered; web_search_call runs on the server (no call_id, no
            // output). The longest run of identical calls is three write_stdin polls of one running process (lines
            // 582-598), each with a different output and a new commentary: waiting, not a loop, so no repeated call.
            // The prompt (last_token_usage.input_tokens) passes 80% of the 258,400-token window the rollout records
            // from line 1768 and peaks at 209,950 (line 1785) before Codex compacts (line 1788): a real pre-flight
            // warning, as in claude-code-03. Never over the window. The call after the compaction (line 1799) reads
            // 22,912 cached tokens where line 1785 had 208,640: a cache miss the compaction explains. Other falls in
            // cached_input_tokens have no recorded cause (OpenAI's cache keeps no prefix for sure): no finding.
            row("openai-responses-05-codex-rollout-long-compacted.jsonl", "openai-responses", 1, 365, 365,
                    "context-preflight warning", 1, "cache-miss warning", 1),
            // The smolagents benchmark's output: 50 runs of a ToolCallingAgent, one a line. Each "Calling tools:" list
            // holds one call, answered by the observation after it (no "Call id:" line in this version); the 44
            // "Error executing tool" responses belong to steps whose memory kept no call (the tool raised before
            // smolagents stored it), so they answer none: each is a step that failed, one failed-span warning each
            // (the agent recovered, hence warnings). The assistant's "Tool call call_…: calling …" texts are calls
            // smolagents ran (the structured call follows), not unrun text calls.
            row("smolagents-01-benchmark-toolcalling-math.jsonl", "smolagents", 50, 104, 104, "failed-span warning", 44),
            // The same benchmark with a CodeAgent: 50 runs, 180 python_interpreter calls, each answered by the
            // observation naming its "Call id" (102 of them "Code execution failed" errors: the search tool had no
            // credits; each is its call's result). 19 steps' model output did not parse ("Error in code parsing": no
            // <code> block) and two runs reached their last step ("Reached max steps"): steps that failed with no call
            // to answer, one failed-span warning each (the agent went on). The observations of 14,544 to 65,572
            // characters are pages the code printed: smolagents truncates a CodeAgent's printed output itself (50,000
            // characters, its last value 20,000; visit_webpage cuts pages at 40,000), so none is oversized.
            row("smolagents-02-benchmark-code-simpleqa.jsonl", "smolagents", 50, 180, 180, "failed-span warning", 21),
            // Inspect's fixture for message deduplication (.eval zip, one sample): a mock model calls bash with
            // {"cmd": "ls"} five times in a row and gets the same listing each time, then says "done": a loop the
            // results do not excuse (nothing changed between calls), the one repeated-tool-call warning.
            row("inspect-01-message-dedup-bash.eval", "inspect", 1, 5, 5, "repeated-tool-call warning", 1),
            // An Inspect eval log of three samples of a security Q&A: each the question and the model's answer, no
            // tools. Clean.
            row("inspect-03-security-guide.json", "inspect", 3, 0, 0),
            // A Letta agent file (newer schema) of two agents: lettabot-builder (three messages in context) and its
            // sleeptime agent, whose 188 messages are all still in context (in_context_message_ids lists every one):
            // 62 memory-tool calls, each answered by the tool message after it. That history, its user messages
            // carrying whole transcripts to process (up to 102,000 characters each), grows past 80% of the
            // 180,000-token window its llm_config gives claude-sonnet-4-5 (about 144,600 tokens at message 184, by
            // Tracedeck's count): a real pre-flight warning, Letta not having summarized it. Never over the window.
            row("letta-01-lettabot-builder-sleeptime.af", "letta", 2, 62, 62, "context-preflight warning", 1),
            // A Letta agent file (older schema): three tool calls, each answered by the tool message Letta wrote after
            // it. Clean.
            row("letta-03-outreach-workflow-oldschema.af", "letta", 1, 3, 3),
            // The request its author reports Gemini refused: the assistant's two parallel get_weather calls share one
            // id (function-call-1758708579654), the duplicate id; neither is answered, since the two tool messages
            // answer other ids (…1621171984081311078 and …1621171984081310699) no call made: one orphan finding for the
            // message whose two calls have no result, two results without a call. All four real.
            row("openai-chat-01-llmplayground-request-dup-ids-mismatched-results.json", "openai-chat", 1, 2, 2,
                    Map.of("duplicate-tool-call-id error", 1, "orphaned-tool-call error", 1,
                            "tool-result-without-call error", 2)),
            // One xAI chat completion (OpenAI-compatible) with reasoning_content and one tool call, stopping at
            // tool_calls: the result would be in the next request. Nothing missing.
            row("openai-chat-03-vercel-xai-response-reasoning-tool-call.json", "openai-chat", 1, 1, 0),
            // A Codex rollout (v0.66): five shell calls, each answered by its function_call_output; peak prompt 4,139
            // of 258,400. Clean.
            row("openai-responses-01-agtrace-codex-rollout-v0.66.jsonl", "openai-responses", 1, 5, 5),
            // A Codex rollout: five exec_command calls, all answered; peak prompt 63,441 of 258,400. Clean.
            row("openai-responses-03-localpush-codex-rollout-203425.jsonl", "openai-responses", 1, 5, 5),
            // One response whose output is an apply_patch_call: the client applies it and sends its output in the
            // next request, which this file is not. Nothing missing.
            row("openai-responses-05-vercel-response-apply-patch.json", "openai-responses", 1, 1, 0),
            // One response whose output is the assistant's answer and a compaction item (the encrypted summary that
            // replaces the history before it): both items of the API, no call. Clean.
            row("openai-responses-07-vercel-response-compaction.json", "openai-responses", 1, 0, 0),
            // The Anthropic SDK's recording of a streamed request the API refused twice with HTTP 429 (the
            // organization's rate limit) and answered the third time: the SDK retried the very same request on its
            // own (x-should-retry: true, x-stainless-retry-count 0, 1, 2) and the run got its answer. A refusal the
            // client retried and got past is no failure of the run (its cost is time, which the timeline shows as
            // two retried records): no failed-span. The answer, assembled from its events, is clean.
            row("sdk-recording-03-anthropic-sdk-429-retries-sse.json", "sdk-recording", 1, 0, 0),
            // claude-trace's log of Claude Code's traffic: 64 exchanges, 46 of them streamed (the events text under
            // body_raw, assembled). They hold 29 conversations as claude-trace groups them: the main session with
            // claude-sonnet-4 (11 calls: TodoWrite, LS, Bash, Write, Edit, all answered; the /compact summary request
            // joins it; peak prompt 25,106 tokens), the session Claude Code went on with after compacting (its first
            // message the summary; one Bash call, answered), and 27 one-off claude-3-5-haiku calls Claude Code makes
            // beside them (quota checks, a title, a topic check of each keystroke). One cache miss: the /compact
            // summary request (line 35) sends the session's 25,105-token history under another system prompt ("You
            // are a helpful AI assistant tasked with summarizing conversations") and one tool instead of 17, so none
            // of the prefix the call before it cached (line 33) is read back: 12,075 tokens written again, $0.041657
            // more than reading them. The recorded requests show it, the first byte that differs its evidence.
            row("sdk-recording-05-claude-trace-proxy-traffic.jsonl", "sdk-recording", 29, 12, 12, "cache-miss warning", 1));

    /** Files of formats Tracedeck does not claim yet, and what they are; a row replaces the entry when it does. */
    private static final Map<String, String> NOT_CLAIMED_YET = Map.of();

    /** Files Tracedeck reads but does not yet judge right, and what is still wrong; a row replaces the entry. */
    private static final Map<String, String> NOT_RIGHT_YET = Map.of();

    @TestFactory
    Stream<DynamicTest> everyRealTraceGivesItsRow() throws IOException {
        Assumptions.assumeTrue(Files.isDirectory(FOLDER), "no real traces at " + FOLDER);
        Map<String, Expected> rows = TABLE.stream().collect(Collectors.toMap(Expected::file, Function.identity(),
                (a, b) -> fail("two rows for " + a.file()), LinkedHashMap::new));
        Set<String> files = files();
        List<DynamicTest> tests = new ArrayList<>();
        for (String file : files) {
            Expected row = rows.get(file);
            if (row != null) {
                tests.add(DynamicTest.dynamicTest(file, () -> check(row)));
            } else if (NOT_CLAIMED_YET.containsKey(file)) {
                tests.add(DynamicTest.dynamicTest(file, () -> Assumptions.abort(
                        "not a format Tracedeck claims yet: " + NOT_CLAIMED_YET.get(file))));
            } else if (NOT_RIGHT_YET.containsKey(file)) {
                tests.add(DynamicTest.dynamicTest(file, () -> Assumptions.abort(
                        "not judged right yet: " + NOT_RIGHT_YET.get(file))));
            } else {
                tests.add(DynamicTest.dynamicTest(file, () -> fail(file + " has no row: count it and add one")));
            }
        }
        Set<String> gone = new TreeSet<>(rows.keySet());
        gone.addAll(NOT_CLAIMED_YET.keySet());
        gone.addAll(NOT_RIGHT_YET.keySet());
        gone.removeAll(files);
        tests.add(DynamicTest.dynamicTest("every row names a file of the folder",
                () -> assertEquals(Set.of(), gone, "rows for files not in " + FOLDER)));
        return tests.stream();
    }

    private static void check(Expected row) throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of(FOLDER.resolve(row.file())), ImportListener.NONE);
        List<Finding> findings = new Validator(RuleConfig.DEFAULT).validate(trace).findings();
        int calls = 0;
        int results = 0;
        for (Event event : trace.events()) {
            if (event.payload() instanceof ConversationMessage m) {
                calls += m.message().toolCalls().size();
                results += m.message().isToolResult() ? 1 : 0;
            }
        }
        Map<String, Integer> found = new TreeMap<>();
        Map<String, String> firstMessage = new TreeMap<>();
        for (Finding f : findings) {
            if (f.severity().atLeast(Severity.WARNING)) {
                String key = f.ruleId() + " " + f.severity().id();
                found.merge(key, 1, Integer::sum);
                firstMessage.putIfAbsent(key, f.message());
            }
        }
        int foundCalls = calls;
        int foundResults = results;
        assertAll(row.file(),
                () -> assertEquals(row.format(), trace.format(), "format"),
                () -> assertEquals(row.threads(), trace.threads().size(), "threads "
                        + trace.threads().stream().map(t -> t.id()).toList()),
                () -> assertEquals(row.toolCalls(), foundCalls, "tool calls"),
                () -> assertEquals(row.toolResults(), foundResults, "tool results"),
                () -> assertEquals(new TreeMap<>(row.findings()), found, "errors and warnings; first of each: "
                        + firstMessage));
    }

    /** The folder's files, and its folders: a folder is a Claude Code project, read whole as one trace. */
    private static Set<String> files() throws IOException {
        try (Stream<Path> listed = Files.list(FOLDER)) {
            return listed.filter(p -> Files.isRegularFile(p) || Files.isDirectory(p)).map(p -> p.getFileName().toString())
                    .filter(name -> !NOT_TRACES.contains(name)).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private static Expected row(String file, String format, int threads, int toolCalls, int toolResults) {
        return new Expected(file, format, threads, toolCalls, toolResults, Map.of());
    }

    private static Expected row(String file, String format, int threads, int toolCalls, int toolResults,
            Map<String, Integer> findings) {
        return new Expected(file, format, threads, toolCalls, toolResults, findings);
    }

    private static Expected row(String file, String format, int threads, int toolCalls, int toolResults,
            String finding, int count) {
        return new Expected(file, format, threads, toolCalls, toolResults, Map.of(finding, count));
    }

    private static Expected row(String file, String format, int threads, int toolCalls, int toolResults,
            String finding, int count, String other, int otherCount) {
        return new Expected(file, format, threads, toolCalls, toolResults, Map.of(finding, count, other, otherCount));
    }
}
