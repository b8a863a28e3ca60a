#!/usr/bin/env python3
"""Writes sample-logs/letta/ (see README.md there for what each file shows).

Letta agent files (.af) as Letta exports them, pretty-printed: the older schema (the agent itself: core_memory,
in_context_message_indices, llm_config, messages, system, tools; keys sorted) and the newer AgentFileSchema (agents,
blocks, tools, each agent with block_ids, in_context_message_ids, messages). Messages are stored in OpenAI's shape:
content parts, tool_calls with function.arguments as JSON text, tool messages answering by tool_call_id. Whenever a
memory block changes, Letta rebuilds the system prompt from the blocks and stores it as a new system message.
Run from sample-logs/: python3 tools/gen_letta_samples.py
"""
import json

BASE_PROMPT = ("You are Letta, the latest version of Limnal Corporation's digital companion, developed in 2023.\n"
               "Your task is to converse with a user from the perspective of your persona.\n\n"
               "Control flow:\nYour brain is run in response to user events and at regular intervals "
               "(heartbeats), after a function call asks for one with request_heartbeat.\n\n"
               "Basic functions:\nTo send a visible message to the user, use the send_message function.\n"
               "Your inner monologue is private to you; keep it short.\n\n"
               "Core memory:\nCore memory is always visible to you in this prompt. Edit it with "
               "core_memory_append and core_memory_replace.\n\n"
               "Base instructions finished.\nFrom now on, you are going to act as your persona.")


def dump(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(obj, indent=2, ensure_ascii=False))
        f.write("\n")


def args(**kw):
    return json.dumps(kw, indent=2, ensure_ascii=False)


def status(time):
    return json.dumps({"status": "OK", "message": "None", "time": time}, indent=2)


def event(kind, time, **kw):
    return json.dumps({"type": kind, **kw, "time": time}, indent=2, ensure_ascii=False)


# ---------------------------------------------------------------- older schema (memgpt_agent, Letta 0.6)

def older_prompt(blocks, modified, recall, limits=None):
    limits = limits or {}
    shown = "\n".join(f'<{label} characters="{len(value)}/{limits.get(label, 5000)}">\n{value}\n</{label}>'
                      for label, value in blocks)
    return (BASE_PROMPT + f"\n### Memory [last modified: {modified}]\n"
            f"{recall} previous messages between you and the user are stored in recall memory (use functions to access them)\n"
            "0 total memories you created are stored in archival memory (use functions to access them)\n\n\n"
            "Core memory shown below (limited in size, additional information stored in archival / recall memory):\n"
            + shown)


class Older:
    """Messages of an older-schema file, in the key order Letta 0.6 writes."""

    def __init__(self, model, agent):
        self.model, self.agent, self.messages = model, agent, []

    def add(self, at, role, text=None, calls=None, answers=None, named=True):
        self.messages.append({
            "created_at": at, "group_id": None, "model": self.model if role != "user" else None,
            "name": self.agent if named and role == "assistant" else None, "role": role,
            "content": [{"type": "text", "text": text}] if text is not None else [],
            "tool_call_id": answers, "tool_calls": [
                {"id": cid, "function": {"arguments": a, "name": name}, "type": "function"} for cid, name, a in calls or []],
            "tool_returns": [], "updated_at": at[:19]})
        return len(self.messages) - 1


def tool(name, description, properties, required):
    props = dict(properties)
    props["request_heartbeat"] = {"type": "boolean", "description": "Request an immediate heartbeat after function "
                                  "execution. Set to `True` if you want to send a follow-up message or run a follow-up function."}
    return {"args_json_schema": None, "created_at": "2025-05-02T09:12:40", "description": description,
            "json_schema": {"name": name, "description": description,
                            "parameters": {"type": "object", "properties": props,
                                           "required": required + ["request_heartbeat"]},
                            "type": None, "required": []},
            "name": name, "return_char_limit": 1000000, "source_code": None, "source_type": "python",
            "tags": ["letta_core"], "tool_type": "letta_core", "updated_at": "2025-05-02T09:12:40", "metadata_": {}}


OLDER_TOOLS = [
    tool("send_message", "Sends a message to the human user.",
         {"message": {"type": "string", "description": "Message contents. All unicode (including emojis) are supported."}},
         ["message"]),
    tool("core_memory_append", "Append to the contents of core memory.",
         {"label": {"type": "string", "description": "Section of the memory to be edited (persona or human)."},
          "content": {"type": "string", "description": "Content to write to the memory. All unicode (including emojis) are supported."}},
         ["label", "content"]),
    tool("core_memory_replace", "Replace the contents of core memory. To delete memories, use an empty string for new_content.",
         {"label": {"type": "string", "description": "Section of the memory to be edited (persona or human)."},
          "old_content": {"type": "string", "description": "String to replace. Must be an exact match."},
          "new_content": {"type": "string", "description": "Content to write to the memory. All unicode (including emojis) are supported."}},
         ["label", "old_content", "new_content"]),
    tool("conversation_search", "Search prior conversation history using case-insensitive string matching.",
         {"query": {"type": "string", "description": "String to search for."},
          "page": {"type": "integer", "description": "Allows you to page through results. Only use on a follow-up query. Defaults to 0 (first page)."}},
         ["query"]),
]


def older_agent(name, persona, human, messages, in_context, blocks_updated, model="gpt-4o-mini-2024-07-18",
                human_limit=5000, description="A MemGPT agent that keeps a gardener's notes"):
    def block(label, value, limit=5000):
        return {"created_at": "2025-05-02T09:12:41", "description": None, "is_template": False, "label": label,
                "limit": limit, "metadata_": {}, "template_name": None, "updated_at": blocks_updated, "value": value}
    return {
        "agent_type": "memgpt_agent",
        "core_memory": [block("persona", persona), block("human", human, human_limit)],
        "created_at": "2025-05-02T09:12:41",
        "description": description,
        "embedding_config": {"embedding_endpoint_type": "openai", "embedding_endpoint": "https://api.openai.com/v1",
                             "embedding_model": "text-embedding-3-small", "embedding_dim": 1536,
                             "embedding_chunk_size": 300, "handle": "openai/text-embedding-3-small",
                             "azure_endpoint": None, "azure_version": None, "azure_deployment": None},
        "llm_config": {"model": model, "model_endpoint_type": "openai", "model_endpoint": "https://api.openai.com/v1",
                       "model_wrapper": None, "context_window": 32000, "put_inner_thoughts_in_kwargs": True,
                       "handle": "openai/gpt-4o-mini", "temperature": 0.7, "max_tokens": 4096,
                       "enable_reasoner": False, "max_reasoning_tokens": 0},
        "message_buffer_autoclear": False,
        "in_context_message_indices": in_context,
        "messages": messages,
        "metadata_": None,
        "multi_agent_group": None,
        "name": name,
        "system": BASE_PROMPT,
        "tags": [],
        "tool_exec_environment_variables": [],
        "tool_rules": [{"tool_name": "conversation_search", "type": "continue_loop"},
                       {"tool_name": "core_memory_append", "type": "continue_loop"},
                       {"tool_name": "core_memory_replace", "type": "continue_loop"},
                       {"tool_name": "send_message", "type": "exit_loop"}],
        "tools": OLDER_TOOLS,
        "updated_at": "2025-05-02T09:31:07.204518",
        "version": "0.6.52",
    }


