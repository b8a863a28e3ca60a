#!/usr/bin/env python3
"""Writes sample-logs/mem0/ (see README.md there for what each file shows).

Rows as mem0's SQLiteManager.get_history returns them (mem0/memory/storage.py): id, memory_id, old_memory,
new_memory, event, created_at, updated_at, is_deleted (a bool), actor_id, role; the values as Memory writes them
(mem0/memory/main.py): an ADD has no old_memory (a batch ADD no updated_at either), an UPDATE keeps the memory's
created_at and sets updated_at, a DELETE has the value before, no new_memory, and is_deleted true. Times are
datetime.now(timezone.utc).isoformat(). An export is Memory.history(memory_id) for each memory, one after another:
a JSON array (json.dumps(rows, indent=2)) or JSON Lines (json.dumps(row) a line).
Run from sample-logs/: python3 tools/gen_mem0_samples.py
"""
import json
import uuid
from datetime import datetime, timezone

NS = uuid.UUID("6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a5b")

def uid(name):
    return str(uuid.uuid5(NS, name))

def at(minute, second=0, micro=0):
    return datetime(2026, 3, 2, 9, minute, second, micro, tzinfo=timezone.utc).isoformat()

class History:
    """One memory's rows, in the order mem0 writes them."""

    def __init__(self, name, actor=None, role=None):
        self.memory_id = uid("memory " + name)
        self.actor, self.role = actor, role
        self.rows, self.value, self.created = [], None, None

    def row(self, old, new, event, updated, deleted=False):
        self.rows.append({"id": uid("row %s %d" % (self.memory_id, len(self.rows))), "memory_id": self.memory_id,
                          "old_memory": old, "new_memory": new, "event": event, "created_at": self.created,
                          "updated_at": updated, "is_deleted": deleted, "actor_id": self.actor, "role": self.role})

    def add(self, text, when, batch=False):
        self.created, self.value = when, text
        # _create_memory sets updated_at to created_at; the batch path of add() writes no updated_at.
        self.row(None, text, "ADD", None if batch else when)
        return self

    def update(self, text, when):
        self.row(self.value, text, "UPDATE", when)
        self.value = text
        return self

    def delete(self, when):
        self.row(self.value, None, "DELETE", when, deleted=True)
        self.value = None
        return self

def write_array(path, histories):
    rows = [r for h in histories for r in h.rows]
    with open(path, "w") as f:
        f.write(json.dumps(rows, indent=2) + "\n")

def write_lines(path, lines):
    with open(path, "w") as f:
        f.write("".join(line + "\n" for line in lines))

def preferences():
    """A user's preferences, one memory's history after another: the rows are not in time order across memories."""
    diet = History("diet").add("Is vegetarian", at(14, 7, 512345)) \
        .update("Is pescatarian: vegetarian, but eats fish on weekends", at(31, 52, 90817))
    city = History("city").add("Lives in Lisbon", at(14, 7, 512345)).delete(at(40, 3, 770021))
    meetings = History("meetings").add("Prefers meetings before 11am", at(22, 18, 4410), batch=True)
    write_array("mem0/user-preferences.json", [diet, city, meetings])

def flip_flop():
    """The same job written over and back, with no conversation in the history to say why."""
    job = History("job", actor="dana", role="user")
    job.add("Works at Acme Robotics as a data engineer on the warehouse team", at(5, 0, 100000))
    job.update("Works at Globex as a staff data engineer, leading the streaming platform", at(12, 30, 200000))
    job.update("Works at Acme Robotics as a data engineer on the warehouse team", at(47, 10, 300000))
    pet = History("pet", actor="dana", role="user").add("Has a cat named Miso", at(12, 30, 200000))
    write_lines("mem0/job-written-back.jsonl", [json.dumps(r) for r in job.rows + pet.rows])

def broken_rows():
    """An export with a row mem0 would not write and a line cut short."""
    trip = History("trip").add("Is planning a trip to Kyoto in April", at(2, 0, 0)) \
        .update("Is planning a trip to Kyoto and Osaka in April", at(9, 45, 0))
    upsert = dict(trip.rows[1], id=uid("upsert row"), event="UPSERT", updated_at=at(20, 0, 0))
    cut = json.dumps(dict(trip.rows[1], id=uid("cut row"), updated_at=at(25, 0, 0)))
    write_lines("mem0/broken-rows.jsonl", [json.dumps(trip.rows[0]), json.dumps(trip.rows[1]), json.dumps(upsert),
                                           cut[:cut.index('"new_memory"') + 30]])

if __name__ == "__main__":
    preferences()
    flip_flop()
    broken_rows()
