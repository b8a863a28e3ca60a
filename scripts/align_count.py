#!/usr/bin/env python3
"""Counts, independently of Tracedeck, what `tracedeck align` says of runs of one task: per task, the runs, the
distinct step sequences and the runs that passed, from the raw files, with Python's own parsers. Used to check the
figures AlignRealTracesTest holds (cli/src/test/java/dev/tracedeck/cli/align/), and run by that test when python3 is
on the PATH.

    scripts/align_count.py FILE...

Prints one JSON object: {"tasks": [{"task", "runs", "distinct", "judged", "passing", "sequences"}], "runs",
"steps", "digest"}; "sequences" are the runs' step sequences (each step "kind|tool|fingerprint"), hashed
(first 8 hex digits of the SHA-256 of the steps joined by newlines), and "digest" hashes every task's name and
sequences in order. Standard library only; reads the files where they are and writes nothing.

What a step is, as docs/align.md defines it, read here from each format's own fields:
- smolagents benchmark output (JSON Lines, a run a line: question, answer, true_answer, source, intermediate_steps):
  each `assistant` message is a model call; each call a `tool-call` message writes as "Calling tools:\\n[...]"
  (Python's str() of the calls, read back with ast.literal_eval) is a tool call, `final_answer` the final answer; a
  run whose last step is a model call ends with it as its answer. The task is the question. An answer equal to the
  true answer (ignoring case and surrounding space) passes; any other is judged by the benchmark's own rule
  (score.ipynb's get_correct): MATH compares the last number of the answer, others the GAIA scorer; a line without
  an answer fails.
- Inspect eval logs (.json, or the .eval zip's samples/*.json): each assistant message is a model call and each of
  its tool_calls a tool call; the last model call, if it called nothing, is the final answer. The task is
  "sample <id>". A sample's error or limit fails it; its scores pass when every value is C, yes or true, fail when
  one is I, N, P, no or false, and say nothing otherwise (a number, a mapping).
The fingerprint of arguments: the value (a string that parses as JSON is that JSON) written canonically — object
keys sorted, strings with runs of whitespace made one space and trimmed, numbers without trailing zeros — then the
first 8 hex digits of its SHA-256.
"""
import ast
import hashlib
import json
import math
import re
import string
import sys
import zipfile
from decimal import Decimal

WHITESPACE = re.compile(r"[ \t\n\r\f\v]+")


