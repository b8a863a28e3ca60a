#!/usr/bin/env python3
"""Writes sample-logs/langchain/ and sample-logs/langgraph/ (see README.md there for what each file shows).

Shapes as langchain_core and langgraph write them: messages_to_dict entries, dumpd envelopes, and
get_state_history() snapshots newest first. Run from sample-logs/: python3 tools/gen_langchain_samples.py
"""
import json

def env(cls, **kw):
    return {"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", cls], "kwargs": kw}

def stored(type_, **data):
    base = {"content": "", "additional_kwargs": {}, "response_metadata": {}, "type": type_, "name": None, "id": None}
    if type_ in ("human", "ai"):
        base["example"] = False
    if type_ == "ai":
        base.update({"tool_calls": [], "invalid_tool_calls": [], "usage_metadata": None})
    if type_ == "tool":
        base.update({"artifact": None, "status": "success"})
    base.update(data)
    return {"type": type_, "data": base}

def call(name, args, id_):
    return {"name": name, "args": args, "id": id_, "type": "tool_call"}

def raw(name, args, id_, index):
    return {"index": index, "id": id_, "function": {"arguments": json.dumps(args, separators=(",", ":")), "name": name}, "type": "function"}

def ai_calls(calls, **kw):
    return env("AIMessage", content="", additional_kwargs={"tool_calls": [raw(c["name"], c["args"], c["id"], i) for i, c in enumerate(calls)]},
               response_metadata={"finish_reason": "tool_calls", "model_name": "gpt-4o-2024-08-06"}, type="ai", tool_calls=calls,
               invalid_tool_calls=[], **kw)

def ai_text(text, **kw):
    return env("AIMessage", content=text, response_metadata={"finish_reason": "stop", "model_name": "gpt-4o-2024-08-06"},
               type="ai", tool_calls=[], invalid_tool_calls=[], **kw)

def tool(name, content, call_id, **kw):
    return env("ToolMessage", content=content, type="tool", name=name, tool_call_id=call_id, status="success", **kw)

def human(text, **kw):
    return env("HumanMessage", content=text, type="human", **kw)

def write(path, value, indent=2):
    with open(path, "w") as f:
        if indent is None:  # one message per line, so that line numbers name messages
            f.write("[\n" + ",\n".join(json.dumps(v, ensure_ascii=False) for v in value) + "\n]\n")
        else:
            f.write(json.dumps(value, indent=indent, ensure_ascii=False) + "\n")