PERSONA = ("I am Juniper, a patient gardening companion.\nI keep notes on what each gardener grows and where, "
           "and I bring them up when they help.\nI speak plainly and never guess at plant diseases without asking for details.")
HUMAN_0 = "First name: Tomás\nLocation: Lisbon"


def boot(m, at):
    m.add(at, "assistant", "Bootup sequence complete. Persona activated. Testing messaging functionality.",
          [("5f0c2a61-8e3d-4b7a-9c14-2d6e8f0a1b35", "send_message",
            args(message="More human than human is our motto."))])
    m.add(at, "tool", status("2025-05-02 10:12:41 AM WEST+0100"),
          answers="5f0c2a61-8e3d-4b7a-9c14-2d6e8f0a1b35")
    m.add(at, "user", event("login", "2025-05-02 10:12:41 AM WEST+0100", last_login="Never (first login)"))


def clean_memgpt_agent(human_limit=5000, more=None, description="A MemGPT agent that keeps a gardener's notes",
                       saved_human=None):
    """The clean agent; `more` adds messages after its last, with the human block's limit at `human_limit`, and
    `saved_human` the human block as the agent saved it when `more` changed it."""
    limits = {"human": human_limit}
    m = Older("gpt-4o-mini-2024-07-18", "juniper")
    human_1 = HUMAN_0 + "\nGrows cherry tomatoes in pots on a south-facing balcony."
    human_2 = human_1.replace("First name: Tomás", "First name: Tomás (goes by Tom)")
    m.add("2025-05-02T09:12:41.302114", "system", older_prompt([("persona", PERSONA), ("human", HUMAN_0)],
                                                               "2025-05-02 10:12:41 AM WEST+0100", 0, limits))
    boot(m, "2025-05-02T09:12:41.302187")
    m.add("2025-05-02T09:14:03.118250", "user", event(
        "user_message", "2025-05-02 10:14:03 AM WEST+0100",
        message="hi! I grow cherry tomatoes in pots on my balcony, it faces south. the lower leaves are turning yellow"))
    m.add("2025-05-02T09:14:05.904311", "assistant",
          "New facts about Tomás's garden. Saving them to core memory before answering.",
          [("b3e9d1f4-27ac-4c0e-8f61-9a5d2c7e4b18", "core_memory_append",
            args(label="human", content="Grows cherry tomatoes in pots on a south-facing balcony.", request_heartbeat=True))])
    m.add("2025-05-02T09:14:05.951004", "system", older_prompt([("persona", PERSONA), ("human", human_1)],
                                                               "2025-05-02 10:14:05 AM WEST+0100", 5, limits))
    m.add("2025-05-02T09:14:05.958772", "tool", status("2025-05-02 10:14:05 AM WEST+0100"),
          answers="b3e9d1f4-27ac-4c0e-8f61-9a5d2c7e4b18")
    m.add("2025-05-02T09:14:05.960013", "user", event(
        "heartbeat", "2025-05-02 10:14:05 AM WEST+0100",
        reason="[This is an automated system message hidden from the user] Function called using request_heartbeat=true, returning control"))
    m.add("2025-05-02T09:14:08.477930", "assistant",
          "Yellow lower leaves on potted tomatoes: most often uneven watering or too little nitrogen. Ask about watering first.",
          [("6a2d8c0e-41f7-4e95-b3a8-0c7f5e1d9a26", "send_message", args(
              message="Yellowing that starts at the bottom of a potted tomato is usually water or feed. In full sun a pot "
                      "can dry out by mid-afternoon. How often do you water, and have you fed them since planting?",
              request_heartbeat=False))])
    m.add("2025-05-02T09:14:08.503166", "tool", status("2025-05-02 10:14:08 AM WEST+0100"),
          answers="6a2d8c0e-41f7-4e95-b3a8-0c7f5e1d9a26")
    m.add("2025-05-02T09:15:30.662871", "user", event(
        "user_message", "2025-05-02 10:15:30 AM WEST+0100",
        message="every evening, no feed yet. btw everyone calls me Tom"))
    m.add("2025-05-02T09:15:33.209457", "assistant", "He prefers Tom. Updating the name in core memory.",
          [("e71f4b0a-9c3d-4d26-a5e8-3b1c6f2d0e97", "core_memory_replace",
            args(label="human", old_content="First name: Tomás", new_content="First name: Tomás (goes by Tom)",
                 request_heartbeat=True))])
    m.add("2025-05-02T09:15:33.250391", "system", older_prompt([("persona", PERSONA), ("human", human_2)],
                                                               "2025-05-02 10:15:33 AM WEST+0100", 11, limits))
    m.add("2025-05-02T09:15:33.257120", "tool", status("2025-05-02 10:15:33 AM WEST+0100"),
          answers="e71f4b0a-9c3d-4d26-a5e8-3b1c6f2d0e97")
    m.add("2025-05-02T09:15:33.258644", "user", event(
        "heartbeat", "2025-05-02 10:15:33 AM WEST+0100",
        reason="[This is an automated system message hidden from the user] Function called using request_heartbeat=true, returning control"))
    m.add("2025-05-02T09:15:36.880015", "assistant", "Watering is regular, feed is missing. Suggest a tomato feed.",
          [("0d5c7e2b-6f18-4a3c-9e07-5b4a1d8c2f63", "send_message", args(
              message="Got it, Tom. Evening watering is fine; the missing feed is the likely cause. Give them a "
                      "tomato feed every week once the first flowers set, and pick off the yellow leaves.",
              request_heartbeat=False))])
    m.add("2025-05-02T09:15:36.905228", "tool", status("2025-05-02 10:15:36 AM WEST+0100"),
          answers="0d5c7e2b-6f18-4a3c-9e07-5b4a1d8c2f63")
    if more:
        more(m, human_2)
    systems = [i for i, x in enumerate(m.messages) if x["role"] == "system"]
    in_context = [systems[-1]] + [i for i in range(len(m.messages)) if i not in systems]
    return older_agent("juniper", PERSONA, saved_human or human_2, m.messages, in_context,
                       "2025-05-02T09:15:33.250391" if saved_human is None else m.messages[systems[-1]]["created_at"],
                       human_limit=human_limit, description=description)


def block_over_limit():
    """The clean agent with a human block of 200 characters: the append that would pass it fails, as Letta's
    Block validator makes it (the tool's result says Failed), and the block stays as it was."""
    content = ("Balcony also holds basil, mint, rosemary, thyme, oregano, parsley, chives and a lemon tree, all in "
               "terracotta pots, watered by hand every evening.")

    def more(m, human):
        m.add("2025-05-02T09:16:01.402118", "user", event(
            "user_message", "2025-05-02 10:16:01 AM WEST+0100",
            message="Also: I have basil, mint, rosemary, thyme, oregano, parsley, chives and a lemon tree on the same "
                    "balcony, all in terracotta pots, watered by hand every evening after work."))
        m.add("2025-05-02T09:16:02.113560", "assistant", "More about his balcony. Appending it to core memory.",
              [("call-over-limit", "core_memory_append", args(label="human", content=content, request_heartbeat=True))])
        m.add("2025-05-02T09:16:02.130784", "tool", json.dumps({
            "status": "Failed",
            "message": "Error executing function core_memory_append: ValueError: Edit failed: Exceeds 200 character "
                       f"limit (requested {len(human) + 1 + len(content)}).",
            "time": "2025-05-02 10:16:02 AM WEST+0100"}, indent=2), answers="call-over-limit")
    return clean_memgpt_agent(200, more, "A MemGPT agent whose human block is too small for what it tries to remember")


