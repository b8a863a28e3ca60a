#!/usr/bin/env python3
"""Writes sample-logs/otel-console/, sample-logs/phoenix/ and sample-logs/langfuse/ (README.md says what each shows).

- otel-console: what the Python SDK's ConsoleSpanExporter prints (ReadableSpan.to_json(), indent 4, one span after
  another, each followed by a newline), spans in the order they ended, GenAI message attributes as JSON strings.
- phoenix: Phoenix's span JSON (its REST API's Span: context, span_kind, parent_id, ISO times, status_code,
  OpenInference attributes keyed flat).
- langfuse: a Langfuse export ({"trace", "observations"}) and a trace as its public API returns it (the trace's fields
  with "observations"), observations in no particular order; and one per framework whose own message shapes Langfuse
  keeps in a generation's input and output (Google ADK's Gemini contents, the Vercel AI SDK, LangChain.js and
  LangChain, Koog, the Claude Agent SDK, Agno), input and output as the JSON text Langfuse's UI copies them as.
Run from sample-logs/: python3 tools/gen_span_samples.py
"""
import json


def js(v):
    return json.dumps(v, ensure_ascii=False)


# ---------------------------------------------------------------- otel-console

RESOURCE = {"attributes": {"telemetry.sdk.language": "python", "telemetry.sdk.name": "opentelemetry",
                           "telemetry.sdk.version": "1.39.1", "service.name": "trip-planner"}, "schema_url": ""}


def console_span(trace, sid, parent, name, kind, start, end, attributes, status="UNSET", description=None, events=()):
    st = {"status_code": status}
    if description:
        st["description"] = description
    return {"name": name, "context": {"trace_id": "0x" + trace, "span_id": "0x" + sid, "trace_state": "[]"},
            "kind": "SpanKind." + kind, "parent_id": None if parent is None else "0x" + parent,
            "start_time": "2025-08-11T09:00:%06.3fZ" % start if start is not None else None,
            "end_time": None if end is None else "2025-08-11T09:00:%06.3fZ" % end,
            "status": st, "attributes": attributes, "events": list(events), "links": [], "resource": RESOURCE}


def write_console(path, spans, cut_last=None):
    text = "".join(json.dumps(s, indent=4, ensure_ascii=False) + "\n" for s in spans)
    if cut_last is not None:
        text = text[:cut_last]
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def chat(trace, sid, parent, start, end, conv, inp, out, usage, finish):
    return console_span(trace, sid, parent, "chat gpt-4o", "CLIENT", start, end, {
        "gen_ai.operation.name": "chat", "gen_ai.provider.name": "openai", "gen_ai.request.model": "gpt-4o",
        "gen_ai.response.model": "gpt-4o-2024-08-06", "gen_ai.conversation.id": conv,
        "gen_ai.usage.input_tokens": usage[0], "gen_ai.usage.output_tokens": usage[1],
        "gen_ai.response.finish_reasons": [finish],
        "gen_ai.input.messages": js(inp), "gen_ai.output.messages": js(out)})


def tool_span(trace, sid, parent, start, end, name, call_id, status="UNSET", description=None, events=()):
    return console_span(trace, sid, parent, "execute_tool " + name, "INTERNAL", start, end, {
        "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": name, "gen_ai.tool.call.id": call_id,
        "gen_ai.tool.type": "function"}, status, description, events)


def text(role, t):
    return {"role": role, "parts": [{"type": "text", "content": t}]}


def calls(*cs):
    return {"role": "assistant", "parts": [{"type": "tool_call", "id": i, "name": n, "arguments": a} for i, n, a in cs]}


def answer(i, r):
    return {"role": "tool", "parts": [{"type": "tool_call_response", "id": i, "response": r}]}


