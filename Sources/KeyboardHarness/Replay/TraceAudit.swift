import KeyboardJSON
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// Judges what an app was observed to do: the trace's events replayed
/// through the simulated world, and after each one the scroll view set to
/// the state the trace observed (``TraceLine/observed``) in place of a
/// strategy's reply, then judged by the ``Oracle`` as a replay is.
///
/// What an audit cannot judge, and so never reports:
/// - I7 (determinism): a recording holds one run of the app's code, and I7
///   compares two;
/// - covered frames: an observed state is where the app's code left the
///   scroll view, not how it animated there.
///
/// Each step's action is read off the change: `ignore` (reason
/// `observedUnchanged`) when the scroll view is as it was before the event
/// (the world's own changes included), `restore` when the app's own layout
/// is back, `apply` otherwise.
///
/// Property: for a trace `t` and a strategy `S`, auditing
/// `TraceAudit.observing(replay of t with S, in: t)` with `S`'s promise
/// reports the same scroll views, violations (I7 aside), unsatisfiable
/// steps and hidden fields, step by step, as the replay did; wherever
/// `observing` accepts the replay (see there).
public enum TraceAudit {
    /// The name an audit's report gives as its strategy.
    public static let strategyName = "observed"

    /// Audits `trace` (read from `file`, which errors name) against
    /// `promise`. Throws when no event holds an observed scroll view (line
    /// 0: the file as a whole), or naming the first event line that lacks
    /// one: every step is judged on what was seen, never on a guess.
    public static func audit(_ trace: Trace, file: String, promise: VisibilityPromise) throws(MalformedInput) -> ReplayReport {
        guard trace.events.contains(where: { $0.observed != nil }) else {
            throw MalformedInput(
                file: file, line: 0, key: "observed",
                problem: .inconsistent("no event holds an observed scroll view, so there is nothing to audit (docs/trace-format.md)")
            )
        }
        if let unobserved = trace.events.first(where: { $0.observed == nil }) {
            throw MalformedInput(file: file, line: unobserved.line, key: "observed", problem: .missingKey)
        }
        return TraceReplayer.replay(
            trace, named: strategyName, promise: promise, twin: false, transitions: false,
            session: { _ in ObservedSession(lines: trace.events) }
        )
    }

    /// `trace` (read from `file`) with each event's observed scroll view
    /// taken from `report`, a replay of that trace: what `kbbench replay
    /// --write-observed` writes. Truth and everything else are kept;
    /// observations the trace already held are replaced.
    ///
    /// Throws, naming the line and key, when the strategy left a state no
    /// device reports (``ObservedScrollView/unrecordableValue``: a
    /// non-finite value, or a frame of negative size, as a recipe makes by
    /// taking a keyboard's height off a shorter view): such a trace would
    /// not read back.
    ///
    /// - Precondition: `report` has one step per event of `trace`, on the
    ///   same lines (a replay of this very trace).
    public static func observing(_ report: ReplayReport, in trace: Trace, file: String) throws(MalformedInput) -> Trace {
        precondition(report.steps.count == trace.events.count, "the report is not a replay of this trace")
        var observed = trace
        for (i, step) in report.steps.enumerated() {
            precondition(step.line == trace.events[i].line, "the report is not a replay of this trace")
            if let bad = step.after.unrecordableValue {
                throw MalformedInput(
                    file: file, line: step.line, key: "observed." + bad.key,
                    problem: .inconsistent(
                        "\(report.strategy) left \(JSONWriter.format(bad.value)) here, which no device reports: an observed trace cannot hold it"
                    )
                )
            }
            observed.events[i].observed = step.after
        }
        return observed
    }
}

/// The app's code as the trace observed it: each event's observed state,
/// in order, set on the scroll view.
private struct ObservedSession: StrategySession {
    let lines: [TraceLine]
    var next = 0

    mutating func handle(_ event: TraceEvent, line: Int, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard next < lines.count, let observed = lines[next].observed else { return .ignored(.observedUnchanged) }
        next += 1
        let before = scrollView
        scrollView.take(observed)
        if scrollView == before { return .ignored(.observedUnchanged) }
        return StepOutcome(action: scrollView.isRestored(to: world) ? .restore : .apply)
    }
}
