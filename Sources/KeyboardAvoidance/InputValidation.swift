import KeyboardGeometry

/// The checks every input passes before the avoider touches its state.
///
/// Rules: every present value is finite and within
/// ``InputLimits/maximumMagnitude``; sizes, extents, safe areas and the
/// duration are non-negative; the app's own content inset and the content
/// offset may be negative (UIKit allows both). The first failing value
/// decides the reason, in declaration order.
enum InputValidation {
    /// True when `v` is finite and within the magnitude limit: one comparison
    /// (NaN fails it, infinities exceed the limit). The fast paths below use
    /// it; only a failing input pays for finding which key and why.
    @inline(__always)
    static func plausible(_ v: Double) -> Bool { abs(v) <= InputLimits.maximumMagnitude }

    @inline(__always)
    static func plausible(_ r: Rect) -> Bool {
        plausible(r.origin.x) && plausible(r.origin.y) && plausible(r.size.width) && plausible(r.size.height)
            && r.size.width >= 0 && r.size.height >= 0
    }

    @inline(__always)
    static func plausible(_ e: EdgeInsets, allowNegative: Bool) -> Bool {
        plausible(e.top) && plausible(e.left) && plausible(e.bottom) && plausible(e.right)
            && (allowNegative || (e.top >= 0 && e.left >= 0 && e.bottom >= 0 && e.right >= 0))
    }

    @inline(__always)
    static func plausible(_ s: Size) -> Bool {
        plausible(s.width) && plausible(s.height) && s.width >= 0 && s.height >= 0
    }

    @inline(__always)
    static func plausible(_ p: Point) -> Bool { plausible(p.x) && plausible(p.y) }

    /// True for an absent value, else `plausible(value)`: the fast path's
    /// test for optional keys, without closures.
    @inline(__always)
    static func plausibleIfPresent(_ r: Rect?) -> Bool {
        guard let r else { return true }
        return plausible(r)
    }

    @inline(__always)
    static func plausibleIfPresent(_ s: Size?) -> Bool {
        guard let s else { return true }
        return plausible(s)
    }

    @inline(__always)
    static func plausibleIfPresent(_ p: Point?) -> Bool {
        guard let p else { return true }
        return plausible(p)
    }

    static func check(_ value: Double, _ key: InputKey, allowNegative: Bool = true) -> IgnoreReason? {
        if !value.isFinite { return .invalid(key, .nonFinite) }
        if !allowNegative && value < 0 { return .invalid(key, .negative) }
        if abs(value) > InputLimits.maximumMagnitude { return .invalid(key, .absurdMagnitude) }
        return nil
    }

    static func check(_ p: Point, _ key: InputKey) -> IgnoreReason? {
        check(p.x, key) ?? check(p.y, key)
    }

    static func check(_ s: Size, _ key: InputKey) -> IgnoreReason? {
        check(s.width, key, allowNegative: false) ?? check(s.height, key, allowNegative: false)
    }

    static func check(_ r: Rect, _ key: InputKey) -> IgnoreReason? {
        check(r.origin, key) ?? check(r.size, key)
    }

    static func check(_ e: EdgeInsets, _ key: InputKey, allowNegative: Bool) -> IgnoreReason? {
        check(e.top, key, allowNegative: allowNegative) ?? check(e.left, key, allowNegative: allowNegative)
            ?? check(e.bottom, key, allowNegative: allowNegative) ?? check(e.right, key, allowNegative: allowNegative)
    }

    /// The first problem with a notification's present values. The fast
    /// path accepts exactly what the checks below accept, all eight keys
    /// included (iOS sends the legacy Bounds and Center keys too).
    static func problem(in n: KeyboardNotification) -> IgnoreReason? {
        if plausibleIfPresent(n.frameBegin) && plausibleIfPresent(n.frameEnd) && plausibleIfPresent(n.bounds)
            && plausibleIfPresent(n.centerBegin) && plausibleIfPresent(n.centerEnd)
            && (n.duration.map { $0 >= 0 && $0 <= InputLimits.maximumDuration } ?? true)
        {
            return nil
        }
        if let r = n.frameBegin, let reason = check(r, .frameBegin) { return reason }
        if let r = n.frameEnd, let reason = check(r, .frameEnd) { return reason }
        if let s = n.bounds, let reason = check(s, .bounds) { return reason }
        if let p = n.centerBegin, let reason = check(p, .centerBegin) { return reason }
        if let p = n.centerEnd, let reason = check(p, .centerEnd) { return reason }
        if let d = n.duration {
            if let reason = check(d, .duration, allowNegative: false) { return reason }
            if d > InputLimits.maximumDuration { return .invalid(.duration, .absurdMagnitude) }
        }
        return nil
    }

    /// The animation a notification asks for: its duration and curve, each
    /// replaced by ``KeyboardAnimation/systemDefault``'s when absent or
    /// unusable (a duration that is not finite, negative, or longer than
    /// ``InputLimits/maximumDuration``). Used as is by hides, whose payload
    /// is never a reason to ignore them; other notifications are validated
    /// first, so for them only absent keys fall back.
    static func usableAnimation(of n: KeyboardNotification) -> KeyboardAnimation {
        let fallback = KeyboardAnimation.systemDefault
        var duration = fallback.duration
        if let d = n.duration, d >= 0, d <= InputLimits.maximumDuration { duration = d }
        return KeyboardAnimation(duration: duration, curve: n.curve ?? fallback.curve)
    }

    /// The first problem with a layout snapshot.
    static func problem(in l: LayoutSnapshot) -> IgnoreReason? {
        if plausible(l.screen) && plausible(l.window) && plausible(l.scrollViewFrame) && plausible(l.safeArea, allowNegative: false)
            && plausible(l.contentInset, allowNegative: true) && plausible(l.contentSize) && plausible(l.contentOffset)
        {
            return nil
        }
        return check(l.screen, .screen) ?? check(l.window, .window) ?? check(l.scrollViewFrame, .scrollViewFrame)
            ?? check(l.safeArea, .safeArea, allowNegative: false)
            ?? check(l.contentInset, .contentInset, allowNegative: true)
            ?? check(l.contentSize, .contentSize) ?? check(l.contentOffset, .contentOffset)
    }

    /// The first problem with a focused field.
    static func problem(in f: FocusedField) -> IgnoreReason? {
        if let reason = check(f.frame, .field) { return reason }
        if let c = f.caret, let reason = check(c, .caret) { return reason }
        return nil
    }

    /// The first problem with a policy.
    static func problem(in p: AvoidancePolicy) -> IgnoreReason? {
        check(p.distance, .distance, allowNegative: false)
    }
}