# ---- langchain/ -------------------------------------------------------------------------------------------
# A chat history saved with messages_to_dict (a RunnableWithMessageHistory file store), one tool round.
write("langchain/clean-weather.json", [
    stored("system", content="You are a helpful weather assistant."),
    stored("human", content="Do I need an umbrella in Lisbon tomorrow?"),
    stored("ai", tool_calls=[call("get_forecast", {"city": "Lisbon", "days": 1}, "call_8fK2mQ1pZr7Lx0aV3nT6bWcE")],
           additional_kwargs={"tool_calls": [raw("get_forecast", {"city": "Lisbon", "days": 1}, "call_8fK2mQ1pZr7Lx0aV3nT6bWcE", 0)]},
           response_metadata={"finish_reason": "tool_calls"}, usage_metadata={"input_tokens": 88, "output_tokens": 19, "total_tokens": 107}),
    stored("tool", content="{\"city\": \"Lisbon\", \"rain_probability\": 0.7, \"high_c\": 17}", name="get_forecast",
           tool_call_id="call_8fK2mQ1pZr7Lx0aV3nT6bWcE"),
    stored("ai", content="Yes: a 70% chance of rain in Lisbon tomorrow, so take an umbrella.",
           response_metadata={"finish_reason": "stop"}, usage_metadata={"input_tokens": 131, "output_tokens": 17, "total_tokens": 148}),
])
# dumpd envelopes of an agent whose history was trimmed badly: a call cut from its result, a result without call.
write("langchain/broken-history.json", [
    human("Refund order 4417 and tell me when it lands."),
    ai_calls([call("lookup_order", {"order_id": "4417"}, "call_Qe1"), call("issue_refund", {"order_id": "4417"}, "call_Qe2")]),
    tool("lookup_order", "{\"order_id\": \"4417\", \"status\": \"delivered\", \"total\": 59.9}", "call_Qe1"),
    human("Any news?"),
    tool("issue_refund", "{\"refund_id\": \"rf_221\", \"eta_days\": 5}", "call_Zz9"),
    ai_text("The refund rf_221 is on its way: about 5 days."),
], indent=None)
# JSON Lines of messages_to_dict entries, one per line, written as the agent went; a hand edit broke line 3,
# and the process died while writing line 6.
lines = [
    stored("human", content="Summarise the failing test in ci.log"),
    stored("ai", tool_calls=[call("read_file", {"path": "ci.log"}, "call_r1")]),
    None,
    stored("ai", content="The test `test_refund_rounding` fails: 59.90 is rounded to 59.0."),
    stored("ai", tool_calls=[call("run_tests", {"only": "test_refund_rounding"}, "call_r2")]),
]
text = [json.dumps(l) for l in lines if l is not None]
text.insert(2, '{"type": "tool", "data": {"content": "FAILED test_refund_rounding" "tool_call_id": "call_r1"}}')
text.append('{"type": "tool", "data": {"content": "1 failed in 0.4')
open("langchain/cut-short.jsonl", "w").write("\n".join(text))

# ---- langgraph/ -------------------------------------------------------------------------------------------
def cfg(thread, cid):
    return {"configurable": {"thread_id": thread, "checkpoint_ns": "", "checkpoint_id": cid}}

def history(thread, states, created):
    """get_state_history(): one StateSnapshot per step, newest first."""
    out = []
    for i, (values, nxt, source) in enumerate(states):
        cid = "1f0a%02d7c-%04x-6d1e-8%03d-3a5c7e9b1d%02d" % (i, 0x4b00 + i, i, i)
        pid = "1f0a%02d7c-%04x-6d1e-8%03d-3a5c7e9b1d%02d" % (i - 1, 0x4b00 + i - 1, i - 1, i - 1) if i else None
        out.append({"values": values, "next": nxt, "config": cfg(thread, cid),
                    "metadata": {"source": source, "step": i - 1, "parents": {}},
                    "created_at": created % (10 + i), "parent_config": cfg(thread, pid) if pid else None,
                    "tasks": [{"id": "task-%d-%s" % (i, n), "name": n, "error": None, "interrupts": []} for n in nxt]})
    out.reverse()
    return out

q = human("What's the weather in Oslo, and should I cycle to work?", id="h1")
c1 = ai_calls([call("get_weather", {"city": "Oslo"}, "call_W1")], id="a1")
r1 = tool("get_weather", "{\"city\": \"Oslo\", \"temp_c\": 3, \"wind_ms\": 9, \"rain\": \"sleet\"}", "call_W1", id="t1")
c2 = ai_calls([call("get_air_quality", {"city": "Oslo"}, "call_W2")], id="a2")
r2 = tool("get_air_quality", "{\"aqi\": 21}", "call_W2", id="t2")
ans = ai_text("3°C with sleet and 9 m/s wind in Oslo: take the tram today.", id="a3")
q2 = human("And tomorrow?", id="h2")

# A prebuilt ReAct agent's thread: two tool rounds, then the answer. Clean.
write("langgraph/clean-react-agent.json", history("oslo-commute", [
    ({"messages": []}, ["__start__"], "input"),
    ({"messages": [q]}, ["agent"], "loop"),
    ({"messages": [q, c1]}, ["tools"], "loop"),
    ({"messages": [q, c1, r1]}, ["agent"], "loop"),
    ({"messages": [q, c1, r1, c2]}, ["tools"], "loop"),
    ({"messages": [q, c1, r1, c2, r2]}, ["agent"], "loop"),
    ({"messages": [q, c1, r1, c2, r2, ans]}, [], "loop"),
], "2025-11-03T07:42:%02d.118204+00:00"))

