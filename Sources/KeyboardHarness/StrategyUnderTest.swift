import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// A strategy chosen at run time, as campaigns, replays and the shootout
/// take it: a Swift ``AvoidanceStrategy`` type (built in, or a team's own),
/// or a program in another language speaking the external-strategy protocol
/// (`KeyboardHarness`'s `ExternalStrategy`).
///
/// Every way of running a strategy goes through here, so an external one is
/// judged exactly as a Swift one is. Two differences only: I7
/// (determinism) needs two instances in lockstep, which a Swift strategy
/// has and a single external process has not, so I7 is judged for Swift
/// strategies only; and only an external strategy can fail (crash, hang,
/// reply with nonsense), which ends the replay with its error.
public struct StrategyUnderTest: Sendable {
    /// The name reports, counterexample files and replay lines use.
    public let name: String
    /// One line on what the strategy is.
    public let summary: String
    /// Where it is judged (see ``StrategyScope``).
    public let scope: StrategyScope
    /// The behaviours it documents as chosen (see ``DocumentedChoice``);
    /// none for an external strategy.
    public let documentedChoices: [DocumentedChoice]
    package let runner: any StrategyRunner

    /// A Swift strategy: the catalog's, or a team's own type.
    public init<S: AvoidanceStrategy>(_ strategy: S.Type) {
        self.init(name: S.name, summary: S.summary, scope: S.scope, documentedChoices: S.documentedChoices, runner: InProcessRunner<S>())
    }

    package init(
        name: String, summary: String, scope: StrategyScope, documentedChoices: [DocumentedChoice] = [], runner: any StrategyRunner
    ) {
        self.name = name
        self.summary = summary
        self.scope = scope
        self.documentedChoices = documentedChoices
        self.runner = runner
    }

    /// The I2 promise it is judged by for a trace with `header`.
    public func promise(for header: TraceHeader) -> VisibilityPromise { runner.promise(for: header) }

    /// Replays `trace` and judges every step, the world reading unsettled
    /// rules as `readings` says. Only an external strategy throws (its
    /// process failed, or replied with something malformed).
    public func replay(_ trace: Trace, readings: WorldReadings = .standard) throws -> ReplayReport {
        try runner.replay(trace, worker: 0, readings: readings)
    }

    /// A name safe in a file name: the name itself for Swift strategies.
    public var fileStem: String { runner.fileStem(name) }
}

/// How a ``StrategyUnderTest`` runs. `worker` says which of a campaign's
/// threads is calling (0 ..< jobs): an external strategy keeps one process
/// per worker, so calls with different workers may run concurrently, and
/// calls with the same worker never do.
package protocol StrategyRunner: Sendable {
    func promise(for header: TraceHeader) -> VisibilityPromise
    /// Every step, judged (I7 only where ``judgesDeterminism``), the world
    /// reading unsettled rules as `readings` says.
    func replay(_ trace: Trace, worker: Int, readings: WorldReadings) throws -> ReplayReport
    /// What a fuzz run needs: the verdict, with nothing stored per step.
    func verdict(in trace: Trace, worker: Int, readings: WorldReadings) throws -> Verdict
    /// A name safe in a file name.
    func fileStem(_ name: String) -> String
}

/// A Swift strategy's runner: the replayer specialized for its type.
struct InProcessRunner<S: AvoidanceStrategy>: StrategyRunner {
    func promise(for header: TraceHeader) -> VisibilityPromise { S.promise(for: header) }
    func replay(_ trace: Trace, worker: Int, readings: WorldReadings) -> ReplayReport {
        TraceReplayer.replay(trace, with: S.self, readings: readings)
    }
    func verdict(in trace: Trace, worker: Int, readings: WorldReadings) -> Verdict { S.verdict(in: trace, readings: readings) }
    func fileStem(_ name: String) -> String { name }
}

extension StrategyCatalog {
    /// The catalog's strategies as ``StrategyUnderTest`` values.
    public static var allUnderTest: [StrategyUnderTest] { all.map { StrategyUnderTest($0) } }
}
