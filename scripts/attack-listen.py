#!/usr/bin/env python3
"""Loads `tracedeck listen` on loopback with well-behaved OTLP/HTTP senders while hostile clients try to stall,
poison and trick it, then stops it and prints what happened to the spans:

    scripts/attack-listen.py [--seconds 30] [--senders 4] [--spans-per-request 40] [--tracedeck ./tracedeck]

sent      spans the well-behaved senders put in requests
accepted  spans answered 200 (less any partialSuccess.rejectedSpans)
written   spans in the file listen wrote (counted here by reading it)
checked   spans in the checklist listen printed when stopped (its "checked N spans" line)
and each sender request's answer time (p50, p99, max), the longest wait of a well-behaved request while the stalled
clients were connected, listen's peak RSS (VmHWM of its JVM), and what every hostile client got back.

Bounded by design: it sends for --seconds, then stops listen with SIGINT and waits for it (at most --grace seconds
more). Standard library only; it writes only in a temporary folder, which it removes. Exit 0 when every accepted span
was written and checked, no sender request waited more than --max-wait seconds, and every hostile request was refused
or answered as the OTLP specification says; 1 otherwise, saying why.
"""
import argparse
import gzip
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def hexid(rng, n):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def attr(key, value):
    if isinstance(value, int):
        return {"key": key, "value": {"intValue": str(value)}}
    return {"key": key, "value": {"stringValue": value}}


def agent_run(rng, spans, run):
    """One agent run of `spans` spans: model calls that call a tool, each tool's span, the answer at the end."""
    trace = hexid(rng, 32)
    root = hexid(rng, 16)
    t = 1754902800000000000 + run * 10_000_000_000
    out = [{"traceId": trace, "spanId": root, "name": "invoke_agent helper", "kind": 1,
            "startTimeUnixNano": str(t), "endTimeUnixNano": str(t + spans * 1_000_000),
            "attributes": [attr("gen_ai.operation.name", "invoke_agent"), attr("gen_ai.agent.name", "helper"),
                           attr("gen_ai.conversation.id", f"conv-{run}")]}]
    history = [{"role": "user", "parts": [{"type": "text", "content": f"question {run}: " + "x" * rng.randint(20, 400)}]}]
    i = 0
    while len(out) < spans - 2:
        call_id = f"call_{run}_{i}"
        answer = {"role": "assistant", "parts": [{"type": "tool_call", "id": call_id, "name": "lookup",
                                                  "arguments": {"q": f"item {i}"}}]}
        out.append({"traceId": trace, "spanId": hexid(rng, 16), "parentSpanId": root, "name": "chat gpt-4o", "kind": 3,
                    "startTimeUnixNano": str(t + i * 2_000_000), "endTimeUnixNano": str(t + i * 2_000_000 + 900_000),
                    "attributes": [attr("gen_ai.operation.name", "chat"), attr("gen_ai.request.model", "gpt-4o"),
                                   attr("gen_ai.conversation.id", f"conv-{run}"),
                                   attr("gen_ai.usage.input_tokens", 100 + 40 * i), attr("gen_ai.usage.output_tokens", 20),
                                   attr("gen_ai.input.messages", json.dumps(history)),
                                   attr("gen_ai.output.messages", json.dumps([answer]))]})
        result = "result " + "y" * rng.randint(10, 200)
        out.append({"traceId": trace, "spanId": hexid(rng, 16), "parentSpanId": root, "name": "execute_tool lookup",
                    "kind": 1, "startTimeUnixNano": str(t + i * 2_000_000 + 950_000),
                    "endTimeUnixNano": str(t + i * 2_000_000 + 1_900_000),
                    "attributes": [attr("gen_ai.operation.name", "execute_tool"), attr("gen_ai.tool.name", "lookup"),
                                   attr("gen_ai.tool.call.id", call_id), attr("gen_ai.conversation.id", f"conv-{run}")]})
        history = history + [answer, {"role": "tool", "parts": [{"type": "tool_call_response", "id": call_id,
                                                                   "response": result}]}]
        i += 1
    final = {"role": "assistant", "parts": [{"type": "text", "content": f"the answer to question {run}"}]}
    out.append({"traceId": trace, "spanId": hexid(rng, 16), "parentSpanId": root, "name": "chat gpt-4o", "kind": 3,
                "startTimeUnixNano": str(t + i * 2_000_000), "endTimeUnixNano": str(t + i * 2_000_000 + 900_000),
                "attributes": [attr("gen_ai.operation.name", "chat"), attr("gen_ai.request.model", "gpt-4o"),
                               attr("gen_ai.conversation.id", f"conv-{run}"),
                               attr("gen_ai.usage.input_tokens", 100 + 40 * i), attr("gen_ai.usage.output_tokens", 20),
                               attr("gen_ai.input.messages", json.dumps(history)),
                               attr("gen_ai.output.messages", json.dumps([final]))]})
    return out