def agent(trace, sid, start, end, conv):
    return console_span(trace, sid, None, "invoke_agent trip-planner", "INTERNAL", start, end, {
        "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "trip-planner", "gen_ai.conversation.id": conv})


def console_samples():
    t, conv = "5573da5d05a1692cfeef0c212a2ebbc3", "conv_trip_1"
    sys_ = text("system", "You plan day trips. Check the forecast before suggesting anything.")
    user = text("user", "Is Saturday good for a hike near Grenoble?")
    c1 = calls(("call_F1", "get_forecast", {"city": "Grenoble", "day": "Saturday"}))
    r1 = answer("call_F1", "Sunny, 24°C, light wind")
    done = text("assistant", "Yes: Saturday looks sunny and mild around Grenoble, a good day for the Bastille loop.")
    write_console("otel-console/clean-agent-run.json", [
        chat(t, "8fafb95a2fed93ac", "bc84bbd8a51ca633", 0.1, 0.9, conv, [sys_, user], [c1], (61, 22), "tool_calls"),
        tool_span(t, "79f9c23f2223c786", "bc84bbd8a51ca633", 1.0, 1.3, "get_forecast", "call_F1"),
        chat(t, "85f254a55080b079", "bc84bbd8a51ca633", 1.4, 2.2, conv, [sys_, user, c1, r1], [done], (98, 31), "stop"),
        agent(t, "bc84bbd8a51ca633", 0.0, 2.3, conv)])

    t2, conv2 = "4ae695eb4bb65a49273c6751bfa1fea4", "conv_trip_2"
    user2 = text("user", "Can we cycle to Vizille on Sunday?")
    c2 = calls(("call_F2", "get_forecast", {"city": "Vizille", "day": "Sunday"}),
               ("call_A2", "get_alerts", {"region": "Isère"}))
    r2 = answer("call_F2", "Showers in the afternoon, 17°C")
    guess = text("assistant", "Sunday morning should be fine; the showers come in the afternoon.")
    failure = {"name": "exception", "timestamp": "2025-08-11T09:00:01.250Z", "attributes": {
        "exception.type": "TimeoutError", "exception.message": "alerts service did not answer in 5s",
        "exception.escaped": "False"}}
    first = chat(t2, "1f2e3d4c5b6a7988", "a1b2c3d4e5f60718", 0.1, 0.8, conv2, [sys_, user2], [c2], (60, 41), "tool_calls")
    started = dict(first, end_time=None)
    started["attributes"] = {k: v for k, v in first["attributes"].items()
                             if k in ("gen_ai.operation.name", "gen_ai.provider.name", "gen_ai.request.model",
                                      "gen_ai.conversation.id")}
    write_console("otel-console/broken-run.json", [
        started,
        first,
        tool_span(t2, "2a3b4c5d6e7f8091", "a1b2c3d4e5f60718", 0.9, 1.0, "get_forecast", "call_F2"),
        tool_span(t2, "3b4c5d6e7f809102", "a1b2c3d4e5f60718", 0.9, 1.25, "get_alerts", "call_A2", "ERROR",
                  "TimeoutError: alerts service did not answer in 5s", [failure]),
        chat(t2, "4c5d6e7f80910213", "a1b2c3d4e5f60718", 1.3, 2.0, conv2, [sys_, user2, c2, r2], [guess], (95, 25), "stop"),
        agent(t2, "a1b2c3d4e5f60718", 0.0, 2.1, conv2)])

    t3, conv3 = "ca3a4da252cd180c43dc9e53206390b1", "conv_trip_3"
    user3 = text("user", "Where should we picnic tomorrow in Annecy?")
    c3 = calls(("call_F3", "get_forecast", {"city": "Annecy", "day": "tomorrow"}))
    r3 = answer("call_F3", "Cloudy, 19°C")
    spans = [chat(t3, "5d6e7f8091021324", "b2c3d4e5f6071829", 0.1, 0.7, conv3, [sys_, user3], [c3], (60, 20), "tool_calls"),
             tool_span(t3, "6e7f809102132435", "b2c3d4e5f6071829", 0.8, 1.1, "get_forecast", "call_F3"),
             chat(t3, "7f80910213243546", "b2c3d4e5f6071829", 1.2, 1.9, conv3, [sys_, user3, c3, r3],
                  [text("assistant", "The lakeside park at Pâquier: cloudy but dry.")], (90, 18), "stop")]
    full = "".join(json.dumps(s, indent=4, ensure_ascii=False) + "\n" for s in spans)
    # The process was killed while the console printed the last chat span: it stops inside its attributes.
    cut = full.rindex('"gen_ai.input.messages"')
    write_console("otel-console/cut-short.json", spans, cut_last=cut)


# ---------------------------------------------------------------- phoenix

def phoenix_span(trace, sid, parent, name, kind, start, end, attributes, status="OK", message=""):
    return {"id": "", "name": name, "context": {"trace_id": trace, "span_id": sid}, "span_kind": kind,
            "parent_id": parent, "start_time": "2025-08-11T09:00:%02d+00:00" % start,
            "end_time": "2025-08-11T09:00:%02d+00:00" % end, "status_code": status, "status_message": message,
            "attributes": attributes, "events": []}


def indexed(side, messages):
    out = {}
    for n, m in enumerate(messages):
        p = "llm.%s_messages.%d.message." % (side, n)
        out[p + "role"] = m["role"]
        if m.get("content") is not None:
            out[p + "content"] = m["content"]
        for k, (cid, name, args) in enumerate(m.get("calls", [])):
            q = p + "tool_calls.%d.tool_call." % k
            out[q + "id"] = cid
            out[q + "function.name"] = name
            out[q + "function.arguments"] = json.dumps(args)
        if m.get("answers"):
            out[p + "tool_call_id"] = m["answers"]
    return out


def llm(trace, sid, parent, start, end, inp, out, usage):
    a = {"llm.model_name": "claude-sonnet-4-5", "llm.provider": "anthropic", "input.mime_type": "application/json",
         "output.mime_type": "application/json", "llm.token_count.prompt": usage[0],
         "llm.token_count.completion": usage[1], "llm.token_count.prompt_details.cache_read": usage[2]}
    a.update(indexed("input", inp))
    a.update(indexed("output", out))
    return phoenix_span(trace, sid, parent, "ChatAnthropic", "LLM", start, end, a)


def tool(trace, sid, parent, start, end, name, cid, args, result, session, status="OK", message=""):
    return phoenix_span(trace, sid, parent, name, "TOOL", start, end, {
        "tool.name": name, "tool.id": cid, "input.value": json.dumps(args), "output.value": result,
        "session.id": session}, status, message)


def phoenix_samples():
    t = "0af8dfb5d1a89f01210ee73c1d58fe4b"
    sys_ = {"role": "system", "content": "You answer questions about the team's runbooks."}
    user = {"role": "user", "content": "How do I rotate the staging database password?"}
    c1 = {"role": "assistant", "calls": [("toolu_01", "search_runbooks", {"query": "rotate staging database password"})]}
    r1 = {"role": "tool", "content": "runbooks/db.md#rotation: run `dbctl rotate --env staging`, then restart the api pods.",
          "answers": "toolu_01"}
    done = {"role": "assistant", "content": "Run `dbctl rotate --env staging`, then restart the api pods."}
    spans = [
        phoenix_span(t, "s01", None, "docs-agent", "AGENT", 0, 9, {
            "input.value": user["content"], "output.value": done["content"], "session.id": "sess-docs-1"}),
        llm(t, "s02", "s01", 1, 3, [sys_, user], [c1], (812, 44, 0)),
        tool(t, "s03", "s01", 4, 5, "search_runbooks", "toolu_01", {"query": "rotate staging database password"},
             r1["content"], "sess-docs-1"),
        llm(t, "s04", "s01", 6, 8, [sys_, user, c1, r1], [done], (903, 31, 768))]
    with open("phoenix/clean-session.json", "w", encoding="utf-8") as f:
        f.write(json.dumps(spans, indent=2, ensure_ascii=False) + "\n")

    t2 = "9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f"
    user2 = {"role": "user", "content": "Which services page on-call at night?"}
    c2 = {"role": "assistant", "calls": [("toolu_11", "search_runbooks", {"query": "night paging"}),
                                          ("toolu_12", "list_services", {"tier": "1"})]}
    r2 = {"role": "tool", "content": "runbooks/oncall.md: tier-1 services page at night.", "answers": "toolu_11"}
    late = {"role": "tool", "content": "payments, auth, search", "answers": "toolu_19"}
    guess = {"role": "assistant", "content": "Tier-1 services page at night: payments, auth and search."}
    lines = [
        phoenix_span(t2, "s11", None, "docs-agent", "AGENT", 0, 9, {"input.value": user2["content"],
                                                                    "session.id": "sess-docs-2"}),
        llm(t2, "s12", "s11", 1, 2, [sys_, user2], [c2], (640, 61, 0)),
        tool(t2, "s13", "s11", 3, 4, "search_runbooks", "toolu_11", {"query": "night paging"}, r2["content"], "sess-docs-2"),
        tool(t2, "s14", "s11", 3, 5, "list_services", "toolu_12", {"tier": "1"}, "", "sess-docs-2", "ERROR",
             "PermissionError: token lacks services:read"),
        llm(t2, "s15", "s11", 6, 8, [sys_, user2, c2, r2, late], [guess], (702, 29, 512))]
    text_lines = [json.dumps(s, ensure_ascii=False) for s in lines]
    # A hand edit dropped the comma after span_kind on the first tool span's line.
    text_lines[2] = text_lines[2].replace('"span_kind": "TOOL", ', '"span_kind": "TOOL" ', 1)
    with open("phoenix/broken-history.jsonl", "w", encoding="utf-8") as f:
        f.write("\n".join(text_lines) + "\n")

    # An agent a tool call starts, as Phoenix's PXI calls a sub-agent: its spans keep the parent's session id, but it
    # sends its model a conversation of its own (its own system prompt and task) and is a thread of its own.
    t3 = "5d6e7f8091a2b3c4d5e6f708192a3b4c"
    user3 = {"role": "user", "content": "Why did last night's backup job fail?"}
    ask = {"role": "assistant", "calls": [("toolu_21", "ask_researcher", {"task": "find the backup job's failure in the runbooks"})]}
    sys_r = {"role": "system", "content": "You search the runbooks and report what you find, briefly."}
    task = {"role": "user", "content": "find the backup job's failure in the runbooks"}
    grep = {"role": "assistant", "calls": [("toolu_31", "grep_runbooks", {"pattern": "backup.*fail"})]}
    hit = {"role": "tool", "content": "runbooks/backup.md: a failed backup is usually a full /var/backups volume.",
           "answers": "toolu_31"}
    report = {"role": "assistant", "content": "runbooks/backup.md says a full /var/backups volume is the usual cause."}
    answered = {"role": "tool", "content": report["content"], "answers": "toolu_21"}
    reply = {"role": "assistant", "content": "Most likely /var/backups was full; runbooks/backup.md explains how to clear it."}
    nested = [
        phoenix_span(t3, "s21", None, "docs-agent", "AGENT", 0, 19, {
            "input.value": user3["content"], "output.value": reply["content"], "session.id": "sess-docs-3"}),
        llm(t3, "s22", "s21", 1, 2, [sys_, user3], [ask], (655, 40, 0)),
        dict(tool(t3, "s23", "s21", 3, 15, "ask_researcher", "toolu_21", {"task": task["content"]}, report["content"],
                  "sess-docs-3")),
        phoenix_span(t3, "s24", "s23", "researcher", "AGENT", 4, 14, {
            "input.value": task["content"], "output.value": report["content"], "session.id": "sess-docs-3"}),
        llm(t3, "s25", "s24", 5, 6, [sys_r, task], [grep], (402, 28, 0)),
        tool(t3, "s26", "s24", 7, 8, "grep_runbooks", "toolu_31", {"pattern": "backup.*fail"}, hit["content"],
             "sess-docs-3"),
        llm(t3, "s27", "s24", 9, 13, [sys_r, task, grep, hit], [report], (466, 25, 384)),
        llm(t3, "s28", "s21", 16, 18, [sys_, user3, ask, answered], [reply], (731, 27, 640))]
    # OpenInference names the call a tool span runs by its id.
    nested[2]["attributes"]["tool_call.id"] = "toolu_21"
    with open("phoenix/nested-agent.json", "w", encoding="utf-8") as f:
        f.write(json.dumps(nested, indent=2, ensure_ascii=False) + "\n")


# ---------------------------------------------------------------- langfuse

def observation(trace, oid, parent, typ, name, start, end, **kw):
    o = {"id": oid, "traceId": trace, "type": typ, "name": name, "startTime": "2025-08-11T09:00:%06.3fZ" % start,
         "endTime": None if end is None else "2025-08-11T09:00:%06.3fZ" % end, "parentObservationId": parent,
         "level": "DEFAULT", "statusMessage": None, "model": None, "modelParameters": None, "input": None,
         "output": None, "usageDetails": {}, "costDetails": {}, "metadata": {}}
    o.update(kw)
    return o


def part_text(role, t):
    return {"role": role, "parts": [{"type": "text", "content": t}]}


def langfuse_samples():
    t = "7a38edd8123db47ad8dcb8aa4c5e3926"
    sys_ = part_text("system", "You are a support agent for an online bookshop.")
    user = part_text("user", "Where is my order 4412?")
    c1 = {"role": "assistant", "parts": [{"type": "tool_call", "id": "call_O1", "name": "get_order",
                                          "arguments": {"order_id": "4412"}}], "finish_reason": "tool_call"}
    r1 = {"role": "user", "parts": [{"type": "tool_call_response", "id": "call_O1", "name": "get_order",
                                     "result": "Order 4412: shipped 2025-08-09, DHL 00340434161234567890"}]}
    done = {"role": "assistant", "parts": [{"type": "text", "content": "Order 4412 shipped on 9 August with DHL."}],
            "finish_reason": "stop"}
    gen = dict(model="gpt-4o-mini-2024-07-18", modelParameters={"temperature": 0.2})
    export = {"trace": {"id": t, "name": "support-bot", "timestamp": "2025-08-11T09:00:00.000Z", "sessionId": "ticket-88",
                        "userId": "reader-17", "tags": ["support"], "input": None, "output": None},
              "observations": [
                  observation(t, "o3", "o1", "GENERATION", "chat gpt-4o-mini", 1.4, 2.1, input=[sys_, user, c1, r1],
                              output=[done], usageDetails={"input": 131, "output": 14, "total": 145}, **gen),
                  observation(t, "o4", "o1", "TOOL", "running tool: get_order", 0.9, 1.3,
                              input={"order_id": "4412"}, output="Order 4412: shipped 2025-08-09, DHL 00340434161234567890"),
                  observation(t, "o2", "o1", "GENERATION", "chat gpt-4o-mini", 0.1, 0.8, input=[sys_, user],
                              output=[c1], usageDetails={"input": 98, "output": 17, "total": 115}, **gen),
                  observation(t, "o1", None, "AGENT", "support_agent run", 0.0, 2.2)]}
    with open("langfuse/clean-export.json", "w", encoding="utf-8") as f:
        f.write(json.dumps(export, indent=2, ensure_ascii=False) + "\n")

    t2 = "c0ffee00c0ffee00c0ffee00c0ffee00"
    sys2 = {"role": "system", "content": "You are a support agent for an online bookshop."}
    user2 = {"role": "user", "content": "Cancel order 5120 and refund it."}
    c2 = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_C1", "type": "function", "function": {"name": "cancel_order", "arguments": "{\"order_id\":\"5120\"}"}},
        {"id": "call_R1", "type": "function", "function": {"name": "refund", "arguments": "{\"order_id\":\"5120\"}"}}]}
    r2 = {"role": "tool", "tool_call_id": "call_C1", "content": "Order 5120 cancelled."}
    stray = {"role": "tool", "tool_call_id": "call_R9", "content": "Refund 5120 issued: 23.90 EUR."}
    trace = {"id": t2, "name": "support-bot", "timestamp": "2025-08-11T10:00:00.000Z", "sessionId": "ticket-91",
             "userId": "reader-23", "tags": [], "input": None, "output": None, "scores": [],
             "observations": [
                 observation(t2, "p1", None, "GENERATION", "OpenAI-generation", 0.1, 0.9,
                             model="gpt-4o-2024-08-06", input=[sys2, user2], output=c2,
                             usageDetails={"input": 84, "input_cached_tokens": 0, "output": 38, "total": 122}),
                 observation(t2, "p2", None, "SPAN", "cancel_order", 1.0, 1.4, input={"order_id": "5120"},
                             output="Order 5120 cancelled."),
                 observation(t2, "p3", None, "SPAN", "refund", 1.0, 1.6, level="ERROR",
                             statusMessage="PaymentGatewayError: card issuer unavailable", input={"order_id": "5120"}),
                 observation(t2, "p4", None, "GENERATION", "OpenAI-generation", 1.7, 2.4,
                             model="gpt-4o-2024-08-06", input=[sys2, user2, c2, r2, stray],
                             output={"role": "assistant", "content": "Order 5120 is cancelled and refunded."},
                             usageDetails={"input": 151, "output": 12, "total": 163})]}
    with open("langfuse/broken-api-trace.json", "w", encoding="utf-8") as f:
        f.write(json.dumps(trace, indent=2, ensure_ascii=False) + "\n")


