#!/usr/bin/env python3
"""An external strategy that tidies up when the run ends: on `end` it takes
0.3 s, writes "ended" to the file named by argv[1], and exits. kbbench must
give it that time (protocol v1 allows up to 5 s) rather than kill it at once.
"""
import json
import sys
import time

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        print(json.dumps({"type": "ready"}), flush=True)
    elif message["type"] == "event":
        print(json.dumps({"type": "ops", "ops": [], "animation": None}), flush=True)
    elif message["type"] == "end":
        time.sleep(0.3)
        with open(sys.argv[1], "w") as f:
            f.write("ended")
        break
