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
    /// (NaN fails it, infinities exceed the limit).
    @inline(__always)
    static func plausible(_ v: Double) -> Bool { abs(v) <= InputLimits.maximumMagnitude }

    /// Lane by lane, `plausible`: `−limit ≤ v ≤ limit`, which NaN fails and
    /// infinities exceed. The fast paths below test their values four at a
    /// time with it, without a branch per value; only a failing input pays
    /// for finding which key and why. Absent optional values enter as zero,
    /// which passes, as an absent key does.
    @inline(__always)
    static func plausible(_ v: SIMD4<Double>) -> SIMDMask<SIMD4<Int64>> {
        let limit = SIMD4(repeating: InputLimits.maximumMagnitude)
        return (v .<= limit) .& (v .>= -limit)
    }

    /// Lane by lane, `0 ≤ v ≤ limit` (−0 passes, as `v >= 0` says).
    @inline(__always)
    static func plausibleNonNegative(_ v: SIMD4<Double>) -> SIMDMask<SIMD4<Int64>> {
        (v .<= SIMD4(repeating: InputLimits.maximumMagnitude)) .& (v .>= SIMD4(repeating: 0))
    }

    static func check(_ value: Double, _ key: InputKey, allowNegative: Bool = true) -> IgnoreReason? {
        if !value.isFinite { return .invalid(key, .nonFinite) }
        if !allowNegative && value < 0 { return .invalid(key, .negative) }
        if abs(value) > InputLimits.maximumMagnitude { return .invalid(key, .absurdMagnitude) }
        return nil
    }

    static func check(_ p: KBPoint, _ key: InputKey) -> IgnoreReason? {
        check(p.x, key) ?? check(p.y, key)
    }

    static func check(_ s: KBSize, _ key: InputKey) -> IgnoreReason? {
        check(s.width, key, allowNegative: false) ?? check(s.height, key, allowNegative: false)
    }

    static func check(_ r: KBRect, _ key: InputKey) -> IgnoreReason? {
        check(r.origin, key) ?? check(r.size, key)
    }

    static func check(_ e: KBEdgeInsets, _ key: InputKey, allowNegative: Bool) -> IgnoreReason? {
        check(e.top, key, allowNegative: allowNegative) ?? check(e.left, key, allowNegative: allowNegative)
            ?? check(e.bottom, key, allowNegative: allowNegative) ?? check(e.right, key, allowNegative: allowNegative)
    }

    /// The first problem with a notification's present values. The fast
    /// path accepts exactly what the checks below accept, all eight keys
    /// included (iOS sends the legacy Bounds and Center keys too).
    @inline(__always)
    static func problem(in n: KeyboardNotification) -> IgnoreReason? {
        let begin = n.frameBegin ?? .zero, end = n.frameEnd ?? .zero, bounds = n.bounds ?? .zero
        let centerBegin = n.centerBegin ?? .zero, centerEnd = n.centerEnd ?? .zero, duration = n.duration ?? 0
        let origins = plausible(SIMD4(begin.origin.x, begin.origin.y, end.origin.x, end.origin.y))
        let centers = plausible(SIMD4(centerBegin.x, centerBegin.y, centerEnd.x, centerEnd.y))
        let sizes = plausibleNonNegative(SIMD4(begin.size.width, begin.size.height, end.size.width, end.size.height))
        let boundsAndDuration = plausibleNonNegative(SIMD4(bounds.width, bounds.height, duration, 0))
        if all(origins .& centers .& sizes .& boundsAndDuration) && duration <= InputLimits.maximumDuration {
            return nil
        }
        return firstProblem(in: n)
    }

    /// The slow path of ``problem(in:)-(KeyboardNotification)``: which key
    /// fails, and why. Out of line, so the fast path inlines small.
    @inline(never)
    static func firstProblem(in n: KeyboardNotification) -> IgnoreReason? {
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
    @inline(__always)
    static func problem(in l: LayoutSnapshot) -> IgnoreReason? {
        let window = l.window, frame = l.scrollView.frame, inset = l.scrollView.contentInset, safe = l.scrollView.safeArea
        let origins = plausible(SIMD4(window.origin.x, window.origin.y, frame.origin.x, frame.origin.y))
        let insets = plausible(SIMD4(inset.top, inset.left, inset.bottom, inset.right))
        // The offset may be negative, the composer's two values may not (an
        // absent composer enters as zeros, which pass).
        let composer = l.composer ?? Composer(height: 0)
        let offsetAndComposer = SIMD4(l.scrollView.contentOffset.x, l.scrollView.contentOffset.y, composer.height, composer.restingInset)
        let limit = InputLimits.maximumMagnitude
        let offset = (offsetAndComposer .<= SIMD4(repeating: limit)) .& (offsetAndComposer .>= SIMD4(-limit, -limit, 0, 0))
        let sizes = plausibleNonNegative(SIMD4(l.screen.width, l.screen.height, window.size.width, window.size.height))
        let moreSizes = plausibleNonNegative(
            SIMD4(frame.size.width, frame.size.height, l.scrollView.contentSize.width, l.scrollView.contentSize.height))
        let safeArea = plausibleNonNegative(SIMD4(safe.top, safe.left, safe.bottom, safe.right))
        if all(origins .& insets .& offset .& sizes .& moreSizes .& safeArea) {
            return nil
        }
        return firstProblem(in: l)
    }

    /// The slow path of ``problem(in:)-(LayoutSnapshot)``: the values in
    /// the order their reasons are listed, one statement a value (one `??`
    /// chain over the overloads of `check` is slow to type-check).
    @inline(never)
    static func firstProblem(in l: LayoutSnapshot) -> IgnoreReason? {
        if let reason = check(l.screen, .screen) { return reason }
        if let reason = check(l.window, .window) { return reason }
        if let reason = check(l.scrollView.frame, .scrollViewFrame) { return reason }
        if let reason = check(l.scrollView.safeArea, .safeArea, allowNegative: false) { return reason }
        if let reason = check(l.scrollView.contentInset, .contentInset, allowNegative: true) { return reason }
        if let reason = check(l.scrollView.contentSize, .contentSize) { return reason }
        if let reason = check(l.scrollView.contentOffset, .contentOffset) { return reason }
        guard let composer = l.composer else { return nil }
        if let reason = check(composer.height, .composerHeight, allowNegative: false) { return reason }
        return check(composer.restingInset, .composerRestingInset, allowNegative: false)
    }

    /// The first problem with a focused field.
    static func problem(in f: FocusedField) -> IgnoreReason? {
        if let reason = check(f.frame, .field) { return reason }
        if let c = f.caret, let reason = check(c, .caret) { return reason }
        return nil
    }

    /// The first problem with a policy.
    @inline(__always)
    static func problem(in p: AvoidancePolicy) -> IgnoreReason? {
        p.distance >= 0 && plausible(p.distance) ? nil : check(p.distance, .distance, allowNegative: false)
    }
}