# An execution buffer that leaks: the agent keeps an execution_buffer, but AppendStepMessages still appends every step's
# output to messages, so once the run ends the tool traces are in the persistent conversation too.
write("langgraph/execution-buffer-leak.json", history("weather-buffer-leak", [
    ({"messages": [q], "execution_buffer": []}, ["agent"], "input"),
    ({"messages": [q, c1, r1], "execution_buffer": [c1, r1]}, ["agent"], "loop"),
    ({"messages": [q, c1, r1, c2, r2], "execution_buffer": [c1, r1, c2, r2]}, ["agent"], "loop"),
    ({"messages": [q, c1, r1, c2, r2, ans], "execution_buffer": []}, [], "loop"),
], "2025-11-03T08:15:%02d.402117+00:00"))

# The execution trace kept apart: tool traces only in execution_buffer, cleared when the run ends; a second turn.
write("langgraph/separated-execution.json", history("weather-separated", [
    ({"messages": [q], "execution_buffer": []}, ["agent"], "input"),
    ({"messages": [q], "execution_buffer": [c1, r1]}, ["agent"], "loop"),
    ({"messages": [q], "execution_buffer": [c1, r1, c2, r2]}, ["agent"], "loop"),
    ({"messages": [q, ans], "execution_buffer": []}, [], "loop"),
    ({"messages": [q, ans, q2], "execution_buffer": []}, ["agent"], "input"),
    ({"messages": [q, ans, q2], "execution_buffer": [c1, r1]}, ["agent"], "loop"),
    ({"messages": [q, ans, q2, ans], "execution_buffer": []}, [], "loop"),
], "2025-11-03T08:20:%02d.977311+00:00"))