def canonical(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "{" + ",".join(quote(k) + ":" + canonical(value[k]) for k in sorted(value)) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(canonical(v) for v in value) + "]"
    if isinstance(value, str):
        return quote(WHITESPACE.sub(" ", value).strip())
    if isinstance(value, float):
        value = Decimal(repr(value))
    d = Decimal(value).normalize()
    if d == d.to_integral_value():
        return str(int(d))
    return format(d, "f")


def quote(s):
    out = ['"']
    for c in s:
        if c in '"\\':
            out.append("\\" + c)
        elif ord(c) < 0x20:
            out.append("\\u%04x" % ord(c))
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def fingerprint(value):
    return hashlib.sha256(canonical(value).encode("utf-8")).hexdigest()[:8]


def arguments(raw):
    """What the call's arguments are: a string is read as JSON when it is JSON, else kept as text."""
    if isinstance(raw, str):
        try:
            return json.loads(raw, parse_float=Decimal, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
        except ValueError:
            return raw
    return raw


def with_final_answer(steps, last_text):
    if steps and steps[-1] == "model_call||":
        steps[-1] = "final_answer||" + fingerprint(last_text)
    return steps


# --- smolagents benchmark ---------------------------------------------------------------------------------------

def role(value):
    value = str(value)
    return value[len("MessageRole."):].lower().replace("_", "-") if value.startswith("MessageRole.") else value


def content_text(content):
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join("[image]" if isinstance(p, dict) and p.get("type") == "image"
                         else p.get("text", "") if isinstance(p, dict) and "text" in p else content_text(p)
                         for p in content)
    return json.dumps(content)


def smolagents_steps(line):
    steps, last_model_text = [], ""
    messages = line.get("intermediate_steps")
    if isinstance(messages, str) and line.get("agent_action_type") == "vanilla":
        return ["final_answer||" + fingerprint(messages)]
    for m in messages if isinstance(messages, list) else []:
        r, text = role(m.get("role")), content_text(m.get("content"))
        if r == "assistant":
            steps.append("model_call||")
            last_model_text = text
        calls = m.get("tool_calls") or []
        if not calls and r == "tool-call" and text.startswith("Calling tools:"):
            try:
                calls = ast.literal_eval(text[len("Calling tools:"):].strip())
            except (ValueError, SyntaxError):
                calls = []
        for c in calls:
            name = c["function"]["name"]
            kind = "final_answer" if name == "final_answer" else "tool_call"
            steps.append(f"{kind}|{name}|{fingerprint(arguments(c['function'].get('arguments')))}")
    return with_final_answer(steps, last_model_text)


def is_float(s):
    try:
        float(s)
        return True
    except ValueError:
        return False


def number(s):
    for ch in "$%,":
        s = s.replace(ch, "")
    try:
        return float(s)
    except ValueError:
        return float("inf")


def squeezed(s, punct):
    s = re.sub(r"\s", "", s).lower()
    return s.translate(str.maketrans("", "", string.punctuation)) if punct else s


def benchmark_correct(line):
    answer, truth = str(line["answer"]), str(line["true_answer"])
    if line.get("source") == "MATH":
        found = [n.replace(",", "") for n in re.findall(r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?", answer)]
        return bool(found) and math.isclose(float(found[-1]), float(truth), rel_tol=1e-5, abs_tol=1e-7)
    if is_float(truth):
        return number(answer) == float(truth)
    if any(c in truth for c in ",;"):
        want, got = re.split("[,;]", truth), re.split("[,;]", answer)
        if len(want) != len(got):
            return False
        return all(number(g) == float(w) if is_float(w) else squeezed(g, False) == squeezed(w, False)
                   for g, w in zip(got, want))
    return squeezed(answer, True) == squeezed(truth, True)


def smolagents_runs(path):
    with open(path, encoding="utf-8") as f:
        for raw in f:
            if not raw.strip():
                continue
            line = json.loads(raw)
            if line.get("error"):
                verdict = "fail"
            elif line.get("answer") is None:
                verdict = "fail"
            elif str(line["answer"]).strip().lower() == str(line["true_answer"]).strip().lower():
                verdict = "pass"
            else:
                verdict = "pass" if benchmark_correct(line) else "fail"
            yield line["question"], smolagents_steps(line), verdict


# --- Inspect ----------------------------------------------------------------------------------------------------

def inspect_text(content):
    if isinstance(content, str):
        return content
    return "\n".join(p.get("text", "") for p in content or [] if isinstance(p, dict) and p.get("type") == "text")


def inspect_verdict(sample):
    """An error or a limit fails; each score as Inspect reads C, I, P, N, yes/no and booleans; anything else (a
    number, a mapping) says nothing of passing."""
    if sample.get("error") or isinstance(sample.get("limit"), dict):
        return "fail"
    words = {"c": "pass", "yes": "pass", "true": "pass", "i": "fail", "n": "fail", "no": "fail", "false": "fail",
             "p": "fail"}
    verdicts = []
    for score in (sample.get("scores") or {}).values():
        value = score.get("value") if isinstance(score, dict) else score
        if value is None:
            continue
        if isinstance(value, bool):
            verdicts.append("pass" if value else "fail")
        elif isinstance(value, str):
            verdicts.append(words.get(value.strip().lower(), "unknown"))
        else:
            verdicts.append("unknown")
    if not verdicts:
        return "unknown"
    if "fail" in verdicts:
        return "fail"
    return "pass" if all(v == "pass" for v in verdicts) else "unknown"


def inspect_steps(sample):
    steps, last_text = [], ""
    for m in sample.get("messages", []):
        if m.get("role") != "assistant":
            continue
        steps.append("model_call||")
        last_text = inspect_text(m.get("content"))
        for c in m.get("tool_calls") or []:
            steps.append(f"tool_call|{c['function']}|{fingerprint(arguments(c.get('arguments')))}")
    return with_final_answer(steps, last_text)


def inspect_samples(path):
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            for name in z.namelist():
                if name.startswith("samples/") and name.endswith(".json"):
                    yield json.loads(z.read(name))
    else:
        with open(path, encoding="utf-8") as f:
            yield from json.load(f).get("samples", [])


def inspect_runs(path):
    for s in inspect_samples(path):
        yield f"sample {s['id']}", inspect_steps(s), inspect_verdict(s)


# --- counting ---------------------------------------------------------------------------------------------------

def runs_of(path):
    if path.endswith(".jsonl"):
        return smolagents_runs(path)
    return inspect_runs(path)


def sequence_hash(steps):
    return hashlib.sha256("\n".join(steps).encode("utf-8")).hexdigest()[:8]


def count(paths):
    tasks = {}
    for path in paths:
        for task, steps, verdict in runs_of(path):
            tasks.setdefault(task, []).append((steps, verdict))
    out, digest, total_steps = [], hashlib.sha256(), 0
    for task, runs in tasks.items():
        sequences = [sequence_hash(s) for s, _ in runs]
        total_steps += sum(len(s) for s, _ in runs)
        out.append({"task": task, "runs": len(runs), "distinct": len({tuple(s) for s, _ in runs}),
                    "judged": sum(1 for _, v in runs if v != "unknown"),
                    "passing": sum(1 for _, v in runs if v == "pass"), "sequences": sequences})
        digest.update((task + "\n" + "\n".join(sequences) + "\n").encode("utf-8"))
    return {"tasks": out, "runs": sum(t["runs"] for t in out), "steps": total_steps,
            "digest": digest.hexdigest()[:16]}


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: align_count.py FILE...")
    print(json.dumps(count(sys.argv[1:]), indent=1, ensure_ascii=False))
