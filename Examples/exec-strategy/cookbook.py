#!/usr/bin/env python3
"""The iOS 7 cookbook's keyboard recipe as an external kbbench strategy.

It speaks protocol v1 (docs/strategy-protocol.md) on stdin and stdout, and does
what `kbbench`'s built-in `cookbook` strategy does: on WillShow, bottom inset =
keyboard frame ∩ the root view, animated with the keyboard, then scroll the
focused field into view; on WillHide, inset back to zero. It observes from
appear to disappear. Run it beside the built-in one:

    swift run kbbench shootout --with 'exec:python3 Examples/exec-strategy/cookbook.py'

Its row must equal the `cookbook` row on every scenario in the cookbook's scope
(kbbench's tests check this); that is what shows the protocol carries everything a
strategy needs. Geometry follows CoreGraphics as kbbench models it, operation for
operation, so that the floating-point results are the same.
"""
import json
import math
import sys

NULL = (math.inf, math.inf, 0.0, 0.0)


def smin(a, b):
    """Swift.min: the second only if it is smaller."""
    return b if b < a else a


def smax(a, b):
    """Swift.max: the second if it is at least as large."""
    return b if b >= a else a


def is_null(r):
    return r[0] == math.inf or r[1] == math.inf


def is_degenerate(r):
    return is_null(r) or any(math.isnan(v) for v in r)


def min_x(r): return r[0] + smin(r[2], 0)
def min_y(r): return r[1] + smin(r[3], 0)
def max_x(r): return r[0] + smax(r[2], 0)
def max_y(r): return r[1] + smax(r[3], 0)


def standardized(r):
    if is_null(r):
        return NULL
    return (min_x(r), min_y(r), abs(r[2]), abs(r[3]))


def overlap(a0, a1, a_len, b0, b1, b_len):
    start = smax(a0, b0)
    end = smin(a1, b1)
    if end < start:
        return None
    if start == a0 and end == a1:
        return (start, a_len)
    if start == b0 and end == b1:
        return (start, b_len)
    return (start, end - start)


def intersection(a, b):
    """CGRectIntersection as kbbench's KBRect computes it."""
    if is_degenerate(a) or is_degenerate(b):
        return NULL
    a, b = standardized(a), standardized(b)
    x = overlap(min_x(a), max_x(a), abs(a[2]), min_x(b), max_x(b), abs(b[2]))
    y = overlap(min_y(a), max_y(a), abs(a[3]), min_y(b), max_y(b), abs(b[3]))
    if x is None or y is None:
        return NULL
    return (x[0], y[0], x[1], y[1])


def oriented_from_fixed(r, screen, orientation):
    """A rect of the fixed portrait space (iOS 7 and earlier) in the oriented space."""
    if is_null(r):
        return NULL
    landscape = orientation in ("landscapeLeft", "landscapeRight")
    w, h = (screen[1], screen[0]) if landscape else (screen[0], screen[1])

    def point(x, y):
        if orientation == "portrait":
            return (x, y)
        if orientation == "portraitUpsideDown":
            return (w - x, h - y)
        if orientation == "landscapeLeft":
            return (h - y, x)
        return (y, w - x)

    a = point(min_x(r), min_y(r))
    b = point(max_x(r), max_y(r))
    lo_x, lo_y, hi_x, hi_y = smin(a[0], b[0]), smin(a[1], b[1]), smax(a[0], b[0]), smax(a[1], b[1])
    return (lo_x, lo_y, hi_x - lo_x, hi_y - lo_y)


class Cookbook:
    def __init__(self, header):
        self.profile = header["profile"]
        # Observing from viewWillAppear: a trace starts with the view on screen.
        self.registered = True

    def handle(self, event, world):
        kind = event["event"]
        if kind == "appear":
            self.registered = True
            return [], None
        if kind == "disappear":
            self.registered = False
            return [], None
        if kind != "keyboard" or not self.registered:
            return [], None
        duration = event.get("duration", 0.25)
        # Protocol numbers are finite: a notification whose duration is not
        # (only a damaged trace carries one) gets a change without animation
        # here, where the built-in recipe animates for that duration.
        animation = {"duration": duration, "curve": event.get("curve", 7)} if math.isfinite(duration) else None
        if event["name"] == "UIKeyboardWillShowNotification":
            raw = tuple(event.get("frameEnd", (0, 0, 0, 0)))
            if self.profile in ("iphoneos3", "ios7"):
                in_view = oriented_from_fixed(raw, world["screen"], world["orientation"])
            else:
                in_view = raw
            overlap_rect = intersection(tuple(world["rootView"]), in_view)
            bottom = 0 if is_null(overlap_rect) else abs(overlap_rect[3])
            field = world["focusedField"] or [0, 0, 0, 0]
            return [
                {"op": "setContentInset", "insets": [0, 0, bottom, 0]},
                {"op": "scrollRectToVisible", "rect": field},
            ], animation
        if event["name"] == "UIKeyboardWillHideNotification":
            return [{"op": "setContentInset", "insets": [0, 0, 0, 0]}], animation
        return [], None


def main():
    strategy = None
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "start":
            strategy = Cookbook(message["header"])
            reply = {"type": "ready"}
        elif kind == "event":
            ops, animation = strategy.handle(message["event"], message["world"])
            reply = {"type": "ops", "ops": ops, "animation": animation}
        elif kind == "end":
            return
        else:
            continue
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