def name_put_back(asked):
    """The clean agent putting the human block back as it was before its last edit (the name he goes by), with a
    core_memory_replace of the new text by the old: on its own with only a heartbeat since (`asked` False), or because
    the user asked (`asked` True)."""
    human_1 = HUMAN_0 + "\nGrows cherry tomatoes in pots on a south-facing balcony."

    def more(m, human):
        if asked:
            m.add("2025-05-02T09:15:50.100412", "user", event(
                "user_message", "2025-05-02 10:15:50 AM WEST+0100",
                message="actually, keep my name as Tomás in your notes. only friends call me Tom"))
        m.add("2025-05-02T09:15:52.208113", "assistant",
              "He asked to keep the formal name in my notes. Putting it back." if asked
              else "On second thought the formal name reads better in my notes. Putting it back.",
              [("c9a07e31-5b2d-4f80-8e6a-1d4b7c3f9e52", "core_memory_replace",
                args(label="human", old_content="First name: Tomás (goes by Tom)", new_content="First name: Tomás",
                     request_heartbeat=True))])
        m.add("2025-05-02T09:15:52.251930", "system", older_prompt([("persona", PERSONA), ("human", human_1)],
                                                                   "2025-05-02 10:15:52 AM WEST+0100", 15, {"human": 5000}))
        m.add("2025-05-02T09:15:52.258401", "tool", status("2025-05-02 10:15:52 AM WEST+0100"),
              answers="c9a07e31-5b2d-4f80-8e6a-1d4b7c3f9e52")
        m.add("2025-05-02T09:15:52.259977", "user", event(
            "heartbeat", "2025-05-02 10:15:52 AM WEST+0100",
            reason="[This is an automated system message hidden from the user] Function called using request_heartbeat=true, returning control"))
        m.add("2025-05-02T09:15:54.730166", "assistant", "Name is back as it was. Nothing more to tell him.",
              [("2b8f4d61-0a7e-4c39-b5d2-8e1f6a3c7d90", "send_message", args(
                  message="Noted, Tomás." if asked else "Noted.", request_heartbeat=False))])
        m.add("2025-05-02T09:15:54.761402", "tool", status("2025-05-02 10:15:54 AM WEST+0100"),
              answers="2b8f4d61-0a7e-4c39-b5d2-8e1f6a3c7d90")
    return clean_memgpt_agent(5000, more, "A MemGPT agent that puts a block back as it was when the user asked it to"
                              if asked else "A MemGPT agent that undoes its own memory write with nothing from the user in between",
                              saved_human=human_1)


def broken_history():
    """The same agent another morning: a crashed tool call and a result whose call is not in the file."""
    m = Older("gpt-4o-mini-2024-07-18", "juniper")
    m.add("2025-05-09T07:40:12.551034", "system", older_prompt([("persona", PERSONA), ("human", HUMAN_0)],
                                                               "2025-05-09 08:40:12 AM WEST+0100", 0))
    boot(m, "2025-05-09T07:40:12.551102")
    m.add("2025-05-09T07:41:55.310427", "user", event(
        "user_message", "2025-05-09 08:41:55 AM WEST+0100", message="what did I tell you about my basil last week?"))
    m.add("2025-05-09T07:41:57.842190", "assistant", "Search the conversation for basil.",
          [("9b1e4d7a-3c52-4f08-8d6e-1a7c0b5f2e49", "conversation_search", args(query="basil", request_heartbeat=True))])
    m.add("2025-05-09T07:43:20.004815", "user", event(
        "user_message", "2025-05-09 08:43:20 AM WEST+0100", message="hello? are you still there?"))
    m.add("2025-05-09T07:43:22.917366", "tool", status("2025-05-09 08:43:22 AM WEST+0100"),
          answers="c4a8f2e6-0d19-4b7e-a3c5-8e2f6d1b9a70")
    m.add("2025-05-09T07:43:25.120458", "assistant", "Answer without the search result.",
          [("2f7d9b3c-8e40-4a61-b5d2-6c0e1f4a7d83", "send_message", args(
              message="Sorry, my search failed. Could you tell me again what's going on with the basil?",
              request_heartbeat=False))])
    m.add("2025-05-09T07:43:25.146902", "tool", status("2025-05-09 08:43:25 AM WEST+0100"),
          answers="2f7d9b3c-8e40-4a61-b5d2-6c0e1f4a7d83")
    return older_agent("juniper", PERSONA, HUMAN_0, m.messages, list(range(len(m.messages))), "2025-05-02T09:12:41")


# ---------------------------------------------------------------- newer schema (AgentFileSchema, letta_v1_agent)

NEWER_BASE = ("You are Wayfarer, a trip-planning assistant with persistent memory.\n\n"
              "Save what the user tells you about their plans in your memory blocks as soon as you learn it, "
              "with memory_insert or memory_replace. Older messages leave your context window when it fills up; "
              "a summary of them takes their place.")


def newer_prompt(blocks, modified, recall):
    shown = "".join(f"<{label}>\n<description>\n{desc}\n</description>\n<metadata>\n- chars_current={len(value)}\n"
                    f"- chars_limit=5000\n</metadata>\n<value>\n{value}\n</value>\n</{label}>\n\n"
                    for label, desc, value in blocks)
    return (NEWER_BASE + "\n\n<memory_blocks>\nThe following memory blocks are currently engaged in your core memory unit:\n\n"
            + shown + "</memory_blocks>\n\n<memory_metadata>\n- The current system date is: June 3, 2025\n"
            f"- Memory blocks were last modified: {modified}\n- {recall} previous messages between you and the user "
            "are stored in recall memory (use tools to access them)\n</memory_metadata>")


class Newer:
    def __init__(self, model, agent="agent-0", first_id=0):
        self.model, self.messages, self.agent, self.first_id = model, [], agent, first_id

    def add(self, at, role, text=None, calls=None, answers=None, returns=None):
        i = len(self.messages)
        self.messages.append({
            "type": "message", "role": role,
            "content": [{"type": "text", "text": text, "signature": None}] if text is not None else [],
            "name": None, "otid": None, "sender_id": None, "batch_item_id": None, "group_id": None,
            "id": f"message-{self.first_id + i}", "model": self.model, "agent_id": self.agent,
            "tool_calls": [{"id": cid, "function": {"arguments": a, "name": name}, "type": "function"}
                           for cid, name, a in calls] if calls else None,
            "tool_call_id": answers,
            "tool_returns": [{"tool_call_id": answers, "status": "success", "stdout": None, "stderr": None,
                              "func_response": returns}] if answers else [],
            "created_at": at, "approve": None, "approval_request_id": None, "denial_reason": None, "approvals": []})
        return i


def newer_tool(i, name, description, properties, required, kind="letta_core"):
    return {"id": f"tool-{i}", "tool_type": kind, "description": description, "source_type": "python", "name": name,
            "tags": [kind] if kind != "custom" else [], "source_code": None,
            "json_schema": {"name": name, "description": description,
                            "parameters": {"type": "object", "properties": properties, "required": required}},
            "args_json_schema": None, "return_char_limit": 50000, "pip_requirements": None, "npm_requirements": None,
            "default_requires_approval": None, "enable_parallel_execution": False,
            "created_by_id": "user-00000000-0000-4000-8000-000000000000",
            "last_updated_by_id": "user-00000000-0000-4000-8000-000000000000", "metadata_": {}, "project_id": None}


