#!/usr/bin/env python3
"""An external strategy that breaks protocol v1 in one way, chosen by argv[1],
at the third event of its first scenario (before that it behaves):

- malformed: replies with text that is not JSON
- wrongType: replies with a JSON object of another type
- nonFinite: sets an inset to 1e999 (infinity after parsing)
- hang: stops replying (and ignores SIGTERM)
- close: closes its end of the socket and goes on running for 25 s (ignoring
  SIGTERM) without replying: kbbench reads end of file from a process that
  has not exited
- exit: exits with status 3
- crash: kills itself with SIGSEGV
- unknownOp: asks for an op protocol v1 does not have
- unread: reads one byte of the third event and exits with status 3, so the
  rest of the message is still unread when its socket closes (Linux then
  tells kbbench's end "connection reset by peer", not end of file)

It reads its input a byte at a time, so nothing past the line it answers is
taken from the socket.
"""
import json
import os
import signal
import sys
import time



def lines():
    line = b""
    while True:
        byte = os.read(0, 1)
        if not byte:
            return
        line += byte
        if byte == b"\n":
            yield line
            line = b""


mode = sys.argv[1]
events = 0
for line in lines():
    message = json.loads(line)
    if message["type"] == "start":
        print(json.dumps({"type": "ready"}), flush=True)
        continue
    if message["type"] == "end":
        break
    events += 1
    if events < 3:
        print(json.dumps({"type": "ops", "ops": [], "animation": None}), flush=True)
        if mode == "unread" and events == 2:
            os.read(0, 1)
            sys.exit(3)
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
    elif mode == "close":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        os.close(0)
        os.close(1)
        time.sleep(25)
    elif mode == "exit":
        sys.exit(3)
    elif mode == "crash":
        os.kill(os.getpid(), signal.SIGSEGV)
    elif mode == "unknownOp":
        print(json.dumps({"type": "ops", "ops": [{"op": "setBounds", "rect": [0, 0, 1, 1]}], "animation": None}), flush=True)
