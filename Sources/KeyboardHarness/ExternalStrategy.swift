import Foundation
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import ToolSupport

/// A strategy in any language: a program that speaks protocol v1 on its
/// stdin and stdout (docs/strategy-protocol.md), run with `/bin/sh -c`.
///
/// It is judged exactly as a Swift strategy is, on the same world and the
/// same `UIScrollView` model, with two differences (see
/// ``StrategyUnderTest``): I7 needs two instances and is not judged, and
/// its process can fail. A campaign runs one process per worker thread,
/// started when the worker first needs it and reused for every scenario
/// (`start` tells it to forget the previous one). Each exchange has a
/// deadline, ``stepTimeout``. A process that crashes, exits, hangs or
/// replies with something malformed is killed, and the replay throws an
/// ``ExternalStrategyError`` naming the trace line. ``shutDown()`` ends every
/// process (`end`, then SIGKILL after 5 s); so does the last copy of the
/// strategy going away.
public final class ExternalStrategy: @unchecked Sendable {
    /// The command, as given to `/bin/sh -c`.
    public let command: String
    /// Seconds an exchange (a message and its reply) may take: NaN and
    /// anything at most 0 allow no wait, anything above
    /// ``longestStepTimeout`` is taken as that.
    public let stepTimeout: Double
    /// The default step timeout.
    public static let defaultStepTimeout = 10.0
    /// The longest step timeout honoured, in seconds: an hour.
    public static let longestStepTimeout = 3600.0
    /// How a strategy named on the command line starts: `exec:COMMAND`.
    public static let prefix = "exec:"

    private let lock = NSLock()
    private var processes: [Int: ExternalProcess] = [:]

    public init(command: String, stepTimeout: Double = ExternalStrategy.defaultStepTimeout) {
        self.command = command
        self.stepTimeout = stepTimeout
    }

    deinit { shutDown() }

    /// The strategy as campaigns, replays and the shootout take it, named
    /// `exec:COMMAND`, judged on every scenario (scope: everything) and by
    /// the default promise (the field visible).
    public var underTest: StrategyUnderTest {
        StrategyUnderTest(
            name: Self.prefix + command, summary: "an external strategy: /bin/sh -c \(command)", scope: .everything,
            runner: ExternalRunner(strategy: self)
        )
    }

    /// `exec:COMMAND` as a strategy; nil for any other name.
    public static func named(_ name: String, stepTimeout: Double = defaultStepTimeout) -> ExternalStrategy? {
        guard name.hasPrefix(prefix), name.count > prefix.count else { return nil }
        return ExternalStrategy(command: String(name.dropFirst(prefix.count)), stepTimeout: stepTimeout)
    }

    /// Ends every process: `end`, up to 5 s to exit, then SIGKILL to its
    /// process group.
    public func shutDown() {
        let all = lock.withLock { () -> [ExternalProcess] in
            defer { processes = [:] }
            return Array(processes.values)
        }
        for p in all { p.finish() }
    }

    /// Worker `worker`'s process, started if needed.
    fileprivate func process(worker: Int) throws(ExternalStrategyError) -> ExternalProcess {
        if let p = lock.withLock({ processes[worker] }) { return p }
        let p = try ExternalProcess(command: command)
        lock.withLock { processes[worker] = p }
        return p
    }

    /// Forgets a failed process (it was killed), so the next use starts a
    /// new one.
    fileprivate func discard(worker: Int) {
        let p = lock.withLock { processes.removeValue(forKey: worker) }
        p?.kill()
    }

    /// Runs `body` with worker `worker`'s process; a failure discards it
    /// (kills it with everything it started, at once), so the next use
    /// starts a new one.
    fileprivate func withProcess<T>(worker: Int, _ body: (ExternalProcess) throws(ExternalStrategyError) -> T) throws(ExternalStrategyError) -> T {
        do {
            return try body(try process(worker: worker))
        } catch {
            discard(worker: worker)
            throw error
        }
    }
}

/// The runner behind ``ExternalStrategy/underTest``.
private struct ExternalRunner: StrategyRunner {
    let strategy: ExternalStrategy

    func promise(for header: TraceHeader) -> VisibilityPromise { .visible }

    func replay(_ trace: Trace, worker: Int, readings: WorldReadings) throws -> ReplayReport {
        try strategy.withProcess(worker: worker) { process throws(ExternalStrategyError) in
            try TraceReplayer.replay(trace, named: ExternalStrategy.prefix + strategy.command, promise: .visible, twin: false, readings: readings) {
                _ throws(ExternalStrategyError) in try ExternalSession(process, trace: trace, timeout: strategy.stepTimeout)
            }
        }
    }

    func verdict(in trace: Trace, worker: Int, readings: WorldReadings) throws -> Verdict {
        try strategy.withProcess(worker: worker) { process throws(ExternalStrategyError) in
            try TraceJudge.verdict(trace, promise: .visible, twin: false, readings: readings) {
                _ throws(ExternalStrategyError) in try ExternalSession(process, trace: trace, timeout: strategy.stepTimeout)
            }
        }
    }

    /// `exec-NAME-HASH`: NAME is the file name of the command's last word
    /// (`cookbook.py` for `python3 Examples/exec-strategy/cookbook.py`),
    /// with any character but letters, digits, `.`, `_` and `-` made `-`;
    /// HASH is 8 hex digits of the whole command (FNV-1a), so two commands
    /// never share a state file.
    func fileStem(_ name: String) -> String {
        let last = strategy.command.split(separator: " ").last.map(String.init) ?? "command"
        let file = FilePaths.name(of: last)
        let safe = String(
            file.unicodeScalars.map { c -> Character in
                c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "." || c == "_" || c == "-") ? Character(c) : "-"
            }.prefix(40))
        return "exec-\(safe)-" + Counterexample.hash(strategy.command)
    }
}

/// One scenario in an external process: `start` on creation, one exchange
/// per event. It does not own the process: any error it throws reaches
/// ``ExternalStrategy/withProcess(worker:_:)``, which kills the process.
private struct ExternalSession: StrategySession {
    let process: ExternalProcess
    let trace: Trace
    let timeout: Double

    init(_ process: ExternalProcess, trace: Trace, timeout: Double) throws(ExternalStrategyError) {
        self.process = process
        self.trace = trace
        self.timeout = timeout
        let reply = try process.exchange(StrategyProtocol.start(trace.header), timeout: timeout, line: nil)
        do { try StrategyProtocol.readReady(reply) } catch {
            throw ExternalStrategyError(.malformedReply, line: nil, "the reply to start: \(error.message)")
        }
    }

    func handle(_ event: TraceEvent, line: Int, world: SimulatedWorld, scrollView: inout ScrollViewModel) throws(ExternalStrategyError) -> StepOutcome
    {
        let message = StrategyProtocol.event(event, line: line, in: trace, world: world, scrollView: scrollView)
        let reply = try process.exchange(message, timeout: timeout, line: line)
        let ops: StrategyProtocol.Ops
        do { ops = try StrategyProtocol.readOps(reply) } catch {
            throw ExternalStrategyError(.malformedReply, line: line, "the reply to the event: \(error.message)")
        }
        for op in ops.operations { op.apply(to: &scrollView) }
        return ops.operations.isEmpty
            ? StepOutcome(action: .ignore, reason: .noOps, animation: ops.animation)
            : StepOutcome(action: .apply, animation: ops.animation)
    }
}