def evicted_history():
    model = "claude-sonnet-4-5-20250929"
    m = Newer(model)
    persona_desc = "The persona block: who you are and how you behave."
    human_desc = "The human block: what you know about the user and their plans."
    persona = "I am Wayfarer. I plan trips step by step and keep the user's plans in memory."
    human_0 = "Name: Ines"
    human_1 = human_0 + "\nTrip: cycling the Danube from Passau to Vienna in late May, 3 days, staying in guesthouses."
    summary = ("Ines is planning a 3-day Danube cycle from Passau to Vienna in late May. We split it into "
               "Passau–Linz (about 95 km), Linz–Melk (about 100 km) and Melk–Vienna (about 90 km). I searched "
               "lodging in Melk and she picked Gästehaus Weinberg (double room, 78 EUR).")
    m.add("2025-06-03T08:00:02.114205+00:00", "system", newer_prompt(
        [("persona", persona_desc, persona), ("human", human_desc, human_0)], "2025-06-03 08:00:02 AM UTC+0000", 0))
    m.add("2025-06-03T08:01:10.402918+00:00", "user",
          "I want to cycle the Danube from Passau to Vienna in late May, 3 days, guesthouses. Help me split it?")
    m.add("2025-06-03T08:01:14.877310+00:00", "assistant", "Saving your trip first.",
          [("toolu_01KpX3mNq8rT5vW2yZb4cD6e", "memory_insert", json.dumps(
              {"label": "human", "new_str": human_1.split("\n", 1)[1], "insert_line": -1}))])
    m.add("2025-06-03T08:01:14.930517+00:00", "system", newer_prompt(
        [("persona", persona_desc, persona), ("human", human_desc, human_1)], "2025-06-03 08:01:14 AM UTC+0000", 2))
    m.add("2025-06-03T08:01:14.936042+00:00", "tool", "The core memory block with label `human` has been edited.",
          answers="toolu_01KpX3mNq8rT5vW2yZb4cD6e",
          returns="The core memory block with label `human` has been edited.")
    m.add("2025-06-03T08:01:21.605733+00:00", "assistant",
          "Three even days: Passau to Linz (about 95 km), Linz to Melk (about 100 km) through the Strudengau, "
          "and Melk to Vienna (about 90 km) through the Wachau. Want me to look for a guesthouse in Melk?")
    m.add("2025-06-03T08:02:40.118522+00:00", "user", "Yes, somewhere quiet in Melk, under 90 euros.")
    m.add("2025-06-03T08:02:43.390871+00:00", "assistant", None,
          [("toolu_01Rt7bVn2Lq9Xc4Zp6Ws8Dk0", "search_lodging", json.dumps(
              {"town": "Melk", "max_price_eur": 90, "type": "guesthouse"}))])
    lodging = json.dumps([{"name": "Gästehaus Weinberg", "price_eur": 78, "quiet": True},
                          {"name": "Pension Donaublick", "price_eur": 86, "quiet": False}], ensure_ascii=False)
    m.add("2025-06-03T08:02:44.902335+00:00", "tool", lodging, answers="toolu_01Rt7bVn2Lq9Xc4Zp6Ws8Dk0", returns=lodging)
    m.add("2025-06-03T08:02:51.047716+00:00", "assistant",
          "Gästehaus Weinberg is the quiet one: a double room for 78 EUR, ten minutes' walk from the abbey.")
    trigger = m.add("2025-06-04T18:20:05.553129+00:00", "user", "Which day has the most climbing?")
    alert = m.add("2025-06-04T18:20:09.871604+00:00", "user", json.dumps({
        "type": "system_alert",
        "message": "Note: prior messages (8 of 10 total messages) have been hidden from view due to conversation "
                   "memory constraints.\nThe following is a summary of the previous messages:\n " + summary,
        "time": "2025-06-04 06:20:09 PM UTC+0000"}, indent=2, ensure_ascii=False))
    answer = m.add("2025-06-04T18:20:15.204488+00:00", "assistant",
                   "None of them climbs much: the path follows the river. Linz to Melk has the most, a few short "
                   "rises in the Strudengau, still under 300 m over the day.")
    in_context = ["message-3", f"message-{alert}", f"message-{trigger}", f"message-{answer}"]
    blocks = [("persona", persona_desc, persona), ("human", human_desc, human_1)]
    tools = [
        newer_tool(0, "memory_insert", "Insert text at a specific line in a memory block.",
                   {"label": {"type": "string", "description": "Section of the memory to be edited."},
                    "new_str": {"type": "string", "description": "The text to insert."},
                    "insert_line": {"type": "integer", "description": "The line number after which to insert the text (-1 for the end)."}},
                   ["label", "new_str"]),
        newer_tool(1, "memory_replace", "Replace a string in a memory block with another string.",
                   {"label": {"type": "string", "description": "Section of the memory to be edited."},
                    "old_str": {"type": "string", "description": "The text to replace (must match exactly)."},
                    "new_str": {"type": "string", "description": "The new text."}},
                   ["label", "old_str", "new_str"]),
        newer_tool(2, "conversation_search", "Search prior conversation history using hybrid search.",
                   {"query": {"type": "string", "description": "String to search for."}}, ["query"]),
        newer_tool(3, "search_lodging", "Find guesthouses and hotels in a town.",
                   {"town": {"type": "string", "description": "The town."},
                    "max_price_eur": {"type": "integer", "description": "Highest price per night, in euros."},
                    "type": {"type": "string", "description": "guesthouse, hotel or any."}},
                   ["town"], kind="custom"),
    ]
    agent = {
        "name": "Wayfarer", "memory_blocks": [], "tools": [], "tool_ids": [t["id"] for t in tools],
        "source_ids": [], "folder_ids": None, "block_ids": ["block-0", "block-1"], "tool_rules": [],
        "tags": [], "system": NEWER_BASE, "agent_type": "letta_v1_agent", "initial_message_sequence": None,
        "include_base_tools": False, "include_multi_agent_tools": False, "include_base_tool_rules": False,
        "include_default_source": False, "description": "Plans trips and remembers them.", "metadata": None,
        "llm_config": {"model": model, "display_name": None, "model_endpoint_type": "anthropic",
                       "model_endpoint": "https://api.anthropic.com/v1", "provider_name": "anthropic",
                       "provider_category": "base", "model_wrapper": None, "context_window": 32000,
                       "put_inner_thoughts_in_kwargs": False, "handle": "anthropic/" + model, "temperature": 0.7,
                       "max_tokens": 4096, "enable_reasoner": False, "reasoning_effort": None,
                       "max_reasoning_tokens": 0, "parallel_tool_calls": False, "response_format": None,
                       "strict": False},
        "embedding_config": {"embedding_endpoint_type": "openai", "embedding_endpoint": "https://api.openai.com/v1",
                             "embedding_model": "text-embedding-3-small", "embedding_dim": 1536,
                             "embedding_chunk_size": 300, "handle": "openai/text-embedding-3-small", "batch_size": 32,
                             "azure_endpoint": None, "azure_version": None, "azure_deployment": None},
        "message_buffer_autoclear": False, "enable_sleeptime": False, "timezone": "UTC",
        "id": "agent-0", "in_context_message_ids": in_context, "messages": m.messages,
        "files_agents": [], "group_ids": []}
    return {
        "agents": [agent], "groups": [],
        "blocks": [{"value": value, "limit": 5000, "project_id": None, "template_name": None, "is_template": False,
                    "template_id": None, "base_template_id": None, "deployment_id": None, "entity_id": None,
                    "preserve_on_migration": False, "label": label, "read_only": False, "description": desc,
                    "metadata": {}, "hidden": None, "tags": None, "id": f"block-{i}"}
                   for i, (label, desc, value) in enumerate(blocks)],
        "files": [], "sources": [], "tools": tools, "mcp_servers": [], "metadata": {"revision_id": "297e8217e952"},
        "created_at": "2025-06-04T18:25:40.318207+00:00"}


