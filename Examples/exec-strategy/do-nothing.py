#!/usr/bin/env python3
"""The smallest external kbbench strategy: it answers every event with no ops.

kbbench's fuzzer catches it at once (the keyboard covers the field). It is the
template to start from: read one JSON object per line, answer `start` with
`ready` and each `event` with `ops`, flush after each reply, exit on `end`.
"""
import json
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        print(json.dumps({"type": "ready"}), flush=True)
    elif message["type"] == "event":
        print(json.dumps({"type": "ops", "ops": [], "animation": None}), flush=True)
    elif message["type"] == "end":
        break
