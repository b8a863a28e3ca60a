#!/usr/bin/env python3
"""The plain Python baseline for scripts/benchmark-chat.sh: reads a JSON Lines file of OpenAI chat conversations
({"messages": [...]} per line) with json.loads, one line at a time, and prints what `tracedeck inspect --json`
reports of it, summed over conversations: lines, messages, messages by role, tool calls by name, tool results and
calls left without a result. Standard library only."""
import json
import sys
from collections import Counter


def main(path):
    lines = conversations = messages = results = orphans = 0
    roles, calls = Counter(), Counter()
    with open(path, "rb") as f:
        for raw in f:
            lines += 1
            if not raw.strip():
                continue
            conv = json.loads(raw)
            conversations += 1
            open_calls = set()
            for m in conv.get("messages", []):
                messages += 1
                roles[m.get("role", "")] += 1
                for call in m.get("tool_calls") or []:
                    calls[call["function"]["name"]] += 1
                    open_calls.add(call["id"])
                if m.get("role") == "tool":
                    results += 1
                    open_calls.discard(m.get("tool_call_id"))
            orphans += len(open_calls)
    json.dump({"lines": lines, "conversations": conversations, "messages": messages, "roles": dict(roles),
               "toolCalls": dict(calls), "toolResults": results, "orphanedToolCalls": orphans}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
