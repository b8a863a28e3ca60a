#!/usr/bin/env python3
"""Counts, independently of Tracedeck, what a trace file written by another tool holds: its sessions (threads),
its tool calls and tool results, and the calls left without a result and results that answer no call, the way
the tool that wrote the file means them. Used to fill the expected table of RealTracesTest
(sample-logs/src/test/java/dev/tracedeck/samples/RealTracesTest.java) when a file is added there.

    scripts/count_trace_tools.py FILE...

Prints one JSON object per file. Standard library only; reads the file where it is and writes nothing.

What counts, by format (the format is guessed from the shape, and printed):
- claude-code (JSON Lines, or a project folder read whole): the `tool_use` and `tool_result` content blocks of
  `user` and `assistant` lines. Claude Code writes one API message over several lines (one `message.id`), one
  content block a line; each block counts once. `progress` lines (hook, bash and sub-agent progress) are reports,
  not the conversation: a sub-agent's own calls are in its own file. One thread per (sessionId, agentId), and one
  per inline sidechain that names no agent (`isSidechain`, followed by `parentUuid`). A resumed session may be
  written again as a new chain (new uuids, the same message ids, requests and times): an assistant line of an API
  message (`message.id` + `requestId`) its thread had already finished, or a user line whose every block the thread
  already has with the same timestamp, is such a copy (`replayedLines`), not counted. Also the sub-agents linked to
  the call that started them (`linkedSubAgents`), the compaction agents (`agent-acompact-…`), and the calls of
  each thread's last message when it made calls (`callsInFlightAtEnd`: the file was read while they ran).
- Any JSON Lines file: up to 8 lines of text on top of it (a note someone put there) are passed over
  (`preambleLines`).
- codex (JSON Lines of `session_meta`/`response_item`/`event_msg`): `response_item`s whose type ends in `_call`
  and that carry a `call_id` (function_call, custom_tool_call, local_shell_call: run by the client) and those
  ending in `_call_output`. web_search_call has no call_id: the server runs it and no output item follows.
  One thread per session_meta id. Also the peak prompt (`last_token_usage.input_tokens`) against the
  `model_context_window` the rollout records.
- responses (one JSON object: a request with `input` or a response with `output`): the same item types.
- anthropic (a request with `messages` or a response with `content`): `tool_use` / `tool_result` blocks. A server
  tool's blocks (`server_tool_use` and its `*_tool_result`) ran inside the response and are neither; a response
  holding such a result sampled the model more than once, so its usage is summed over those samplings
  (`serverToolLoop`, with `usage.iterations` when the response lists them).
- openai-chat (a request with `messages` or a response with `choices`): `tool_calls` entries / `tool` messages.
- langchain (a `messages` list of LangChain message dicts with `type`): `tool_calls` of `ai` messages / `tool`
  messages.
- atif (an ATIF trajectory, `schema_version` "ATIF-v1.x"): the `tool_calls` of its steps / the observation results
  answering them by `source_call_id`. A result naming no call in a step with calls is the step's observation, as
  Harbor's Terminus writes one terminal output for all the keystrokes of a step: it answers the step's calls no
  result names. One thread per trajectory (v1.7's embedded `subagent_trajectories` too). The calls of the tool the
  trajectory's agent ends its runs with (OpenHands' `finish`, an AgentFinishAction no observation answers) are
  listed apart as `runEndCalls`.
- pydantic-ai (a list of ModelRequest/ModelResponse dicts with `kind` and `parts`): the `tool-call` parts of
  responses / the `tool-return` parts and the `retry-prompt` parts naming a tool of requests, by `tool_call_id`.
  One thread.
- sdk-recording (a list or JSON Lines of `{request, response}` HTTP exchanges): every request repeats the history,
  so the calls are the `tool_use` blocks / `tool_calls` of the distinct messages (the responses' and the requests'),
  and the results the distinct `tool_result` blocks / `tool` messages the requests send. A streamed Anthropic answer
  (the events text under `body`, or claude-trace's `body_raw`) is put back together first. The threads are the
  conversations as claude-trace groups a proxy's traffic (system and model, then first message, a compacted copy
  merged); an SDK's tool runner is one. Also the models answering and the peak prompt (input + cache tokens).
- smolagents-benchmark (JSON Lines of runs with `intermediate_steps` and `true_answer`): one thread per line. The
  calls are the dicts of each `tool-call` message's "Calling tools:" list (read with Python's own
  `ast.literal_eval`); a `tool-response` is a result when its "Call id: X" line names a call, or, without one, when
  it is the first response after a `tool-call` message (the observation of that step). An error of a step that
  recorded no call answers nothing.
- inspect (an Inspect eval log: the `.json` document with `eval` and `samples`, or the `.eval` zip's
  `samples/*.json` entries): one thread per sample, its `messages`' `tool_calls` / `tool` messages.
- letta (an agent file): the older schema is a messages document (as openai-chat); the newer one a thread per agent
  of `agents`, its `messages`' `tool_calls` / `tool` messages.
- span formats (Phoenix spans, OpenTelemetry console-exporter dumps): every model call sends the whole history
  again, so a call or a result counts once per id over all the spans: OpenInference's
  `llm.*_messages.N.message.tool_calls.K.tool_call.id` / `….message.tool_call_id`, the GenAI conventions'
  `tool_call` / `tool_call_response` parts, Chat Completions' `tool_calls` / `tool_call_id` and Responses'
  `function_call` / `function_call_output` items in a Langfuse generation's input and output. One thread per
  session (`session.id`, a Langfuse `sessionId`), else per trace, and one more per nested agent: an agent span
  (span kind AGENT, `invoke_agent`) below a tool span, which a tool call started with a conversation of its own.
  A span printed twice (console) is one span.
- langfuse (an export `{"trace", "observations"}`): as the span formats, over the GENERATION observations' input and
  output (their JSON text parsed), in each framework's shape as Langfuse's own ChatML adapters read it: GenAI parts
  (a Microsoft Agent Framework id list names its `call_…` id), Chat Completions `tool_calls` / `tool_call_id` (and
  LangChain's `additional_kwargs.tool_calls`), Anthropic `tool_use` / `tool_result` blocks, Responses items, Gemini
  `function_call` / `function_response` parts, the AI SDK's `tool-call` / `tool-result` parts and its step output
  (a list of `{toolCallId, toolName}`), a content that is a `tool_calls` list or its JSON text (Koog), and Agno's
  `str()` of its messages (`tool_call_id='…'`, `tool_calls=[{'id': '…'`). A call with no id is one per tool name
  and arguments; a result with no id answers the oldest call of its list (of its tool, when it names one) still
  waiting, as does a message whose role is a waiting call's tool name (LangChain.js); a `tool` message holding a
  tool's definition is none. Then the observations that ran a tool (TOOL, or a span whose attributes say so:
  `gen_ai.operation.name` `execute_tool`, OpenInference `TOOL`, `gen_ai.tool.call.id`, `ai.toolCall.id`) answer
  the call they name (`gen_ai.tool.call.id`, `ai.toolCall.id`, `tool_call.id`), else the oldest waiting call of
  their tool, unless a later generation's input shows that call (then the history says whether it was answered) or
  the run failed and no generation follows. One thread per `sessionId`, else per trace.
"""
import ast
import json
import os
import re
import sys
import zipfile
from collections import Counter


