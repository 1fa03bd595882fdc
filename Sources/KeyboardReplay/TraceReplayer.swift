import KeyboardAvoidance
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// Replays a trace with a strategy against the simulated world, judging
/// every step with the ``Oracle``.
public enum TraceReplayer {
    /// Replays `trace` with a strategy type. Two instances of the strategy
    /// run in lockstep on the same events, each on its own scroll view; the
    /// first step where they disagree is an I7 (determinism) violation.
    /// The world reads unsettled rules as `readings` says.
    public static func replay<S: AvoidanceStrategy>(_ trace: Trace, with strategy: S.Type, readings: WorldReadings = .standard) -> ReplayReport {
        replay(trace, named: S.name, promise: S.promise(for: trace.header), twin: true, readings: readings, session: InProcessSession<S>.init)
    }

    /// Replays `trace` with the sessions `session` makes for a world: one,
    /// or two in lockstep when `twin` is set (I7 is judged only then).
    /// Covered frames follow the observed motions with `observedMotion`
    /// (see `TraceJudge`). The first failure of a session ends the replay.
    package static func replay<Session: StrategySession>(
        _ trace: Trace, named name: String, promise: VisibilityPromise, twin: Bool, observedMotion: Bool = false,
        readings: WorldReadings = .standard, session: (SimulatedWorld) throws(Session.Failure) -> Session
    ) throws(Session.Failure) -> ReplayReport {
        var steps: [ReplayReport.Step] = []
        steps.reserveCapacity(trace.events.count)
        let pass = try TraceJudge.judge(
            trace, promise: promise, twin: twin, observedMotion: observedMotion, readings: readings, session: session
        ) {
            steps.append(ReplayReport.Step(line: $0, outcome: $1, after: $2, judgement: $3))
        }
        return ReplayReport(
            strategy: name, steps: steps, coveredFrames60: pass.covered60, coveredFrames120: pass.covered120, unjudgedBursts: pass.unjudgedBursts)
    }

    /// Replays `trace` with the strategy named `name` (see
    /// ``StrategyCatalog``); nil for an unknown name.
    public static func replay(_ trace: Trace, strategyNamed name: String) -> ReplayReport? {
        guard let type = StrategyCatalog.strategy(named: name) else { return nil }
        return replay(trace, with: type)
    }
}