def request_body(spans):
    return json.dumps({"resourceSpans": [{"resource": {"attributes": [attr("service.name", "attack-load")]},
                                          "scopeSpans": [{"scope": {"name": "load"}, "spans": spans}]}]}).encode()


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.sent = 0
        self.accepted = 0
        self.requests = 0
        self.failed = []
        self.latencies = []
        self.hostile = {}

    def hostile_result(self, name, what):
        with self.lock:
            self.hostile.setdefault(name, []).append(what)


def post(host, port, body, headers, timeout):
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        conn.request("POST", "/v1/traces", body=body, headers=headers)
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def sender(host, port, stats, deadline, spans_per_request, seed):
    rng = random.Random(seed)
    run = seed * 1_000_000
    while time.time() < deadline:
        spans = agent_run(rng, spans_per_request, run)
        run += 1
        body = request_body(spans)
        start = time.time()
        try:
            status, reply = post(host, port, body, {"Content-Type": "application/json"}, 60)
        except OSError as e:
            with stats.lock:
                stats.sent += len(spans)
                stats.failed.append(f"{type(e).__name__}: {e}")
            continue
        took = time.time() - start
        rejected = 0
        if status == 200 and reply:
            rejected = int(json.loads(reply).get("partialSuccess", {}).get("rejectedSpans", 0) or 0)
        with stats.lock:
            stats.sent += len(spans)
            stats.requests += 1
            stats.latencies.append(took)
            if status == 200:
                stats.accepted += len(spans) - rejected
            else:
                stats.failed.append(f"HTTP {status}")


def raw(host, port, data, name, stats, hold=0.0, drip=None, read=True):
    """Sends `data` on a bare socket (a byte at a time every `drip` seconds, when given), holds the socket `hold`
    seconds, and records what came back (or that the server closed it)."""
    try:
        s = socket.create_connection((host, port), timeout=30)
    except OSError as e:
        stats.hostile_result(name, f"connect failed: {e}")
        return
    try:
        if drip:
            for b in data:
                s.sendall(bytes([b]))
                time.sleep(drip)
        else:
            s.sendall(data)
        time.sleep(hold)
        if read:
            s.settimeout(30)
            reply = s.recv(200)
            status = reply.split(b"\r\n", 1)[0].decode(errors="replace") if reply else "closed by the server"
            stats.hostile_result(name, status)
    except OSError as e:
        stats.hostile_result(name, f"closed by the server ({type(e).__name__})")
    finally:
        s.close()


def hostile_clients(host, port, stats, deadline):
    valid = agent_run(random.Random(7), 3, 999_999)
    poisoned = json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": valid}, {"spans": {}}]}]}).encode()
    cases = [
        ("spans-is-an-object", poisoned, {"Content-Type": "application/json"}),
        ("resourceSpans-is-a-number", b'{"resourceSpans": 42}', {"Content-Type": "application/json"}),
        ("spans-is-a-number", json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": 42}]}]}).encode(),
         {"Content-Type": "application/json"}),
        ("attributes-wrong-type", json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": [dict(valid[0], attributes={"a": 1})]}]}]}).encode(),
         {"Content-Type": "application/json"}),
        ("not-json", b"{not json", {"Content-Type": "application/json"}),
        ("not-protobuf", b"\xff\xff\xff\xff", {"Content-Type": "application/x-protobuf"}),
        ("gzip-bomb", gzip.compress(b" " * (64 * 1024 * 1024)), {"Content-Type": "application/json", "Content-Encoding": "gzip"}),
        ("host-rebinding", request_body(valid), {"Content-Type": "application/json", "Host": "attacker.example:4318"}),
        ("browser-origin", request_body(valid), {"Content-Type": "application/json", "Origin": "http://attacker.example"}),
    ]
    for name, body, headers in cases:
        try:
            status, _ = post(host, port, body, headers, 30)
            stats.hostile_result(name, f"HTTP {status}")
        except OSError as e:
            stats.hostile_result(name, f"{type(e).__name__}: {e}")
    stalls = [
        threading.Thread(target=raw, args=(host, port, b"POST /v1/traces HTTP/1.1\r\n", "request-line-then-nothing",
                                           stats, 25.0)),
        threading.Thread(target=raw, args=(host, port, b"POST /v1/traces HTTP/1.1\r\nHost: localhost\r\n"
                                           + b"Content-Type: application/json\r\nX-Padding: " + b"a" * 40 + b"\r\n\r\n",
                                           "headers-a-byte-a-second", stats, 0, 1.0)),
        threading.Thread(target=raw, args=(host, port, b"POST /v1/traces HTTP/1.1\r\nHost: localhost\r\n"
                                           + b"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{\"resou",
                                           "body-that-stops", stats, 25.0)),
        threading.Thread(target=raw, args=(host, port, b"", "idle-socket", stats, 25.0)),
    ]
    for t in stalls:
        t.daemon = True
        t.start()
    return stalls


def peak_rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def java_child(pid):
    """The JVM the launcher script started (the script execs java or waits for it)."""
    for _ in range(100):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"java" in f.read().split(b"\0")[0]:
                    return pid
        except OSError:
            return pid
        kids = subprocess.run(["ps", "-o", "pid=,comm=", "--ppid", str(pid)], capture_output=True, text=True).stdout
        for line in kids.splitlines():
            p, comm = line.split(None, 1)
            if "java" in comm:
                return int(p)
        time.sleep(0.1)
    return pid


