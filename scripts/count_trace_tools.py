#!/usr/bin/env python3
"""Counts, independently of Tracedeck, what a trace file written by another tool holds: its sessions (threads),
its tool calls and tool results, and the calls left without a result and results that answer no call, the way
the tool that wrote the file means them. Used to fill the expected table of RealTracesTest
(sample-logs/src/test/java/dev/tracedeck/samples/RealTracesTest.java) when a file is added there.

    scripts/count_trace_tools.py FILE...

Prints one JSON object per file. Standard library only; reads the file where it is and writes nothing.

What counts, by format (the format is guessed from the shape, and printed):
- claude-code (JSON Lines): the `tool_use` and `tool_result` content blocks of `user` and `assistant` lines.
  Claude Code writes one API message over several lines (one `message.id`), one content block a line; each
  block counts once. `progress` lines (hook, bash and sub-agent progress) are reports, not the conversation: a
  sub-agent's own calls are in its own file. One thread per (sessionId, agentId).
- codex (JSON Lines of `session_meta`/`response_item`/`event_msg`): `response_item`s whose type ends in `_call`
  and that carry a `call_id` (function_call, custom_tool_call, local_shell_call: run by the client) and those
  ending in `_call_output`. web_search_call has no call_id: the server runs it and no output item follows.
  One thread per session_meta id. Also the peak prompt (`last_token_usage.input_tokens`) against the
  `model_context_window` the rollout records.
- responses (one JSON object: a request with `input` or a response with `output`): the same item types.
- anthropic (a request with `messages` or a response with `content`): `tool_use` / `tool_result` blocks.
- openai-chat (a request with `messages` or a response with `choices`): `tool_calls` entries / `tool` messages.
- langchain (a `messages` list of LangChain message dicts with `type`): `tool_calls` of `ai` messages / `tool`
  messages.
- atif (an ATIF trajectory, `schema_version` "ATIF-v1.x"): the `tool_calls` of its steps / the observation results
  answering them by `source_call_id`. A result naming no call in a step with calls is the step's observation, as
  Harbor's Terminus writes one terminal output for all the keystrokes of a step: it answers the step's calls no
  result names. One thread per trajectory (v1.7's embedded `subagent_trajectories` too).
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
- span formats (Phoenix spans, OpenTelemetry console-exporter dumps, Langfuse traces): every model call sends the
  whole history again, so a call or a result counts once per id over all the spans: OpenInference's
  `llm.*_messages.N.message.tool_calls.K.tool_call.id` / `….message.tool_call_id`, the GenAI conventions'
  `tool_call` / `tool_call_response` parts, Chat Completions' `tool_calls` / `tool_call_id` and Responses'
  `function_call` / `function_call_output` items in a Langfuse generation's input and output. One thread per
  session (`session.id`, a Langfuse `sessionId`), else per trace. A span printed twice (console) is one span.
"""
import ast
import json
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


def claude_code(lines):
    calls, results, threads, models = [], [], set(), Counter()
    peak, peak_line, compactions = 0, 0, 0
    for number, record in lines:
        kind = record.get("type")
        if kind == "system" and record.get("subtype") == "compact_boundary":
            compactions += 1
        if kind not in ("user", "assistant"):
            continue
        threads.add((record.get("sessionId"), record.get("agentId")))
        message = record.get("message") or {}
        for block in blocks(message.get("content")):
            if block.get("type") == "tool_use":
                calls.append(block.get("id"))
            elif block.get("type") == "tool_result":
                results.append(block.get("tool_use_id"))
        if kind == "assistant":
            models[message.get("model")] += 1
            usage = message.get("usage") or {}
            # What the request sent: the uncached part plus what was written to and read from the cache.
            sent = sum(usage.get(k) or 0 for k in
                       ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"))
            if sent > peak:
                peak, peak_line = sent, number
    return {"threads": len(threads), "calls": calls, "results": results, "models": dict(models),
            "peakPromptTokens": peak, "peakLine": peak_line, "compactions": compactions}


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
    calls, results, threads = [], [], 0
    for trajectory in [doc] + (doc.get("subagent_trajectories") or []):
        threads += 1
        for step in trajectory.get("steps") or []:
            ids = [c.get("tool_call_id") for c in step.get("tool_calls") or []]
            calls += ids
            observed = (step.get("observation") or {}).get("results") or []
            named = [r["source_call_id"] for r in observed if r.get("source_call_id")]
            results += named
            if len(named) < len(observed):
                results += [i for i in ids if i not in named]
    return {"threads": threads, "calls": calls, "results": results}


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
        return "anthropic", {"threads": 1, "calls": calls, "results": results}
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
    return kind, {"threads": len({s or t for t, s in threads.items()}), "calls": sorted(calls),
                  "results": sorted(results)}


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
        elif isinstance(doc, list) and doc and "span_kind" in doc[0]:
            fmt, counts = spans("phoenix", doc)
        elif isinstance(doc, dict) and "observations" in doc:
            session = (doc.get("trace") or {}).get("sessionId")
            fmt, counts = spans("langfuse", doc["observations"])
            counts["threads"] = 1 if session else counts["threads"]
        else:
            fmt, counts = one_object(doc)
    except json.JSONDecodeError:
        if text.lstrip().startswith("{\n"):
            fmt, counts = spans("otel-console", values(text))
            return finish(path, fmt, counts)
        lines = [(n, json.loads(line)) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
        if lines and all(isinstance(r, dict) and "request" in r and "response" in r for _, r in lines):
            fmt, counts = "sdk-recording", recording([r for _, r in lines])
        elif any("intermediate_steps" in r and "true_answer" in r for _, r in lines):
            fmt, counts = "smolagents-benchmark", smolagents_benchmark(lines)
        elif any(r.get("type") == "session_meta" for _, r in lines):
            fmt, counts = "codex", codex(lines)
        else:
            fmt, counts = "claude-code", claude_code(lines)
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
