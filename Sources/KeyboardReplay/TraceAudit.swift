import KeyboardAvoidance
import KeyboardGeometry
import KeyboardJSON
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// Judges what an app was observed to do: the trace's events replayed
/// through the simulated world, and after each one the scroll view set to
/// the state the trace observed (``TraceLine/observed``) in place of a
/// strategy's reply, then judged by the ``Oracle`` as a replay is.
///
/// What an audit cannot judge, and so never reports: I7 (determinism), as
/// a recording holds one run of the app's code and I7 compares two. Covered
/// frames are counted from the observed motions (``ObservedSample``); an
/// animation in which the app moved the field without samples is not
/// counted (``ReplayReport/unjudgedBursts``), since a state after an event
/// does not say how the app got there.
///
/// Each step's action is read off the change: `ignore` (reason
/// `observedUnchanged`) when the scroll view is as it was before the event
/// (the world's own changes included), `restore` when the app's own layout
/// is back, `apply` otherwise.
///
/// Property (``AuditRoundTrip``, checked on generated scenarios): for a
/// trace `t` and a strategy `S`, auditing `TraceAudit.observing(replay of t
/// with S, in: t, promise: S's)`, written and read back, by the promise it
/// states reports the same scroll views, violations (I7 aside),
/// unsatisfiable steps and hidden fields, step by step, and the same
/// covered frames, as the replay did; wherever `observing` accepts the
/// replay (see there).
public enum TraceAudit {
    /// The name an audit's report gives as its strategy.
    public static let strategyName = "observed"

    /// Audits `trace` (read from `file`, which errors name) against
    /// `promise`. Throws when no event holds an observed scroll view (line
    /// 0: the file as a whole), or naming the first event line that lacks
    /// one: every step is judged on what was seen, never on a guess.
    public static func audit(_ trace: Trace, file: String, promise: VisibilityPromise) throws(MalformedInput) -> ReplayReport {
        guard trace.events.contains(where: { trace.observed($0) != nil }) else {
            throw MalformedInput(
                file: file, line: 0, key: "observed",
                problem: .inconsistent("no event holds an observed scroll view, so there is nothing to audit (docs/trace-format.md)")
            )
        }
        if let unobserved = trace.events.first(where: { trace.observed($0) == nil }) {
            throw MalformedInput(file: file, line: unobserved.line, key: "observed", problem: .missingKey)
        }
        return TraceReplayer.replay(
            trace, named: strategyName, promise: promise, twin: false, observedMotion: true,
            session: { _ in ObservedSession(trace: trace) }
        )
    }

    /// The promise an audit of `trace` judges by unless told otherwise: the
    /// one the trace states (``TraceHeader/promise``), else its policy's
    /// (``VisibilityPromise/init(policy:)``), with `stated` false.
    public static func promise(of trace: Trace) -> (promise: VisibilityPromise, stated: Bool) {
        trace.header.promise.map { ($0, true) } ?? (VisibilityPromise(policy: trace.header.policy), false)
    }

    /// `trace` (read from `file`) with each event's observed scroll view
    /// taken from `report`, a replay of that trace by a strategy that made
    /// `promise`: what `kbbench replay --write-observed` writes. The header
    /// states the promise (``TraceHeader/promise``), so that an audit judges
    /// by the one the replay judged by. Truth and everything else are kept;
    /// observations and motions the trace already held are replaced.
    ///
    /// Where a keyboard notification moved the field, the state carries the
    /// samples of that motion (``ObservedSample``), as a recording on a
    /// device would: 120 per second along the strategy's animation (its
    /// curve, up to 60 s), or one at 0 s for a change made at once. An
    /// animation of non-finite duration gets none (it never progresses, and
    /// no sample can say so), so an audit leaves its burst uncounted.
    ///
    /// A frame of negative size (a recipe taking a keyboard's height off a
    /// shorter view) is written standardized, as ``ObservedScrollView``
    /// holds every rect. Throws, naming the line and key, when the strategy
    /// left a state no device reports (``ObservedScrollView/unrecordableValue``:
    /// a non-finite value): such a trace would not read back.
    ///
    /// - Precondition: `report` has one step per event of `trace`, on the
    ///   same lines (a replay of this very trace).
    public static func observing(
        _ report: ReplayReport, in trace: Trace, promise: VisibilityPromise, file: String
    ) throws(MalformedInput) -> Trace {
        precondition(report.steps.count == trace.events.count, "the report is not a replay of this trace")
        var observed = trace
        observed.header.promise = promise
        observed.motions = []
        observed.observations = []
        // A keyboard notification leaves the scroll view as the step before
        // left it (only layout events move it by themselves).
        var previous = WorldReplay(trace).scrollView.observed(layoutSafeArea: trace.header.scrollView.safeArea)
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
            var after = step.after
            after.motion = nil
            if case .keyboard = trace.events[i].event, let samples = samples(from: previous, to: after, animation: step.outcome.animation) {
                observed.motions.append(samples)
                after.motion = observed.motions.count - 1
            }
            observed.setObserved(after, atEvent: i)
            previous = step.after
        }
        return observed
    }

    /// The samples of a change from `before` to `after` made with
    /// `animation`, read as the transition judge reads a strategy's: none
    /// when the frame and offset did not change; none when the duration is
    /// NaN or +∞ (the change never progresses, which no sample can say);
    /// one at 0 s for a change made at once (no animation, or a duration of
    /// 0 or less).
    static func samples(from before: ObservedScrollView, to after: ObservedScrollView, animation: StrategyAnimation?) -> [ObservedSample]? {
        guard before.frame != after.frame || before.contentOffset != after.contentOffset else { return nil }
        let duration = animation?.duration ?? 0
        guard !duration.isNaN, duration != .infinity else { return nil }
        guard let animation, duration > 0 else { return [ObservedSample(time: 0, frame: after.frame, contentOffset: after.contentOffset)] }
        let hz = 120.0, span = Swift.min(animation.duration, InputLimits.maximumDuration)
        var samples: [ObservedSample] = []
        var k = 1.0
        while true {
            let t = Swift.min(k / hz, span)
            let p = animation.curve.progress(t / animation.duration)
            func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
            samples.append(
                ObservedSample(
                    time: t,
                    frame: KBRect(
                        x: mix(before.frame.minX, after.frame.minX), y: mix(before.frame.minY, after.frame.minY),
                        width: mix(before.frame.width, after.frame.width), height: mix(before.frame.height, after.frame.height)),
                    contentOffset: KBPoint(
                        x: mix(before.contentOffset.x, after.contentOffset.x), y: mix(before.contentOffset.y, after.contentOffset.y))
                ))
            if t >= span { return samples }
            k += 1
        }
    }
}

/// The app's code as the trace observed it: each event's observed state,
/// in order, set on the scroll view.
private struct ObservedSession: StrategySession {
    let trace: Trace
    var next = 0

    mutating func handle(_ event: TraceEvent, line: Int, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard next < trace.events.count, let observed = trace.observed(trace.events[next]) else { return .ignored(.observedUnchanged) }
        next += 1
        let before = scrollView
        scrollView.take(observed, layoutSafeArea: world.ownScrollView.safeArea)
        if scrollView == before { return .ignored(.observedUnchanged) }
        return StepOutcome(action: scrollView.isRestored(to: world) ? .restore : .apply)
    }
}
