#!/usr/bin/env python3
"""An external strategy that breaks protocol v1 in one way, chosen by argv[1],
at the third event of its first scenario (before that it behaves):

- malformed: replies with text that is not JSON
- wrongType: replies with a JSON object of another type
- nonFinite: sets an inset to 1e999 (infinity after parsing)
- hang: stops replying (and ignores SIGTERM)
- exit: exits with status 3
- crash: kills itself with SIGSEGV
- unknownOp: asks for an op protocol v1 does not have
"""
import json
import os
import signal
import sys
import time

mode = sys.argv[1]
events = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        print(json.dumps({"type": "ready"}), flush=True)
        continue
    if message["type"] == "end":
        break
    events += 1
    if events < 3:
        print(json.dumps({"type": "ops", "ops": [], "animation": None}), flush=True)
        continue
    if mode == "malformed":
        print("this is not json", flush=True)
    elif mode == "wrongType":
        print(json.dumps({"type": "ready"}), flush=True)
    elif mode == "nonFinite":
        sys.stdout.write('{"type":"ops","ops":[{"op":"setContentInset","insets":[0,0,1e999,0]}],"animation":null}\n')
        sys.stdout.flush()
    elif mode == "hang":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        while True:
            time.sleep(1)
    elif mode == "exit":
        sys.exit(3)
    elif mode == "crash":
        os.kill(os.getpid(), signal.SIGSEGV)
    elif mode == "unknownOp":
        print(json.dumps({"type": "ops", "ops": [{"op": "setBounds", "rect": [0, 0, 1, 1]}], "animation": None}), flush=True)
