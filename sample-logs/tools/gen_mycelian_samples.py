#!/usr/bin/env python3
"""Writes the Mycelian sample logs in ../mycelian/ and prints their known faults with line numbers.

    python3 sample-logs/tools/gen_mycelian_samples.py          # rewrite the logs, print the fault table
    python3 sample-logs/tools/gen_mycelian_samples.py --check  # exit 1 if a committed log differs

The logs are generated, not typed, so that every STATE dump is exactly the agent state the lines before it
built, previews follow the logger's cut rule, chars= is the full length, and the README's line numbers are
right. Line shapes follow the benchmarker's format strings (DESIGN.md, "Real formats"); the order of lines
within a turn follows its agent code: LLM_CALL curated_messages=N, then LLM_CALL tool_calls=K and one
TOOL_PLAN per planned call once the model answered, then one TOOL_CALL per call as the tool node runs them,
then the next model round, and a STATE dump after each message the agent handled.

Deterministic: no clock, no unseeded randomness. Python 3.8+, standard library only.
"""
import datetime
import json
import random
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "mycelian"

PREVIEW_LIMIT = 200
ARGS_LIMIT = 1500
TOOL_NAMES_LIMIT = 120

RUNNER = "single_question_runner.py:run_question"
SYS_SRC = "message_logger.py:log_system_message"
MSG_SRC = "message_logger.py:log_conversation_message"
LLM_SRC = "mycelian_memory_agent.py:llm_call"
TOOL_SRC = "mycelian_memory_agent.py:_log_args"
STATE_SRC = "state_debugger.py:_log_state_summary"
STATE_MSG_SRC = "state_debugger.py:_log_message_details"
RETRY_SRC = "_base_client.py:_retry_request"
TOOL_NODE_SRC = "mycelian_memory_agent.py:_run_tools"


def preview(text, limit=PREVIEW_LIMIT):
    """The loggers' cut: stripped, and when longer than the limit the first limit-3 characters + '...'."""
    s = (text or "").strip()
    return s[: limit - 3] + "..." if len(s) > limit else s


def args_text(args):
    s = json.dumps(args, ensure_ascii=False)
    return s[: ARGS_LIMIT - 3] + "..." if len(s) > ARGS_LIMIT else s


# --------------------------------------------------------------------------------------------------------
# The conversation (one LongMemEval-style question, two sessions) shared by the "before" and "after" runs.
# --------------------------------------------------------------------------------------------------------

QID = "gpt4_7c3e91d2"
QUESTION = "When is my pastéis de nata cooking class in Lisbon?"

ITINERARY = (
    "Here's my rough draft, can you sanity-check it?\n"
    "\n"
    "Oct 7 (Tue): land in Lisbon around 11:00, check into a guesthouse in Alfama, walk up to the Miradouro da "
    "Senhora do Monte for sunset.\n"
    "Oct 8: Belém in the morning (Jerónimos Monastery, the tower, pastéis de Belém obviously), LX Factory in the "
    "afternoon.\n"
    "Oct 9: free day in Lisbon, maybe the Gulbenkian museum and a food tour in the evening.\n"
    "Oct 10: day trip to Sintra (Pena Palace, Quinta da Regaleira), back to Lisbon for dinner.\n"
    "Oct 11: bus to Évora, two nights there for the Roman temple and the wineries.\n"
    "Oct 13: back through Lisbon and straight up to Porto by bus, about 3.5 hours.\n"
    "Oct 14-16: Porto, Ribeira, Livraria Lello if the queue isn't silly, port lodges in Gaia, one day out to the "
    "Douro valley on the train to Pinhão.\n"
    "Oct 17: Aveiro and Costa Nova on the way back south, overnight in Coimbra.\n"
    "Oct 18: Coimbra university library in the morning, afternoon train to Lisbon.\n"
    "Oct 19-20: last two days in Lisbon, Feira da Ladra flea market on Saturday, fado in Mouraria one night.\n"
    "Oct 21: fly home in the evening.\n"
    "\n"
    "I'm worried the middle is too rushed and I haven't booked anything except the flights. I'm also not sure "
    "whether to rent a car for the Douro day or trust the train. Budget so far: about €95 a night for rooms, €40 "
    "a day for food, plus trains."
)

SESSIONS = [
    {
        "time": "2023-05-20T02:21:00Z",
        "messages": [
            ("user",
             "I'm finally doing it: my first solo trip, two weeks in October. Budget is around $3,000 not counting "
             "flights. I love food, long walks and a bit of history, but I really don't enjoy crowds. Where would "
             "you start looking?",
             "User is planning a first solo trip: two weeks in October, ~$3,000 excluding flights; likes food, "
             "walking, history; dislikes crowds."),
            ("assistant",
             "October is a lovely time for that kind of trip. Three ideas that fit your budget and pace:\n"
             "\n"
             "1. Portugal (Lisbon + Porto): walkable, great food, cheap trains, and the summer crowds are gone.\n"
             "2. Slovenia: Ljubljana, Lake Bled and the Soča valley; small, safe and easy by bus.\n"
             "3. Kansai, Japan: Kyoto and Nara outside the peak foliage weeks, though flights will eat into the "
             "budget.\n"
             "\n"
             "Want me to sketch a rough route for any of these?",
             "Assistant suggested Portugal (Lisbon + Porto), Slovenia, or Kansai for an uncrowded October trip."),
            ("user",
             "Portugal sounds perfect. Is it good for solo travellers, though? I get a bit self-conscious eating "
             "alone in restaurants.",
             "User chose Portugal; asked whether it suits solo travellers; self-conscious eating alone."),
            ("assistant",
             "Very much so. Portugal regularly ranks among the safest countries in Europe, and eating alone is "
             "completely normal there. Look for tascas with counter seating, or book a food tour on your first "
             "night to meet people.",
             "Assistant said Portugal is safe and solo dining is normal; suggested tascas with counters and a "
             "first-night food tour."),
            ("user", ITINERARY,
             "User shared a draft Lisbon-Sintra-Évora-Porto-Douro-Coimbra itinerary for Oct 7-21; only flights "
             "booked; unsure about car vs train for the Douro; ~€95/night rooms, €40/day food."),
            ("assistant",
             "The shape is good, but the middle is tight. Two tweaks: take the Alfa Pendular train from Lisbon to "
             "Porto (about 3 hours, more comfortable than the bus), and do the Douro by train to Pinhão rather "
             "than renting a car, since the wine tastings and the river road don't mix. If you want more "
             "breathing room, drop Aveiro.",
             "Assistant advised the Alfa Pendular train to Porto, the train (not a car) for the Douro, and "
             "dropping Aveiro for breathing room."),
            ("user",
             "Great, I'll book the train. I'd also love to take a cooking class in Lisbon, ideally one where we "
             "make pastéis de nata. Any tips on finding one?",
             "User will book the Lisbon-Porto train; wants a pastéis de nata cooking class in Lisbon."),
            ("assistant",
             "Lisbon has several. Small-group classes in Alfama or near the Campo de Ourique market usually run "
             "about three hours and cover both the custard and the laminated pastry from scratch. Book a week or "
             "two ahead for October, and pick a morning class so the tarts become your lunch.",
             "Assistant recommended a small-group morning nata class in Alfama or Campo de Ourique, booked 1-2 "
             "weeks ahead."),
        ],
    },
    {
        "time": "2023-05-27T18:40:00Z",
        "messages": [
            ("user",
             "Back from the farmers' market with far too many tomatoes. I'm hosting four friends on Saturday. "
             "What could I cook that uses a lot of tomatoes and can mostly be done ahead?",
             "User has many market tomatoes; hosting four friends Saturday; wants a make-ahead tomato menu."),
            ("assistant",
             "Tomatoes are perfect for a make-ahead dinner. A Spanish-style menu works well:\n"
             "\n"
             "- Gazpacho (about 1.5 kg of tomatoes, and it's better after a night in the fridge)\n"
             "- Pan con tomate with good bread\n"
             "- Tortilla española, served at room temperature\n"
             "- A tomato and peach salad, dressed just before serving\n"
             "\n"
             "Everything except the salad can be made the day before.",
             "Assistant proposed a Spanish make-ahead menu: gazpacho, pan con tomate, tortilla, tomato-peach "
             "salad."),
            ("user",
             "One friend is vegetarian and another can't eat gluten. Does that menu still work?",
             "User's guests include one vegetarian and one gluten-free friend."),
            ("assistant",
             "Almost entirely. The gazpacho, tortilla and salad are vegetarian and naturally gluten-free; just "
             "leave the bread out of the gazpacho. For the pan con tomate, buy one gluten-free baguette and toast "
             "it separately so it doesn't pick up crumbs.",
             "Menu is vegetarian and gluten-free except the bread; use a separately toasted gluten-free baguette."),
            ("user",
             "Perfect. How far ahead can I make the tortilla? I was hoping to do it Friday night. Oh, and I "
             "booked the pastéis de nata class in Lisbon for October 9th, so I might practise custard tarts for "
             "dessert!",
             "User wants to make the tortilla Friday night; booked the pastéis de nata class in Lisbon for "
             "October 9th; may bake custard tarts for dessert."),
            ("assistant",
             "Friday night is fine: let it cool completely, wrap it well and refrigerate, then take it out two "
             "hours before your friends arrive. Congratulations on the class! Bake the practice nata on Saturday "
             "itself, since the pastry softens overnight.",
             "Assistant confirmed making the tortilla Friday; advised baking the practice nata on the day."),
        ],
    },
]

