#!/usr/bin/env python3
"""Counts, independently of Tracedeck, the memory operations a trace file holds, by reading the file's own JSON:
per memory, how many calls operated on it. Used to check `tracedeck memory` (and MemoryTimelineTest) on the real
traces; docs/memory.md records the agreement.

    scripts/count_memory_ops.py FILE...

Prints one JSON object per file: {"file", "format", "memories": {name: count}}. Standard library only; reads the
file where it is and writes nothing.

What counts, by format (guessed from the shape):
- letta (.af, the older schema with `messages` at the top, or the newer one with `agents`): each agent's messages'
  `tool_calls` named core_memory_append, core_memory_replace, memory_insert, memory_replace, memory_rethink (label
  from `label`) or rethink_memory (`target_block_label`); memory_finish_edits changes nothing and is not counted.
- claude-code (JSON Lines): `tool_use` blocks named TodoWrite (the "todo list") and Write, Edit, MultiEdit whose
  `file_path` is a memory file: named CLAUDE.md, CLAUDE.local.md or AGENTS.md, or under a folder named `memory` or
  `.claude`. A resumed session writes earlier blocks again with new uuids: a block counts once per `tool_use` id.
"""
import json
import re
import sys

LETTA_TOOLS = {"core_memory_append", "core_memory_replace", "memory_insert", "memory_replace", "memory_rethink",
               "rethink_memory"}


def is_memory_file(path):
    parts = path.replace("\\", "/").split("/")
    if parts[-1] in ("CLAUDE.md", "CLAUDE.local.md", "AGENTS.md"):
        return True
    return any(p in ("memory", ".claude") for p in parts[:-1])


def letta(doc):
    counts = {}
    agents = doc["agents"] if "agents" in doc else [doc]
    for agent in agents:
        for message in agent.get("messages") or []:
            for call in message.get("tool_calls") or []:
                fn = call.get("function") or {}
                if fn.get("name") not in LETTA_TOOLS:
                    continue
                try:
                    args = json.loads(fn.get("arguments") or "{}")
                except ValueError:
                    continue
                label = args.get("target_block_label" if fn["name"] == "rethink_memory" else "label")
                if label:
                    counts[label] = counts.get(label, 0) + 1
    return counts


def claude_code(lines):
    seen = set()
    counts = {}
    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        message = record.get("message") if isinstance(record, dict) else None
        content = message.get("content") if isinstance(message, dict) else None
        if not isinstance(content, list):
            continue
        for block in content:
            if not isinstance(block, dict) or block.get("type") != "tool_use" or block.get("id") in seen:
                continue
            name = block.get("name")
            inp = block.get("input") or {}
            if name == "TodoWrite":
                key = "todo list"
            elif name in ("Write", "Edit", "MultiEdit") and is_memory_file(inp.get("file_path", "")):
                key = inp["file_path"]
            else:
                continue
            seen.add(block.get("id"))
            counts[key] = counts.get(key, 0) + 1
    return counts


def count(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    try:
        doc = json.loads(text)
    except ValueError:
        doc = None
    if isinstance(doc, dict) and ("agents" in doc or "core_memory" in doc or "messages" in doc and "llm_config" in doc):
        return {"file": path, "format": "letta", "memories": letta(doc)}
    return {"file": path, "format": "claude-code", "memories": claude_code(re.split(r"\r?\n", text))}


def main():
    for path in sys.argv[1:]:
        print(json.dumps(count(path), sort_keys=True))


if __name__ == "__main__":
    main()