def attrs(**a):
    """Langfuse's metadata of an OpenTelemetry span: its attributes (dots written as __ here)."""
    return {"attributes": {k.replace("__", "."): v for k, v in a.items()}}


def write_langfuse(name, doc):
    with open("langfuse/" + name, "w", encoding="utf-8") as f:
        f.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")


def export(trace_id, name, session, observations):
    return {"trace": {"id": trace_id, "name": name, "timestamp": "2025-08-11T09:00:00.000Z", "sessionId": session,
                      "input": None, "output": None}, "observations": observations}


def adk_sample():
    """Google ADK (OpenInference's ADK instrumentation): Gemini contents, calls and responses without ids."""
    t = "a1d0c0de00000000000000000000a1d0"
    system = "Answer questions about the bookshop's stores. Use get_store_hours for opening hours."
    ask = {"parts": [{"text": "Is the Lyon store open on Sunday?"}], "role": "user"}
    call = {"parts": [{"function_call": {"args": {"city": "Lyon"}, "name": "get_store_hours"}}], "role": "model"}
    response = {"parts": [{"function_response": {"name": "get_store_hours",
                                                 "response": {"sunday": "closed", "saturday": "10:00-18:00"}}}],
                "role": "user"}
    answer = {"parts": [{"text": "The Lyon store is closed on Sundays; on Saturday it opens 10:00-18:00."}], "role": "model"}
    config = {"system_instruction": system, "tools": [{"function_declarations": [{"name": "get_store_hours"}]}]}
    usage = {"prompt_token_count": 61, "candidates_token_count": 7, "total_token_count": 68}
    scope = {"scope": {"name": "openinference.instrumentation.google_adk"}}
    write_langfuse("adk-export.json", export(t, "invocation [store_helper]", "store-questions", [
        observation(t, "d1", None, "CHAIN", "invocation [store_helper]", 0.0, 2.0,
                    input=js({"user_id": "reader-5", "session_id": "store-questions", "new_message": ask}),
                    output=js({"content": answer, "finish_reason": "STOP"})),
        observation(t, "d2", "d1", "AGENT", "agent_run [store_helper]", 0.01, 1.99),
        observation(t, "d3", "d2", "GENERATION", "call_llm", 0.02, 0.7, model="gemini-2.5-flash",
                    input=js({"model": "gemini-2.5-flash", "config": config, "contents": [ask]}),
                    output=js({"content": call, "finish_reason": "STOP", "usage_metadata": usage}),
                    usageDetails={"input": 61, "output": 7, "total": 68}, metadata=scope),
        observation(t, "d4", "d3", "TOOL", "execute_tool get_store_hours", 0.71, 0.72, input=None, output=js({}),
                    metadata=attrs(gen_ai__operation__name="execute_tool", gen_ai__tool__name="get_store_hours",
                                   gen_ai__tool__call__id="adk-5f1c2b7e-0d44-4d3e-9c1a-7b2f6e8d9a01")),
        observation(t, "d5", "d2", "GENERATION", "call_llm", 0.73, 1.9, model="gemini-2.5-flash",
                    input=js({"model": "gemini-2.5-flash", "config": config, "contents": [ask, call, response]}),
                    output=js({"content": answer, "finish_reason": "STOP"}),
                    usageDetails={"input": 84, "output": 19, "total": 103}, metadata=scope)]))