CONTEXT_AFTER_S1 = {
    "activeContext": "User is planning a first solo trip: Portugal, two weeks in October (Oct 7-21), about $3,000 "
                     "excluding flights. Likes food, walking and history; avoids crowds; a little self-conscious "
                     "eating alone.",
    "facts": [
        "Route: Lisbon, Sintra, Évora, Porto + Douro (train to Pinhão), Coimbra, back to Lisbon",
        "Taking the Alfa Pendular train Lisbon to Porto",
        "Wants a pastéis de nata cooking class in Lisbon",
    ],
    "openThreads": ["Only flights booked so far", "Choose and book a nata class"],
}

CONTEXT_AFTER_S2 = {
    "activeContext": "Solo trip to Portugal Oct 7-21 (Lisbon, Sintra, Évora, Porto, Douro, Coimbra). Booked the "
                     "pastéis de nata class in Lisbon for October 9th. Hosting four friends on Saturday: Spanish "
                     "make-ahead menu (gazpacho, pan con tomate, tortilla, tomato-peach salad).",
    "facts": [
        "Pastéis de nata class in Lisbon booked for October 9th",
        "One guest vegetarian, one gluten-free",
        "Tortilla made Friday night; practice nata baked on Saturday",
    ],
    "openThreads": ["Book remaining trip legs (trains, rooms)"],
}

AGENT_TEXT = (
    "Here are solo-friendly destinations in Portugal: Lisbon (tascas with counter seating, free walking tours), "
    "Porto (small wine bars where sitting at the bar is normal) and Lagos for a few quiet beach days. Eating "
    "alone is very common in all three."
)


def ctx_json(ctx):
    return json.dumps(ctx, ensure_ascii=False, indent=2)


# --------------------------------------------------------------------------------------------------------
# Log writer and agent simulation
# --------------------------------------------------------------------------------------------------------