def letta_result(message, time, ok=True):
    """A tool's result as Letta packages it (letta/system.py package_function_response)."""
    return json.dumps({"status": "OK" if ok else "Failed", "message": message, "time": time}, indent=2,
                      ensure_ascii=False)


RESEARCH_BASE = ("You are Quill, a research assistant with persistent memory.\n\n"
                 "Keep what the user tells you about their work in your memory blocks with the memory tool or "
                 "memory_apply_patch; store lasting facts in archival memory and search it when asked about the past.")


def research_prompt(blocks, modified, recall, archival):
    shown = "".join(f"<{label}>\n<description>\n{desc}\n</description>\n<metadata>\n- chars_current={len(value)}\n"
                    f"- chars_limit=5000\n</metadata>\n<value>\n{value}\n</value>\n</{label}>\n\n"
                    for label, desc, value in blocks)
    return (RESEARCH_BASE + "\n\n<memory_blocks>\nThe following memory blocks are currently engaged in your core memory unit:\n\n"
            + shown + "</memory_blocks>\n\n<memory_metadata>\n- The current system date is: September 10, 2025\n"
            f"- Memory blocks were last modified: {modified}\n- {recall} previous messages between you and the user "
            f"are stored in recall memory (use tools to access them)\n- {archival} total memories you created are "
            "stored in archival memory (use tools to access them)\n</memory_metadata>")