def ai_sdk_samples():
    """The Vercel AI SDK: generateText around its doGenerate steps, tool-call and tool-result parts."""
    t = "a15d0000000000000000000000000a15"
    ask = {"role": "user", "content": [{"type": "text", "text": "Do you have 'Dune' in stock in Lyon?"}]}
    calls = [{"toolCallId": "call_S1", "toolName": "check_stock", "input": js({"title": "Dune", "city": "Lyon"})}]
    asked = {"role": "assistant", "content": [{"type": "tool-call", "toolCallId": "call_S1", "toolName": "check_stock",
                                               "input": {"title": "Dune", "city": "Lyon"}}]}
    result = {"role": "tool", "content": [{"type": "tool-result", "toolCallId": "call_S1", "toolName": "check_stock",
                                           "output": {"type": "json", "value": {"in_stock": 3}}}]}
    ai = {"scope": {"name": "ai"}}
    write_langfuse("ai-sdk-trace.json", export(t, "stock-check", "stock-7", [
        observation(t, "v1", None, "GENERATION", "ai.generateText", 0.0, 2.5, model="gpt-4o",
                    input=js({"prompt": "Do you have 'Dune' in stock in Lyon?"}),
                    output="Yes: 3 copies of Dune are in stock in Lyon.", metadata=ai,
                    usageDetails={"input": 190, "output": 30, "total": 220}),
        observation(t, "v2", "v1", "GENERATION", "ai.generateText.doGenerate", 0.01, 0.9, model="gpt-4o",
                    input=js([ask]), output=js(calls), metadata=ai, usageDetails={"input": 80, "output": 18, "total": 98}),
        observation(t, "v3", "v1", "TOOL", "check_stock", 0.91, 1.0, input=js({"title": "Dune", "city": "Lyon"}),
                    output=js({"in_stock": 3}), metadata=attrs(ai__toolCall__name="check_stock", ai__toolCall__id="call_S1")),
        observation(t, "v4", "v1", "GENERATION", "ai.generateText.doGenerate", 1.01, 2.4, model="gpt-4o",
                    input=js([ask, asked, result]), output="Yes: 3 copies of Dune are in stock in Lyon.", metadata=ai,
                    usageDetails={"input": 110, "output": 12, "total": 122})]))

    t2 = "b0b0000000000000000000000000b0b0"
    ask2 = {"role": "user", "content": [{"type": "text", "text": "Reserve 'Dune' in Lyon and tell me the price."}]}
    calls2 = [{"toolCallId": "call_R1", "toolName": "reserve", "input": js({"title": "Dune", "city": "Lyon"})},
              {"toolCallId": "call_P1", "toolName": "get_price", "input": js({"title": "Dune"})}]
    asked2 = {"role": "assistant", "content": [
        {"type": "tool-call", "toolCallId": "call_R1", "toolName": "reserve", "input": {"title": "Dune", "city": "Lyon"}},
        {"type": "tool-call", "toolCallId": "call_P1", "toolName": "get_price", "input": {"title": "Dune"}}]}
    reserved = {"role": "tool", "content": [{"type": "tool-result", "toolCallId": "call_R1", "toolName": "reserve",
                                             "output": {"type": "text", "value": "Reserved until Saturday."}}]}
    write_langfuse("broken-ai-sdk-trace.json", export(t2, "reserve", "stock-9", [
        observation(t2, "w1", None, "GENERATION", "ai.generateText", 0.0, 3.0, model="gpt-4o",
                    input=js({"prompt": "Reserve 'Dune' in Lyon and tell me the price."}),
                    output="Reserved until Saturday.", metadata=ai),
        observation(t2, "w2", "w1", "GENERATION", "ai.generateText.doGenerate", 0.01, 0.9, model="gpt-4o",
                    input=js([ask2]), output=js(calls2), metadata=ai),
        observation(t2, "w3", "w1", "TOOL", "reserve", 0.91, 1.0, input=js({"title": "Dune", "city": "Lyon"}),
                    output="Reserved until Saturday.", metadata=attrs(ai__toolCall__name="reserve", ai__toolCall__id="call_R1")),
        observation(t2, "w4", "w1", "TOOL", "get_price", 0.91, 1.5, input=js({"title": "Dune"}), level="ERROR",
                    statusMessage="PriceServiceError: upstream timeout",
                    metadata=attrs(ai__toolCall__name="get_price", ai__toolCall__id="call_P1")),
        observation(t2, "w5", "w1", "GENERATION", "ai.generateText.doGenerate", 1.6, 2.9, model="gpt-4o",
                    input=js([ask2, asked2, reserved]), output="Reserved until Saturday.", metadata=ai)]))