class Log:
    """Physical lines with the chosen prefix; remembers where interesting lines went."""

    def __init__(self, style, start, seed):
        self.style = style  # "bench", "levels" or "none"
        self.t = start
        self.rng = random.Random(seed)
        self.lines = []
        self.marks = {}

    def wait(self, lo, hi):
        self.t += datetime.timedelta(milliseconds=self.rng.randint(lo, hi))

    def prefix(self, src, level):
        if self.style == "bench":
            return "%s,%03d [%s] " % (self.t.strftime("%Y-%m-%d %H:%M:%S"), self.t.microsecond // 1000, src)
        if self.style == "levels":
            return "%s [%s] " % (self.t.strftime("%H:%M:%S"), level)
        return ""

    def emit(self, src, message, level="INFO"):
        """Writes one record; a message with newlines spans several physical lines. Returns its first line."""
        first = len(self.lines) + 1
        parts = message.split("\n")
        self.lines.append(self.prefix(src, level) + parts[0])
        self.lines.extend(parts[1:])
        return first

    def mark(self, key, line):
        self.marks.setdefault(key, []).append(line)

    def text(self):
        return "\n".join(self.lines) + "\n"


class Entry:
    def __init__(self, mtype, role="", tools=(), content=""):
        self.type = mtype
        self.role = role
        self.tools = list(tools)
        self.content = content


class Agent:
    """The memory agent of one run: per-thread state, logging like the real agent and state debugger."""

    def __init__(self, log, memory_id, curate):
        self.log = log
        self.memory_id = memory_id
        self.curate = curate  # "all" (prebuilt ReAct: whole state) or "tool-only" (custom graph)
        self.state = {}
        self.ctx = {}
        self.thread = None

    # -- messages in -------------------------------------------------------------------------------------
    def system(self, thread, content):
        self.thread = thread
        self.ctx = {"thread_id": thread, "role": "", "msg_idx": ""}
        line = self.log.emit(SYS_SRC, "SYS thread_id=%s content=%s" % (thread, preview(content)))
        self.state.setdefault(thread, []).append(Entry("system", content=content))
        return line

    def conversation(self, thread, role, msg_idx, content):
        self.thread = thread
        self.ctx = {"thread_id": thread, "role": role, "msg_idx": str(msg_idx)}
        line = self.log.emit(MSG_SRC, "MSG thread_id=%s msg_idx=%d role=%s chars=%d preview=%s"
                             % (thread, msg_idx, role, len(content), preview(content)))
        self.state.setdefault(thread, []).append(Entry("chat", role=role, content=content))
        return line

    # -- model rounds ------------------------------------------------------------------------------------
    def curated(self):
        msgs = self.state[self.thread]
        if self.curate == "all":
            return 1 + len(msgs)
        if self.curate == "chat":
            # the tool-only graph's _curate_for_model: the system prompt + SystemMessage and ChatMessage entries only
            return 1 + sum(1 for m in msgs if m.type in ("system", "chat"))
        n = 1 + sum(1 for m in msgs if m.type in ("chat", "tool") or (m.type == "ai" and m.tools))
        return n + (1 if msgs and msgs[-1].type == "system" else 0)

    def round(self, calls, retry=False, run=None, lost=None, answers=()):
        """One model call that planned `calls` [(tool, args, result)], then the tool node running them.
        Returns the TOOL_PLAN lines and TOOL_CALL lines.

        Only the protocol-violations run passes the rest: `run`, the calls the tool node actually runs (a
        guard dropped the others from the AI message; default all); `lost`, {index in run: line the tool node
        prints instead of appending a result}; `answers`, tool results the guard appends after the results."""
        self.log.wait(2, 9)
        self.log.emit(LLM_SRC, "LLM_CALL curated_messages=%d" % self.curated())
        if retry:
            self.log.wait(300, 600)
            self.log.emit(RETRY_SRC, "Retrying request to /chat/completions in 0.400000 seconds")
            self.log.wait(400, 420)
        self.log.wait(650, 1900)
        self.log.emit(LLM_SRC, "LLM_CALL tool_calls=%d" % len(calls))
        plans = [self.log.emit(LLM_SRC, "TOOL_PLAN tool=%s args=%s" % (name, args_text(args)))
                 for name, args, _ in calls]
        run = calls if run is None else run
        self.state[self.thread].append(Entry("ai", tools=[c[0] for c in run]))
        lines = []
        for k, (name, args, result) in enumerate(run):
            self.log.wait(1, 6)
            lines.append(self.log.emit(TOOL_SRC, "TOOL_CALL tool=%s thread_id=%s role=%s msg_idx=%s args=%s"
                                       % (name, self.ctx["thread_id"], self.ctx["role"], self.ctx["msg_idx"],
                                          args_text(args))))
            if lost and k in lost:
                self.log.wait(30000, 30000)
                if lost[k] is not None:
                    lines.append(self.log.emit(TOOL_NODE_SRC, lost[k]))
                continue
            self.log.wait(25, 260)
            self.state[self.thread].append(Entry("tool", content=result))
        for result in answers:
            self.state[self.thread].append(Entry("tool", content=result))
        return plans, lines

    def final(self, text=""):
        """The model call that planned no tools; the prebuilt agent kept any text it wrote."""
        self.log.wait(2, 9)
        self.log.emit(LLM_SRC, "LLM_CALL curated_messages=%d" % self.curated())
        self.log.wait(400, 1500)
        self.log.emit(LLM_SRC, "LLM_CALL tool_calls=0")
        if text:
            self.state[self.thread].append(Entry("ai", content=text))

    def dump(self):
        """STATE + one STATE_MSG per message; returns {position: first line} of the STATE_MSG records."""
        msgs = self.state[self.thread]
        self.log.wait(1, 4)
        self.log.emit(STATE_SRC, "STATE thread_id=%s messages=%d" % (self.thread, len(msgs)))
        where = {}
        for idx, m in enumerate(msgs, start=1):
            if m.tools:
                body = "STATE_MSG idx=%d type=%s role=%s tool_calls=%d[%s] content=%s" % (
                    idx, m.type, m.role, len(m.tools), ",".join(m.tools)[:TOOL_NAMES_LIMIT], preview(m.content))
            else:
                body = "STATE_MSG idx=%d type=%s role=%s content=%s" % (idx, m.type, m.role, preview(m.content))
            where[idx] = self.log.emit(STATE_MSG_SRC, body)
        return where

    # -- tool calls --------------------------------------------------------------------------------------
    def get_context(self, ctx):
        return ("get_context", {"memory_id": self.memory_id}, ctx)

    def list_entries(self, entries, limit=10):
        return ("list_entries", {"memory_id": self.memory_id, "limit": limit},
                json.dumps({"entries": entries[-limit:], "count": len(entries[-limit:])}, ensure_ascii=False))

    def add_entry(self, raw, summary, role, msg_idx):
        return ("add_entry", {"memory_id": self.memory_id, "raw_entry": raw, "summary": summary,
                              "tags": {"role": role, "msg_idx": msg_idx}}, "enqueued")

    def await_consistency(self):
        return ("await_consistency", {"memory_id": self.memory_id}, "ok")

    def put_context(self, ctx):
        return ("put_context", {"memory_id": self.memory_id, "content": ctx_json(ctx)}, "ok")

    def search_memories(self, query, found):
        return ("search_memories", {"memory_id": self.memory_id, "query": query, "top_ke": 5, "top_kc": 3},
                json.dumps({"entries": found, "count": len(found), "contexts": []}, ensure_ascii=False))


class Run:
    """One question: the runner's lines around an agent. `faults` switches on the "before" behaviour."""

    def __init__(self, log, run_id, vault_id, memory_id, agent_model, curate, faults):
        self.log = log
        self.run_id = run_id
        self.vault_id = vault_id
        self.memory_id = memory_id
        self.agent_model = agent_model
        self.faults = faults
        self.agent = Agent(log, memory_id, curate)
        self.entries = []  # what list_entries would return: the memory's entries so far
        self.entry_seq = 0

    def runner(self, message):
        return self.log.emit(RUNNER, message)

    def remember(self, summary, created):
        self.entry_seq += 1
        self.entries.append({"entryId": "%s-e%03d" % (self.memory_id[:8], self.entry_seq), "summary": summary,
                             "creationTime": created})

    def start(self):
        self.runner("RUN qid=%s run_id=%s vault_id=%s agent=%s qa=%s"
                    % (QID, self.run_id, self.vault_id, self.agent_model, "gpt-4o"))
        self.log.wait(180, 420)
        self.runner("MEMORY_BOUND qid=%s memory_id=%s title=%s__%s" % (QID, self.memory_id, QID, self.run_id))

    def session(self, s, sess):
        a = self.agent
        log = self.log
        thread = "%s:s%d" % (self.memory_id, s)
        contexts = {1: "No context stored for this memory yet.", 2: ctx_json(CONTEXT_AFTER_S1)}
        log.wait(5, 30)
        log.mark("session_start:%d" % s, self.runner(
            "SESSION_START qid=%s s=%d memory_id=%s thread_id=%s conversation_time=%s"
            % (QID, s, self.memory_id, thread, sess["time"])))
        log.mark("sys_start:%d" % s, a.system(thread, "SESSION_START"))
        bootstrap_twice = self.faults and s == 2
        for rep in range(2 if bootstrap_twice else 1):
            _, gc = a.round([a.get_context(contexts[s])])
            _, le = a.round([a.list_entries(self.entries)])
            log.mark("get_context:%d" % s, gc[0])
            log.mark("list_entries:%d" % s, le[0])
        a.final()
        a.dump()

        msgs = sess["messages"]
        for i, (role, content, summary) in enumerate(msgs, start=1):
            log.wait(20, 80)
            log.mark("runner_msg:%d:%d" % (s, i), self.runner(
                "MSG qid=%s s=%d msg=%d role=%s memory_id=%s" % (QID, s, i, role, self.memory_id)))
            log.mark("msg:%d:%d" % (s, i), a.conversation(thread, role, i, content))
            tag_role = role
            if self.faults and s == 2 and i == 4:
                tag_role = "user"  # fault: an assistant turn persisted as user
            plans, calls = a.round([a.add_entry(content, summary, tag_role, i)], retry=(s == 2 and i == 3))
            log.mark("add_entry:%d:%d" % (s, i), calls[0])
            log.mark("add_entry_plan:%d:%d" % (s, i), plans[0])
            self.remember(summary, sess["time"])
            text = ""
            if self.faults and s == 1 and i == 3:
                # fault: the prebuilt ReAct loop re-issues add_entry for the same turn, then answers the user
                _, dup = a.round([a.add_entry(content, summary, role, i)])
                log.mark("add_entry_dup:%d:%d" % (s, i), dup[0])
                self.remember(summary, sess["time"])
                text = AGENT_TEXT
            a.final(text)
            where = a.dump()
            if text:
                log.mark("agent_text", where[len(a.state[thread])])
                log.mark("dup_state", [where[k] for k, m in enumerate(a.state[thread], start=1)
                                       if m.type == "ai" and m.tools == ["add_entry"]][-2:])
            if i % 6 == 0:
                # the invoker sends FLUSH_CONTEXT after every sixth message
                log.wait(3, 12)
                log.mark("flush:%d" % s, a.system(thread, "FLUSH_CONTEXT"))
                ctx = CONTEXT_AFTER_S1 if s == 1 else CONTEXT_AFTER_S2
                if self.faults and s == 1:
                    a.final()  # fault: the agent ignores FLUSH_CONTEXT
                elif self.faults:
                    a.round([a.await_consistency()])
                    a.round([a.put_context(ctx)])
                    a.final()
                else:
                    a.round([a.await_consistency(), a.put_context(ctx)])
                    a.final()
                a.dump()

        log.wait(10, 40)
        log.mark("sys_end:%d" % s, a.system(thread, "SESSION_END"))
        a.round([a.await_consistency()])
        a.round([a.put_context(CONTEXT_AFTER_S1 if s == 1 else CONTEXT_AFTER_S2)])
        a.final()
        a.dump()
        log.wait(2, 8)
        self.runner("SESSION_END qid=%s s=%d memory_id=%s thread_id=%s" % (QID, s, self.memory_id, thread))

    def qa(self):
        log = self.log
        log.wait(50, 120)
        self.runner("QA_START qid=%s memory_id=%s question='%s'" % (QID, self.memory_id, QUESTION))
        self.runner("AWAIT_CONSISTENCY qid=%s memory_id=%s" % (QID, self.memory_id))
        log.wait(300, 900)
        self.runner("SEARCH_MEMORIES qid=%s memory_id=%s mode=single query='%s' top_ke=5 top_kc=3"
                    % (QID, self.memory_id, QUESTION))
        log.wait(200, 500)
        self.runner("SEARCH_RESULT qid=%s entries=5 has_latest=True contexts=1" % QID)
        log.mark("context_shard", self.runner(
            "CONTEXT_SHARD qid=%s shard=1 score=0.812 timestamp=2025-09-05T%s full_context='%s'"
            % (QID, log.t.strftime("%H:%M:%SZ"), ctx_json(CONTEXT_AFTER_S2))))
        context = CONTEXT_AFTER_S2["activeContext"] + "\n\n" + "\n\n".join(e["summary"] for e in self.entries[-5:])
        self.runner("QA_CONTEXT qid=%s context_len=%d full_context='%s'" % (QID, len(context), context))
        log.wait(900, 1600)
        log.mark("json_event", self.runner(json.dumps({
            "event": "llm_call", "model": "gpt-4o", "purpose": "qa", "prompt_tokens": 1184,
            "completion_tokens": 21, "latency_ms": 1243})))
        self.runner("QA_ANSWER qid=%s hypothesis='Your pastéis de nata class in Lisbon is on October 9th.'" % QID)


def full_run(faults, seed, run_id, vault_id, memory_id, start):
    log = Log("bench", start, seed)
    run = Run(log, run_id, vault_id, memory_id, "gpt-4o-mini", "all" if faults else "tool-only", faults)
    run.start()
    for s, sess in enumerate(SESSIONS, start=1):
        run.session(s, sess)
    run.qa()
    return log, run


# --------------------------------------------------------------------------------------------------------
# The two short files
# --------------------------------------------------------------------------------------------------------

def prefixless(before):
    """An excerpt of the "before" run as someone pasted it into an issue: no prefixes, one httpx print line
    in the middle, and one STATE_MSG line mangled in the paste."""
    lines = before.lines
    start = before.marks["runner_msg:1:2"][0]
    end = before.marks["runner_msg:1:4"][0]  # up to, not including, the runner line for msg 4
    out = []
    mangled = None
    http = None
    for n in range(start, end):
        text = lines[n - 1]
        if text.startswith("2025-"):
            text = text[text.index("] ") + 2:]
        if text.startswith("MSG qid="):
            continue  # the paste has the agent's lines only
        if mangled is None and text.startswith("STATE_MSG idx=2 type=ai"):
            text = "STATE_MSG idx=abc type=ai"
            mangled = len(out) + 1
        out.append(text)
        if http is None and text.startswith("TOOL_CALL tool=add_entry"):
            out.append('HTTP Request: POST http://localhost:11546/mcp "HTTP/1.1 200 OK"')
            http = len(out)
    marks = {"mangled": mangled, "http": http}
    for n, text in enumerate(out, start=1):
        if text.startswith("TOOL_CALL tool=add_entry") and "msg_idx=3 " in text:
            marks.setdefault("add_entry_3", []).append(n)
        if text.startswith("STATE_MSG") and "content=Here are solo-friendly" in text:
            marks.setdefault("agent_text", n)
    return "\n".join(out) + "\n", marks


def older_runner():
    """The older runner's prefix (%H:%M:%S [LEVEL]) around the newer runner's RUN ... ingest= line; an agent
    whose state dump found no message list; a rate-limit error that ends the session at msg 3."""
    log = Log("levels", datetime.datetime(2025, 9, 5, 10, 15, 3, 0), 4)
    qid, run_id = "e3a8f0b5", "run_20250905_101503"
    vault_id, memory_id = "0b9d7c1e-52a4-4e8b-8f21-6c3d9a7e4b10", "5e7a1c93-2f4b-4d6e-a8c0-91b2d3e4f5a6"
    a = Agent(log, memory_id, "tool-only")
    marks = {}

    def runner(msg):
        return log.emit(RUNNER, msg)

    def state_without_messages():
        log.wait(1, 4)
        return log.emit(STATE_SRC, "STATE thread_id=%s state_type=dict keys=values,next,config,metadata,created_at,"
                        "parent_config,tasks" % thread)

    msgs = [
        ("user", "We're repainting the kitchen this weekend. Any tips for getting a clean line where the wall "
                 "meets the ceiling without using a whole roll of tape?", "User repainting kitchen; wants clean "
                 "wall-ceiling line."),
        ("assistant", "Cut in by hand with a good 2-inch angled sash brush: load only the bottom third, start a "
                      "few centimetres below the ceiling and drift up to the corner in long strokes.",
         "Assistant: cut in with a 2-inch angled brush, long strokes."),
        ("user", "Nice. What sheen should I use near the stove, matte or satin?", ""),
    ]
    runner("RUN qid=%s run_id=%s vault_id=%s ingest=%s qa=%s" % (qid, run_id, vault_id, "gpt-4o-mini", "gpt-4o"))
    log.wait(200, 400)
    runner("MEMORY_BOUND qid=%s memory_id=%s title=%s__%s" % (qid, memory_id, qid, run_id))
    thread = memory_id + ":s1"
    runner("SESSION_START qid=%s s=1 memory_id=%s thread_id=%s conversation_time=2023-06-02T09:12:00Z"
           % (qid, memory_id, thread))
    a.system(thread, "SESSION_START")
    a.round([a.get_context("No context stored for this memory yet.")])
    a.round([a.list_entries([])])
    a.final()
    marks["state_dict"] = state_without_messages()
    for i, (role, content, summary) in enumerate(msgs, start=1):
        log.wait(20, 60)
        runner("MSG qid=%s s=1 msg=%d role=%s memory_id=%s" % (qid, i, role, memory_id))
        marks.setdefault("msg", {})[i] = a.conversation(thread, role, i, content)
        if i < 3:
            a.round([a.add_entry(content, summary, role, i)])
            a.final()
            state_without_messages()
        else:
            a.log.wait(2, 9)
            log.emit(LLM_SRC, "LLM_CALL curated_messages=%d" % a.curated())
            log.wait(60000, 60000)
            err = ("Error code: 429 - {'error': {'message': 'Rate limit reached for gpt-4o-mini in organization "
                   "org-lme on tokens per min (TPM): Limit 200000, Used 199614, Requested 1873. Please try again "
                   "in 446ms.', 'type': 'tokens', 'param': None, 'code': 'rate_limit_exceeded'}}")
            marks["error"] = log.emit("mycelian_memory_agent.py:invoke_message", "AINVOKE_ERROR %s" % err[:200],
                                      level="INFO")
    # the runner's finally: end the session even though the message failed
    log.wait(5, 20)
    a.system(thread, "SESSION_END")
    a.round([a.await_consistency()])
    a.round([a.put_context({"activeContext": "User is repainting the kitchen this weekend; advised cutting in "
                                             "with an angled brush."})])
    a.final()
    state_without_messages()
    runner("SESSION_END qid=%s s=1 memory_id=%s thread_id=%s" % (qid, memory_id, thread))
    marks["runner_error"] = log.emit(RUNNER, "Question %s failed: RateLimitError: Error code: 429" % qid,
                                     level="ERROR")
    return log, marks


# --------------------------------------------------------------------------------------------------------
# protocol-violations.log: another agent, another conversation, the faults the other samples don't show
# --------------------------------------------------------------------------------------------------------

PV_QID = "b5d7e2a9"
PV_QUESTION = "What finishing time am I aiming for in the Copenhagen Half Marathon?"
PV_MEMORY = "d81c4f6a-0e3b-4c72-9b5d-7a2e6f1c8b39"
PV_VAULT = "2f6e9a14-c3d8-4b07-a5e1-8d4c0b7f3a62"

# (role, content, summary); the comments name what the agent does wrong with the message, if anything
PV_SESSIONS = [
    {
        "time": "2023-04-02T08:05:00Z",
        "messages": [
            ("user",
             "I just signed up for my first half marathon! It's the Copenhagen Half on September 17th. Right now I "
             "run three times a week, mostly 5 km loops around the lake, and I've never gone further than 8 km. Is "
             "five months enough to get ready?",
             "User signed up for their first half marathon, the Copenhagen Half on September 17th; runs three "
             "times a week, mostly 5 km, longest run 8 km."),
            ("assistant",
             "Five months is plenty of time. A simple structure that works for most first-timers:\n"
             "\n"
             "- Three runs a week: one easy, one with some faster bits, one long run\n"
             "- Grow the long run by about 1 km a week, with an easier week every fourth week\n"
             "- Top out at 18 km about three weeks before the race\n"
             "\n"
             "Keep most of your running at a pace where you could hold a conversation.",
             "Assistant said five months is enough: three runs a week, long run +1 km a week with a cutback every "
             "fourth week, peaking at 18 km three weeks out."),
            # content-not-verbatim: the agent persists a cleaned-up rewrite instead of the message
            ("user",
             "ok honestly my main worry is my knees lol. the left one gets achy after anything over 6k, esp "
             "downhill. im 41 and not exactly light on my feet. should i be worried or is that normal when you "
             "ramp up??",
             "User worries about their left knee, which aches after runs over 6 km, especially downhill; user is "
             "41."),
            ("assistant",
             "Some achiness while you build up is common, but pain that shows up at the same distance every time "
             "is worth taking seriously. Keep the long-run increases small, add two short strength sessions a week "
             "(step-downs, split squats, glute bridges), walk the steep downhills for now, and if it still aches "
             "after two weeks, see a physio.",
             "Assistant suggested small long-run increases, strength work twice a week (step-downs, split squats, "
             "glute bridges), walking steep downhills, and a physio if the ache persists."),
            ("user",
             "What finishing time should I aim for? I'd be happy just to finish, but having a number would keep me "
             "motivated.",
             "User asked for a target finishing time to stay motivated."),
            # periodic flush at msg_idx 6: put_context times out and its result never enters the state
            ("assistant",
             "From your current 5 km times, a first half somewhere between 2:00 and 2:10 is realistic. Let's make "
             "2 hours the goal: ambitious, but within reach if the training goes well, and we can revisit it in "
             "the summer.",
             "Assistant set a finishing-time goal of 2 hours (realistic range 2:00-2:10), to revisit in the "
             "summer."),
            ("user",
             "Two hours it is. Do I need new shoes? Mine are about three years old and the soles are pretty "
             "smooth.",
             "User accepted the 2-hour goal; their running shoes are about three years old and worn smooth."),
            ("assistant",
             "Yes, it's time. Get fitted at a running shop, tell them about the knee, and buy the shoes at least a "
             "month before race day so they're broken in.",
             "Assistant recommended getting fitted for new shoes at a running shop at least a month before the "
             "race."),
        ],
    },
    {
        "time": "2023-05-14T19:30:00Z",
        "messages": [
            # repeated-tool-call: the model searches memory for "the step-downs" three times, same arguments
            ("user",
             "Six weeks in! My longest run so far is 14 km, and the knee has been much better since I started "
             "doing the step-downs you suggested.",
             "Six weeks into training: longest run 14 km; knee much better since starting step-downs."),
            ("assistant",
             "That's great progress, and a good sign the strength work is doing its job. Keep the step-downs going "
             "twice a week right through to race day, even when the running gets busier.",
             "Assistant: keep doing step-downs twice a week until race day."),
            ("user",
             "How should I fuel the long runs? After about 75 minutes I start feeling light-headed.",
             "User gets light-headed after about 75 minutes on long runs; asked about fuelling."),
            # tool-result-without-call: the model plans add_entry twice; the dedupe guard drops the second call
            # from the AI message but still answers it with a ToolMessage
            ("assistant",
             "Light-headedness at that point usually means you've run low on carbohydrate. Eat a proper breakfast "
             "two to three hours before, and from 45 minutes in take a gel or a few sweets every 30 to 40 minutes "
             "with water. Practise it on every long run so your stomach gets used to it.",
             "Assistant: breakfast 2-3 hours before; from 45 minutes take a gel every 30-40 minutes with water; "
             "practise on every long run."),
            ("user",
             "Makes sense. I've also booked a physio check-up for June 2nd, just to be safe with the knee.",
             "User booked a physio check-up for June 2nd for the knee."),
            # periodic-flush: msg_idx 6, and this time the model plans no flush
            ("assistant",
             "Good call. Bring your training log and your old shoes; the wear pattern can tell the physio a lot "
             "about how you land.",
             "Assistant suggested bringing the training log and old shoes to the physio."),
            ("user",
             "What should a typical week look like from here?",
             "User asked what a typical training week should look like now."),
            ("assistant",
             "Something like this:\n"
             "\n"
             "Mon: rest\n"
             "Tue: 6 km easy + strength\n"
             "Thu: 8 km with 4 x 1 km at goal pace\n"
             "Sat: 20 minutes easy, or rest\n"
             "Sun: long run, adding 1 km a week up to 18 km\n"
             "\n"
             "Every fourth week, cut the long run back by a third to recover.",
             "Assistant gave a weekly plan: rest Mon, easy 6 km + strength Tue, goal-pace intervals Thu, optional "
             "easy Sat, long run Sun; cut back every fourth week."),
        ],
    },
    {
        "time": "2023-08-27T07:45:00Z",
        "messages": [
            ("user",
             "Three weeks to go! Did my last 18 km long run on Sunday in 1:49 and felt strong the whole way.",
             "User ran the final 18 km long run in 1:49 and felt strong; three weeks to race day."),
            # context-call-during-conversation: the model reloads the context to look up the spring goal
            ("assistant",
             "That's a big step up from the spring. 18 km in 1:49 is about 6:03 per km on an easy day, which "
             "suggests you can go faster than the 2-hour goal we set back then. Want to pick a new target?",
             "Assistant said the 18 km in 1:49 suggests the user can beat the 2-hour goal; offered to set a new "
             "target."),
            # missing-add-entry: a short, chatty message the model takes for small talk; it holds the new goal
            ("user",
             "Ha, go on then: sub-1:55 it is. Writing it on my wrist!",
             ""),
            # system-persisted: the assistant's turn is persisted under the agent's own name, role "mycelian"
            ("assistant",
             "Love it. Sub-1:55 means about 5:27 per km. Run the first 5 km at 5:35 while the crowd thins out, "
             "then settle in. From next week, taper: cut your volume by a third and keep one short session at "
             "race pace.",
             "Coach advice: first 5 km at 5:35 then settle into race pace; taper from next week, cutting volume "
             "by a third."),
        ],
    },
]

PV_CONTEXTS = [
    {"activeContext": "User is training for their first half marathon, the Copenhagen Half on September 17th. "
                      "Goal: finish in about 2 hours. Left knee aches after 6 km, especially downhill.",
     "facts": ["Runs three times a week, longest run so far 8 km", "Strength work: step-downs, split squats, "
               "glute bridges"],
     "openThreads": ["New running shoes", "Revisit the goal in the summer"]},
    {"activeContext": "Training for the Copenhagen Half on September 17th, goal 2 hours. Longest run 14 km; knee "
                      "better with step-downs. Physio check-up booked for June 2nd.",
     "facts": ["Fuelling: gel every 30-40 minutes from 45 minutes in", "Weekly plan: Tue easy + strength, Thu "
               "goal-pace intervals, Sun long run"],
     "openThreads": ["Physio check-up on June 2nd"]},
    {"activeContext": "Copenhagen Half on September 17th, three weeks away. Final 18 km long run done in 1:49; "
                      "tapering from next week. Goal: 2 hours (set in April).",
     "facts": ["First 5 km at 5:35, then race pace", "Taper: cut volume by a third"],
     "openThreads": []},
]

# what the periodic flush after msg 6 of session 1 tried to store (before the shoes came up)
PV_PERIODIC_CONTEXT = {
    "activeContext": PV_CONTEXTS[0]["activeContext"], "facts": PV_CONTEXTS[0]["facts"],
    "openThreads": ["Revisit the goal in the summer"]}

PV_PARAPHRASE = ("I'm mainly worried about my knees. My left knee aches after runs longer than 6 km, especially "
                 "downhill. I'm 41 and heavy-footed. Should I be worried, or is that normal when increasing mileage?")


def protocol_violations():
    """A cheaper ingest model run by a tool-only graph whose model sees only the system prompt and the
    system/chat messages (the tool-only graph's _curate_for_model). This runner sends no FLUSH_CONTEXT: the agent's prompt
    asks for the periodic flush at msg_idx % 6 == 0. The agent misbehaves once per fault (see PV_SESSIONS)."""
    log = Log("bench", datetime.datetime(2025, 9, 6, 9, 2, 11, 284000), 5)
    run = Run(log, "run_20250906_090211", PV_VAULT, PV_MEMORY, "qwen2.5-7b-instruct", "chat", True)
    a = run.agent
    run.runner("RUN qid=%s run_id=%s vault_id=%s agent=%s qa=%s"
               % (PV_QID, run.run_id, PV_VAULT, run.agent_model, "gpt-4o"))
    log.wait(180, 420)
    run.runner("MEMORY_BOUND qid=%s memory_id=%s title=%s__%s" % (PV_QID, PV_MEMORY, PV_QID, run.run_id))
    contexts = ["No context stored for this memory yet."] + [ctx_json(c) for c in PV_CONTEXTS]
    for s, sess in enumerate(PV_SESSIONS, start=1):
        thread = "%s:s%d" % (PV_MEMORY, s)
        log.wait(5, 30)
        run.runner("SESSION_START qid=%s s=%d memory_id=%s thread_id=%s conversation_time=%s"
                   % (PV_QID, s, PV_MEMORY, thread, sess["time"]))
        log.mark("sys_start:%d" % s, a.system(thread, "SESSION_START"))
        a.round([a.get_context(contexts[s - 1])])
        limit = 50 if s == 2 else 10  # bootstrap-missing: the model asks for "everything" in session 2
        _, le = a.round([a.list_entries(run.entries, limit)])
        log.mark("list_entries:%d" % s, le[0])
        a.final()
        a.dump()
        for i, (role, content, summary) in enumerate(sess["messages"], start=1):
            log.wait(20, 80)
            run.runner("MSG qid=%s s=%d msg=%d role=%s memory_id=%s" % (PV_QID, s, i, role, PV_MEMORY))
            log.mark("msg:%d:%d" % (s, i), a.conversation(thread, role, i, content))
            fault = (s, i)
            if fault == (2, 1):
                found = [e for e in run.entries if "step-downs" in e["summary"]]
                for _ in range(3):
                    _, sm = a.round([a.search_memories("step-downs knee exercise suggested", found)])
                    log.mark("search", sm[0])
            if fault == (3, 2):
                _, gc = a.round([a.get_context(contexts[2])])
                log.mark("context_call", gc[0])
            if fault == (3, 3):
                a.final()  # nothing planned: the message is never persisted
                log.mark("dump_unpersisted", a.dump()[len(a.state[thread])])
                continue
            raw = PV_PARAPHRASE if fault == (1, 3) else content
            tag_role = "mycelian" if fault == (3, 4) else role
            call = a.add_entry(raw, summary, tag_role, i)
            if fault == (2, 4):
                # the dedupe guard keyed by (thread_id, role, msg_idx) drops the second add_entry from the AI
                # message, then answers the dropped call anyway
                _, ae = a.round([call, call], run=[call],
                                answers=["skipped: duplicate add_entry for (%s, %s, %d)" % (thread, role, i)])
            else:
                _, ae = a.round([call])
            log.mark("add_entry:%d:%d" % (s, i), ae[0])
            run.remember(summary, sess["time"])
            if i % 6 == 0 and s == 1:
                # the prompt-driven periodic flush; put_context times out and the tool node drops its result
                _, fl = a.round([a.await_consistency(), a.put_context(PV_PERIODIC_CONTEXT)], lost={
                    1: "put_context failed: ReadTimeout: MCP call timed out after 30.0s; continuing without a "
                       "result"})
                log.mark("periodic_flush:%d" % s, fl[0])
                log.mark("timeout", fl[2])
            a.final()
            where = a.dump()
            if fault == (1, 6):
                log.mark("orphan_entry_idx", len(a.state[thread]) - 1)
            if fault == (2, 4):
                log.mark("stray_entry_idx", len(a.state[thread]))
        log.wait(10, 40)
        log.mark("sys_end:%d" % s, a.system(thread, "SESSION_END"))
        a.round([a.await_consistency(), a.put_context(PV_CONTEXTS[s - 1])])
        a.final()
        log.mark("last_dump:%d" % s, a.dump())
        log.wait(2, 8)
        run.runner("SESSION_END qid=%s s=%d memory_id=%s thread_id=%s" % (PV_QID, s, PV_MEMORY, thread))

    log.wait(50, 120)
    run.runner("QA_START qid=%s memory_id=%s question='%s'" % (PV_QID, PV_MEMORY, PV_QUESTION))
    run.runner("AWAIT_CONSISTENCY qid=%s memory_id=%s" % (PV_QID, PV_MEMORY))
    log.wait(300, 900)
    run.runner("SEARCH_MEMORIES qid=%s memory_id=%s mode=single query='%s' top_ke=5 top_kc=3"
               % (PV_QID, PV_MEMORY, PV_QUESTION))
    log.wait(200, 500)
    run.runner("SEARCH_RESULT qid=%s entries=5 has_latest=True contexts=1" % PV_QID)
    context = PV_CONTEXTS[2]["activeContext"] + "\n\n" + "\n\n".join(e["summary"] for e in run.entries[-5:])
    run.runner("QA_CONTEXT qid=%s context_len=%d full_context='%s'" % (PV_QID, len(context), context))
    log.wait(900, 1600)
    run.runner("QA_ANSWER qid=%s hypothesis='You are aiming to finish in about 2 hours.'" % PV_QID)
    return log


# --------------------------------------------------------------------------------------------------------
# crashed-mid-call.log: text Python measures in code points, and a run that dies in an MCP call
# --------------------------------------------------------------------------------------------------------

CR_QID = "9c4e1b7a"
CR_MEMORY = "7b2e5d90-1c3f-4a8e-b6d2-0f9a3e8c5d14"
CR_VAULT = "4d1a8c3e-6b5f-4e92-a7d0-2c9e8b1f6a35"

CR_MESSAGES = [
    # an emoji and a ZWJ family (7 code points, 11 UTF-16 units) before the cut at 197
    ("user",
     "Planning two weeks in Japan 🗾 with the whole family 👨\u200d👩\u200d👧\u200d👦 next April: Tokyo (東京) for five "
     "nights, then Kyoto (京都) and a day trip to Nara. The kids are 7 and 10 and love trains 🚄, so we'd like the "
     "shinkansen at least once. What should we book first?",
     "User planning two weeks in Japan next April with family (kids 7 and 10): Tokyo, Kyoto, Nara; wants a "
     "shinkansen ride."),
    # CJK and combining marks (e + U+0301 is two code points) before the cut
    ("assistant",
     "Book the Kyoto ryokan first: spring is cherry-blossom season (桜の季節) and the good ones fill months ahead. "
     "For Tokyo, a family room near Ueno works well; the caf\u00e9 culture around Yanaka is lovely and the "
     "cafe\u0301 on the corner does a nai\u0308ve matcha latte the kids will try once. Then reserve seats on the "
     "Nozomi from Tokyo to Kyoto (about 2h15).",
     "Assistant: book the Kyoto ryokan first (cherry-blossom season), family room near Ueno, reserve Nozomi "
     "seats Tokyo-Kyoto."),
    # pasted from a web page: ends in a no-break space, which Python's strip() removes from the preview
    ("user", "Perfect, ryokan first then. Thanks!\u00a0",
     "User will book the ryokan first."),
    ("assistant",
     "You're welcome! One more tip: get a Suica card 🚃 for each of the kids at the airport; it works on every "
     "train and in most konbini.",
     "Assistant: get a Suica card per child at the airport."),
    ("user", "Will do. Can you remind me of the ryokan name you mentioned?", ""),
]

CR_TIMEOUT = "McpError: Timed out while waiting for response to ClientRequest. Waited 30.0 seconds."
CR_400 = ("Error code: 400 - {'error': {'message': \"An assistant message with 'tool_calls' must be followed by tool "
          "messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: "
          "call_8fQ2xLrV1tN3pZ0sK7dW4mYc\", 'type': 'invalid_request_error', 'param': 'messages.[14].role', "
          "'code': None}}")


def crashed_mid_call():
    """A tool-only agent whose add_entry for msg 4 never returns: the MCP call times out, that invocation fails,
    the checkpointed AI message keeps its unanswered tool call, and the next invocation is refused by the
    provider (400). The runner gives up; the log ends with no SESSION_END. Before that, messages whose previews
    Python cut after emoji, CJK and combining marks, and one ending in a no-break space: all persisted verbatim."""
    log = Log("bench", datetime.datetime(2025, 9, 8, 16, 2, 41, 207000), 6)
    run = Run(log, "run_20250908_160241", CR_VAULT, CR_MEMORY, "gpt-4o-mini", "tool-only", False)
    a = run.agent
    marks = {}
    run.runner("RUN qid=%s run_id=%s vault_id=%s agent=%s qa=%s"
               % (CR_QID, run.run_id, CR_VAULT, "gpt-4o-mini", "gpt-4o"))
    log.wait(180, 420)
    run.runner("MEMORY_BOUND qid=%s memory_id=%s title=%s__%s" % (CR_QID, CR_MEMORY, CR_QID, run.run_id))
    thread = CR_MEMORY + ":s1"
    log.wait(5, 30)
    run.runner("SESSION_START qid=%s s=1 memory_id=%s thread_id=%s conversation_time=2024-01-14T19:30:00Z"
               % (CR_QID, CR_MEMORY, thread))
    a.system(thread, "SESSION_START")
    a.round([a.get_context("No context stored for this memory yet.")])
    a.round([a.list_entries([])])
    a.final()
    a.dump()
    for i, (role, content, summary) in enumerate(CR_MESSAGES, start=1):
        log.wait(20, 80)
        run.runner("MSG qid=%s s=1 msg=%d role=%s memory_id=%s" % (CR_QID, i, role, CR_MEMORY))
        marks["msg:%d" % i] = a.conversation(thread, role, i, content)
        if i == 4:
            # the tool node's MCP call never returns; the invocation fails, so no state dump follows
            _, calls = a.round([a.add_entry(content, summary, role, i)], lost={0: None})
            marks["orphan_call"] = calls[0]
            marks["timeout"] = log.emit("mycelian_memory_agent.py:invoke_message", "AINVOKE_ERROR %s" % CR_TIMEOUT)
            continue
        if i == 5:
            log.wait(2, 9)
            log.emit(LLM_SRC, "LLM_CALL curated_messages=%d" % a.curated())
            log.wait(300, 700)
            marks["refused"] = log.emit("mycelian_memory_agent.py:invoke_message", "AINVOKE_ERROR %s" % CR_400[:200])
            continue
        a.round([a.add_entry(content, summary, role, i)])
        run.remember(summary, "2024-01-14T19:30:00Z")
        a.final()
        a.dump()
    log.wait(5, 20)
    marks["runner_error"] = log.emit(RUNNER, "Question %s failed: BadRequestError: Error code: 400" % CR_QID)
    return log, marks


# --------------------------------------------------------------------------------------------------------
# text-tool-calls.log: a model without native tool calling writes its calls as text
# --------------------------------------------------------------------------------------------------------

TC_QID = "f1a6c8e3"
TC_MEMORY = "c4e8a2f1-6d3b-4a97-8e50-b1f7d9c3a264"
TC_VAULT = "9b3d7e15-2a6c-4f80-b4e9-5d1c8a7f0e62"
TC_TIME = "2024-02-03T18:05:00Z"

TC_MESSAGES = [
    ("user",
     "I've started a Spanish evening class for the trip to Valencia in May: Tuesdays and Thursdays at 7, and the "
     "teacher is called Marisol.",
     "User takes a Spanish evening class (Tue/Thu 7pm, teacher Marisol) before a May trip to Valencia."),
    ("assistant",
     "Two evenings a week is a great pace. Try a few minutes of flashcards on the other days so the vocabulary "
     "sticks.",
     "Assistant suggested daily flashcards between classes."),
    ("user",
     "Marisol says I should also watch something in Spanish. I loved Money Heist, but everyone says start with "
     "something slower. Any ideas for a beginner who gets lost when people talk fast?",
     "User wants slow Spanish-language shows for a beginner."),
    ("assistant",
     "Try 'Extra en Español', a sitcom made for learners, then 'Los Durmientes' with Spanish subtitles.",
     "Assistant recommended 'Extra en Español', then 'Los Durmientes' with subtitles."),
    ("user", "Gracias! I'll start tonight.", "User will start tonight."),
    ("assistant",
     "¡De nada! Keep the subtitles in Spanish, not English, even if it feels slow at first.",
     "Assistant: keep subtitles in Spanish."),
]

TC_CONTEXT = ("User is learning Spanish for a May trip to Valencia: evening class Tue/Thu 7pm with Marisol; "
              "watching Extra en Espanol with Spanish subtitles.")


def tc_block(name, params):
    """The TOOL_CALL_START prompt format, pretty-printed as the model writes it."""
    return "TOOL_CALL_START\n%s\nTOOL_CALL_END" % json.dumps({"function": name, "params": params},
                                                              ensure_ascii=False, indent=2)


def tc_inline(name, params):
    """The same format on one line, flat params: what the prototype's regex can read."""
    return "TOOL_CALL_START %s TOOL_CALL_END" % json.dumps({"function": name, "params": params}, ensure_ascii=False)


def text_tool_calls():
    """A model without native tool calling (venice-uncensored) in a tool-only graph. The API ignores
    `tools`, so every call comes back as text (LLM_CALL tool_calls=0) and the graph keeps the AI message as
    the model wrote it. The graph runs a Phase 1 prototype parser on that text: its regex reads
    only one-line `{"function": …, "params": {…}}` with flat params, so it runs the calls of msgs 2 and 4 (the
    model put role and msg_idx at the top level) and appends a structured AI message and its result; it misses
    a pretty-printed block with nested tags (msg 1), a Hermes <tool_call> block (msg 3, cut by the preview) and
    a ```json fence (msg 5, short enough to be shown whole), which stay text that nothing runs. At msg 6 the model only talks about add_entry.
    Bootstrap and flushes are programmatic nodes: structured calls with no model call."""
    log = Log("bench", datetime.datetime(2025, 9, 9, 11, 42, 7, 640000), 7)
    run = Run(log, "run_20250909_114207", TC_VAULT, TC_MEMORY, "venice-uncensored", "chat", False)
    a = run.agent
    marks = {}

    def programmatic(calls):
        """A graph node that makes structured calls itself, no model involved."""
        a.state[a.thread].append(Entry("ai", tools=[c[0] for c in calls]))
        lines = []
        for name, args, result in calls:
            log.wait(1, 6)
            lines.append(log.emit(TOOL_SRC, "TOOL_CALL tool=%s thread_id=%s role=%s msg_idx=%s args=%s"
                                  % (name, a.ctx["thread_id"], a.ctx["role"], a.ctx["msg_idx"], args_text(args))))
            log.wait(25, 260)
            a.state[a.thread].append(Entry("tool", content=result))
        return lines

    def flush():
        programmatic([a.await_consistency()])
        programmatic([("put_context", {"memory_id": TC_MEMORY, "content": TC_CONTEXT}, "ok")])

    run.runner("RUN qid=%s run_id=%s vault_id=%s agent=%s qa=%s"
               % (TC_QID, run.run_id, TC_VAULT, run.agent_model, "gpt-4o"))
    log.wait(180, 420)
    run.runner("MEMORY_BOUND qid=%s memory_id=%s title=%s__%s" % (TC_QID, TC_MEMORY, TC_QID, run.run_id))
    thread = TC_MEMORY + ":s1"
    log.wait(5, 30)
    run.runner("SESSION_START qid=%s s=1 memory_id=%s thread_id=%s conversation_time=%s"
               % (TC_QID, TC_MEMORY, thread, TC_TIME))
    a.system(thread, "SESSION_START")
    programmatic([a.get_context("No context stored for this memory yet.")])
    programmatic([a.list_entries([])])
    a.dump()
    for i, (role, content, summary) in enumerate(TC_MESSAGES, start=1):
        log.wait(20, 80)
        run.runner("MSG qid=%s s=1 msg=%d role=%s memory_id=%s" % (TC_QID, i, role, TC_MEMORY))
        marks["msg:%d" % i] = a.conversation(thread, role, i, content)
        nested = {"memory_id": TC_MEMORY, "raw_entry": content, "summary": summary,
                  "tags": {"role": role, "msg_idx": i}}
        flat = {"memory_id": TC_MEMORY, "raw_entry": content, "summary": summary, "role": role, "msg_idx": i}
        if i == 1:
            text = "I'll remember that for you.\n" + tc_block("add_entry", nested)
        elif i == 3:
            text = "<tool_call>\n%s\n</tool_call>" % json.dumps({"name": "add_entry", "arguments": nested},
                                                                 ensure_ascii=False)
        elif i == 5:
            # short enough for the preview to keep it whole (the model left out the summary)
            short = {"memory_id": TC_MEMORY, "raw_entry": content, "tags": {"role": role, "msg_idx": i}}
            text = "```json\n%s\n```" % json.dumps({"function": "add_entry", "params": short}, ensure_ascii=False)
        elif i == 6:
            text = ("I could use add_entry to save this reply as well, but it repeats the advice from the last "
                    "message, so there is nothing new to remember.")
        else:
            text = tc_inline("add_entry", flat)
        a.final(text)
        where_text = len(a.state[thread])
        if i in (2, 4):
            # the prototype parser read the one-line call: a structured AI message and its result follow
            marks["parsed:%d" % i] = programmatic([("add_entry", flat, "enqueued")])[0]
            run.remember(summary, TC_TIME)
        where = a.dump()
        marks["dump:%d" % i] = where[1] - 1
        marks["text:%d" % i] = where[where_text]
        if i == 6:
            log.wait(3, 12)
            marks["flush"] = a.system(thread, "FLUSH_CONTEXT")
            flush()
            a.dump()
    log.wait(10, 40)
    a.system(thread, "SESSION_END")
    flush()
    a.dump()
    log.wait(2, 8)
    run.runner("SESSION_END qid=%s s=1 memory_id=%s thread_id=%s" % (TC_QID, TC_MEMORY, thread))
    log.wait(50, 120)
    question = "Which show did I decide to start with?"
    run.runner("QA_START qid=%s memory_id=%s question='%s'" % (TC_QID, TC_MEMORY, question))
    run.runner("AWAIT_CONSISTENCY qid=%s memory_id=%s" % (TC_QID, TC_MEMORY))
    log.wait(300, 900)
    run.runner("QA_ANSWER qid=%s hypothesis='You decided to start with Extra en Español.'" % TC_QID)
    return log, marks


# --------------------------------------------------------------------------------------------------------
# trimmed-state.log: an agent whose state loses messages between two turns
# --------------------------------------------------------------------------------------------------------

TS_QID = "5e8a2f71"
TS_MEMORY = "e41b7c29-5d3a-4f80-9c16-8a2d0f4b7e53"
TS_VAULT = "c7f30a1d-2e94-4b6c-8d51-9f0e3a7b2c48"

TS_MESSAGES = [
    ("user", "I want to start running again after two years off. I can do three mornings a week.",
     "User restarting running after two years off; three mornings a week."),
    ("assistant", "Start with run-walk intervals: 1 minute running, 2 walking, ten rounds, for the first two weeks.",
     "Assistant: run-walk intervals, 1 min run / 2 min walk x10, two weeks."),
    ("user", "My left knee sometimes aches on stairs. Should I worry?",
     "User: left knee aches on stairs sometimes."),
    ("assistant", "Keep the runs flat and soft-surfaced, and see a physio if the ache lasts past a day after a run.",
     "Assistant: flat soft surfaces; physio if the ache lasts a day."),
]


def trimmed_state():
    """A tool-only agent with a state-trimming node written to keep the conversation short: before the third
    message it drops the oldest entries of the message list, the session's bootstrap and the first message with
    them, so the agent forgets what it was told. Each dump still holds what the turn appended: only the rule that
    compares snapshots sees the loss."""
    log = Log("bench", datetime.datetime(2025, 9, 10, 9, 12, 5, 311000), 7)
    run = Run(log, "run_20250910_091205", TS_VAULT, TS_MEMORY, "gpt-4o-mini", "tool-only", False)
    a = run.agent
    marks = {}
    run.runner("RUN qid=%s run_id=%s vault_id=%s agent=%s qa=%s"
               % (TS_QID, run.run_id, TS_VAULT, "gpt-4o-mini", "gpt-4o"))
    log.wait(180, 420)
    run.runner("MEMORY_BOUND qid=%s memory_id=%s title=%s__%s" % (TS_QID, TS_MEMORY, TS_QID, run.run_id))
    thread = TS_MEMORY + ":s1"
    log.wait(5, 30)
    run.runner("SESSION_START qid=%s s=1 memory_id=%s thread_id=%s conversation_time=2024-03-02T07:10:00Z"
               % (TS_QID, TS_MEMORY, thread))
    a.system(thread, "SESSION_START")
    a.round([a.get_context("No context stored for this memory yet.")])
    a.round([a.list_entries([])])
    a.final()
    a.dump()
    for i, (role, content, summary) in enumerate(TS_MESSAGES, start=1):
        log.wait(20, 80)
        run.runner("MSG qid=%s s=1 msg=%d role=%s memory_id=%s" % (TS_QID, i, role, TS_MEMORY))
        if i == 3:
            # the trimming node keeps the last six entries of the list, whatever they are
            marks["before_trim"] = marks["last_dump"]
            a.state[thread] = a.state[thread][-6:]
        a.conversation(thread, role, i, content)
        _, added = a.round([a.add_entry(content, summary, role, i)])
        run.remember(summary, "2024-03-02T07:10:00Z")
        if i == 4:
            # it looks up what it knows of the knee straight after writing, with no await_consistency: the entry
            # it just added is still queued, so the search may miss it
            marks["unawaited_add"] = added[0]
            found = [e for e in run.entries[:-1] if "knee" in e["summary"]]
            _, sm = a.round([a.search_memories("left knee", found)])
            marks["search"] = sm[0]
        a.final()
        where = a.dump()
        marks["last_dump"] = min(where.values()) - 1
        if i == 3:
            marks["after_trim"] = marks["last_dump"]
    log.wait(10, 40)
    a.system(thread, "SESSION_END")
    a.round([a.await_consistency()])
    a.round([a.put_context("User restarting running; run-walk plan; watch the left knee.")])
    a.final()
    a.dump()
    log.wait(2, 8)
    run.runner("SESSION_END qid=%s s=1 memory_id=%s thread_id=%s" % (TS_QID, TS_MEMORY, thread))
    return log, marks


# --------------------------------------------------------------------------------------------------------

def build():
    before, _ = full_run(True, 1, "run_20250905_101503", "8c1d4e2a-7b3f-4a96-b5e0-3f9a2c7d1e84",
                         "3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13", datetime.datetime(2025, 9, 5, 10, 15, 3, 3000))
    after, _ = full_run(False, 2, "run_20250912_141122", "8c1d4e2a-7b3f-4a96-b5e0-3f9a2c7d1e84",
                        "a71e0c54-3b9d-4f28-9e6a-d4c2b8f01735", datetime.datetime(2025, 9, 12, 14, 11, 22, 517000))
    pasted, pasted_marks = prefixless(before)
    older, older_marks = older_runner()
    violations = protocol_violations()
    crashed, crashed_marks = crashed_mid_call()
    textcalls, textcalls_marks = text_tool_calls()
    trimmed, trimmed_marks = trimmed_state()
    crashed_marks["trimmed"] = trimmed_marks
    files = {
        "before-prebuilt-react.log": before.text(),
        "after-tool-only.log": after.text(),
        "prefixless-pasted.log": pasted,
        "older-runner-levels.log": older.text(),
        "protocol-violations.log": violations.text(),
        "crashed-mid-call.log": crashed.text(),
        "text-tool-calls.log": textcalls.text(),
        "trimmed-state.log": trimmed.text(),
    }
    return files, before, after, pasted_marks, older_marks, violations, crashed_marks, textcalls_marks


def report(before, after, pasted_marks, older_marks, violations, crashed_marks, textcalls_marks):
    m = before.marks
    rows = [
        ("before-prebuilt-react.log", "duplicate-add-entry", "s1", "3",
         "TOOL_CALL lines %d and %d; state entries at lines %s" % (m["add_entry:1:3"][0], m["add_entry_dup:1:3"][0],
                                                                  " and ".join(map(str, m["dup_state"][0])))),
        ("before-prebuilt-react.log", "assistant-text-in-state", "s1", "3",
         "STATE_MSG line %d (first dump that has it)" % m["agent_text"][0]),
        ("before-prebuilt-react.log", "role-mismatch", "s2", "4", "TOOL_CALL line %d" % m["add_entry:2:4"][0]),
        ("before-prebuilt-react.log", "bootstrap-repeated", "s2", "-",
         "SESSION_START line %d; get_context lines %s; list_entries lines %s"
         % (m["sys_start:2"][0], " and ".join(map(str, m["get_context:2"])),
            " and ".join(map(str, m["list_entries:2"])))),
        ("before-prebuilt-react.log", "missing-flush", "s1", "6", "SYS FLUSH_CONTEXT line %d" % m["flush:1"][0]),
        ("before-prebuilt-react.log", "(periodic-flush: left to missing-flush)", "s1", "6", "MSG line %d" % m["msg:1:6"][0]),
        ("before-prebuilt-react.log", "(import: args cut at 1500)", "s1", "5",
         "TOOL_PLAN line %d, TOOL_CALL line %d" % (m["add_entry_plan:1:5"][0], m["add_entry:1:5"][0])),
        ("after-tool-only.log", "(import: args cut at 1500)", "s1", "5",
         "TOOL_PLAN line %d, TOOL_CALL line %d" % (after.marks["add_entry_plan:1:5"][0],
                                                   after.marks["add_entry:1:5"][0])),
        ("prefixless-pasted.log", "duplicate-add-entry", "s1", "3",
         "TOOL_CALL lines %s" % " and ".join(map(str, pasted_marks["add_entry_3"]))),
        ("prefixless-pasted.log", "assistant-text-in-state", "s1", "3", "STATE_MSG line %d" % pasted_marks["agent_text"]),
        ("prefixless-pasted.log", "(import: other)", "-", "-", "line %d" % pasted_marks["http"]),
        ("prefixless-pasted.log", "(import: malformed)", "s1", "-", "line %d" % pasted_marks["mangled"]),
        ("older-runner-levels.log", "agent-error", "s1", "3", "AINVOKE_ERROR line %d" % older_marks["error"]),
        ("older-runner-levels.log", "(missing-add-entry: left to agent-error)", "s1", "3",
         "MSG line %d" % older_marks["msg"][3]),
    ]
    v = violations.marks
    last = {s: v["last_dump:%d" % s] for s in (1, 2, 3)}
    rows += [
        ("protocol-violations.log", "content-not-verbatim", "s1", "3",
         "MSG line %d, TOOL_CALL line %d" % (v["msg:1:3"][0], v["add_entry:1:3"][0])),
        ("protocol-violations.log", "(periodic flush, result lost)", "s1", "6",
         "MSG line %d, TOOL_CALL await_consistency line %d, timeout line %d"
         % (v["msg:1:6"][0], v["periodic_flush:1"][0], v["timeout"][0])),
        ("protocol-violations.log", "orphaned-tool-call", "s1", "-",
         "last dump line %d, AI entry idx=%d at line %d"
         % (last[1][0][1] - 1, v["orphan_entry_idx"][0], last[1][0][v["orphan_entry_idx"][0]])),
        ("protocol-violations.log", "bootstrap-missing", "s2", "-",
         "SYS line %d, list_entries line %d" % (v["sys_start:2"][0], v["list_entries:2"][0])),
        ("protocol-violations.log", "repeated-tool-call", "s2", "(1)",
         "MSG line %d, TOOL_CALL lines %s" % (v["msg:2:1"][0], ", ".join(map(str, v["search"])))),
        ("protocol-violations.log", "tool-result-without-call", "s2", "-",
         "last dump line %d, tool entry idx=%d at line %d"
         % (last[2][0][1] - 1, v["stray_entry_idx"][0], last[2][0][v["stray_entry_idx"][0]])),
        ("protocol-violations.log", "(dedupe guard turn)", "s2", "4",
         "MSG line %d, TOOL_CALL line %d" % (v["msg:2:4"][0], v["add_entry:2:4"][0])),
        ("protocol-violations.log", "periodic-flush", "s2", "6",
         "MSG line %d, TOOL_CALL line %d, next MSG line %d"
         % (v["msg:2:6"][0], v["add_entry:2:6"][0], v["msg:2:7"][0])),
        ("protocol-violations.log", "context-call-during-conversation", "s3", "2",
         "MSG line %d, get_context line %d" % (v["msg:3:2"][0], v["context_call"][0])),
        ("protocol-violations.log", "missing-add-entry", "s3", "3", "MSG line %d" % v["msg:3:3"][0]),
        ("protocol-violations.log", "system-persisted", "s3", "4",
         "MSG line %d, TOOL_CALL line %d" % (v["msg:3:4"][0], v["add_entry:3:4"][0])),
    ]
    c = crashed_marks
    rows += [
        ("crashed-mid-call.log", "orphaned-tool-call", "s1", "4",
         "TOOL_CALL line %d, then AINVOKE_ERROR line %d" % (c["orphan_call"], c["timeout"])),
        ("crashed-mid-call.log", "agent-error", "s1", "4", "MSG line %d, AINVOKE_ERROR line %d" % (c["msg:4"], c["timeout"])),
        ("crashed-mid-call.log", "agent-error", "s1", "5", "MSG line %d, AINVOKE_ERROR line %d" % (c["msg:5"], c["refused"])),
        ("crashed-mid-call.log", "(previews cut after emoji, CJK, combining marks)", "s1", "1, 2",
         "MSG lines %d, %d" % (c["msg:1"], c["msg:2"])),
        ("crashed-mid-call.log", "(no-break space stripped from the preview)", "s1", "3", "MSG line %d" % c["msg:3"]),
        ("crashed-mid-call.log", "(import: other)", "-", "-", "line %d" % c["runner_error"]),
        ("trimmed-state.log", "state-lost-messages", "s1", "-",
         "STATE lines %d and %d" % (c["trimmed"]["before_trim"], c["trimmed"]["after_trim"])),
        ("trimmed-state.log", "read-before-visible", "s1", "-",
         "TOOL_CALL lines %d and %d" % (c["trimmed"]["unawaited_add"], c["trimmed"]["search"])),
    ]
    t = textcalls_marks
    for i, what in ((1, "text-tool-call (tool-call-block, nested tags)"), (3, "text-tool-call (hermes, cut)"),
                    (5, "text-tool-call (fenced)"), (6, "assistant-text-in-state (talks about add_entry)")):
        rows.append(("text-tool-calls.log", what, "s1", str(i),
                     "MSG line %d, dump line %d, STATE_MSG line %d" % (t["msg:%d" % i], t["dump:%d" % i], t["text:%d" % i])))
    for i in (2, 4):
        rows.append(("text-tool-calls.log", "(parsed and run by the agent)", "s1", str(i),
                     "MSG line %d, text at STATE_MSG line %d, TOOL_CALL line %d" % (t["msg:%d" % i], t["text:%d" % i],
                                                                                   t["parsed:%d" % i])))
    print("| File | Rule | Thread | msg_idx | Where |")
    print("|---|---|---|---|---|")
    for r in rows:
        print("| %s |" % " | ".join(r))
    for name, log in (("before", before), ("after", after)):
        print("%s: session lines %s, flush %s, sys_end %s" % (
            name, [log.marks["sys_start:%d" % s][0] for s in (1, 2)], log.marks.get("flush:1"),
            [log.marks["sys_end:%d" % s][0] for s in (1, 2)]))


def main():
    files, before, after, pasted_marks, older_marks, violations, crashed_marks, textcalls_marks = build()
    if "--check" in sys.argv[1:]:
        stale = [n for n, t in files.items() if not (OUT / n).exists() or (OUT / n).read_text("utf-8") != t]
        for n in stale:
            print("differs from the generator: " + n)
        sys.exit(1 if stale else 0)
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (OUT / name).write_text(text, "utf-8")
        print("%-28s %4d lines %7d bytes" % (name, text.count("\n"), len(text.encode("utf-8"))))
    report(before, after, pasted_marks, older_marks, violations, crashed_marks, textcalls_marks)


if __name__ == "__main__":
    main()