def memory_tool_agent():
    """The newer tools: `memory` (create, str_replace, insert, rename, delete), `memory_apply_patch` (one block, and
    several with *** headers) and archival memory. A newer Letta rewrites its one system prompt in place at each
    change, so the file's prompt shows the memory as it ended (its stamp: the last change), created at the start."""
    model = "claude-sonnet-4-5-20250929"
    m = Newer(model)
    persona_desc = "The persona block: who you are and how you behave."
    human_desc = "The human block: what you know about the user."
    sources_desc = "Sources the user cites, one per line."
    persona = "I am Quill. I help with research and keep track of sources and deadlines."
    human_1 = ("Name: Priya\nThesis: sediment transport in the Danube delta (master's)\n"
               "Supervisor: Dr. Ionescu")
    human_2 = human_1.replace("Dr. Ionescu", "Dr. Marin")
    syvitski = "- Syvitski 2005, sediment flux to the ocean"
    walling = "- Walling 2006, human impact on sediment loads"
    syvitski_full = ("- Syvitski et al. 2005, impact of humans on the flux of terrestrial sediment to the global "
                     "coastal ocean")
    sources_1 = syvitski
    sources_2 = sources_1 + "\n" + walling
    sources_3 = syvitski_full + "\n" + walling
    passage = ("Priya began her master's thesis on Danube delta sediment in September 2025, supervised by "
               "Dr. Ionescu.")
    end = [("persona", persona_desc, persona), ("human", human_desc, human_2), ("sources", sources_desc, sources_3)]
    m.add("2025-09-08T09:00:01.204511+00:00", "system", research_prompt(end, "2025-09-10 04:03:12 PM UTC+0000", 27, 1))

    def call(at, cid, name, arguments, text=None):
        m.add(at, "assistant", text, [(cid, name, json.dumps(arguments, ensure_ascii=False))])

    def result(at, cid, message, ok=True):
        body = letta_result(message, at, ok)
        m.add(at, "tool", body, answers=cid, returns=body)
        m.messages[-1]["tool_returns"][0]["status"] = "success" if ok else "error"

    m.add("2025-09-08T09:01:05.318440+00:00", "user",
          "Hi, I'm Priya. I'm writing my master's thesis on sediment transport in the Danube delta; my "
          "supervisor is Dr. Ionescu. Can you keep track of my sources? First one: Syvitski 2005 on sediment flux "
          "to the ocean.")
    call("2025-09-08T09:01:09.771020+00:00", "toolu_01QmT4rWx8Lp2Vn6Kb3Hc9Ja", "memory",
         {"command": "str_replace", "path": "/memories/human", "old_string": "Name: unknown", "new_string": human_1},
         "Saving who you are.")
    result("2025-09-08T09:01:09.902114+00:00", "toolu_01QmT4rWx8Lp2Vn6Kb3Hc9Ja", human_1)
    call("2025-09-08T09:01:12.405937+00:00", "toolu_01Bv7Np3Rq5Ws9Xt1Yc4Zd8Ke", "memory",
         {"command": "create", "path": "/memories/sources", "description": sources_desc, "file_text": sources_1})
    result("2025-09-08T09:01:12.588263+00:00", "toolu_01Bv7Np3Rq5Ws9Xt1Yc4Zd8Ke",
           "Successfully created memory block 'sources'. Your system prompt has been recompiled with the new "
           "memory block and is now active in your context.")
    call("2025-09-08T09:01:15.120374+00:00", "toolu_01Hx2Kc8Mv4Pn7Qr3Sw6Tb1Lf", "archival_memory_insert",
         {"content": passage, "tags": ["thesis", "people"]})
    result("2025-09-08T09:01:15.664901+00:00", "toolu_01Hx2Kc8Mv4Pn7Qr3Sw6Tb1Lf", "None")
    m.add("2025-09-08T09:01:18.230455+00:00", "assistant",
          "Done: I have your thesis, your supervisor and Syvitski 2005 on file.")
    m.add("2025-09-08T09:14:40.015632+00:00", "user",
          "Add Walling 2006 on human impact on sediment loads. Syvitski is actually Syvitski et al. 2005, 'impact of "
          "humans on the flux of terrestrial sediment to the global coastal ocean'. My supervisor is now Dr. Marin, "
          "and my chapter 2 draft is due 14 October.")
    call("2025-09-08T09:14:44.502817+00:00", "toolu_01Nc5Tq9Wb3Xm7Ld1Pf4Rg8Kh", "memory",
         {"command": "insert", "path": "/memories/sources", "insert_line": -1, "insert_text": walling})
    result("2025-09-08T09:14:44.690348+00:00", "toolu_01Nc5Tq9Wb3Xm7Ld1Pf4Rg8Kh", sources_2)
    call("2025-09-08T09:14:47.881209+00:00", "toolu_01Rd8Vb2Xn6Qc4Mk9Ts3Wf7Gj", "memory_apply_patch",
         {"label": "human", "patch": "@@\n Thesis: sediment transport in the Danube delta (master's)\n"
                                     "-Supervisor: Dr. Ionescu\n+Supervisor: Dr. Marin"})
    result("2025-09-08T09:14:48.037716+00:00", "toolu_01Rd8Vb2Xn6Qc4Mk9Ts3Wf7Gj", human_2)
    call("2025-09-08T09:14:51.346082+00:00", "toolu_01Wk3Fp7Lb1Rt5Yn9Qc2Hd6Mx", "memory_apply_patch",
         {"label": "", "patch": "*** Add Block: deadlines\nDescription: Dates the user must meet.\n"
                                "+Chapter 2 draft: 2025-10-14\n*** Update Block: sources\n@@\n-" + syvitski + "\n+"
                                + syvitski_full})
    result("2025-09-08T09:14:51.720554+00:00", "toolu_01Wk3Fp7Lb1Rt5Yn9Qc2Hd6Mx",
           "Successfully applied memory patch operations. Your system prompt has been recompiled with the updated "
           "memory contents and is now active in your context.\n\nOperations completed:\n- Created memory block "
           "'deadlines'\n- Updated memory block 'sources'")
    call("2025-09-08T09:14:55.093327+00:00", "toolu_01Yp6Mc1Td4Wq8Bn2Kx7Rv5Lg", "memory",
         {"command": "str_replace", "path": "/memories/sources", "old_string": "Walling 2007",
          "new_string": "Walling 2006 (Science of the Total Environment)"})
    result("2025-09-08T09:14:55.171908+00:00", "toolu_01Yp6Mc1Td4Wq8Bn2Kx7Rv5Lg",
           "Error executing function memory: ValueError: No replacement was performed, old_string `Walling 2007` "
           "did not appear verbatim in memory block with label `sources`.", ok=False)
    m.add("2025-09-08T09:14:58.652290+00:00", "assistant",
          "Updated: both sources, Dr. Marin as your supervisor, and the chapter 2 deadline on 14 October.")
    m.add("2025-09-10T16:01:44.387105+00:00", "user", "Who did I say my first supervisor was?")
    call("2025-09-10T16:01:47.912663+00:00", "toolu_01Fb9Xs4Kq2Mw6Tc8Pn1Rd3Vh", "archival_memory_search",
         {"query": "thesis supervisor", "tags": ["people"]})
    result("2025-09-10T16:01:48.405219+00:00", "toolu_01Fb9Xs4Kq2Mw6Tc8Pn1Rd3Vh",
           [{"id": "passage-5b1f0c3e-7a42-4d9e-9f61-2c8e0d4a7b13", "timestamp": "2025-09-08T09:01:15.480117+00:00",
             "content": passage, "tags": ["thesis", "people"]}])
    m.add("2025-09-10T16:01:51.003478+00:00", "assistant",
          "Dr. Ionescu: you told me on 8 September, before Dr. Marin took over.")
    m.add("2025-09-10T16:02:58.440912+00:00", "user",
          "Call the deadlines block milestones. Actually, drop it: Dr. Marin keeps my milestones.")
    call("2025-09-10T16:03:02.716350+00:00", "toolu_01Lc4Rn8Vd2Xq6Mb9Tw3Kf7Hp", "memory",
         {"command": "rename", "old_path": "/memories/deadlines", "new_path": "/memories/milestones"})
    result("2025-09-10T16:03:02.950481+00:00", "toolu_01Lc4Rn8Vd2Xq6Mb9Tw3Kf7Hp",
           "Successfully renamed memory block 'deadlines' to 'milestones'. Your system prompt has been recompiled "
           "with the renamed memory block and is now active in your context.")
    call("2025-09-10T16:03:12.128804+00:00", "toolu_01Tq7Wm3Kc9Rb5Nx1Lf8Pd4Gv", "memory",
         {"command": "delete", "path": "/memories/milestones"})
    result("2025-09-10T16:03:12.377590+00:00", "toolu_01Tq7Wm3Kc9Rb5Nx1Lf8Pd4Gv",
           "Successfully deleted memory block 'milestones'. Your system prompt has been recompiled without this "
           "memory block and is now active in your context.")
    m.add("2025-09-10T16:03:15.561023+00:00", "assistant", "Dropped: I no longer keep your milestones.")
    tools = [
        newer_tool(0, "memory", "Memory management tool with various sub-commands for memory block operations.",
                   {"command": {"type": "string", "description": "The sub-command to execute: create, str_replace, insert, delete, rename."},
                    "path": {"type": "string", "description": "Path to the memory block."},
                    "file_text": {"type": "string", "description": "The value to set in the memory block (for create)."},
                    "description": {"type": "string", "description": "The description to set in the memory block (for create, rename)."},
                    "old_string": {"type": "string", "description": "Old text to replace (for str_replace)."},
                    "new_string": {"type": "string", "description": "New text to replace with (for str_replace)."},
                    "insert_line": {"type": "integer", "description": "Line number to insert at (for insert)."},
                    "insert_text": {"type": "string", "description": "Text to insert (for insert)."},
                    "old_path": {"type": "string", "description": "Old path for rename operation."},
                    "new_path": {"type": "string", "description": "New path for rename operation."}},
                   ["command"]),
        newer_tool(1, "memory_apply_patch", "Apply a simplified unified-diff style patch to one or more memory blocks.",
                   {"label": {"type": "string", "description": "The label of the memory block to patch."},
                    "patch": {"type": "string", "description": "The unified diff-style patch to apply."}},
                   ["label", "patch"]),
        newer_tool(2, "archival_memory_insert", "Add information to long-term archival memory for later retrieval.",
                   {"content": {"type": "string", "description": "The information to store."},
                    "tags": {"type": "array", "items": {"type": "string"}, "description": "Optional list of category tags."}},
                   ["content"]),
        newer_tool(3, "archival_memory_search", "Search archival memory using semantic similarity.",
                   {"query": {"type": "string", "description": "What you're looking for."},
                    "tags": {"type": "array", "items": {"type": "string"}, "description": "Filter to memories with these tags."}},
                   ["query"]),
    ]
    agent = {
        "name": "Quill", "memory_blocks": [], "tools": [], "tool_ids": [t["id"] for t in tools],
        "source_ids": [], "folder_ids": None, "block_ids": ["block-0", "block-1", "block-2"], "tool_rules": [],
        "tags": [], "system": RESEARCH_BASE, "agent_type": "letta_v1_agent", "initial_message_sequence": None,
        "include_base_tools": False, "include_multi_agent_tools": False, "include_base_tool_rules": False,
        "include_default_source": False, "description": "Keeps a student's thesis notes.", "metadata": None,
        "llm_config": {"model": model, "display_name": None, "model_endpoint_type": "anthropic",
                       "model_endpoint": "https://api.anthropic.com/v1", "provider_name": "anthropic",
                       "provider_category": "base", "model_wrapper": None, "context_window": 32000,
                       "put_inner_thoughts_in_kwargs": False, "handle": "anthropic/" + model, "temperature": 0.7,
                       "max_tokens": 4096, "enable_reasoner": False, "reasoning_effort": None,
                       "max_reasoning_tokens": 0, "parallel_tool_calls": False, "response_format": None,
                       "strict": False},
        "embedding_config": {"embedding_endpoint_type": "openai", "embedding_endpoint": "https://api.openai.com/v1",
                             "embedding_model": "text-embedding-3-small", "embedding_dim": 1536,
                             "embedding_chunk_size": 300, "handle": "openai/text-embedding-3-small", "batch_size": 32,
                             "azure_endpoint": None, "azure_version": None, "azure_deployment": None},
        "message_buffer_autoclear": False, "enable_sleeptime": False, "timezone": "UTC",
        "id": "agent-0", "in_context_message_ids": [f"message-{i}" for i in range(len(m.messages))],
        "messages": m.messages, "files_agents": [], "group_ids": []}
    return {
        "agents": [agent], "groups": [],
        "blocks": [{"value": value, "limit": 5000, "project_id": None, "template_name": None, "is_template": False,
                    "template_id": None, "base_template_id": None, "deployment_id": None, "entity_id": None,
                    "preserve_on_migration": False, "label": label, "read_only": False, "description": desc,
                    "metadata": {}, "hidden": None, "tags": None, "id": f"block-{i}"}
                   for i, (label, desc, value) in enumerate(end)],
        "files": [], "sources": [], "tools": tools, "mcp_servers": [], "metadata": {"revision_id": "297e8217e952"},
        "created_at": "2025-09-10T16:05:02.774019+00:00"}


