#!/usr/bin/env python3
"""Writes sample-logs/otlp/ (see README.md there for what each file shows).

OTLP/JSON as the OpenTelemetry SDKs' exporters and the collector's file exporter write it: export requests
({"resourceSpans": [{"resource", "scopeSpans": [{"scope", "spans"}]}]}), attributes as {key, value: {stringValue |
intValue (a string) | doubleValue | boolValue | arrayValue}}, times as nanosecond strings, spans in the order they
ended (a batch processor exports finished spans), GenAI message attributes as compact JSON strings.
Run from sample-logs/: python3 tools/gen_otlp_samples.py
"""
import json

BASE = 1754902800_000_000_000  # 2025-08-11T09:00:00Z


def ms(t):
    return BASE + int(t * 1_000_000)


def anyv(v):
    if isinstance(v, bool):
        return {"boolValue": v}
    if isinstance(v, int):
        return {"intValue": str(v)}
    if isinstance(v, float):
        return {"doubleValue": v}
    if isinstance(v, (list, tuple)):
        return {"arrayValue": {"values": [anyv(x) for x in v]}}
    return {"stringValue": v}


def attrs(d):
    return [{"key": k, "value": anyv(v)} for k, v in d.items()]


def js(v):
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def span(trace, sid, parent, name, start, end, attributes, kind=1, status=None, events=None):
    s = {"traceId": trace, "spanId": sid}
    if parent:
        s["parentSpanId"] = parent
    s.update({"flags": 257, "name": name, "kind": kind, "startTimeUnixNano": str(ms(start)),
              "endTimeUnixNano": str(ms(end)), "attributes": attrs(attributes)})
    if events:
        s["events"] = [{"timeUnixNano": str(ms(t)), "name": n, "attributes": attrs(a)} for (t, n, a) in events]
    s["status"] = status or {}
    return s


def request(resource, scopes):
    """scopes: [(name, version, [spans])]"""
    return {"resourceSpans": [{"resource": {"attributes": attrs(resource)},
                               "scopeSpans": [{"scope": {"name": n, "version": v}, "spans": s} for (n, v, s) in scopes]}]}