def blocks(content):
    return content if isinstance(content, list) else []


def pairing(calls, results):
    """Ids of calls without a result and of results without a call (each id as often as it is unmatched)."""
    call_ids, result_ids = Counter(calls), Counter(results)
    return sorted((call_ids - result_ids).elements()), sorted((result_ids - call_ids).elements())


def claude_code(lines, file_agents=None):
    """Claude Code entries (line number, record), in file order; `file_agents` names the agent of each line's file
    when the file is a sub-agent's own (a folder read whole), for lines that name none."""
    calls, results, threads, models = [], [], set(), Counter()
    peak, peak_line, compactions, replayed = 0, 0, 0, 0
    sidechain_of, sidechains = {}, Counter()      # sidechain uuid -> thread; sidechains per session
    written = set()                                 # (thread, type, time, block) of user lines read
    messages, last_message = {}, {}                 # (thread, message.id, requestId) -> seen; thread -> last id
    copying = {}                                    # thread -> whether its last assistant message is a copy
    last_calls = {}                                 # thread -> the calls of its last message, if it made any
    reported, progress, first_prompts, prompt_calls = {}, {}, {}, Counter()
    for index, (number, record) in enumerate(lines):
        kind = record.get("type")
        session = record.get("sessionId")
        if kind == "system" and record.get("subtype") == "compact_boundary":
            compactions += 1
        data = record.get("data") if isinstance(record.get("data"), dict) else {}
        if kind == "progress" and data.get("type") == "agent_progress" and data.get("agentId"):
            progress.setdefault((session, data["agentId"]), record.get("parentToolUseID"))
        if kind not in ("user", "assistant"):
            continue
        agent = record.get("agentId") or (file_agents[index] if file_agents else None)
        if agent:
            thread = (session, "agent-" + agent)
        elif record.get("isSidechain"):
            thread = sidechain_of.get(record.get("parentUuid"))
            if thread is None:
                sidechains[session] += 1
                thread = (session, "sidechain-%d" % sidechains[session])
        else:
            thread = (session, None)
        if record.get("isSidechain") and record.get("uuid"):
            sidechain_of[record["uuid"]] = thread
        threads.add(thread)
        message = record.get("message") or {}
        content = message.get("content")
        # A line Claude Code wrote again (a resumed session's conversation, written anew): an assistant line of an
        # API message (message.id + requestId) its thread had already finished, a user line whose every block the
        # thread already has with the same timestamp. Each message counts once, where it was first written.
        only_results = isinstance(content, list) and content and all(
            isinstance(b, dict) and b.get("type") == "tool_result" for b in content)
        if kind == "assistant":
            key = (thread, message.get("id"), record.get("requestId"))
            continues = bool(message.get("id")) and last_message.get(thread) == message.get("id")
            if continues:
                copy = copying.get(thread)     # a further line of the message being written, or being copied
            else:
                copy = bool(message.get("id")) and key in messages
                copying[thread] = copy
            messages[key] = True
            last_message[thread] = message.get("id")
        else:
            parts = content if isinstance(content, list) else [content]
            keys = [(thread, record.get("timestamp"), json.dumps(b, sort_keys=True)) for b in parts]
            copy = content and all(k in written for k in keys)
            continues = False
            written.update(keys)
            # Results may come while the message that called them is still being written; anything else ends it.
            if not only_results:
                last_message[thread] = None
        if copy:
            replayed += 1
            continue
        made = []
        for block in blocks(content):
            if block.get("type") == "tool_use":
                calls.append(block.get("id"))
                made.append(block.get("id"))
                if block.get("name") in ("Task", "Agent") and isinstance(block.get("input"), dict):
                    prompt_calls[(session, block["input"].get("prompt"))] += 1
            elif block.get("type") == "tool_result":
                results.append(block.get("tool_use_id"))
        agent_run = record.get("toolUseResult") if isinstance(record.get("toolUseResult"), dict) else {}
        answered = [b.get("tool_use_id") for b in blocks(content) if b.get("type") == "tool_result"]
        if agent_run.get("agentId") and len(answered) == 1:
            reported.setdefault((session, "agent-" + agent_run["agentId"]), answered[0])
        if kind == "user" and thread[1] and not answered and thread not in first_prompts:
            first_prompts[thread] = content if isinstance(content, str) else "\n".join(
                b.get("text", "") for b in blocks(content) if b.get("type") == "text")
        if kind == "assistant" and continues:
            last_calls[thread] = last_calls.get(thread, []) + made   # a further line of the same API message
        else:
            last_calls[thread] = made if kind == "assistant" else []
        if kind == "assistant":
            models[message.get("model")] += 1
            usage = message.get("usage") or {}
            # What the request sent: the uncached part plus what was written to and read from the cache.
            sent = sum(usage.get(k) or 0 for k in
                       ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"))
            if sent > peak:
                peak, peak_line = sent, number
    # Which call started each sub-agent: the result naming its agentId, its agent_progress lines, else the one
    # Task/Agent call whose prompt is its first prompt (when no other sub-agent starts with the same).
    same_start = Counter((t[0], p) for t, p in first_prompts.items())
    linked = [t for t in threads if t[1] and (reported.get(t) or progress.get((t[0], t[1][len("agent-"):]))
              or prompt_calls[(t[0], first_prompts.get(t))] == 1 and same_start[(t[0], first_prompts.get(t))] == 1)]
    return {"threads": len(threads), "calls": calls, "results": results, "models": dict(models),
            "peakPromptTokens": peak, "peakLine": peak_line, "compactions": compactions,
            "replayedLines": replayed, "subAgents": sum(1 for t in threads if t[1]), "linkedSubAgents": len(linked),
            "compactionAgents": sum(1 for t in threads if t[1] and t[1].startswith("agent-acompact-")),
            "callsInFlightAtEnd": sorted(c for made in last_calls.values() for c in made)}


def json_lines(text):
    """(line number, value) of each JSON line, past up to 8 lines of text on top of the file (a note someone put
    there, none starting like a JSON value; as Tracedeck reads it, no record), which are counted apart."""
    out, preamble = [], 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        first = line.lstrip("\ufeff \t")[:1]
        if not out and preamble < 8 and first not in ("{", "[", '"', "-") and not first.isdigit():
            preamble += 1
            continue
        out.append((number, json.loads(line)))
    return out, preamble


def claude_code_folder(path):
    """A Claude Code project folder read whole, as Tracedeck reads it: each <session>.jsonl in name order, followed
    by its <session>/subagents/agent-<id>.jsonl."""
    files = []
    for name in sorted(os.listdir(path)):
        full = os.path.join(path, name)
        if name.endswith(".jsonl") and os.path.isfile(full):
            files.append(full)
            sub = os.path.join(path, name[:-len(".jsonl")], "subagents")
            if os.path.isdir(sub):
                files += [os.path.join(sub, n) for n in sorted(os.listdir(sub))
                          if n.startswith("agent-") and n.endswith(".jsonl")]
    lines, agents = [], []
    for f in files:
        with open(f, encoding="utf-8") as handle:
            read, _ = json_lines(handle.read())
        stem = os.path.basename(f)[:-len(".jsonl")]
        agent = stem[len("agent-"):] if os.path.basename(os.path.dirname(f)) == "subagents" else None
        lines += read
        agents += [agent] * len(read)
    return claude_code(lines, agents)


def response_items(items, calls, results, names):
    for item in items:
        kind = item.get("type", "")
        if kind.endswith("_call_output") and "call_id" in item:
            results.append(item["call_id"])
        elif kind.endswith("_call") and "call_id" in item:
            calls.append(item["call_id"])
            names.append((item["call_id"], item.get("name", kind), item.get("arguments", item.get("input"))))


def codex(lines):
    calls, results, names, threads, windows = [], [], [], set(), set()
    peak, peak_line = 0, 0
    for number, record in lines:
        payload = record.get("payload") or {}
        if record.get("type") == "session_meta":
            threads.add(payload.get("id"))
        elif record.get("type") == "response_item":
            response_items([payload], calls, results, names)
        elif record.get("type") == "event_msg" and payload.get("type") == "token_count" and payload.get("info"):
            info = payload["info"]
            windows.add(info.get("model_context_window"))
            sent = (info.get("last_token_usage") or {}).get("input_tokens") or 0
            if sent > peak:
                peak, peak_line = sent, number
    return {"threads": len(threads), "calls": calls, "results": results,
            "longestSameCallRun": longest_run(names), "contextWindows": sorted(w for w in windows if w),
            "peakPromptTokens": peak, "peakLine": peak_line}


def smolagents_benchmark(lines):
    calls, results = [], []
    for _, run in lines:
        pending = []
        for m in run["intermediate_steps"] if isinstance(run["intermediate_steps"], list) else []:
            text = "".join(p.get("text", "") for p in m["content"]) if isinstance(m["content"], list) else str(m["content"])
            if m["role"] == "tool-call" and text.startswith("Calling tools:"):
                pending = [c["id"] for c in ast.literal_eval(text[len("Calling tools:"):].strip())]
                calls += pending
            elif m["role"] == "tool-response":
                if text.startswith("Call id: "):
                    results.append(text.split("\n", 1)[0][len("Call id: "):].strip())
                elif pending:
                    results.append(pending[0])
                pending = []
            else:
                pending = []
    return {"threads": len(lines), "calls": calls, "results": results}


def longest_run(names):
    """The longest run of consecutive calls with the same tool and the same arguments."""
    best, run = 0, 0
    for i, (_, name, args) in enumerate(names):
        run = run + 1 if i and (name, args) == names[i - 1][1:] else 1
        best = max(best, run)
    return best


def atif(doc):
    calls, results, threads, run_ends = [], [], 0, []
    for trajectory in [doc] + (doc.get("subagent_trajectories") or []):
        threads += 1
        agent = str((trajectory.get("agent") or doc.get("agent") or {}).get("name", "")).lower()
        for step in trajectory.get("steps") or []:
            ids = [c.get("tool_call_id") for c in step.get("tool_calls") or []]
            if agent == "openhands" or agent.startswith("openhands-"):
                run_ends += [c.get("tool_call_id") for c in step.get("tool_calls") or [] if c.get("function_name") == "finish"]
            calls += ids
            observed = (step.get("observation") or {}).get("results") or []
            named = [r["source_call_id"] for r in observed if r.get("source_call_id")]
            results += named
            if len(named) < len(observed):
                results += [i for i in ids if i not in named]
    return {"threads": threads, "calls": calls, "results": results, "runEndCalls": run_ends}


def pydantic_ai(messages):
    calls, results = [], []
    for m in messages:
        for part in m.get("parts") or []:
            kind = part.get("part_kind")
            if kind == "tool-call":
                calls.append(part.get("tool_call_id"))
            elif kind == "tool-return" or (kind == "retry-prompt" and part.get("tool_name")):
                results.append(part.get("tool_call_id"))
    return {"threads": 1, "calls": calls, "results": results}


def server_tool_loop(response):
    """Whether a server tool ran inside an Anthropic response, and what its usage says of its samplings."""
    content = blocks(response.get("content"))
    ran = any(str(b.get("type", "")).endswith("_tool_result") and b.get("type") != "tool_result" for b in content)
    usage = response.get("usage") or {}
    iterations = usage.get("iterations") or []
    prompts = [i.get("input_tokens", 0) + i.get("cache_creation_input_tokens", 0) + i.get("cache_read_input_tokens", 0)
               for i in iterations]
    return {"serverToolLoop": ran, "usageInputTokens": usage.get("input_tokens"),
            "largestIterationPrompt": max(prompts) if prompts else None}


def chat_messages(messages, calls, results):
    """OpenAI-shaped messages (Inspect's, Letta's): `tool_calls` ids of assistant messages / `tool_call_id` of tool ones."""
    for m in messages or []:
        calls += [c.get("id") for c in m.get("tool_calls") or []]
        results += [m.get("tool_call_id")] if m.get("role") == "tool" and m.get("tool_call_id") else []


def inspect_samples(samples):
    """An Inspect eval log's samples: one thread per sample (id and epoch), its `messages` as OpenAI-shaped ones."""
    calls, results = [], []
    for sample in samples:
        chat_messages(sample.get("messages"), calls, results)
    return {"threads": len(samples), "calls": calls, "results": results}


def letta_agents(doc):
    """A Letta agent file of the newer schema: one thread per agent of `agents`, its `messages` OpenAI-shaped."""
    calls, results = [], []
    for agent in doc["agents"]:
        chat_messages(agent.get("messages"), calls, results)
    return {"threads": len(doc["agents"]), "calls": calls, "results": results}


def one_object(doc):
    calls, results = [], []
    if "samples" in doc and "eval" in doc:
        return "inspect", inspect_samples(doc.get("samples") or [])
    if isinstance(doc.get("agents"), list) and any("messages" in a for a in doc["agents"]):
        return "letta", letta_agents(doc)
    if str(doc.get("schema_version", "")).startswith("ATIF-"):
        return "atif", atif(doc)
    if "output" in doc or "input" in doc:
        names = []
        items = doc.get("input") if isinstance(doc.get("input"), list) else []
        response_items(items + (doc.get("output") or []), calls, results, names)
        return "responses", {"threads": 1, "calls": calls, "results": results}
    if "choices" in doc:
        for choice in doc["choices"]:
            calls += [c.get("id") for c in (choice.get("message") or {}).get("tool_calls") or []]
        return "openai-chat", {"threads": 1, "calls": calls, "results": results}
    if doc.get("type") == "message" and "content" in doc:
        calls += [b.get("id") for b in blocks(doc["content"]) if b.get("type") == "tool_use"]
        return "anthropic", {"threads": 1, "calls": calls, "results": results, **server_tool_loop(doc)}
    messages = doc.get("messages") or []
    if any("type" in m and "role" not in m for m in messages):
        for m in messages:
            calls += [c.get("id") for c in m.get("tool_calls") or []] if m.get("type") == "ai" else []
            results += [m.get("tool_call_id")] if m.get("type") == "tool" else []
        return "langchain", {"threads": 1, "calls": calls, "results": results}
    if any(isinstance(m.get("content"), list) and any(b.get("type") in ("tool_use", "tool_result")
                                                     for b in m["content"]) for m in messages):
        for m in messages:
            for b in blocks(m.get("content")):
                if b.get("type") == "tool_use":
                    calls.append(b.get("id"))
                elif b.get("type") == "tool_result":
                    results.append(b.get("tool_use_id"))
        return "anthropic", {"threads": 1, "calls": calls, "results": results}
    for m in messages:
        calls += [c.get("id") for c in m.get("tool_calls") or []]
        results += [m.get("tool_call_id")] if m.get("role") == "tool" else []
    return "openai-chat", {"threads": 1, "calls": calls, "results": results}


def sse_message(text):
    """An Anthropic Messages answer streamed as server-sent events, put back together: the message_start's message,
    each content_block_start's block with its text and tool input deltas joined, message_delta's stop reason and
    usage (over the start's)."""
    message, blocks, inputs = {}, {}, {}
    for line in text.splitlines():
        if not line.startswith("data:"):
            continue
        try:
            event = json.loads(line[5:])
        except ValueError:
            continue
        kind = event.get("type")
        if kind == "message_start":
            message = dict(event["message"])
        elif kind == "content_block_start":
            blocks[event["index"]] = dict(event["content_block"])
        elif kind == "content_block_delta":
            delta, block = event["delta"], blocks.setdefault(event["index"], {})
            if delta.get("type") == "text_delta":
                block["text"] = block.get("text", "") + delta["text"]
            elif delta.get("type") == "input_json_delta":
                inputs[event["index"]] = inputs.get(event["index"], "") + delta["partial_json"]
        elif kind == "message_delta":
            message.update(event.get("delta") or {})
            message["usage"] = {**(message.get("usage") or {}), **(event.get("usage") or {})}
    for index, raw in inputs.items():
        blocks[index]["input"] = json.loads(raw) if raw else {}
    message["content"] = [blocks[i] for i in sorted(blocks)]
    return message


def response_body(response):
    """A recorded response's body: JSON, or (claude-trace's body_raw, an SDK snapshot's text body) streamed events."""
    if not response:
        return {}
    body = response.get("body")
    raw = body if isinstance(body, str) else response.get("body_raw")
    if isinstance(raw, str) and raw.lstrip().startswith(("event:", "data:")):
        return sse_message(raw)
    return body if isinstance(body, dict) else {}


def conversations(exchanges):
    """The conversations of a recording as claude-trace groups them (shared-conversation-processor.ts): by system
    prompt and model, then by the request's first message (Claude Code's <system-reminder> blocks and timestamps
    left out); a conversation of one request whose messages are those of another plus two is that one compacted."""
    def normal(message):
        content = message.get("content")
        if isinstance(content, list):
            content = [{"type": "text", "text": re.sub(r"<system-reminder>.*?</system-reminder>", "[SYSTEM-REMINDER]",
                                                       re.sub(r"Generated \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}",
                                                              "Generated [TIMESTAMP]", b["text"]), flags=re.S)}
                       if b.get("type") == "text" else b for b in content]
        return {"role": message.get("role"), "content": content}
    groups = {}
    for exchange in exchanges:
        body = exchange["request"].get("body") or {}
        if body.get("messages"):
            key = json.dumps([body.get("system"), body.get("model"), normal(body["messages"][0])], sort_keys=True)
            groups.setdefault(key, []).append(len(body["messages"]))
    longest = [max(sizes) for sizes in groups.values()]
    compacted = sum(1 for sizes in groups.values() if len(sizes) == 1 and sizes[0] > 2 and sizes[0] - 2 in longest)
    return len(groups) - compacted


def recording(exchanges):
    calls, results = {}, {}
    peak, models = 0, Counter()
    for exchange in exchanges:
        request = (exchange["request"].get("body") or {})
        response = response_body(exchange.get("response"))
        if response.get("type") == "message":
            models[response.get("model")] += 1
            usage = response.get("usage") or {}
            peak = max(peak, sum(usage.get(k) or 0 for k in
                                 ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")))
        answers = [c.get("message") or {} for c in response.get("choices") or []] if "choices" in response else [response]
        for m in (request.get("messages") or []) + answers:
            for b in blocks(m.get("content")):
                if b.get("type") == "tool_use":
                    calls[b.get("id")] = 1
                elif b.get("type") == "tool_result":
                    results[b.get("tool_use_id")] = 1
            for c in m.get("tool_calls") or []:
                calls[c.get("id")] = 1
            if m.get("role") == "tool":
                results[m.get("tool_call_id")] = 1
    return {"threads": conversations(exchanges), "calls": list(calls), "results": list(results),
            "models": dict(models), "peakPromptTokens": peak}


def message_ids(value, calls, results):
    """Call and result ids anywhere in a message-bearing value (parts, Chat Completions, Responses items)."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return
    if isinstance(value, list):
        for v in value:
            message_ids(v, calls, results)
    elif isinstance(value, dict):
        kind = value.get("type")
        if kind == "tool_call" and "id" in value:
            calls.add(value["id"])
        elif kind == "tool_call_response" and "id" in value:
            results.add(value["id"])
        elif kind == "function_call" and "call_id" in value:
            calls.add(value["call_id"])
        elif kind == "function_call_output" and "call_id" in value:
            results.add(value["call_id"])
        for c in value.get("tool_calls") or []:
            calls.add(c.get("id"))
        if value.get("role") == "tool" and value.get("tool_call_id"):
            results.add(value["tool_call_id"])
        for v in value.values():
            if isinstance(v, (list, dict)):
                message_ids(v, calls, results)


def span_id(item):
    return (item.get("context") or {}).get("span_id") or item.get("id")


def nested_agents(items):
    """Agent spans (kind AGENT, invoke_agent) below a tool span, with no other agent span between."""
    by_id = {span_id(i): i for i in items}

    def is_agent(i):
        attributes = i.get("attributes") or {}
        return (str(i.get("span_kind") or i.get("type") or "").upper() == "AGENT"
                or attributes.get("gen_ai.operation.name") == "invoke_agent")

    def is_tool(i):
        attributes = i.get("attributes") or {}
        return (str(i.get("span_kind") or i.get("type") or "").upper() == "TOOL"
                or attributes.get("gen_ai.operation.name") == "execute_tool")

    nested = 0
    for item in items:
        if not is_agent(item):
            continue
        parent = by_id.get(item.get("parent_id") or item.get("parentObservationId"))
        while parent is not None and not is_agent(parent):
            if is_tool(parent):
                nested += 1
                break
            parent = by_id.get(parent.get("parent_id") or parent.get("parentObservationId"))
    return nested


def spans(kind, items):
    """Phoenix or console spans, or Langfuse observations: calls and results counted once per id."""
    calls, results, threads = set(), set(), {}
    for item in items:
        trace = (item.get("context") or {}).get("trace_id") or item.get("traceId")
        attributes = item.get("attributes") or {}
        session = attributes.get("session.id") or attributes.get("gen_ai.conversation.id")
        threads.setdefault(trace, None)
        if session:
            threads[trace] = session
        for key, value in attributes.items():
            if re.search(r"_messages\.\d+\.message\.tool_calls\.\d+\.tool_call\.id$", key):
                calls.add(value)
            elif re.search(r"_messages\.\d+\.message\.tool_call_id$", key):
                results.add(value)
            elif key in ("gen_ai.input.messages", "gen_ai.output.messages"):
                message_ids(value, calls, results)
        for event in item.get("events") or []:
            for key, value in (event.get("attributes") or {}).items():
                if key in ("gen_ai.input.messages", "gen_ai.output.messages"):
                    message_ids(value, calls, results)
        if item.get("type") == "GENERATION":
            message_ids(item.get("input"), calls, results)
            message_ids(item.get("output"), calls, results)
    return kind, {"threads": len({s or t for t, s in threads.items()}) + nested_agents(items), "calls": sorted(calls),
                  "results": sorted(results)}


KNOWN_ROLES = {"user", "assistant", "system", "developer", "tool", "function", "model"}


def parsed(value):
    """A value, or the JSON its text holds."""
    if isinstance(value, str) and value.strip()[:1] in ("[", "{"):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def first_call_id(value):
    """An id, or a Microsoft Agent Framework list of ids ([run id, call id]): the one naming a call, else the last."""
    if isinstance(value, str) and value.startswith("["):
        try:
            value = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            return value
    if isinstance(value, list):
        named = [v for v in value if isinstance(v, str) and v.startswith("call_")]
        return named[0] if named else (value[-1] if value else "")
    return value or ""


class LangfuseCalls:
    """The calls and results of one thread's generations, in the order they are first seen."""

    def __init__(self):
        self.calls = {}     # key -> tool name, in order
        self.results = {}   # key of the call answered -> True
        self.shown = set()  # call keys seen in some generation's input, with the observation's start

    def call(self, cid, name, args, where):
        key = cid or "%s(%s)" % (name, json.dumps(args, sort_keys=True))
        self.calls.setdefault(key, name)
        where.append((key, name))
        return key

    def result(self, cid, name, waiting):
        if not cid:
            match = next((w for w in waiting if not name or w[1] == name), None)
            if match is None:
                return
            cid = match[0]
        waiting[:] = [w for w in waiting if w[0] != cid]
        self.results[cid] = True

    def messages(self, value, starts, input_side):
        """The calls and results of one generation's input or output."""
        value = parsed(value)
        if isinstance(value, dict):
            if isinstance(value.get("messages"), list):
                value = value["messages"]
            elif isinstance(value.get("contents"), list):
                value = value["contents"]
            elif isinstance(value.get("candidates"), list):
                value = [c.get("content") for c in value["candidates"]]
            elif isinstance(value.get("choices"), list):
                value = [c.get("message") for c in value["choices"]]
            elif isinstance(value.get("output"), list):
                value = value["output"]
            elif isinstance(value.get("content"), dict) and "parts" in value["content"]:
                value = [value["content"]]
            else:
                value = [value]
        if not isinstance(value, list):
            return
        if value and all(isinstance(v, dict) and "toolCallId" in v and "toolName" in v for v in value):
            value = [{"role": "assistant", "content": [dict(v, type="tool-call") for v in value]}]
        waiting = []
        for m in value:
            if isinstance(m, str) and m.startswith("role='"):
                m = self.agno(m)
            if not isinstance(m, dict):
                continue
            made = []
            self.message(m, made, waiting)
            waiting.extend(made)
            if input_side:
                self.shown.update((key, starts) for key, _ in made)

    def agno(self, text):
        calls = re.findall(r"\{'id': '([^']+)', 'function': \{'arguments': .*?'name': '([^']+)'", text)
        answered = re.search(r" tool_call_id='([^']+)'", text)
        role = re.match(r"role='([^']+)'", text).group(1)
        return {"role": role, "tool_calls": [{"id": i, "function": {"name": n}} for i, n in calls],
                "tool_call_id": answered.group(1) if answered else None}

    def message(self, m, made, waiting):
        role = m.get("role") or {"human": "user", "ai": "assistant"}.get(m.get("type"), m.get("type"))
        content = parsed(m.get("content"))
        kind = m.get("type")
        if kind in ("function_call", "tool_call") and "name" in m:
            self.call(m.get("call_id") or m.get("id"), m["name"], m.get("arguments"), made)
            return
        if kind == "function_call_output":
            self.result(m.get("call_id"), "", waiting)
            return
        for c in (m.get("tool_calls") or (m.get("additional_kwargs") or {}).get("tool_calls") or []):
            f = c.get("function") or c
            self.call(c.get("id"), f.get("name"), f.get("arguments", f.get("args")), made)
        if isinstance(content, list) and content and all(isinstance(c, dict) and isinstance(c.get("function"), dict)
                                                         for c in content):
            for c in content:
                self.call(c.get("id"), c["function"].get("name"), c["function"].get("arguments"), made)
            return
        for part in (m.get("parts") or []) + (content if isinstance(content, list) else []):
            if not isinstance(part, dict):
                continue
            t = part.get("type")
            fc = part.get("function_call") or part.get("functionCall")
            fr = part.get("function_response") or part.get("functionResponse")
            if t == "tool_call":
                self.call(first_call_id(part.get("id")), part.get("name"), part.get("arguments"), made)
            elif t == "tool_call_response":
                self.result(first_call_id(part.get("id")), part.get("name", ""), waiting)
            elif t == "tool_use":
                self.call(part.get("id"), part.get("name"), part.get("input"), made)
            elif t == "tool_result":
                self.result(part.get("tool_use_id"), "", waiting)
            elif t == "tool-call":
                self.call(part.get("toolCallId"), part.get("toolName"), None, made)
            elif t == "tool-result":
                self.result(part.get("toolCallId"), part.get("toolName", ""), waiting)
            elif isinstance(fc, dict):
                self.call(fc.get("id"), fc.get("name"), fc.get("args"), made)
            elif isinstance(fr, dict):
                self.result(fr.get("id"), fr.get("name", ""), waiting)
        if role == "tool" and isinstance(content, dict) and content.get("type") == "function" and not m.get("tool_call_id"):
            return  # a tool's definition, not a result
        if role == "tool" and not (m.get("parts") or isinstance(content, list) and any(
                isinstance(c, dict) and c.get("type") in ("tool_result", "tool-result") for c in content)):
            self.result(m.get("tool_call_id"), m.get("name") or "", waiting)
        elif m.get("tool_call_id") and role != "tool":
            self.result(m["tool_call_id"], "", waiting)
        elif role and role not in KNOWN_ROLES and any(w[1] == role for w in waiting):
            self.result("", role, waiting)


def langfuse(observations):
    """Calls and results of a Langfuse export, thread by thread (see the module's comment)."""
    threads, by_thread = {}, {}
    seen = {}
    for o in sorted(observations, key=lambda o: o.get("startTime") or ""):
        seen[o["id"]] = o
    for o in seen.values():
        thread = o.get("traceId")
        counts = by_thread.setdefault(thread, LangfuseCalls())
        if o.get("type") == "GENERATION":
            counts.messages(o.get("input"), o.get("startTime"), True)
            counts.messages(o.get("output"), o.get("startTime"), False)
    for o in seen.values():
        meta = parsed(o.get("metadata"))
        attributes = parsed((meta or {}).get("attributes")) if isinstance(meta, dict) else {}
        attributes = attributes if isinstance(attributes, dict) else {}
        ran = o.get("type") == "TOOL" or attributes.get("gen_ai.operation.name") == "execute_tool" or str(
            attributes.get("openinference.span.kind", "")).upper() == "TOOL" or "gen_ai.tool.call.id" in attributes \
            or "ai.toolCall.id" in attributes
        if not ran or o.get("type") == "GENERATION":
            continue
        counts = by_thread.setdefault(o.get("traceId"), LangfuseCalls())
        cid = first_call_id(attributes.get("gen_ai.tool.call.id") or attributes.get("ai.toolCall.id")
                            or attributes.get("tool_call.id") or "")
        name = attributes.get("gen_ai.tool.name") or attributes.get("tool.name") or attributes.get("ai.toolCall.name") \
            or o.get("name")
        if cid not in counts.calls:
            # No call has its id: the oldest waiting call of its tool, one with no id where the run names one.
            cid = next((k for k, n in counts.calls.items() if n == name and k not in counts.results
                        and (not cid or k.startswith(name + "("))), None)
        if cid is None or cid in counts.results:
            continue
        later = [g for g in seen.values() if g.get("type") == "GENERATION" and g.get("traceId") == o.get("traceId")
                 and (g.get("startTime") or "") > (o.get("startTime") or "")]
        if any((cid, g.get("startTime")) in counts.shown for g in later):
            continue
        if (o.get("level") or "").upper() == "ERROR" and not later:
            continue
        counts.results[cid] = True
    calls, results = [], []
    for counts in by_thread.values():
        calls += list(counts.calls)
        results += list(counts.results)
    return {"calls": calls, "results": results}


def values(text):
    """The JSON values of a file written one after another (a console exporter's dump)."""
    decoder, at, out = json.JSONDecoder(), 0, []
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at >= len(text):
            return out
        value, at = decoder.raw_decode(text, at)
        out.append(value)


def count(path):
    if os.path.isdir(path):
        return finish(path, "claude-code", claude_code_folder(path))
    if zipfile.is_zipfile(path):
        # An Inspect .eval log: a zip of samples/<id>_epoch_<n>.json entries beside the header and summaries.
        with zipfile.ZipFile(path) as z:
            samples = [json.loads(z.read(n)) for n in z.namelist() if n.startswith("samples/") and n.endswith(".json")]
        return finish(path, "inspect", inspect_samples(samples))
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        doc = json.loads(text)
        if isinstance(doc, list) and doc and isinstance(doc[0], dict) and "request" in doc[0] and "response" in doc[0]:
            fmt, counts = "sdk-recording", recording(doc)
        elif isinstance(doc, list) and doc and isinstance(doc[0], dict) and "parts" in doc[0] and "kind" in doc[0]:
            fmt, counts = "pydantic-ai", pydantic_ai(doc)
        elif isinstance(doc, list) and doc and "span_kind" in doc[0]:
            fmt, counts = spans("phoenix", doc)
        elif isinstance(doc, dict) and "observations" in doc:
            session = (doc.get("trace") or {}).get("sessionId")
            traces = {o.get("traceId") for o in doc["observations"]}
            fmt, counts = "langfuse", dict(langfuse(doc["observations"]), threads=1 if session else len(traces))
        elif isinstance(doc, list) and doc and all(isinstance(t, dict) and "observations" in t for t in doc):
            # Traces as Langfuse's API returns them, a thread each (or per session).
            observations = [dict(o, traceId=o.get("traceId") or t.get("id")) for t in doc for o in t["observations"]]
            threads = {t.get("sessionId") or t.get("id") for t in doc}
            fmt, counts = "langfuse", dict(langfuse(observations), threads=len(threads))
        else:
            fmt, counts = one_object(doc)
    except json.JSONDecodeError:
        if text.lstrip().startswith("{\n"):
            fmt, counts = spans("otel-console", values(text))
            return finish(path, fmt, counts)
        lines, preamble = json_lines(text)
        if lines and all(isinstance(r, dict) and "request" in r and "response" in r for _, r in lines):
            fmt, counts = "sdk-recording", recording([r for _, r in lines])
        elif any("intermediate_steps" in r and "true_answer" in r for _, r in lines):
            fmt, counts = "smolagents-benchmark", smolagents_benchmark(lines)
        elif any(r.get("type") == "session_meta" for _, r in lines):
            fmt, counts = "codex", codex(lines)
        else:
            fmt, counts = "claude-code", claude_code(lines)
        counts["preambleLines"] = preamble
    return finish(path, fmt, counts)


def finish(path, fmt, counts):
    calls, results = counts.pop("calls"), counts.pop("results")
    unanswered, unasked = pairing(calls, results)
    return {"file": path, "shape": fmt, **counts, "toolCalls": len(calls), "toolResults": len(results),
            "distinctCallIds": len(set(calls)), "callsWithoutResult": unanswered, "resultsWithoutCall": unasked}


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for path in sys.argv[1:]:
        print(json.dumps(count(path)))