# ---------------------------------------------------------------- a sleep-time agent beside the agent it serves

COACH_BASE = ("You are Stride, a running coach with persistent memory.\n\n"
              "Save what the runner tells you about their training in your memory blocks with memory_insert or "
              "memory_replace as soon as you learn it.")
SLEEPTIME_BASE = ("<base_instructions>\nYou are Letta-Sleeptime-Memory, a background agent that reorganizes the "
                  "memory of the agent it serves. You see its conversations after they happen. Rewrite a block whole "
                  "with memory_rethink when it needs reorganizing, then call memory_finish_edits.\n</base_instructions>")


def shared_prompt(base, blocks, modified, recall, date="July 1, 2025"):
    shown = "".join(f"<{label}>\n<description>\n{desc}\n</description>\n<metadata>\n- chars_current={len(value)}\n"
                    f"- chars_limit=5000\n</metadata>\n<value>\n{value}\n</value>\n</{label}>\n\n"
                    for label, desc, value in blocks)
    return (base + "\n\n<memory_blocks>\nThe following memory blocks are currently engaged in your core memory unit:\n\n"
            + shown + f"</memory_blocks>\n\n<memory_metadata>\n- The current system date is: {date}\n"
            f"- Memory blocks were last modified: {modified}\n- {recall} previous messages between you and the user "
            "are stored in recall memory (use tools to access them)\n</memory_metadata>")


