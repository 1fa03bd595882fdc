#!/usr/bin/env python3
"""A naive external kbbench strategy, the bug most hand-written code has.

On WillShow it sets the bottom content inset to the keyboard frame's height, as
if the scroll view ended at the screen's bottom, in portrait, with no safe area;
on WillHide it sets it back to zero. kbbench's fuzzer finds where that is wrong.
"""
import json
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        print(json.dumps({"type": "ready"}), flush=True)
    elif message["type"] == "event":
        event, ops = message["event"], []
        if event["event"] == "keyboard" and event["name"] == "UIKeyboardWillShowNotification" and "frameEnd" in event:
            ops = [{"op": "setContentInset", "insets": [0, 0, event["frameEnd"][3], 0]}]
        elif event["event"] == "keyboard" and event["name"] == "UIKeyboardWillHideNotification":
            ops = [{"op": "setContentInset", "insets": [0, 0, 0, 0]}]
        print(json.dumps({"type": "ops", "ops": ops, "animation": None}), flush=True)
    elif message["type"] == "end":
        break
