#!/usr/bin/env python3
"""A chat screen's usual glue, as an external kbbench strategy.

The composer is pinned above the keyboard (an input accessory view, or a view
pinned to the keyboard layout guide). On each keyboard Will notification, and on
each layout change, this sets the transcript's bottom content inset so that its
content ends on the composer's top, with or without a keyboard, and leaves the
offset where it is. The inset is right; the offset is the bug: a transcript the
user follows at its end keeps its old offset, so the newest message ends up
under the composer when the keyboard shows (T1).

It reads the composer from the world kbbench sends (`W.composer`: its height and
its resting inset above the window's bottom) and assumes iOS 13's coordinates
(keyboard frames in the oriented screen).
"""
import json
import sys

keyboard = None  # the keyboard's frame on screen, None when hidden
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        keyboard = None
        print(json.dumps({"type": "ready"}), flush=True)
    elif message["type"] == "event":
        event, world, ops = message["event"], message["world"], []
        if event["event"] == "keyboard" and event["name"] in (
            "UIKeyboardWillShowNotification",
            "UIKeyboardWillChangeFrameNotification",
        ):
            keyboard = event.get("frameEnd", keyboard)
        elif event["event"] == "keyboard" and event["name"] == "UIKeyboardWillHideNotification":
            keyboard = None
        composer = world.get("composer")
        if composer is not None and (event["event"] in ("layout", "appear") or event.get("name", "").startswith("UIKeyboardWill")):
            window, view = world["window"], world["scrollView"]
            resting = window[3] - composer.get("restingInset", 0)  # the composer's bottom, in the window
            if keyboard is not None and keyboard[1] + keyboard[3] >= world["screen"][1] - 0.5:
                resting = min(resting, keyboard[1] - window[1])  # a docked keyboard lifts it
            top = resting - composer["height"]
            frame = view["frame"]
            covered = max(0.0, min(frame[1] + frame[3] - top, frame[3]))
            added = view["adjustedContentInset"][2] - view["contentInset"][2]  # the safe area UIKit adds
            inset = list(view["contentInset"])
            inset[2] = max(0.0, covered - added)
            ops = [{"op": "setContentInset", "insets": inset}, {"op": "setScrollIndicatorInsets", "insets": inset}]
        print(json.dumps({"type": "ops", "ops": ops, "animation": None}), flush=True)
    elif message["type"] == "end":
        break