# Checkpoints as JSON Lines (a checkpointer exported one per line, oldest first): the tools node crashed after the
# model asked for two tools, so one call never got its result; then the export itself was cut in line 5.
snaps = history("export-7", [
    ({"messages": [q]}, ["agent"], "input"),
    ({"messages": [q, ai_calls([call("get_weather", {"city": "Oslo"}, "call_X1"), call("get_air_quality", {"city": "Oslo"}, "call_X2")], id="a9")]}, ["tools"], "loop"),
    ({"messages": [q, ai_calls([call("get_weather", {"city": "Oslo"}, "call_X1"), call("get_air_quality", {"city": "Oslo"}, "call_X2")], id="a9"),
                   tool("get_weather", "{\"temp_c\": 3}", "call_X1", id="t9")]}, ["agent"], "loop"),
    ({"messages": [q, ai_calls([call("get_weather", {"city": "Oslo"}, "call_X1"), call("get_air_quality", {"city": "Oslo"}, "call_X2")], id="a9"),
                   tool("get_weather", "{\"temp_c\": 3}", "call_X1", id="t9"), ai_text("It is 3°C in Oslo.", id="a10")]}, [], "loop"),
], "2025-11-04T19:02:%02d.000000+00:00")
snaps.reverse()
text = [json.dumps(s, ensure_ascii=False) for s in snaps]
text.append(text[-1][: len(text[-1]) // 2])
open("langgraph/cut-short.jsonl", "w").write("\n".join(text))

# LangMem's memory tools on a LangGraph store (create_manage_memory_tool / create_search_memory_tool with the
# namespace ("memories", "{langgraph_user_id}")): manage_memory answers "created memory <id>", "updated memory <id>",
# "Deleted memory <id>"; search_memory answers the items' dict() (namespace, key, value, created_at, updated_at, score)
# as JSON; an exception is the tool node's "Error: …\n Please fix your mistakes." with status error.
VEG, BIKE = "6f1c2d9e-5b8a-4e3f-9a71-0c4d8e2b7f15", "2b7e4a10-93c6-4f0d-b8e2-7d15a9c3e604"
NS = ["memories", "priya"]
def found(key, content, created, updated, score):
    return {"namespace": NS, "key": key, "value": {"content": content}, "created_at": created, "updated_at": updated,
            "score": score}
def tool_error(name, error, call_id, **kw):
    return env("ToolMessage", content="Error: " + error + "\n Please fix your mistakes.", type="tool", name=name,
               tool_call_id=call_id, status="error", **kw)
m_q1 = human("I'm vegetarian and I cycle to work. Please remember that.", id="h1")
m_c1 = ai_calls([call("manage_memory", {"content": "User is vegetarian.", "action": "create"}, "call_M1"),
                 call("manage_memory", {"content": "User cycles to work.", "action": "create"}, "call_M2")], id="a1")
m_r1 = tool("manage_memory", "created memory " + VEG, "call_M1", id="t1")
m_r2 = tool("manage_memory", "created memory " + BIKE, "call_M2", id="t2")
m_a1 = ai_text("Noted: vegetarian, and you cycle to work.", id="a2")
m_q2 = human("I eat fish now, though. Any idea for dinner?", id="h2")
m_c2 = ai_calls([call("search_memory", {"query": "diet"}, "call_M3")], id="a3")
m_r3 = tool("search_memory", json.dumps([
    found(VEG, "User is vegetarian.", "2025-11-05T18:02:11.530214+00:00", "2025-11-05T18:02:11.530214+00:00", 0.81),
    found(BIKE, "User cycles to work.", "2025-11-05T18:02:11.544871+00:00", "2025-11-05T18:02:11.544871+00:00", 0.22),
], separators=(",", ":")), "call_M3", id="t3")
m_c3 = ai_calls([call("manage_memory", {"content": "User is pescatarian: fish, no meat.", "action": "create",
                                        "id": VEG}, "call_M4")], id="a4")
m_r4 = tool_error("manage_memory", "ValueError('You cannot provide a MEMORY ID when creating a MEMORY. Please try "
                  "again, omitting the id argument.')", "call_M4", id="t4")
m_c4 = ai_calls([call("manage_memory", {"content": "User is pescatarian: fish, no meat.", "action": "update",
                                        "id": VEG}, "call_M5")], id="a5")
m_r5 = tool("manage_memory", "updated memory " + VEG, "call_M5", id="t5")
m_a2 = ai_text("Updated. How about grilled salmon with lemon and a tomato salad?", id="a6")
m_q3 = human("Also, I moved: I take the train to work now.", id="h3")
m_c5 = ai_calls([call("manage_memory", {"action": "delete", "id": BIKE}, "call_M6")], id="a7")
m_r6 = tool("manage_memory", "Deleted memory " + BIKE, "call_M6", id="t6")
m_a3 = ai_text("Done: I no longer note that you cycle.", id="a8")
steps = [[], [m_q1], [m_c1], [m_r1, m_r2], [m_a1], [m_q2], [m_c2], [m_r3], [m_c3], [m_r4], [m_c4], [m_r5], [m_a2],
         [m_q3], [m_c5], [m_r6], [m_a3]]
states, so_far = [], []
for i, added in enumerate(steps):
    so_far = so_far + added
    last = so_far[-1] if so_far else None
    kind = last["kwargs"]["type"] if last else None
    nxt = ["__start__"] if not so_far else ["tools"] if kind == "ai" and last["kwargs"]["tool_calls"] else \
        [] if kind == "ai" else ["agent"]
    states.append(({"messages": list(so_far)}, nxt, "input" if kind in (None, "human") else "loop"))
write("langgraph/langmem-memory.json", history("priya-notes", states, "2025-11-05T18:02:%02d.204117+00:00"))