def langchain_sample():
    """LangChain.js (a tool's message with the tool's name as its role) and LangChain (calls in additional_kwargs,
    the tools listed as tool messages), each a trace as Langfuse's API returns it."""
    t = "1c7a0000000000000000000000001c7a"
    ask = {"content": "Is 'Dune' in stock in Lyon?", "role": "user"}
    call = {"content": "", "role": "assistant", "tool_calls": [
        {"id": "call_J1", "type": "function", "function": {"name": "check_stock", "arguments": js({"title": "Dune", "city": "Lyon"})}}]}
    tool_message = {"lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "ToolMessage"],
                    "kwargs": {"content": "3 in stock", "tool_call_id": "call_J1", "name": "check_stock"}}
    js_trace = {"id": t, "name": "LangGraph", "timestamp": "2025-08-11T09:00:00.000Z", "sessionId": None,
                "observations": [
                    observation(t, "j1", None, "SPAN", "LangGraph", 0.0, 2.0, input=js({"messages": [ask]})),
                    observation(t, "j2", "j1", "GENERATION", "ChatOpenAI", 0.1, 0.8, model="gpt-4o-mini",
                                input=js([ask]), output=js(call)),
                    observation(t, "j3", "j1", "SPAN", "check_stock", 0.9, 1.0, input=js({"title": "Dune", "city": "Lyon"}),
                                output=js(tool_message)),
                    observation(t, "j4", "j1", "GENERATION", "ChatOpenAI", 1.1, 1.9, model="gpt-4o-mini",
                                input=js([ask, call, {"content": "3 in stock", "additional_kwargs": {}, "role": "check_stock"}]),
                                output=js({"content": "Yes, 3 copies are in stock in Lyon.", "role": "assistant"}))]}
    t2 = "1c7b0000000000000000000000001c7b"
    tool_def = {"role": "tool", "content": {"type": "function", "function": {
        "name": "find_book", "description": "Search the catalogue.",
        "parameters": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}}}}
    ask2 = {"role": "user", "content": "Find me a book about deserts."}
    call2 = {"role": "assistant", "content": "", "additional_kwargs": {"tool_calls": [
        {"id": "call_K1", "type": "function", "function": {"name": "find_book", "arguments": js({"query": "deserts"})}}]}}
    result2 = {"role": "tool", "content": "Dune; The Sheltering Sky", "tool_call_id": "call_K1"}
    py_trace = {"id": t2, "name": "LangGraph", "timestamp": "2025-08-11T09:05:00.000Z", "sessionId": None,
                "observations": [
                    observation(t2, "k1", None, "GENERATION", "ChatOpenAI", 0.1, 0.8, model="gpt-4o",
                                input=js([ask2, tool_def]), output=js(call2),
                                metadata={"langgraph_node": "agent", "ls_provider": "openai"}),
                    observation(t2, "k2", None, "GENERATION", "ChatOpenAI", 1.1, 1.9, model="gpt-4o",
                                input=js([ask2, call2, result2, tool_def]),
                                output=js({"role": "assistant", "content": "Try Dune or The Sheltering Sky."}),
                                metadata={"langgraph_node": "agent", "ls_provider": "openai"})]}
    write_langfuse("langchain-traces.json", [js_trace, py_trace])


