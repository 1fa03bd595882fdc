import KeyboardAvoidance
import KeyboardTrace
import KeyboardWorld

/// One judged pass over a trace: the world, a strategy's session (two in
/// lockstep for I7) and the oracle, step by step. The replayer's reports,
/// a fuzz run's verdicts and the shootout all come from here.
package enum TraceJudge {
    /// What one judged pass produced besides its steps.
    package struct Pass {
        package var covered60: Int
        package var covered120: Int
        /// Bursts left uncounted for a change of unknown motion (with
        /// `observedMotion` only).
        package var unjudgedBursts: Int
    }

    /// One judged pass: world, strategy and oracle, each step handed to
    /// `onStep` as it is judged (its line, the outcome, the scroll view after
    /// it, the judgement), in place, nothing stored or copied here.
    ///
    /// With `observedMotion`, covered frames take each change's motion from
    /// the trace's observed samples (``Trace/motion(of:)``) instead of the
    /// outcome's animation; a change without samples leaves its burst
    /// uncounted (``Pass/unjudgedBursts``).
    package static func judge<Session: StrategySession>(
        _ trace: Trace, promise: VisibilityPromise, twin hasTwin: Bool, transitions judgeTransitions: Bool = true,
        observedMotion: Bool = false, readings: WorldReadings = .standard,
        session: (SimulatedWorld) throws(Session.Failure) -> Session,
        onStep: (Int, StepOutcome, ScrollViewModel, Oracle.Judgement) -> Void
    ) throws(Session.Failure) -> Pass {
        var replay = WorldReplay(trace, readings: readings)
        var instance = try session(replay.world)
        // The twin: same events, same world, its own scroll view (I7).
        var twin = hasTwin ? try session(replay.world) : nil
        var twinScrollView = replay.scrollView
        var firstDivergence: Int?
        var duplicates = DuplicateDetector()
        var transitions = TransitionJudge()
        let events = trace.events
        let restPoints = Oracle.restPoints(events, chatScreen: trace.header.composer != nil)
        var switched = false
        // A chat screen's transcript as its user last saw it: at the start,
        // then at each step at rest and at the end of each keyboard
        // animation (a DidShow or DidHide); at each scroll of the app's own (a
        // layout event that sets the offset: the user's drag) where the
        // scroll put it, so that a strategy that answers the drag by
        // scrolling elsewhere breaks T2 at the next step at rest; at each
        // layout pass that lays the transcript out anew (its frame's size
        // or its safe area changed: a rotation, a window resized) where
        // that pass put it (a reader it left at the end of its range
        // follows the end from then on where the strategy's answer keeps
        // it in view); reset when the view appears, as nothing was seen
        // off screen. A pass that moves nothing of the transcript's own
        // (a window moved, a half turn between the two landscapes) moves
        // no offset: what the user last saw stands.
        var seen = replay.world.composer.map { TranscriptMoment(world: replay.world, scrollView: replay.scrollView, composer: $0) }
        while !replay.isAtEnd {
            let i = replay.position, event = events[i].event
            let wasVisible = replay.world.isVisible
            // A switch: another field focused with the keyboard up (a focus
            // on the field focused already is a caret move, and keeps the
            // switch it followed).
            if case .focus(let f, _) = event, f != replay.world.focused { switched = replay.world.keyboard != nil }
            if judgeTransitions { transitions.arriving(event, world: replay.world, scrollView: replay.scrollView) }
            // The system's own changes (a rotation's new frame) are not the
            // strategy's: judge the strategy against the state after them.
            let laidOut = replay.scrollView
            replay.applyNext()
            replay.world.applySystemChanges(of: event, to: &twinScrollView)
            let world = replay.world, before = replay.scrollView
            let line = events[i].line
            let outcome = try instance.handle(event, line: line, world: world, scrollView: &replay.scrollView)
            let after = replay.scrollView
            var diverged = false
            if twin != nil {
                let twinOutcome = try twin!.handle(event, line: line, world: world, scrollView: &twinScrollView)
                // Two states that are not finite are not told apart: NaN is
                // unequal to itself, and I5 judges such a step alone.
                let statesDiffer = twinScrollView != after && (after.isFinite || twinScrollView.isFinite)
                if firstDivergence == nil && (twinOutcome != outcome || statesDiffer) {
                    firstDivergence = i
                    diverged = true
                }
            }
            if judgeTransitions {
                var motion = TransitionJudge.Motion.outcome
                if observedMotion { motion = trace.observed(events[i]).flatMap(trace.motion(of:)).map { .sampled($0) } ?? .unknown }
                transitions.record(event, outcome: outcome, before: before, after: after, world: world, motion: motion)
            }
            let atRest = restPoints[i]
            var passShowsEnd = false
            if let composer = world.composer {
                if case .layout(let c) = event, c.movesGeometry, Self.laysOutAnew(from: laidOut, to: before), let was = seen {
                    // The transcript was laid out anew: the rows read are
                    // where the system's layout pass put them, with any
                    // offset the event sets (a recording keeps the offset
                    // a layout pass finds moved: the pass's own, or the echo
                    // of the strategy's last answer); the end, if the user
                    // saw it, is still what they see.
                    var moment = TranscriptMoment(world: world, scrollView: before, composer: composer)
                    moment.following = was.isAtEnd
                    // A reader the layout pass left at the end of a range
                    // longer than half a point sees the end: either
                    // reading is the user's, and the strategy's answer
                    // (below) says which.
                    passShowsEnd = !was.isAtEnd && !moment.fits && TranscriptSolution.isAtEnd(moment.offset, end: moment.range.upperBound)
                    seen = moment
                } else if event.setsContentOffset {
                    // The user's own scroll sets what they read: the offset
                    // it put, not what a strategy answered.
                    seen = Self.seen(TranscriptMoment(world: world, scrollView: before, composer: composer), after: seen)
                }
            }
            var judgement = Oracle.judge(
                event: event, isDuplicate: duplicates.isDuplicate(at: i, in: events), wasVisible: wasVisible,
                before: before, after: after, world: world, atRest: atRest, promise: promise, seen: wasVisible ? seen : nil
            )
            if let composer = world.composer, world.isVisible, atRest || !wasVisible || event.endsKeyboardAnimation {
                seen = Self.seen(TranscriptMoment(world: world, scrollView: after, composer: composer), after: wasVisible ? seen : nil)
            } else if passShowsEnd, let composer = world.composer,
                Self.seen(TranscriptMoment(world: world, scrollView: after, composer: composer), after: seen).isAtEnd
            {
                // The strategy kept it at the end: followed from now on.
                seen?.following = true
            }
            judgement.afterFocusSwitch = switched
            // I7 at the first step where the twin disagreed.
            if diverged {
                judgement.violations.append(.determinism)
                judgement.sortViolations()
            }
            onStep(line, outcome, after, judgement)
        }
        if judgeTransitions { transitions.finish(world: replay.world, scrollView: replay.scrollView) }
        return Pass(covered60: transitions.covered60, covered120: transitions.covered120, unjudgedBursts: transitions.unjudgedBursts)
    }

    /// Whether a layout pass from `old` to `new` lays a transcript out
    /// anew (``LayoutBasis``, the engine's reading too): its frame's size
    /// or its safe area changed, so that offsets before and after it do
    /// not compare. A pass that changes neither moves no offset.
    package static func laysOutAnew(from old: ScrollViewModel, to new: ScrollViewModel) -> Bool {
        !old.state.layoutBasis.isSame(as: new.state.layoutBasis)
    }

    /// `moment` as the transcript its user now sees, `previous` the one
    /// they saw before it: content that fits shows its end and its start
    /// at once, and is read as before (following the end, or reading);
    /// with nothing before, it follows its end.
    package static func seen(_ moment: TranscriptMoment, after previous: TranscriptMoment?) -> TranscriptMoment {
        guard moment.fits, moment.following == nil else { return moment }
        var m = moment
        m.following = previous?.isAtEnd ?? true
        return m
    }

    /// The verdict on `trace` of the sessions `session` makes (I7 judged
    /// only with a `twin`), without storing steps and without counting
    /// covered frames (the shootout's metric, not an invariant): what a fuzz
    /// run needs.
    package static func verdict<Session: StrategySession>(
        _ trace: Trace, promise: VisibilityPromise, twin: Bool, readings: WorldReadings = .standard,
        session: (SimulatedWorld) throws(Session.Failure) -> Session
    ) throws(Session.Failure) -> Verdict {
        var verdict = Verdict()
        _ = try judge(trace, promise: promise, twin: twin, transitions: false, readings: readings, session: session) { _, _, _, judgement in
            for v in judgement.violations { verdict.violated.insert(v) }
            if judgement.unsatisfiable { verdict.unsatisfiable = true }
        }
        return verdict
    }
}

extension TraceEvent {
    /// A layout event that sets the content offset: the app's own scroll
    /// (a user's drag, a jump to a row).
    fileprivate var setsContentOffset: Bool {
        if case .layout(let c) = self { return c.contentOffset != nil }
        return false
    }

    /// A keyboard's DidShow or DidHide: its animation has ended, and the
    /// user sees where it left the transcript, whatever comes next.
    fileprivate var endsKeyboardAnimation: Bool {
        if case .keyboard(let n) = self { return n.name == .didShow || n.name == .didHide }
        return false
    }
}
