import KeyboardAvoidance
import KeyboardTrace

/// Replays a trace with a strategy against the simulated world, judging
/// every step with the ``Oracle``.
public enum TraceReplayer {
    /// Replays `trace` with a strategy type. The strategy runs twice; any
    /// difference between the runs is an I7 (determinism) violation on the
    /// first step that differs.
    public static func replay<S: AvoidanceStrategy>(_ trace: Trace, with strategy: S.Type) -> ReplayReport {
        var steps: [ReplayReport.Step] = []
        steps.reserveCapacity(trace.events.count)
        let pass = judge(trace, with: strategy) { steps.append(ReplayReport.Step(line: $0, outcome: $1, after: $2, judgement: $3)) }
        if pass.fingerprint != fingerprint(trace, with: strategy) {
            // Rare: find the first step the second run disagrees on.
            var second: [ReplayReport.Step] = []
            _ = judge(trace, with: strategy) { second.append(ReplayReport.Step(line: $0, outcome: $1, after: $2, judgement: $3)) }
            let i = steps.indices.first { $0 >= second.count || steps[$0] != second[$0] } ?? steps.count - 1
            if steps.indices.contains(i) {
                steps[i].violations.append(.determinism)
                steps[i].violations.sort()
            }
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
        /// A hash of every outcome and scroll-view state, for I7.
        var fingerprint: UInt64
    }

    /// One judged pass: world, strategy and oracle, each step handed to
    /// `onStep` as it is judged (its line, the outcome, the scroll view after
    /// it, the judgement), in place, nothing stored or copied here.
    static func judge<S: AvoidanceStrategy>(
        _ trace: Trace, with strategy: S.Type, transitions judgeTransitions: Bool = true,
        onStep: (Int, StepOutcome, ScrollViewModel, Oracle.Judgement) -> Void
    ) -> Pass {
        var world = SimulatedWorld(header: trace.header)
        var scrollView = world.initialScrollView(offset: trace.header.scrollView.contentOffset)
        var instance = S(world: world)
        var duplicates = DuplicateDetector()
        var transitions = TransitionJudge()
        var hasher = Fingerprint()
        let events = trace.events
        for i in events.indices {
            let event = events[i].event
            let wasVisible = world.isVisible
            if judgeTransitions { transitions.arriving(event, world: world, scrollView: scrollView) }
            // The system's own changes (a rotation's new frame) are not the
            // strategy's: judge the strategy against the state after them.
            world.apply(event, scrollView: &scrollView)
            let before = scrollView
            let outcome = instance.handle(event, world: world, scrollView: &scrollView)
            hasher.mix(outcome)
            hasher.mix(scrollView)
            if judgeTransitions { transitions.record(event, outcome: outcome, before: before, after: scrollView, world: world) }
            let atRest = Oracle.isAtRest(Oracle.Moment(event), next: i + 1 < events.count ? Oracle.Moment(events[i + 1].event) : nil)
            let judgement = Oracle.judge(
                event: event, isDuplicate: duplicates.isDuplicate(event), wasVisible: wasVisible,
                before: before, after: scrollView, world: world, atRest: atRest
            )
            onStep(events[i].line, outcome, scrollView, judgement)
        }
        if judgeTransitions { transitions.finish(world: world, scrollView: scrollView) }
        return Pass(covered60: transitions.covered60, covered120: transitions.covered120, fingerprint: hasher.value)
    }

    /// The strategy's outcomes and states alone, hashed: the second run of
    /// the determinism check, without the oracle's cost.
    static func fingerprint<S: AvoidanceStrategy>(_ trace: Trace, with strategy: S.Type) -> UInt64 {
        var world = SimulatedWorld(header: trace.header)
        var scrollView = world.initialScrollView(offset: trace.header.scrollView.contentOffset)
        var instance = S(world: world)
        var hasher = Fingerprint()
        for line in trace.events {
            world.apply(line.event, scrollView: &scrollView)
            hasher.mix(instance.handle(line.event, world: world, scrollView: &scrollView))
            hasher.mix(scrollView)
        }
        return hasher.value
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
        if pass.fingerprint != fingerprint(trace, with: strategy) { violated.insert(.determinism) }
        return (violated, unsatisfiable)
    }
}
