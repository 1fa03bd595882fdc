import KeyboardAvoidance
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// A way of handling the keyboard, run by the harness against the simulated
/// world: the engine, or what it replaces.
///
/// A strategy sees exactly what an app sees (the event, and the world's
/// layout) and changes only the scroll view. Adding a strategy is one file
/// conforming to this protocol plus a line in ``StrategyCatalog``; the
/// tests, the shootout, the audit's round trip and the benchmarks read the
/// catalog, and `KBBENCH_UPDATE_GOLDEN=1 swift test` regenerates every pin
/// that shows it (docs/pins.md). Its sources go in docs/sources.md, and the
/// explanation of its non-zero cells in docs/shootout.md.
public protocol AvoidanceStrategy: Sendable {
    /// The name used on the command line and in reports.
    static var name: String { get }
    /// One line on what the strategy is, for reports and `--help`. The
    /// default is the name.
    static var summary: String { get }
    /// Where its authors meant it to run; the shootout judges it there only.
    /// The default is ``StrategyScope/everything``.
    static var scope: StrategyScope { get }
    /// The behaviours its source or documentation says it chose, which the
    /// shootout tells apart from its bugs (``DocumentedChoice``). The
    /// default is none.
    static var documentedChoices: [DocumentedChoice] { get }
    /// What it promises about the focused field in a trace with `header`:
    /// the I2 it is judged by. The default is
    /// ``VisibilityPromise/visible``: scrolled into view, no distance.
    static func promise(for header: TraceHeader) -> VisibilityPromise
    /// A strategy freshly set up for a trace's world.
    init(world: SimulatedWorld)
    /// Handles one event (the world already reflects it) and says what it
    /// did.
    mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome
    /// The oracle's verdict on this strategy over `trace`, I7 included: a
    /// fuzz run's verdict (see ``TraceJudge``). Strategies keep the default.
    ///
    /// A requirement rather than only an extension method so that a call
    /// through `any AvoidanceStrategy.Type` (a campaign's strategy, chosen by
    /// name) runs the replayer compiled for the concrete strategy, with its
    /// `handle` inlined, instead of the unspecialized generic replayer that
    /// calls `handle` through the witness table and copies the world for
    /// every call.
    static func verdict(in trace: Trace, readings: WorldReadings) -> Verdict
}

extension AvoidanceStrategy {
    public static var summary: String { name }

    public static var scope: StrategyScope { .everything }

    public static var documentedChoices: [DocumentedChoice] { [] }

    public static func promise(for header: TraceHeader) -> VisibilityPromise { .visible }

    public static func verdict(in trace: Trace, readings: WorldReadings) -> Verdict {
        TraceJudge.verdict(trace, promise: promise(for: trace.header), twin: true, readings: readings, session: InProcessSession<Self>.init)
    }

    /// The verdict under the standard readings (``WorldReadings/standard``).
    public static func verdict(in trace: Trace) -> Verdict { verdict(in: trace, readings: .standard) }
}
