#!/usr/bin/env python3
"""Writes sample-logs/align/ (see the README's "Runs of one task" section for what each file shows).

Runs of one task, for `tracedeck align`, in three shapes:
- smolagents/benchmark-runs.jsonl: the smolagents benchmark's output (examples/smolagents_benchmark/run.py), a run a
  line, as the ToolCallingAgent writes it: intermediate_steps are write_memory_to_messages() (system, "New task:",
  then per step the assistant's "Tool call …" text, a tool-call message "Calling tools:\n[{…}]" (Python's str() of the
  calls) and the tool-response "Observation:" or "Error:"), the answer, the true answer and the source. Ten runs of one
  MATH question and five of one SimpleQA question, the last of which raised (no answer, no steps).
- inspect/epochs.json: an Inspect eval log (.json form) of two samples run five epochs each (epochs: 5), written with
  gen_inspect_samples.py's EvalSample builder; each sample's score is match C or I.
- files/run-01.json … run-04.json: four runs of one task as four files, each an OpenAI Chat Completions request body
  (model, messages with tool_calls and tool messages, tools); one run's call is never answered.
Deterministic. Run from sample-logs/: python3 tools/gen_align_samples.py
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import gen_inspect_samples as inspect  # noqa: E402

TOOLCALLING_SYSTEM = ("You are an expert assistant who can solve any task using tool calls. You will be given a task "
                      "to solve as best you can.\nTo do so, you have been given access to some tools.")


def text(role, content):
    return {"role": role, "content": [{"type": "text", "text": content}], "tool_calls": None, "raw": None,
            "token_usage": None}


class Run:
    """One ToolCallingAgent run as the benchmark writes its memory: a step is a call and what came back."""

    def __init__(self, question, seed):
        self.messages = [text("system", TOOLCALLING_SYSTEM), text("user", "New task:\n" + question)]
        self.seed = seed
        self.calls = 0

    def call(self, name, arguments, observation, error=False):
        self.calls += 1
        cid = f"call_{self.seed}s{self.calls:02d}"
        self.messages.append(text("assistant", f"Tool call {cid}: calling '{name}' with arguments: {arguments!r}"))
        calls = [{"id": cid, "type": "function", "function": {"name": name, "arguments": arguments}}]
        self.messages.append(text("tool-call", "Calling tools:\n" + repr(calls)))
        self.messages.append(text("tool-response", ("Error:\n" if error else "Observation:\n") + observation))
        return self

    def answer(self, value):
        return self.call("final_answer", {"answer": value}, value)


def line(run, question, answer, true_answer, source, start):
    return {"model_id": "gpt-4o", "agent_action_type": "tool-calling", "question": question,
            "original_question": question.replace(" Write code, not latex.", "").replace(
                " Answer with only the final number.", ""),
            "answer": answer, "true_answer": true_answer, "source": source,
            "intermediate_steps": run.messages if run else [], "start_time": start,
            "end_time": "2025-07-24 21:%02d:%02d" % divmod(int(start) % 3600, 60),
            "token_counts": {"input_tokens": 900 + 310 * (run.calls if run else 0),
                             "output_tokens": 40 + 25 * (run.calls if run else 0),
                             "total_tokens": 940 + 335 * (run.calls if run else 0)}}


def benchmark():
    q = "What is 17 multiplied by 23? Write code, not latex."
    direct = {"code": "print(17 * 23)"}
    spaced = {"code": "print(17 *  23)\n"}  # the same call, written with other whitespace
    stored = {"code": "result = 17 * 23\nprint(result)"}
    sympy = {"code": "from sympy import Integer\nprint(Integer(17) * 23)"}
    sympy_error = ("Error executing tool 'python_interpreter' with arguments {'code': 'from sympy import Integer'}: "
                   "InterpreterError: Import from sympy is not allowed.")
    math = [
        (Run(q, "a1").call("python_interpreter", direct, "Stdout:\n391\nOutput: None").answer("391"), "391"),
        (Run(q, "a2").call("python_interpreter", spaced, "Stdout:\n391\nOutput: None").answer("391"), "391"),
        (Run(q, "a3").call("python_interpreter", sympy, sympy_error, error=True)
         .call("python_interpreter", direct, "Stdout:\n391\nOutput: None").answer("391"), "391"),
        (Run(q, "a4").call("python_interpreter", direct, "Stdout:\n391\nOutput: None").answer("391"), "391"),
        (Run(q, "a5").call("python_interpreter", stored, "Stdout:\n391\nOutput: None").answer("391"), "391"),
        (Run(q, "a6").call("python_interpreter", sympy, sympy_error, error=True)
         .call("python_interpreter", direct, "Stdout:\n381\nOutput: None").answer("381"), "381"),
        (Run(q, "a7").call("python_interpreter", direct, "Stdout:\n391\nOutput: None").answer("391"), "391"),
        (Run(q, "a8").call("web_search", {"query": "17 times 23"}, "## Search Results\n0. [17 x 23 - Calculator]"
                           "(https://calculator.example/17x23)\n17 x 23 = 391").answer("17 times 23 is 391"),
         "17 times 23 is 391"),
        (Run(q, "a9").call("python_interpreter", stored, "Stdout:\n391\nOutput: None").answer("401"), "401"),
        (Run(q, "b1").call("python_interpreter", direct, "Stdout:\n391\nOutput: None").answer("391"), "391"),
    ]
    lines = [line(r, q, a, "391", "MATH", 1753384500.25 + 37 * i) for i, (r, a) in enumerate(math)]
    c = "What is the capital city of Australia?"
    search = {"query": "capital of Australia"}
    found = "## Search Results\n0. [Canberra - Wikipedia](https://en.wikipedia.org/wiki/Canberra)\nCanberra is the capital city of Australia."
    capital = [
        (Run(c, "c1").call("web_search", search, found).answer("Canberra"), "Canberra"),
        (Run(c, "c2").answer("Sydney"), "Sydney"),
        (Run(c, "c3").call("web_search", search, found).answer("Canberra."), "Canberra."),
        (Run(c, "c4").call("web_search", search, found).answer("Canberra"), "Canberra"),
        (None, None),
    ]
    lines += [line(r, c, a, "Canberra", "SimpleQA", 1753386200.5 + 41 * i) for i, (r, a) in enumerate(capital)]
    return lines


SHIPPED = "How many orders in /data/orders.csv have the status shipped?"
DB = "Which file under /srv/app/config sets DB_PORT, and to what?"


def ids(prefix, n=6):
    return [f"{prefix}{i:02d}aB3dE5fG7hJ9kL2m"[:22] for i in range(n)]


def inspect_sample(sid, epoch, question, target, steps, answer, value):
    """A sample whose model runs `steps` bash commands, one a turn, then answers."""
    s = inspect.Sample(sid, epoch, question, target, inspect.Clock(f"2025-06-1{sid}T10:0{epoch}"),
                       f"U{sid}e{epoch}q8VtR2kLw7NbZ5cHdA")
    mids = ids(f"s{sid}e{epoch}", 4 + 3 * len(steps))
    gen = s.start(mids[0], mids[1])
    k = 2
    for i, (cmd, out) in enumerate(steps):
        cid = f"call_s{sid}e{epoch}n{i}Lm4Tb9Rk6Nz3Vd"
        s.generate(gen, mids[k], (98 + 30 * i, 0, 22), calls=[(cid, cmd)])
        s.run_tool(gen, mids[k + 1], cid, cmd, out)
        k += 2
    s.generate(gen, mids[k], (131 + 30 * len(steps), 0, 4), text=answer)
    s.end(gen, 0.01)
    s.score(answer, value)
    return s.to_json(value)


def epochs_log():
    count = "grep -c ',shipped$' /data/orders.csv"
    awk = "awk -F, '$4 == \"shipped\"' /data/orders.csv | wc -l"
    head = "head -3 /data/orders.csv"
    grep_db = "grep -rn DB_PORT /srv/app/config"
    found = "/srv/app/config/db.env:3:DB_PORT=5433\n/srv/app/config/app.yaml:12:  port: ${DB_PORT}\n"
    samples = [
        inspect_sample(1, 1, SHIPPED, "42", [(count, "42\n")], "42", "C"),
        inspect_sample(1, 2, SHIPPED, "42", [(head, "id,item,qty,status\n1,lamp,2,shipped\n2,desk,1,pending\n"),
                                             (count, "42\n")], "42", "C"),
        inspect_sample(1, 3, SHIPPED, "42", [(count, "42\n")], "There are 42.", "I"),
        inspect_sample(1, 4, SHIPPED, "42", [(awk, "42\n")], "42", "C"),
        inspect_sample(1, 5, SHIPPED, "42", [(count, "42\n")], "42", "C"),
        inspect_sample(2, 1, DB, "db.env: 5433", [(grep_db, found)], "db.env: 5433", "C"),
        inspect_sample(2, 2, DB, "db.env: 5433", [(grep_db, found)], "db.env: 5433", "C"),
        inspect_sample(2, 3, DB, "db.env: 5433", [(grep_db, found)], "app.yaml: 5433", "I"),
        inspect_sample(2, 4, DB, "db.env: 5433", [(grep_db, found)], "db.env: 5433", "C"),
        inspect_sample(2, 5, DB, "db.env: 5433", [(grep_db, found)], "db.env: 5433", "C"),
    ]
    spec = inspect.eval_spec("Pz8yR2dZn4TvY3oRb5NeAg", "Qy2uMf4SyG7pVd9XzT6cPx", "sysadmin", "Gt6pLr9ZeA3cWm2NqH8kYs",
                             2, [1, 2], 5)
    passed = sum(1 for s in samples if s["scores"]["match"]["value"] == "C")
    return inspect.log(spec, samples, accuracy=passed / len(samples))


WEATHER_TOOL = {"type": "function", "function": {
    "name": "get_weather", "description": "The current weather in a city.",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "unit": {"type": "string"}},
                   "required": ["city"]}}}


def chat_run(n, city, result, answer):
    messages = [{"role": "system", "content": "You answer questions about the weather with the get_weather tool."},
                {"role": "user", "content": "Should I take an umbrella in Paris today?"}]
    cid = f"call_w{n}Q8vT2kLm7NbZ"
    messages.append({"role": "assistant", "content": None, "tool_calls": [
        {"id": cid, "type": "function", "function": {"name": "get_weather", "arguments": json.dumps(city)}}]})
    if result is not None:
        messages.append({"role": "tool", "tool_call_id": cid, "content": result})
    if answer is not None:
        messages.append({"role": "assistant", "content": answer})
    return {"model": "gpt-4o-mini", "messages": messages, "tools": [WEATHER_TOOL]}


def chat_files():
    rain = '{"city": "Paris", "condition": "light rain", "temp_c": 14}'
    return [
        chat_run(1, {"city": "Paris"}, rain, "Yes: light rain in Paris today, 14 °C."),
        chat_run(2, {"city": "Paris", "unit": "celsius"}, rain, "Yes, take one: light rain, 14 °C."),
        chat_run(3, {"city": "Paris"}, rain, "Yes: light rain in Paris today, 14 °C."),
        chat_run(4, {"city": "Paris"}, None, None),
    ]


def write_json(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(obj, indent=2, ensure_ascii=False))
        f.write("\n")


if __name__ == "__main__":
    with open("align/smolagents/benchmark-runs.jsonl", "w", encoding="utf-8") as f:
        for entry in benchmark():
            f.write(json.dumps(entry) + "\n")
    write_json("align/inspect/epochs.json", epochs_log())
    for i, run in enumerate(chat_files(), 1):
        write_json(f"align/files/run-{i:02d}.json", run)