def spans_in(path):
    n = 0
    with open(path, "rb") as f:
        for line in f:
            try:
                doc = json.loads(line)
            except ValueError:
                continue
            for rs in doc.get("resourceSpans", []):
                for ss in rs.get("scopeSpans", []):
                    spans = ss.get("spans", [])
                    n += len(spans) if isinstance(spans, list) else 0
    return n


def percentile(values, p):
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--senders", type=int, default=4)
    ap.add_argument("--spans-per-request", type=int, default=40)
    ap.add_argument("--max-wait", type=float, default=10, help="longest answer a well-behaved request may wait")
    ap.add_argument("--grace", type=float, default=60, help="how long listen may take to stop")
    ap.add_argument("--tracedeck", default=os.path.join(ROOT, "tracedeck"))
    args = ap.parse_args()

    work = tempfile.mkdtemp(prefix="attack-listen-")
    out_file = os.path.join(work, "received.jsonl")
    err_path, out_path = os.path.join(work, "err"), os.path.join(work, "out")
    with open(err_path, "w") as err, open(out_path, "w") as out:
        listen = subprocess.Popen([args.tracedeck, "listen", "--port", "0", "--output", out_file], stdout=out, stderr=err)
    try:
        endpoint = None
        for _ in range(600):
            with open(err_path) as f:
                m = re.search(r"http://127\.0\.0\.1:(\d+)", f.read())
            if m:
                endpoint = int(m.group(1))
                break
            if listen.poll() is not None:
                sys.exit("attack-listen: listen did not start:\n" + open(err_path).read())
            time.sleep(0.1)
        if endpoint is None:
            sys.exit("attack-listen: listen did not say where it listens")
        jvm = java_child(listen.pid)
        host = "127.0.0.1"
        stats = Stats()
        start = time.time()
        deadline = start + args.seconds
        stalls = hostile_clients(host, endpoint, stats, deadline)
        senders = [threading.Thread(target=sender, args=(host, endpoint, stats, deadline, args.spans_per_request, i + 1))
                   for i in range(args.senders)]
        for t in senders:
            t.start()
        peak = 0
        while any(t.is_alive() for t in senders):
            peak = max(peak, peak_rss_kib(jvm))
            time.sleep(0.2)
        for t in stalls:
            t.join(timeout=30)
        peak = max(peak, peak_rss_kib(jvm))
        stopping = time.time()
        listen.send_signal(signal.SIGINT)
        try:
            listen.wait(timeout=args.grace)
        except subprocess.TimeoutExpired:
            listen.kill()
            sys.exit(f"attack-listen: listen did not stop within {args.grace:.0f} s of SIGINT")
        stop_took = time.time() - stopping
        printed = open(out_path).read() + open(err_path).read()
        m = re.search(r"checked ([\d,]+) spans?", printed)
        checked = int(m.group(1).replace(",", "")) if m else -1
        written = spans_in(out_file) if os.path.exists(out_file) else 0
        written_bytes = os.path.getsize(out_file) if os.path.exists(out_file) else 0
        lat = stats.latencies
        print(f"sent {stats.sent:,} spans in {stats.requests:,} requests over {args.seconds:.0f} s "
              f"({args.senders} senders, {args.spans_per_request} spans a request)")
        print(f"accepted {stats.accepted:,}  written {written:,} ({written_bytes / 2**20:.0f} MiB)  checked {checked:,}")
        print(f"answer time p50 {percentile(lat, 50) * 1000:.0f} ms  p99 {percentile(lat, 99) * 1000:.0f} ms  "
              f"max {max(lat, default=0) * 1000:.0f} ms")
        print(f"peak RSS {peak / 1024:.0f} MiB; stopped {stop_took:.1f} s after SIGINT")
        for name, results in sorted(stats.hostile.items()):
            print(f"  hostile {name}: {', '.join(results)}")
        problems = []
        if stats.failed:
            problems.append(f"{len(stats.failed)} well-behaved requests failed (first: {stats.failed[0]})")
        if max(lat, default=0) > args.max_wait:
            problems.append(f"a well-behaved request waited {max(lat):.1f} s")
        if written != stats.accepted:
            problems.append(f"{stats.accepted:,} spans accepted from the senders but {written:,} written")
        if checked != written:
            problems.append(f"{written - checked:,} written spans were not checked")
        expect_refused = {"spans-is-an-object", "resourceSpans-is-a-number", "spans-is-a-number", "not-json",
                          "not-protobuf", "gzip-bomb", "host-rebinding", "browser-origin", "attributes-wrong-type"}
        for name in expect_refused:
            got = stats.hostile.get(name, ["nothing"])
            if not all(r.startswith("HTTP 4") for r in got):
                problems.append(f"hostile {name} got {got} (a 4xx refusal expected)")
        for p in problems:
            print("attack-listen: " + p, file=sys.stderr)
        sys.exit(1 if problems else 0)
    finally:
        if listen.poll() is None:
            listen.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