def koog_sample():
    """Koog: each call written as the JSON text of a tool_calls list, repeated as a tool message, results without
    ids; its tool spans are SPANs with the GenAI tool attributes."""
    t = "c0060000000000000000000000000c00"

    def call(cid, name, args):
        return js([{"function": {"name": name, "arguments": js(args)}, "id": cid, "type": "function"}])
    sys_ = {"role": "system", "content": "You are a polite bookshop assistant."}
    ask = {"role": "user", "content": "Greet Ana and tell her about today's offer."}
    greet = call("call_G1", "greet", {"name": "Ana"})
    offer = call("call_F1", "todays_offer", {})
    koog = {"scope": {"name": "ai.koog"}}
    write_langfuse("koog-export.json", export(t, "agent.bookshop", None, [
        observation(t, "k1", None, "AGENT", "agent.bookshop", 0.0, 3.0),
        observation(t, "k2", "k1", "GENERATION", "llm.chat", 0.1, 1.0, model="gpt-4o", input=js([sys_, ask]),
                    output=js([{"content": greet, "role": "assistant", "finish_reason": "tool_calls"},
                               {"content": offer, "role": "assistant", "finish_reason": "tool_calls"}]), metadata=koog),
        observation(t, "k3", "k1", "SPAN", "tool.greet", 1.1, 1.2, input=js({"name": "Ana"}), output="Hello Ana!",
                    metadata=attrs(gen_ai__tool__name="greet", gen_ai__tool__call__id="call_G1")),
        observation(t, "k4", "k1", "SPAN", "tool.todays_offer", 1.1, 1.3, input=js({}), output="Two paperbacks for 12 EUR.",
                    metadata=attrs(gen_ai__tool__name="todays_offer", gen_ai__tool__call__id="call_F1")),
        observation(t, "k5", "k1", "GENERATION", "llm.chat", 1.4, 2.9, model="gpt-4o",
                    input=js([sys_, ask, {"content": greet, "role": "tool"}, {"role": "tool", "content": "Hello Ana!"},
                              {"content": offer, "role": "tool"}, {"role": "tool", "content": "Two paperbacks for 12 EUR."}]),
                    output=js([{"content": "Hello Ana! Today: two paperbacks for 12 EUR.", "role": "assistant"}]),
                    metadata=koog)]))


