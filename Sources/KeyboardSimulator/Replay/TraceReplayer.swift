import KeyboardAvoidance
import KeyboardTrace

/// Replays a trace with a strategy against the simulated world, judging
/// every step with the ``Oracle``.
public enum TraceReplayer {
    /// Replays `trace` with a strategy type. Two instances of the strategy
    /// run in lockstep on the same events, each on its own scroll view; the
    /// first step where they disagree is an I7 (determinism) violation.
    public static func replay<S: AvoidanceStrategy>(_ trace: Trace, with strategy: S.Type) -> ReplayReport {
        replay(trace, named: S.name, promise: S.promise(for: trace.header), twin: true, session: InProcessSession<S>.init)
    }

    /// Replays `trace` with the sessions `session` makes for a world: one,
    /// or two in lockstep when `twin` is set (I7 is judged only then). The
    /// first failure of a session ends the replay.
    package static func replay<Session: StrategySession>(
        _ trace: Trace, named name: String, promise: VisibilityPromise, twin: Bool,
        session: (SimulatedWorld) throws(Session.Failure) -> Session
    ) throws(Session.Failure) -> ReplayReport {
        var steps: [ReplayReport.Step] = []
        steps.reserveCapacity(trace.events.count)
        let pass = try judge(trace, promise: promise, twin: twin, session: session) {
            steps.append(ReplayReport.Step(line: $0, outcome: $1, after: $2, judgement: $3))
        }
        if let i = pass.firstDivergence, steps.indices.contains(i) {
            steps[i].violations.append(.determinism)
            steps[i].violations.sort()
        }
        return ReplayReport(strategy: name, steps: steps, coveredFrames60: pass.covered60, coveredFrames120: pass.covered120)
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
    static func judge<Session: StrategySession>(
        _ trace: Trace, promise: VisibilityPromise, twin hasTwin: Bool, transitions judgeTransitions: Bool = true,
        session: (SimulatedWorld) throws(Session.Failure) -> Session,
        onStep: (Int, StepOutcome, ScrollViewModel, Oracle.Judgement) -> Void
    ) throws(Session.Failure) -> Pass {
        var world = SimulatedWorld(trace: trace)
        var scrollView = world.initialScrollView(offset: trace.header.scrollView.contentOffset)
        var instance = try session(world)
        // The twin: same events, same world, its own scroll view (I7).
        var twin = hasTwin ? try session(world) : nil
        var twinScrollView = scrollView
        var firstDivergence: Int?
        var duplicates = DuplicateDetector()
        var transitions = TransitionJudge()
        let events = trace.events
        let restPoints = Oracle.restPoints(events)
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
            let line = events[i].line
            let outcome = try instance.handle(event, line: line, world: world, scrollView: &scrollView)
            if twin != nil {
                let twinOutcome = try twin!.handle(event, line: line, world: world, scrollView: &twinScrollView)
                if firstDivergence == nil && (twinOutcome != outcome || twinScrollView != scrollView) { firstDivergence = i }
            }
            if judgeTransitions { transitions.record(event, outcome: outcome, before: before, after: scrollView, world: world) }
            let atRest = restPoints[i]
            var judgement = Oracle.judge(
                event: event, isDuplicate: duplicates.isDuplicate(at: i, in: events), wasVisible: wasVisible,
                before: before, after: scrollView, world: world, atRest: atRest, promise: promise
            )
            judgement.afterFocusSwitch = switched
            onStep(line, outcome, scrollView, judgement)
        }
        if judgeTransitions { transitions.finish(world: world, scrollView: scrollView) }
        return Pass(covered60: transitions.covered60, covered120: transitions.covered120, firstDivergence: firstDivergence)
    }

    /// What a fuzz run needs: the invariants violated anywhere (I7
    /// included), whether any step was unsatisfiable, without storing steps
    /// and without counting covered frames (the shootout's metric, not an
    /// invariant).
    static func violations<S: AvoidanceStrategy>(_ trace: Trace, with strategy: S.Type) -> (violated: Set<Invariant>, unsatisfiable: Bool) {
        violations(trace, promise: S.promise(for: trace.header), twin: true, session: InProcessSession<S>.init)
    }

    /// ``violations(_:with:)`` for the sessions `session` makes (I7 judged
    /// only with a `twin`).
    package static func violations<Session: StrategySession>(
        _ trace: Trace, promise: VisibilityPromise, twin: Bool, session: (SimulatedWorld) throws(Session.Failure) -> Session
    ) throws(Session.Failure) -> (violated: Set<Invariant>, unsatisfiable: Bool) {
        var violated = Set<Invariant>()
        var unsatisfiable = false
        let pass = try judge(trace, promise: promise, twin: twin, transitions: false, session: session) { _, _, _, judgement in
            for v in judgement.violations { violated.insert(v) }
            if judgement.unsatisfiable { unsatisfiable = true }
        }
        if pass.firstDivergence != nil { violated.insert(.determinism) }
        return (violated, unsatisfiable)
    }
}
