import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace
import KeyboardWorld

/// Counts the display frames, during keyboard animations, in which the
/// keyboard covers the focused field, given how the strategy animated.
///
/// Timeline model: a *burst* begins with a Will notification that moves the
/// keyboard (its begin and end frames differ) at t = 0; the keyboard
/// follows its curve over its duration. Will notifications of the burst act
/// at t = 0, Did notifications at t = duration. Each strategy change moves
/// the field on screen by Δ(frame.minY − offset.y), animated with the
/// strategy's duration and curve from its start (additively, as UIKit
/// animates since iOS 8). The burst ends at the next app-side event or the
/// next moving Will notification. Frames are sampled at k / hz for
/// k = 1, 2, … until both the keyboard and every change have finished; a
/// frame is covered when field ∩ keyboard ∩ screen has area.
///
/// Only bursts where the geometry allows a clean transition are counted: a
/// focused field on a visible view, fully on screen and clear of the
/// keyboard when the animation starts, that fits whole in the visible band
/// at the end (a taller field is always partly covered) and that some
/// strategy could show there (see ``VisibleRegion/canShow(_:rule:)``, with
/// no distance: covering is about the keyboard, not a promise),
/// and a keyboard moving along the bottom edge (shows, hides, height
/// changes): undocked, split and floating keyboards sweep across the content
/// by design and are not judged. From such a start, a strategy
/// that moves the content with the keyboard's own curve and duration keeps
/// the field clear in every frame; a field that starts partly under the
/// incoming keyboard or off screen could only be kept clear by a jump.
struct TransitionJudge {
    private struct Change {
        var start: Double
        var animation: StrategyAnimation?
        var delta: Double
    }

    /// How the scroll view moved from one step's state to the next, as far
    /// as the caller knows.
    enum Motion {
        /// As the step's outcome says: its animation, or at once.
        case outcome
        /// Through these samples of an observed motion (times since the
        /// event; see ``ObservedSample``).
        case sampled([ObservedSample])
        /// Not known: an observed change without samples. The burst it
        /// falls in is not counted.
        case unknown
    }

    /// An observed motion: the field's offset from where it stood before
    /// the event, at each sample's time since the change's start, ending
    /// at `delta`.
    private struct SampledChange {
        var start: Double
        var points: [(time: Double, delta: Double)]
        var delta: Double

        /// The field's offset `elapsed` seconds after the start: linear from
        /// 0 at the start through the samples (each exactly at its time),
        /// `delta` after the last.
        func offset(at elapsed: Double) -> Double {
            guard elapsed >= 0 else { return 0 }
            var previous = (time: 0.0, delta: 0.0)
            for p in points {
                if elapsed == p.time { return p.delta }
                if elapsed < p.time {
                    let span = p.time - previous.time
                    return span > 0 ? previous.delta + (p.delta - previous.delta) * (elapsed - previous.time) / span : p.delta
                }
                previous = p
            }
            return delta
        }

        var end: Double { start + (points.last?.time ?? 0) }
    }

    private var keyboardBegin = KBRect.null
    private var keyboardEnd = KBRect.null
    private var duration = 0.0
    private var curve = AnimationCurve.keyboard
    private var startTop = 0.0
    private var changes: [Change] = []
    private var sampledChanges: [SampledChange] = []
    /// The current burst holds a change whose motion is unknown.
    private var unknownMotion = false
    private var active = false
    /// The burst began with a hide notification.
    private var burstIsHide = false

    /// The longest animation judged, in seconds (the engine's own limit,
    /// `InputLimits.maximumDuration`): no keyboard animates longer, and a
    /// strategy's longer animation is judged only over this span, so a
    /// payload of 1e9 or infinite seconds costs a bounded number of frames.
    static let longestAnimation = InputLimits.maximumDuration

    /// A keyboard duration a burst can be judged with: finite, 0…60 s.
    static func usableDuration(_ d: Double) -> Double? {
        d >= 0 && d <= longestAnimation ? d : nil
    }

    private(set) var covered60 = 0
    private(set) var covered120 = 0
    /// Bursts that would have been counted but for a change whose motion is
    /// unknown (an observed change without samples).
    private(set) var unjudgedBursts = 0

    /// The field's top on screen, the quantity strategies animate.
    private static func fieldTop(_ world: SimulatedWorld, _ s: ScrollViewModel) -> Double? {
        fieldTop(world, frame: s.frame, offset: s.contentOffset)
    }

    /// The field's top on screen with the scroll view at `frame`, scrolled
    /// to `offset`.
    private static func fieldTop(_ world: SimulatedWorld, frame: KBRect, offset: KBPoint) -> Double? {
        guard let f = world.focusedField else { return nil }
        return world.window.minY + frame.minY + f.frame.minY - offset.y
    }

    /// Call before an event changes the world: an app-side event ends the
    /// burst, judged on the world as it was.
    mutating func arriving(_ event: TraceEvent, world: SimulatedWorld, scrollView: ScrollViewModel) {
        if case .keyboard = event { return }
        finish(world: world, scrollView: scrollView)
    }