def claude_agent_sample():
    """The Claude Agent SDK through LangSmith's OpenTelemetry export: every content block of an answer a turn of its
    own, the later turns' input recorded as {"content": "role"}, the tool runs as TOOL observations without ids."""
    t = "c1a0de00000000000000000000c1a0de"
    junk = js({"content": "role"})
    use = lambda cid, city: js({"content": [{"type": "tool_use", "id": cid, "name": "mcp__shop__store_hours",
                                             "input": {"city": city}}], "role": "assistant"})
    write_langfuse("claude-agent-sdk-export.json", export(t, "claude.conversation", None, [
        observation(t, "c1", None, "SPAN", "claude.conversation", 0.0, 4.0,
                    input=js({"prompt": "When are the Lyon and Nantes stores open on Saturday?"})),
        observation(t, "c2", "c1", "GENERATION", "claude.assistant.turn", 0.01, 1.0, model="claude-sonnet-4-5",
                    input=js({"content": "When are the Lyon and Nantes stores open on Saturday?", "role": "user"}),
                    output=js({"content": [{"type": "text", "text": "Let me look both up."}], "role": "assistant"})),
        observation(t, "c3", "c1", "GENERATION", "claude.assistant.turn", 1.0, 1.2, model="claude-sonnet-4-5",
                    input=junk, output=use("toolu_L1", "Lyon")),
        observation(t, "c4", "c1", "GENERATION", "claude.assistant.turn", 1.2, 1.4, model="claude-sonnet-4-5",
                    input=junk, output=use("toolu_N1", "Nantes")),
        observation(t, "c5", "c1", "TOOL", "mcp__shop__store_hours", 1.45, 1.5, input=js({"input": {"city": "Lyon"}}),
                    output=js({"content": [{"type": "text", "text": "Lyon: 10:00-18:00"}]}),
                    metadata=attrs(gen_ai__operation__name="execute_tool")),
        observation(t, "c6", "c1", "TOOL", "mcp__shop__store_hours", 1.55, 1.6, input=js({"input": {"city": "Nantes"}}),
                    output=js({"content": [{"type": "text", "text": "Nantes: 09:30-19:00"}]}),
                    metadata=attrs(gen_ai__operation__name="execute_tool")),
        observation(t, "c7", "c1", "GENERATION", "claude.assistant.turn", 1.7, 3.9, model="claude-sonnet-4-5",
                    input=junk, output=js({"content": [{"type": "text", "text": "Lyon opens 10:00-18:00 and Nantes "
                                                         "09:30-19:00 on Saturday."}], "role": "assistant"}))]))