def line(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


SDK = {"telemetry.sdk.language": "python", "telemetry.sdk.name": "opentelemetry", "telemetry.sdk.version": "1.36.0"}


def text(role, content):
    return {"role": role, "parts": [{"type": "text", "content": content}]}


def calls(*cs):
    return {"role": "assistant", "parts": [{"type": "tool_call", "id": i, "name": n, "arguments": a} for (i, n, a) in cs]}


def result(call_id, response):
    return {"role": "tool", "parts": [{"type": "tool_call_response", "id": call_id, "response": response}]}


def out(message, reason):
    return [dict(message, finish_reason=reason)]


# --- clean-agent-session.jsonl: GenAI semantic conventions, two turns of one conversation
def clean_agent_session():
    conv = "conv_6f1d2a9e4b7c"
    sys_ = text("system", "You are a travel helper. Check the forecast and the sea before saying whether to swim.")
    ask1 = text("user", "Is it warm enough to swim in Lisbon tomorrow?")
    call1 = calls(("call_fc1", "get_forecast", {"city": "Lisbon", "day": "tomorrow"}),
                  ("call_sea1", "get_sea_temperature", {"city": "Lisbon"}))
    res1 = [result("call_fc1", "24°C, sunny, light wind"), result("call_sea1", "18°C")]
    ans1 = text("assistant", "Tomorrow Lisbon will be 24°C and sunny, but the sea is only 18°C: swimmable if you like it bracing.")
    ask2 = text("user", "What about Faro?")
    call2 = calls(("call_sea2", "get_sea_temperature", {"city": "Faro"}))
    res2 = [result("call_sea2", "21°C")]
    ans2 = text("assistant", "Faro's sea is 21°C, noticeably warmer: a better bet for a swim.")
    tools = [{"type": "function", "name": "get_forecast", "description": "Weather forecast for a city and day"},
             {"type": "function", "name": "get_sea_temperature", "description": "Sea surface temperature near a city"}]

    def chat(trace, sid, parent, start, end, inp, output, reason, tin, tout):
        return span(trace, sid, parent, "chat gpt-4o", start, end, {
            "gen_ai.operation.name": "chat", "gen_ai.provider.name": "openai", "gen_ai.request.model": "gpt-4o",
            "gen_ai.conversation.id": conv, "server.address": "api.openai.com",
            "gen_ai.response.model": "gpt-4o-2024-08-06", "gen_ai.response.id": "chatcmpl-" + sid,
            "gen_ai.response.finish_reasons": [reason], "gen_ai.usage.input_tokens": tin, "gen_ai.usage.output_tokens": tout,
            "gen_ai.input.messages": js(inp), "gen_ai.output.messages": js(output), "gen_ai.tool.definitions": js(tools)},
            kind=3)

    def tool(trace, sid, parent, start, end, name, call_id):
        return span(trace, sid, parent, "execute_tool " + name, start, end, {
            "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": name, "gen_ai.tool.call.id": call_id,
            "gen_ai.tool.type": "function"})

    def agent(trace, sid, start, end):
        return span(trace, sid, "", "invoke_agent travel_helper", start, end, {
            "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "travel_helper", "gen_ai.provider.name": "openai",
            "gen_ai.conversation.id": conv})

    ta, tb = "5e0b6c1f8a2d4e7c9b3a1f0e2d4c6b8a", "9c2e4a6b8d0f1e3c5a7b9d1f3e5c7a9b"
    resource = dict(SDK, **{"service.name": "travel-helper", "deployment.environment.name": "staging"})
    openai_scope, agents_scope = ("opentelemetry.instrumentation.openai_v2", "2.1b0"), ("travel_helper.agents", "0.4.0")
    turn1 = [chat(ta, "a1c0ffee00000001", "a1c0ffee00000000", 50, 1100, [sys_, ask1], out(call1, "tool_calls"), "tool_calls", 212, 58),
             tool(ta, "a1c0ffee00000002", "a1c0ffee00000000", 1150, 1600, "get_forecast", "call_fc1"),
             tool(ta, "a1c0ffee00000003", "a1c0ffee00000000", 1150, 1900, "get_sea_temperature", "call_sea1"),
             chat(ta, "a1c0ffee00000004", "a1c0ffee00000000", 1950, 4100, [sys_, ask1, call1] + res1, out(ans1, "stop"), "stop", 301, 41),
             agent(ta, "a1c0ffee00000000", 0, 4200)]
    turn2 = [chat(tb, "b2c0ffee00000001", "b2c0ffee00000000", 60050, 60900, [sys_, ask1, call1] + res1 + [ans1, ask2],
                  out(call2, "tool_calls"), "tool_calls", 356, 22),
             tool(tb, "b2c0ffee00000002", "b2c0ffee00000000", 60950, 61300, "get_sea_temperature", "call_sea2"),
             chat(tb, "b2c0ffee00000003", "b2c0ffee00000000", 61350, 62400, [sys_, ask1, call1] + res1 + [ans1, ask2, call2] + res2,
                  out(ans2, "stop"), "stop", 398, 19),
             agent(tb, "b2c0ffee00000000", 60000, 62500)]

    def batch(spans):
        return request(resource, [(n, v, [s for s in spans if ("chat" in s["name"]) == (n == openai_scope[0])])
                                  for (n, v) in (openai_scope, agents_scope)])

    lines = [batch(turn1[:3]), batch(turn1[3:]), batch(turn2[:2]), batch(turn2[2:])]
    return "".join(line(l) + "\n" for l in lines)


# --- broken-history.json: OpenLLMetry's indexed attributes under a Traceloop workflow, one document
def broken_history():
    trace = "3d1f5b7a9c2e4f6a8b0c1d3e5f7a9b1c"
    root = "7e7e000000000001"
    resource = dict(SDK, **{"service.name": "refund-bot"})
    system = "You handle refunds for Brightwares. Look the order up before refunding it."

    def prompts(messages):
        a = {}
        for i, m in enumerate(messages):
            p = f"gen_ai.prompt.{i}"
            a[p + ".role"] = m["role"]
            if m.get("content"):
                a[p + ".content"] = m["content"]
            if m.get("tool_call_id"):
                a[p + ".tool_call_id"] = m["tool_call_id"]
            for j, (cid, name, args) in enumerate(m.get("tool_calls", [])):
                a[f"{p}.tool_calls.{j}.id"] = cid
                a[f"{p}.tool_calls.{j}.name"] = name
                a[f"{p}.tool_calls.{j}.arguments"] = args
        return a

    def completion(message, reason):
        a = {"gen_ai.completion.0.finish_reason": reason, "gen_ai.completion.0.role": "assistant"}
        if message.get("content"):
            a["gen_ai.completion.0.content"] = message["content"]
        for j, (cid, name, args) in enumerate(message.get("tool_calls", [])):
            a[f"gen_ai.completion.0.tool_calls.{j}.id"] = cid
            a[f"gen_ai.completion.0.tool_calls.{j}.name"] = name
            a[f"gen_ai.completion.0.tool_calls.{j}.arguments"] = args
        return a

    def chat(sid, start, end, messages, answer, reason, usage, response_id):
        a = {"llm.request.type": "chat", "gen_ai.system": "openai", "gen_ai.request.model": "gpt-4o-mini",
             "llm.is_streaming": False, "gen_ai.openai.api_base": "https://api.openai.com/v1/",
             "traceloop.workflow.name": "refund_flow"}
        a.update(prompts(messages))
        a.update({"gen_ai.response.model": "gpt-4o-mini-2024-07-18", "gen_ai.response.id": response_id,
                  "llm.usage.total_tokens": usage[0] + usage[1], "gen_ai.usage.output_tokens": usage[1],
                  "gen_ai.usage.input_tokens": usage[0]})
        a.update(completion(answer, reason))
        return span(trace, sid, root, "openai.chat", start, end, a, kind=3)

    sys_ = {"role": "system", "content": system}
    user1 = {"role": "user", "content": "Order 1182 arrived broken, I want my money back."}
    call = {"role": "assistant", "tool_calls": [("call_Lk1", "lookup_order", "{\"order_id\": \"1182\"}"),
                                                ("call_Qe2", "issue_refund", "{\"order_id\": \"1182\", \"amount\": 49.9}")]}
    looked = {"role": "tool", "content": "{\"status\": \"delivered\", \"total\": 49.9}", "tool_call_id": "call_Lk1"}
    user2 = {"role": "user", "content": "Any news?"}
    reply = {"role": "assistant", "content": "Order 1182 was delivered at 49.90; the refund is under way."}
    user3 = {"role": "user", "content": "Thanks. Did it go through?"}
    stale = {"role": "tool", "content": "refund ok", "tool_call_id": "call_Zz9"}
    final = {"role": "assistant", "content": "Yes: a refund of 49.90 is confirmed."}
    spans = [
        chat("7e7e000000000002", 100, 1400, [sys_, user1], call, "tool_calls", (180, 61), "chatcmpl-C1rB0kq1"),
        span(trace, "7e7e000000000003", root, "lookup_order.tool", 1450, 1700, {
            "traceloop.span.kind": "tool", "traceloop.entity.name": "lookup_order", "traceloop.workflow.name": "refund_flow",
            "traceloop.entity.input": js({"args": [], "kwargs": {"order_id": "1182"}}),
            "traceloop.entity.output": js({"status": "delivered", "total": 49.9})}),
        chat("7e7e000000000004", 30000, 31200, [sys_, user1, call, looked, user2], reply, "stop", (247, 19), "chatcmpl-C1rB7fz2"),
        chat("7e7e000000000005", 52000, 52900, [sys_, user1, call, looked, user2, reply, user3, stale], final, "stop",
             (281, 12), "chatcmpl-C1rBQw93"),
        span(trace, root, "", "refund_flow.workflow", 0, 53000, {
            "traceloop.span.kind": "workflow", "traceloop.entity.name": "refund_flow",
            "traceloop.workflow.name": "refund_flow"})]
    doc = request(resource, [("opentelemetry.instrumentation.openai.v1", "0.40.14", spans[0:1] + spans[2:4]),
                             ("traceloop.tracer", "0.40.14", [spans[1], spans[4]])])
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


# --- cut-short.jsonl: OpenInference spans, one per line, one session; a hand-edited line and a cut last line
def cut_short():
    session = "sess-7f3a"
    trace = "c0de0000000000000000000000000001"
    root = "c0de000000000000"
    resource = dict(SDK, **{"service.name": "code-assistant", "openinference.project.name": "fix-tests"})

    def msgs(prefix, messages):
        a = {}
        for i, m in enumerate(messages):
            p = f"{prefix}.{i}.message"
            a[p + ".role"] = m["role"]
            if m.get("content"):
                a[p + ".content"] = m["content"]
            if m.get("tool_call_id"):
                a[p + ".tool_call_id"] = m["tool_call_id"]
            for j, (cid, name, args) in enumerate(m.get("tool_calls", [])):
                a[f"{p}.tool_calls.{j}.tool_call.id"] = cid
                a[f"{p}.tool_calls.{j}.tool_call.function.name"] = name
                a[f"{p}.tool_calls.{j}.tool_call.function.arguments"] = args
        return a

    def llm(sid, start, end, inp, output, tokens):
        a = {"openinference.span.kind": "LLM", "session.id": session, "llm.provider": "anthropic", "llm.system": "anthropic",
             "llm.model_name": "claude-sonnet-4-20250514", "llm.invocation_parameters": js({"max_tokens": 1024})}
        a.update(msgs("llm.input_messages", inp))
        a.update(msgs("llm.output_messages", [output]))
        a.update({"llm.token_count.prompt": tokens[0], "llm.token_count.completion": tokens[1],
                  "llm.token_count.total": tokens[0] + tokens[1]})
        return span(trace, sid, root, "Messages", start, end, a, kind=1)

    def tool(sid, start, end, name, args, output, status=None, events=None):
        a = {"openinference.span.kind": "TOOL", "session.id": session, "tool.name": name,
             "input.value": args, "input.mime_type": "application/json"}
        if output is not None:
            a.update({"output.value": output, "output.mime_type": "text/plain"})
        return span(trace, sid, root, name, start, end, a, status=status, events=events)

    sys_ = {"role": "system", "content": "You are a code assistant working in the repository at /work/app."}
    ask = {"role": "user", "content": "Run the tests and fix what fails."}
    run = {"role": "assistant", "tool_calls": [("toolu_T1", "run_tests", "{\"path\": \"tests/\"}")]}
    ran = {"role": "tool", "content": "2 failed: test_parse_dates, test_parse_empty", "tool_call_id": "toolu_T1"}
    read1 = {"role": "assistant", "content": "Both failures are in the parser.",
             "tool_calls": [("toolu_R1", "read_file", "{\"path\": \"src/parse.py\"}")]}
    missing = {"role": "tool", "content": "Error: FileNotFoundError: src/parse.py", "tool_call_id": "toolu_R1"}
    read2 = {"role": "assistant", "tool_calls": [("toolu_R2", "read_file", "{\"path\": \"src/parser.py\"}")]}
    error = "FileNotFoundError: [Errno 2] No such file or directory: 'src/parse.py'"
    lines = [
        request(resource, [("openinference.instrumentation.anthropic", "0.1.18", [llm("c0de000000000001", 100, 2300, [sys_, ask], run, (1210, 48))])]),
        request(resource, [("code_assistant.tools", "1.2.0", [tool("c0de000000000002", 2350, 9800, "run_tests", "{\"path\": \"tests/\"}",
                                                                   "2 failed: test_parse_dates, test_parse_empty")])]),
        request(resource, [("openinference.instrumentation.anthropic", "0.1.18", [llm("c0de000000000003", 9850, 11900, [sys_, ask, run, ran], read1, (1302, 67))])]),
        request(resource, [("code_assistant.tools", "1.2.0", [tool("c0de000000000004", 11950, 11990, "read_file", "{\"path\": \"src/parse.py\"}", None,
                                                                   status={"code": 2, "message": error},
                                                                   events=[(11989, "exception", {"exception.type": "FileNotFoundError",
                                                                                                  "exception.message": error})])])]),
        request(resource, [("openinference.instrumentation.anthropic", "0.1.18", [llm("c0de000000000005", 12050, 13700, [sys_, ask, run, ran, read1, missing], read2, (1380, 41))])]),
        request(resource, [("code_assistant.tools", "1.2.0", [tool("c0de000000000006", 13750, 13790, "read_file", "{\"path\": \"src/parser.py\"}",
                                                                   "def parse_date(text):\n    return datetime.strptime(text, \"%Y-%m-%d\")\n")])]),
    ]
    text_lines = [line(l) for l in lines]
    # A hand edit lost the comma after the span's name on line 3; the process died while writing line 6.
    text_lines[2] = text_lines[2].replace('"name":"Messages",', '"name":"Messages"', 1)
    text_lines[5] = text_lines[5][:text_lines[5].index("return datetime")]
    return "\n".join(text_lines)


if __name__ == "__main__":
    for name, content in (("clean-agent-session.jsonl", clean_agent_session()), ("broken-history.json", broken_history()),
                          ("cut-short.jsonl", cut_short())):
        with open("otlp/" + name, "w", encoding="utf-8") as f:
            f.write(content)
        print(name, content.count("\n") + (0 if content.endswith("\n") else 1), "lines")