    /// Records one keyboard step: the scroll view before and after it, and the
    /// world after it.
    mutating func record(
        _ event: TraceEvent, outcome: StepOutcome, before: ScrollViewModel, after: ScrollViewModel, world: SimulatedWorld,
        motion: Motion = .outcome
    ) {
        guard case .keyboard(let n) = event else { return }
        let end = world.reportedFrame(of: n)
        // A notification that moves the keyboard elsewhere ends the burst; so
        // does a hide within a burst that was not a hide: the keyboard is
        // leaving, even where the payload says it stays (an undock from the
        // keyboard's menu sends a WillHide whose end is its begin), and the
        // strategy's restore must not be judged against the old motion.
        if active, let end, end != keyboardEnd || (n.name.isHide && !burstIsHide) {
            finish(world: world, scrollView: before)
        }
        if !active, n.name.isWill, let begin = world.reportedBeginFrame(of: n), let end, begin != end,
            let top = Self.fieldTop(world, before), world.isVisible,
            let keyboardDuration = Self.usableDuration(n.duration ?? KeyboardAnimation.systemDefault.duration)
        {
            active = true
            burstIsHide = n.name.isHide
            keyboardBegin = begin
            keyboardEnd = end
            duration = keyboardDuration
            curve = AnimationCurve(rawCurve: n.curve ?? KeyboardAnimation.systemDefault.curve)
            startTop = top
            changes = []
            sampledChanges = []
            unknownMotion = false
        }
        guard active, let b = Self.fieldTop(world, before), let a = Self.fieldTop(world, after), a != b else { return }
        let start = n.name.isWill ? 0 : duration
        switch motion {
        case .outcome: changes.append(Change(start: start, animation: outcome.animation, delta: a - b))
        case .sampled(let samples):
            let points = samples.map { (time: $0.time, delta: (Self.fieldTop(world, frame: $0.frame, offset: $0.contentOffset) ?? b) - b) }
            sampledChanges.append(SampledChange(start: start, points: points, delta: a - b))
        case .unknown: unknownMotion = true
        }
    }

    /// Ends the current burst (at an app-side event or the trace's end) and
    /// counts its covered frames.
    mutating func finish(world: SimulatedWorld, scrollView: ScrollViewModel) {
        defer {
            active = false
            changes = []
            sampledChanges = []
            unknownMotion = false
        }
        guard active, world.isVisible, let field = world.focusedField else { return }
        var region = world
        region.keyboard = keyboardEnd
        let final = VisibleRegion(world: region, scrollView: scrollView, distance: 0)
        guard final.canShow(field, rule: .fillsBand), final.fitsWhole(field) else { return }
        let left = world.window.minX + scrollView.frame.minX + field.frame.minX - scrollView.contentOffset.x
        let start = KBRect(x: left, y: startTop, width: field.frame.width, height: field.frame.height)
        let startCovered = start.intersection(keyboardBegin)
        guard KBRect(origin: .zero, size: world.screen).contains(start), startCovered.isNull || startCovered.isEmpty else { return }
        // Only motions along the bottom edge: an undocked, split or floating
        // keyboard sweeps across the content by design.
        guard KeyboardPlacement.reachesBottomEdge(keyboardBegin, screen: world.screen),
            KeyboardPlacement.reachesBottomEdge(keyboardEnd, screen: world.screen)
        else { return }
        if unknownMotion {
            unjudgedBursts += 1
            return
        }
        covered60 += count(hz: 60, field: field.frame, left: left, screen: world.screen)
        covered120 += count(hz: 120, field: field.frame, left: left, screen: world.screen)
    }

    private func count(hz: Double, field: KBRect, left: Double, screen: KBSize) -> Int {
        var end = duration
        for c in changes {
            let d = c.animation?.duration ?? 0
            end = Swift.max(end, c.start + (d >= 0 ? Swift.min(d, Self.longestAnimation) : 0))
        }
        for c in sampledChanges { end = Swift.max(end, c.end) }
        let screenRect = KBRect(origin: .zero, size: screen)
        var covered = 0
        var k = 1.0
        while k / hz <= end + 1e-9 {
            let t = k / hz
            let p = duration > 0 ? curve.progress(t / duration) : 1
            let kb = KBRect(
                x: keyboardBegin.minX + (keyboardEnd.minX - keyboardBegin.minX) * p,
                y: keyboardBegin.minY + (keyboardEnd.minY - keyboardBegin.minY) * p,
                width: keyboardBegin.width + (keyboardEnd.width - keyboardBegin.width) * p,
                height: keyboardBegin.height + (keyboardEnd.height - keyboardBegin.height) * p
            )
            var top = startTop
            for c in changes {
                let elapsed = t - c.start
                guard elapsed >= 0 else { continue }
                if let a = c.animation, a.duration > 0 || a.duration.isNaN {
                    // A NaN or infinite duration never progresses.
                    top += a.duration.isFinite ? c.delta * a.curve.progress(elapsed / a.duration) : 0
                } else {
                    top += c.delta
                }
            }
            for c in sampledChanges { top += c.offset(at: t - c.start) }
            let f = KBRect(x: left, y: top, width: field.width, height: field.height)
            let hidden = f.intersection(kb).intersection(screenRect)
            // A field that merely touches the keyboard (equal edges, up to
            // rounding in the interpolation) is not covered.
            if !hidden.isNull && hidden.width > Rounding.betweenReadings && hidden.height > Rounding.betweenReadings { covered += 1 }
            k += 1
        }
        return covered
    }
}
