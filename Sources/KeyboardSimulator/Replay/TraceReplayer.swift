import KeyboardAvoidance
import KeyboardTrace

/// Replays a trace with a strategy against the simulated world, judging
/// every step with the ``Oracle``.
public enum TraceReplayer {
    /// Replays `trace` with a strategy type. The trace is replayed twice; any
    /// difference between the runs is an I7 (determinism) violation on the
    /// first step that differs.
    public static func replay<S: AvoidanceStrategy>(_ trace: Trace, with strategy: S.Type) -> ReplayReport {
        var first = run(trace, with: strategy)
        let second = run(trace, with: strategy)
        if let i = first.steps.indices.first(where: { $0 < second.steps.count && first.steps[$0] != second.steps[$0] }) {
            first.steps[i].violations.append(.determinism)
            first.steps[i].violations.sort()
        } else if first.steps.count != second.steps.count, let i = first.steps.indices.last {
            first.steps[i].violations.append(.determinism)
        }
        return first
    }

    /// Replays `trace` with the strategy named `name` (see
    /// ``StrategyCatalog``); nil for an unknown name.
    public static func replay(_ trace: Trace, strategyNamed name: String) -> ReplayReport? {
        guard let type = StrategyCatalog.strategy(named: name) else { return nil }
        return replay(trace, with: type)
    }

    /// One run, without the determinism check.
    static func run<S: AvoidanceStrategy>(_ trace: Trace, with strategy: S.Type) -> ReplayReport {
        var world = SimulatedWorld(header: trace.header)
        var scrollView = world.initialScrollView(offset: trace.header.scrollView.contentOffset)
        var instance = S(world: world)
        var steps: [ReplayReport.Step] = []
        steps.reserveCapacity(trace.events.count)
        var duplicates = DuplicateDetector()
        var transitions = TransitionJudge()
        for (i, line) in trace.events.enumerated() {
            let wasVisible = world.isVisible
            transitions.arriving(line.event, world: world, scrollView: scrollView)
            // The system's own changes (a rotation's new frame) are not the
            // strategy's: judge the strategy against the state after them.
            world.apply(line.event, scrollView: &scrollView)
            let before = scrollView
            let outcome = instance.handle(line.event, world: world, scrollView: &scrollView)
            transitions.record(line.event, outcome: outcome, before: before, after: scrollView, world: world)
            let next = i + 1 < trace.events.count ? trace.events[i + 1].event : nil
            let judgement = Oracle.judge(
                event: line.event, isDuplicate: duplicates.isDuplicate(line.event), wasVisible: wasVisible,
                before: before, after: scrollView, world: world, atRest: Oracle.isAtRest(line.event, next: next)
            )
            steps.append(
                ReplayReport.Step(
                    line: line.line, outcome: outcome, contentInset: scrollView.contentInset,
                    indicatorInsets: scrollView.indicatorInsets, contentOffset: scrollView.contentOffset,
                    frame: scrollView.frame, violations: judgement.violations, unsatisfiable: judgement.unsatisfiable
                )
            )
        }
        transitions.finish(world: world, scrollView: scrollView)
        return ReplayReport(strategy: S.name, steps: steps, coveredFrames60: transitions.covered60, coveredFrames120: transitions.covered120)
    }
}
