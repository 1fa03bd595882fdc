import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

/// Judges each step of a replay against the invariants (docs/invariants.md), using
/// the world's truth and the ``ScrollViewModel`` only.
///
/// When each invariant is judged:
/// - every step: I1 inset bounds, I5 finite outputs, I6 idempotence (the
///   event is a duplicate, see ``DuplicateDetector``), I8 no needless
///   scroll, I9 off-screen untouched;
/// - at rest (see ``Oracle/restPoints(_:)``): I2 visibility (a keyboard
///   is shown, a field is focused, the view is on screen; a step at which no
///   strategy could show the field is *unsatisfiable* instead, whatever the
///   strategy did), I3 restoration (no keyboard), I4 offset range.
/// I7 (determinism) is judged by the replayer, which runs two instances of
/// the strategy in lockstep and reports the first step where they disagree.
public enum Oracle {
    /// The result of judging one step.
    public struct Judgement: Hashable, Sendable {
        public var violations: [Invariant] = []
        /// True when the field could not be shown by any strategy here.
        public var unsatisfiable = false
    }

    /// Which steps of `events` are at rest: when the user would look at the
    /// result. Never while a keyboard animation is in flight (from a Will
    /// notification to the next Did: the keyboard is still moving, and a
    /// focus tapped meanwhile does not stop it); otherwise at the end of the
    /// trace, before an app-side event other than a layout pass, and after a
    /// Did notification followed by a Will notification.
    ///
    /// One flag per event, computed once per trace (the replayer looks
    /// ahead without copying the next event).
    public static func restPoints(_ events: [TraceLine]) -> [Bool] {
        var points: [Bool] = []
        points.reserveCapacity(events.count)
        var inFlight = false
        var next = events.first.map { Moment($0.event) }
        for i in events.indices {
            let moment = next ?? .appSide
            next = i + 1 < events.count ? Moment(events[i + 1].event) : nil
            switch moment {
            case .will: inFlight = true
            case .did: inFlight = false
            case .appSide, .layout: break
            }
            points.append(!inFlight && isAtRest(moment, next: next))
        }
        return points
    }

    /// What the at-rest rule needs to know of an event: cheap to take from a
    /// trace line without copying its payload.
    enum Moment {
        case appSide
        case layout
        case will
        case did

        init(_ e: TraceEvent) {
            switch e {
            case .focus, .blur, .appear, .disappear: self = .appSide
            case .layout: self = .layout
            case .keyboard(let n): self = n.name.isWill ? .will : .did
            }
        }
    }

    /// The rule between one event and the next, for a step with no
    /// animation in flight.
    static func isAtRest(_ event: Moment, next: Moment?) -> Bool {
        guard let next else { return true }
        switch next {
        case .appSide: return true
        case .layout: return false
        case .will: return event == .did
        case .did: return false
        }
    }

    /// Judges one step: `before` and `after` are the scroll view around it,
    /// `world` the world after the event.
    @inline(__always)
    public static func judge(
        event: TraceEvent, isDuplicate: Bool, wasVisible: Bool,
        before: ScrollViewModel, after: ScrollViewModel, world: SimulatedWorld, atRest: Bool
    ) -> Judgement {
        var j = Judgement()
        let tol = VisibleRegion.tolerance(world.scrollViewFrame.height)
        // I5
        if !after.isFinite {
            j.violations.append(.finiteOutputs)
            return j
        }
        // I1: what the strategy adds to the app's own inset, or takes from
        // the app's own frame.
        let added = after.contentInset - world.contentInset
        let taken = world.scrollViewFrame.height - after.frame.height
        let height = world.scrollViewFrame.height
        if added.top < -tol || added.left < -tol || added.right < -tol || added.bottom < -tol || added.bottom > height + tol
            || taken < -tol || taken > height + tol
        {
            j.violations.append(.insetBounds)
        }
        // I6
        if isDuplicate, before != after {
            j.violations.append(.idempotence)
        }
        // I9
        if !wasVisible && !world.isVisible && before != after {
            j.violations.append(.offScreenUntouched)
        }
        // I8: the field was visible at the old offset, judged in the new
        // state, and the old offset was still valid; yet the offset moved.
        // Judged against the keyboard as announced so far: a strategy that
        // follows an announcement iOS later revises (a third-party keyboard's
        // intermediate heights) is not blamed; at rest the two coincide.
        if wasVisible, world.isVisible, world.readKeyboard != nil, let field = world.focusedField,
            abs(before.contentOffset.y - after.contentOffset.y) > VisibleRegion.tolerance(before.contentOffset.y)
        {
            var stayed = after
            stayed.contentOffset = before.contentOffset
            var announced = world
            announced.keyboard = world.readKeyboard
            let region = VisibleRegion(world: announced, scrollView: stayed)
            if stayed.offsetInRange(), region.shows(field, atOffset: before.contentOffset.y, policy: world.policy.tallField) {
                j.violations.append(.noNeedlessScroll)
            }
        }
        guard atRest, world.isVisible else { return j }
        // I4
        if !after.offsetInRange() {
            j.violations.append(.offsetRange)
        }
        if world.keyboard == nil {
            // I3
            if after.contentInset != world.contentInset || after.indicatorInsets != world.contentInset
                || after.frame != world.scrollViewFrame || !after.offsetInRange()
                || after.contentViewFrame != Rect(origin: .zero, size: world.contentSize)
            {
                j.violations.append(.restoration)
            }
        } else if let field = world.focusedField {
            // I2. Whether any strategy could show the field is a property of
            // the situation alone, judged on the app's own, untouched scroll
            // view: the same for every strategy on the same step. Where none
            // could, the step is unsatisfiable and I2 is not judged.
            let pristine = VisibleRegion(world: world, scrollView: world.initialScrollView(offset: after.contentOffset))
            if !pristine.canShow(field, policy: world.policy.tallField) {
                j.unsatisfiable = true
            } else if !VisibleRegion(world: world, scrollView: after).shows(field, atOffset: after.contentOffset.y, policy: world.policy.tallField) {
                j.violations.append(.fieldVisible)
            }
        }
        j.violations.sort()
        return j
    }
}
