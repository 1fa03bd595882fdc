import KeyboardAvoidance
import KeyboardTrace

/// Replays a trace with a strategy against the simulated world, judging
/// every step with the ``Oracle``.
public enum TraceReplayer {
    /// Replays `trace` with a strategy type. Two instances of the strategy
    /// run in lockstep on the same events, each on its own scroll view; the
    /// first step where they disagree is an I7 (determinism) violation.
    public static func replay<S: AvoidanceStrategy>(_ trace: Trace, with strategy: S.Type) -> ReplayReport {
        var steps: [ReplayReport.Step] = []
        steps.reserveCapacity(trace.events.count)
        let pass = judge(trace, with: strategy) { steps.append(ReplayReport.Step(line: $0, outcome: $1, after: $2, judgement: $3)) }
        if let i = pass.firstDivergence, steps.indices.contains(i) {
            steps[i].violations.append(.determinism)
            steps[i].violations.sort()
        }
        return ReplayReport(strategy: S.name, steps: steps, coveredFrames60: pass.covered60, coveredFrames120: pass.covered120)
    }

    /// Replays `trace` with the strategy named `name` (see
    /// ``StrategyCatalog``); nil for an unknown name.
    public static func replay(_ trace: Trace, strategyNamed name: String) -> ReplayReport? {
        guard let type = StrategyCatalog.strategy(named: name) else { return nil }
        return replay(trace, with: type)
    }

    /// What one judged pass produced besides its steps.
    struct Pass {
        var covered60: Int
        var covered120: Int
        /// The first step where the twin instance disagreed, for I7.
        var firstDivergence: Int?
    }

    /// One judged pass: world, strategy and oracle, each step handed to
    /// `onStep` as it is judged (its line, the outcome, the scroll view after
    /// it, the judgement), in place, nothing stored or copied here.
    static func judge<S: AvoidanceStrategy>(
        _ trace: Trace, with strategy: S.Type, transitions judgeTransitions: Bool = true,
        onStep: (Int, StepOutcome, ScrollViewModel, Oracle.Judgement) -> Void
    ) -> Pass {
        var world = SimulatedWorld(trace: trace)
        var scrollView = world.initialScrollView(offset: trace.header.scrollView.contentOffset)
        var instance = S(world: world)
        // The twin: same events, same world, its own scroll view (I7).
        var twin = S(world: world)
        var twinScrollView = scrollView
        var firstDivergence: Int?
        var duplicates = DuplicateDetector()
        var transitions = TransitionJudge()
        let events = trace.events
        let restPoints = Oracle.restPoints(events)
        let promise = S.promise(for: trace.header)
        var switched = false
        for i in events.indices {
            let event = events[i].event
            let wasVisible = world.isVisible
            if case .focus = event { switched = world.keyboard != nil }
            if judgeTransitions { transitions.arriving(event, world: world, scrollView: scrollView) }
            // The system's own changes (a rotation's new frame) are not the
            // strategy's: judge the strategy against the state after them.
            world.apply(event, truth: events[i].truth, scrollView: &scrollView)
            if case .layout(let change) = event { SimulatedWorld.applySystemChanges(change, to: &twinScrollView) }
            let before = scrollView
            let outcome = instance.handle(event, world: world, scrollView: &scrollView)
            let twinOutcome = twin.handle(event, world: world, scrollView: &twinScrollView)
            if firstDivergence == nil && (twinOutcome != outcome || twinScrollView != scrollView) { firstDivergence = i }
            if judgeTransitions { transitions.record(event, outcome: outcome, before: before, after: scrollView, world: world) }
            let atRest = restPoints[i]
            var judgement = Oracle.judge(
                event: event, isDuplicate: duplicates.isDuplicate(at: i, in: events), wasVisible: wasVisible,
                before: before, after: scrollView, world: world, atRest: atRest, promise: promise
            )
            judgement.afterFocusSwitch = switched
            onStep(events[i].line, outcome, scrollView, judgement)
        }
        if judgeTransitions { transitions.finish(world: world, scrollView: scrollView) }
        return Pass(covered60: transitions.covered60, covered120: transitions.covered120, firstDivergence: firstDivergence)
    }

    /// What a fuzz run needs: the invariants violated anywhere (I7
    /// included), whether any step was unsatisfiable, without storing steps
    /// and without counting covered frames (the shootout's metric, not an
    /// invariant).
    static func violations<S: AvoidanceStrategy>(_ trace: Trace, with strategy: S.Type) -> (violated: Set<Invariant>, unsatisfiable: Bool) {
        var violated = Set<Invariant>()
        var unsatisfiable = false
        let pass = judge(trace, with: strategy, transitions: false) { _, _, _, judgement in
            for v in judgement.violations { violated.insert(v) }
            if judgement.unsatisfiable { unsatisfiable = true }
        }
        if pass.firstDivergence != nil { violated.insert(.determinism) }
        return (violated, unsatisfiable)
    }
}