def agno_sample():
    """Agno (OpenInference's Agno instrumentation): the model call's messages as Python's str() of Agno's Message,
    and inside it the OpenAI client's own generation with the conversation flattened into text."""
    t = "a9a00000000000000000000000000a9a"

    def message(role, content, **kw):
        fields = {"role": role, "content": content, "name": None, "tool_call_id": None, "tool_calls": None}
        fields.update(kw)
        return " ".join("%s=%r" % (k, v) for k, v in fields.items()) + \
            " metrics=MessageMetrics(input_tokens=0, output_tokens=0, time=None) created_at=1754900000"
    system = message("system", "You help readers find books.")
    ask = message("user", "Find a book about deserts.")
    asked = message("assistant", None, tool_calls=[{"id": "call_A1", "function": {"arguments": "{\"query\": \"deserts\"}",
                                                                                "name": "search_catalogue"}, "type": "function"}])
    found = message("tool", "Dune; The Sheltering Sky", tool_call_id="call_A1", tool_name="search_catalogue",
                    tool_args={"query": "deserts"})
    choice = lambda msg, reason: js({"id": "chatcmpl-1", "object": "chat.completion", "choices": [
        {"finish_reason": reason, "index": 0, "message": msg}]})
    tools = [{"type": "function", "function": {"name": "search_catalogue", "description": "Search the catalogue."}}]
    write_langfuse("agno-export.json", export(t, "Agent.run", "reader-3", [
        observation(t, "a1", None, "SPAN", "Agent.run", 0.0, 3.0, input=js({"message": "Find a book about deserts."})),
        observation(t, "a2", "a1", "GENERATION", "OpenAIChat.invoke", 0.1, 0.9, model="gpt-4o-mini",
                    input=js({"messages": [system, ask], "tools": tools}),
                    output=choice({"content": None, "role": "assistant", "tool_calls": [
                        {"id": "call_A1", "function": {"arguments": "{\"query\": \"deserts\"}", "name": "search_catalogue"},
                         "type": "function"}]}, "tool_calls")),
        observation(t, "a3", "a2", "GENERATION", "chat gpt-4o-mini", 0.11, 0.89, model="gpt-4o-mini",
                    input="developer: You help readers find books.\nuser: Find a book about deserts.", output="None"),
        observation(t, "a4", "a1", "SPAN", "search_catalogue", 1.0, 1.2, input=js({"query": "deserts"}),
                    output="Dune; The Sheltering Sky",
                    metadata=attrs(openinference__span__kind="TOOL", tool__name="search_catalogue")),
        observation(t, "a5", "a1", "GENERATION", "OpenAIChat.invoke", 1.3, 2.9, model="gpt-4o-mini",
                    input=js({"messages": [system, ask, asked, found], "tools": tools}),
                    output=choice({"content": "Try Dune or The Sheltering Sky.", "role": "assistant"}, "stop")),
        observation(t, "a6", "a5", "GENERATION", "chat gpt-4o-mini", 1.31, 2.89, model="gpt-4o-mini",
                    input="developer: You help readers find books.\nuser: Find a book about deserts.\nassistant: None\n"
                          "tool: Dune; The Sheltering Sky", output="Try Dune or The Sheltering Sky.")]))


if __name__ == "__main__":
    console_samples()
    phoenix_samples()
    langfuse_samples()
    adk_sample()
    ai_sdk_samples()
    langchain_sample()
    koog_sample()
    claude_agent_sample()
    agno_sample()