def sleeptime_pair(read_first):
    """A coach and its sleep-time agent, which Letta made with the coach's persona and human blocks (one block id
    each in both agents' block_ids) and a memory_persona of its own. Letta writes each rebuilt prompt as a new system
    message. The coach saves two things the runner says, a turn apart; the sleep-time agent rewrites the human block
    whole (memory_rethink) from its prompt. With `read_first` False its run starts after the first turn, and the
    coach's second save lands while its model composes the rewrite, which drops it; with `read_first` True its run
    starts after the second turn, so its prompt shows both saves and the rewrite keeps them."""
    model = "claude-sonnet-4-5-20250929"
    coach = Newer(model, "agent-0", 0)
    sleeper = Newer(model, "agent-1", 100)
    persona_desc = "The persona block: who you are and how you coach."
    human_desc = "The human block: what you know about the runner."
    mp_desc = "How you keep the coach's memory."
    persona = "I am Stride. I plan runs week by week and never push through pain."
    memory_persona = "Keep the human block short: one fact a line, the goal first. Merge what repeats."
    human_0 = "Name: Ana\nGoal: first half marathon, Lisbon, October"
    knee = "Left knee aches after long runs."
    days = "Runs 4 days a week from July."
    human_1 = human_0 + "\n" + knee
    human_2 = human_1 + "\n" + days
    coach_blocks = lambda human: [("persona", persona_desc, persona), ("human", human_desc, human)]
    sleeper_blocks = lambda human: [("persona", persona_desc, persona), ("human", human_desc, human),
                                    ("memory_persona", mp_desc, memory_persona)]
    rethought = ("Name: Ana\nGoal: first half marathon, Lisbon, October\nLongest run so far: 12 km\n"
                 "Left knee aches after long runs: keep long runs easy and raise them slowly."
                 + ("\nRuns 4 days a week from July." if read_first else ""))

    def call(m, at, cid, name, arguments, text=None):
        m.add(at, "assistant", text, [(cid, name, json.dumps(arguments, ensure_ascii=False))])

    def result(m, at, cid, message):
        body = letta_result(message, at)
        m.add(at, "tool", body, answers=cid, returns=body)

    coach.add("2025-07-01T09:00:00.412087+00:00", "system",
              shared_prompt(COACH_BASE, coach_blocks(human_0), "2025-07-01 09:00:00 AM UTC+0000", 0))
    coach.add("2025-07-01T10:00:00.118342+00:00", "user",
              "I ran 12 km on Saturday and felt good. My left knee aches after long runs though.")
    call(coach, "2025-07-01T10:00:04.530918+00:00", "toolu_01Ae4Kq7Rb2Xn9Tc5Wm3Pd8L", "memory_insert",
         {"label": "human", "new_str": knee, "insert_line": -1}, "Saving the knee.")
    coach.add("2025-07-01T10:00:04.611203+00:00", "system",
              shared_prompt(COACH_BASE, coach_blocks(human_1), "2025-07-01 10:00:04 AM UTC+0000", 3))
    result(coach, "2025-07-01T10:00:04.618777+00:00", "toolu_01Ae4Kq7Rb2Xn9Tc5Wm3Pd8L", human_1)
    coach.add("2025-07-01T10:00:09.204415+00:00", "assistant",
              "12 km is a good base. Keep the long run easy and stop if the knee hurts during it.")
    coach.add("2025-07-01T10:00:40.390116+00:00", "user", "Also, from July I'm running 4 days a week.")
    call(coach, "2025-07-01T10:00:43.772054+00:00", "toolu_01Hc8Wn2Lq6Rd4Ys1Kb9Tf3M", "memory_insert",
         {"label": "human", "new_str": days, "insert_line": -1}, "Saving the new schedule.")
    coach.add("2025-07-01T10:00:43.851660+00:00", "system",
              shared_prompt(COACH_BASE, coach_blocks(human_2), "2025-07-01 10:00:43 AM UTC+0000", 8))
    result(coach, "2025-07-01T10:00:43.859201+00:00", "toolu_01Hc8Wn2Lq6Rd4Ys1Kb9Tf3M", human_2)
    coach.add("2025-07-01T10:00:47.023548+00:00", "assistant",
              "Four days works: one long run, one tempo, two easy. I'll plan the week around that.")

    first_turn = ("user: I ran 12 km on Saturday and felt good. My left knee aches after long runs though.\n"
                  "assistant: Calling tool memory_insert\n"
                  "assistant: 12 km is a good base. Keep the long run easy and stop if the knee hurts during it.")
    second_turn = ("user: Also, from July I'm running 4 days a week.\nassistant: Calling tool memory_insert\n"
                   "assistant: Four days works: one long run, one tempo, two easy. I'll plan the week around that.")
    reminder = ("<system-reminder>\nYou are a sleeptime agent - a background agent that asynchronously processes "
                "conversations after they occur.\n</system-reminder>\n\nMessages:\n")
    sleeper.add("2025-07-01T09:00:00.598132+00:00", "system",
                shared_prompt(SLEEPTIME_BASE, sleeper_blocks(human_0), "2025-07-01 09:00:00 AM UTC+0000", 0))
    if read_first:
        # the run starts after the coach's second turn: the prompt Letta rebuilds for it shows both saves
        start, seen, transcript = "2025-07-01T10:00:48", human_2, first_turn + "\n" + second_turn
        rethink_at, finish_at = "2025-07-01T10:01:21", "2025-07-01T10:01:24"
    else:
        # the run starts after the first turn; the coach's second save lands while the model composes
        start, seen, transcript = "2025-07-01T10:00:10", human_1, first_turn
        rethink_at, finish_at = "2025-07-01T10:00:58", "2025-07-01T10:01:01"
    sleeper.add(start + ".204118+00:00", "system", shared_prompt(
        SLEEPTIME_BASE, sleeper_blocks(seen), f"2025-07-01 {start[11:]} AM UTC+0000", 1))
    sleeper.add(start + ".287540+00:00", "user", reminder + transcript)
    call(sleeper, rethink_at + ".114930+00:00", "toolu_01Sm5Tx9Kd3Wq7Lb2Rn6Hc4V", "memory_rethink",
         {"label": "human", "new_memory": rethought},
         "Merging the runner's facts: goal first, one a line, the knee with what to do about it.")
    sleeper.add(rethink_at + ".190332+00:00", "system", shared_prompt(
        SLEEPTIME_BASE, sleeper_blocks(rethought), f"2025-07-01 {rethink_at[11:]} AM UTC+0000", 3))
    result(sleeper, rethink_at + ".197845+00:00", "toolu_01Sm5Tx9Kd3Wq7Lb2Rn6Hc4V", rethought)
    call(sleeper, finish_at + ".640215+00:00", "toolu_01Fe2Bv8Nw4Yk6Pt1Xc3Jm9Q", "memory_finish_edits", {})
    result(sleeper, finish_at + ".648003+00:00", "toolu_01Fe2Bv8Nw4Yk6Pt1Xc3Jm9Q", "None")

    tools = [
        newer_tool(0, "memory_insert", "Insert text at a specific line in a memory block.",
                   {"label": {"type": "string", "description": "Section of the memory to be edited."},
                    "new_str": {"type": "string", "description": "The text to insert."},
                    "insert_line": {"type": "integer", "description": "The line number after which to insert the text (-1 for the end)."}},
                   ["label", "new_str"]),
        newer_tool(1, "memory_replace", "Replace a string in a memory block with another string.",
                   {"label": {"type": "string", "description": "Section of the memory to be edited."},
                    "old_str": {"type": "string", "description": "The text to replace (must match exactly)."},
                    "new_str": {"type": "string", "description": "The new text."}},
                   ["label", "old_str", "new_str"]),
        newer_tool(2, "memory_rethink", "Rewrite a memory block whole: new_memory replaces its value.",
                   {"label": {"type": "string", "description": "The memory block to rewrite."},
                    "new_memory": {"type": "string", "description": "The block's new value, all of it."}},
                   ["label", "new_memory"]),
        newer_tool(3, "memory_finish_edits", "Call when you are done editing memory.", {}, []),
    ]
    llm_config = {"model": model, "display_name": None, "model_endpoint_type": "anthropic",
                  "model_endpoint": "https://api.anthropic.com/v1", "provider_name": "anthropic",
                  "provider_category": "base", "model_wrapper": None, "context_window": 32000,
                  "put_inner_thoughts_in_kwargs": False, "handle": "anthropic/" + model, "temperature": 0.7,
                  "max_tokens": 4096, "enable_reasoner": False, "reasoning_effort": None,
                  "max_reasoning_tokens": 0, "parallel_tool_calls": False, "response_format": None, "strict": False}

    def agent(aid, name, kind, system, description, m, block_ids, tool_ids, sleeptime):
        return {
            "name": name, "memory_blocks": [], "tools": [], "tool_ids": tool_ids, "source_ids": [],
            "folder_ids": None, "block_ids": block_ids, "tool_rules": [], "tags": [], "system": system,
            "agent_type": kind, "initial_message_sequence": None, "include_base_tools": False,
            "include_multi_agent_tools": False, "include_base_tool_rules": False, "include_default_source": False,
            "description": description, "metadata": None, "llm_config": llm_config,
            "embedding_config": {"embedding_endpoint_type": "openai", "embedding_endpoint": "https://api.openai.com/v1",
                                 "embedding_model": "text-embedding-3-small", "embedding_dim": 1536,
                                 "embedding_chunk_size": 300, "handle": "openai/text-embedding-3-small",
                                 "batch_size": 32, "azure_endpoint": None, "azure_version": None,
                                 "azure_deployment": None},
            "message_buffer_autoclear": False, "enable_sleeptime": sleeptime, "timezone": "UTC", "id": aid,
            "in_context_message_ids": [x["id"] for x in m.messages], "messages": m.messages, "files_agents": [],
            "group_ids": ["group-0"]}

    end = [("persona", persona_desc, persona), ("human", human_desc, rethought), ("memory_persona", mp_desc, memory_persona)]
    return {
        "agents": [agent("agent-0", "Stride", "memgpt_v2_agent", COACH_BASE, "Coaches a runner and remembers her training.",
                         coach, ["block-0", "block-1"], ["tool-0", "tool-1"], True),
                   agent("agent-1", "Stride-sleeptime", "sleeptime_agent", SLEEPTIME_BASE,
                         "Reorganizes Stride's memory between turns.", sleeper, ["block-0", "block-1", "block-2"],
                         ["tool-0", "tool-1", "tool-2", "tool-3"], False)],
        "groups": [{"agent_ids": ["agent-1"], "description": "", "manager_config": {
            "manager_type": "sleeptime", "manager_agent_id": "agent-0", "sleeptime_agent_frequency": None},
            "project_id": None, "shared_block_ids": [], "hidden": None, "id": "group-0"}],
        "blocks": [{"value": value, "limit": 5000, "project_id": None, "template_name": None, "is_template": False,
                    "template_id": None, "base_template_id": None, "deployment_id": None, "entity_id": None,
                    "preserve_on_migration": False, "label": label, "read_only": False, "description": desc,
                    "metadata": {}, "hidden": None, "tags": None, "id": f"block-{i}"}
                   for i, (label, desc, value) in enumerate(end)],
        "files": [], "sources": [], "tools": tools, "mcp_servers": [], "metadata": {"revision_id": "297e8217e952"},
        "created_at": "2025-07-01T10:05:00.000000+00:00"}


if __name__ == "__main__":
    dump("letta/clean-memgpt-agent.af", clean_memgpt_agent())
    dump("letta/block-over-limit.af", block_over_limit())
    dump("letta/write-undone.af", name_put_back(False))
    dump("letta/reverted-on-request.af", name_put_back(True))
    dump("letta/broken-history.af", broken_history())
    dump("letta/evicted-history.af", evicted_history())
    dump("letta/memory-tool.af", memory_tool_agent())
    dump("letta/sleeptime-lost-update.af", sleeptime_pair(False))
    dump("letta/sleeptime-read-first.af", sleeptime_pair(True))
