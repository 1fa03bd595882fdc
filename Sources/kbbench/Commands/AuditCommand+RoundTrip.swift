import SystemPackage
import ArgumentParser
import KeyboardGeneration
import KeyboardHarness
import KeyboardJSON
import KeyboardStrategies
import ToolSupport

extension AuditCommand {
    /// `audit --round-trip`: the audit held against the replay on generated
    /// scenarios (``AuditRoundTripCheck``), each strategy's first
    /// disagreement shrunk and saved.
    func checkRoundTrip() throws {
        let seed = seedOption.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let scenarios = self.scenarios ?? 2_000
        let external = with.compactMap { ExternalStrategy.named($0, stepTimeout: stepTimeout) }
        defer { external.forEach { $0.shutDown() } }
        let strategies = StrategyCatalog.allUnderTest + external.map(\.underTest)
        try reportingErrors {
            if failures == FuzzCommand.defaultFailures { try ToolFiles.makeFolder(".kbbench") }
            try ToolFiles.makeFolder(failures)
        }
        let split = (shard == .whole ? "" : ", shard \(shard)") + (jobs > 1 ? ", \(jobs) jobs" : "")
        let intro = "audit round trip: seed \(seed), \(scenarios) scenarios\(split), \(strategies.count) strategies"
        if json { printError(intro) } else { print(intro) }
        let check = AuditRoundTripCheck(strategies: strategies, seed: seed, scenarios: scenarios, shard: shard, jobs: jobs, failures: failures)
        var display = status.display("audit round trip")
        let result: AuditRoundTripCheck.Result
        do {
            result = try Interrupt.catching { () throws(HarnessError) in
                try check.run(stopRequested: { Interrupt.isPending }) { display.update($0, problem: "disagreement") }
            }
        } catch {
            display.finish()
            try reportingErrors { throw KbbenchError.harness(error) }
            return
        }
        display.finish()
        let summary = check.summary(result)
        print(json ? JSONWriter.string(summary.json) : Self.text(summary))
        if result.interrupted {
            try reportingErrors { throw KbbenchError.interrupted("after \(result.scenarios) of \(scenarios) scenarios") }
        }
        if !result.disagreements.isEmpty { throw ExitStatus.violation }
    }

    /// What `audit --round-trip` prints, and `merge` for shards put
    /// together.
    static func text(_ summary: RoundTripSummary) -> String {
        var out =
            "\(summary.scenarios) scenarios × \(summary.strategies.count) strategies, \(summary.steps) steps compared: "
            + (summary.disagreeing == 0 ? "the audit agrees with every replay" : "\(summary.disagreeing) disagreeing")
        for d in summary.disagreements {
            out += "\n\(d.strategy), scenario \(d.scenario): \(d.difference)"
            out += "\n  shrunk to \(d.events) events" + (d.shrunkDifference.map { " (\($0))" } ?? "")
            if !d.trace.isEmpty {
                out +=
                    ": \(d.trace)\n  see it: kbbench replay --strategy \(FuzzCommand.shellQuoted(d.strategy)) --write-observed OUT \(FuzzCommand.shellQuoted(d.trace)) && kbbench audit OUT"
            }
        }
        return out
    }
}

extension AuditCommand {
    /// `audit --round-trip TRACE…`: the same round trip on given traces, as
    /// they are (no variation, no shrinking: the file is the reproduction).
    /// Every trace is read first, so a malformed one prints nothing partial.
    func checkRoundTrip(traces files: [FilePath]) throws {
        let external = with.compactMap { ExternalStrategy.named($0, stepTimeout: stepTimeout) }
        defer { external.forEach { $0.shutDown() } }
        let strategies = StrategyCatalog.allUnderTest + external.map(\.underTest)
        var traces: [(path: FilePath, trace: Trace)] = []
        try reportingErrors { for path in files { traces.append((path, try ToolFiles.trace(path))) } }
        let intro = "audit round trip: \(Plural.count(traces.count, "trace")), \(strategies.count) strategies"
        if json { printError(intro) } else { print(intro) }
        var display = status.display("audit round trip")
        var steps = 0, disagreements: [(path: FilePath, strategy: String, difference: AuditRoundTrip.Difference)] = []
        var judged = 0
        do {
            try Interrupt.catching { () throws(HarnessError) in
                for (path, trace) in traces {
                    if Interrupt.isPending { return }
                    for strategy in strategies {
                        let difference: AuditRoundTrip.Difference?
                        do { difference = try AuditRoundTrip.difference(trace, strategy: strategy) } catch {
                            throw .strategyFailed(context: "audit round trip of \(path)", underlying: error)
                        }
                        steps += trace.events.count
                        if let difference { disagreements.append((path, strategy.name, difference)) }
                    }
                    judged += 1
                    display.update(
                        RunProgress(scenarios: judged, target: traces.count, notifications: steps, violations: disagreements.count),
                        unit: "traces", problem: "disagreement")
                }
            }
        } catch {
            display.finish()
            try reportingErrors { throw KbbenchError.harness(error) }
            return
        }
        display.finish()
        let interrupted = judged < traces.count
        if json {
            print(
                JSONWriter.string(
                    .object([
                        ("schemaVersion", .integer(1)), ("kind", .string("kbbench-audit-round-trip")), ("traces", .integer(judged)),
                        ("strategies", .array(strategies.map { .string($0.name) })), ("steps", .integer(steps)),
                        ("disagreeing", .integer(disagreements.count)),
                        (
                            "disagreements",
                            .array(
                                disagreements.map { d in
                                    .object([
                                        ("strategy", .string(d.strategy)), ("trace", .string(d.path.string)),
                                        ("difference", .string(d.difference.description)),
                                    ])
                                })
                        ),
                        ("interrupted", .bool(interrupted)),
                    ])))
        } else {
            var out =
                "\(Plural.count(judged, "trace")) × \(strategies.count) strategies, \(steps) steps compared: "
                + (disagreements.isEmpty ? "the audit agrees with every replay" : "\(disagreements.count) disagreeing")
            for d in disagreements {
                out += "\n\(d.path) with \(d.strategy): \(d.difference)"
                out +=
                    "\n  see it: kbbench replay --strategy \(FuzzCommand.shellQuoted(d.strategy)) --write-observed OUT \(FuzzCommand.shellQuoted(d.path.string)) && kbbench audit OUT"
            }
            print(out)
        }
        if interrupted { try reportingErrors { throw KbbenchError.interrupted("after \(judged) of \(traces.count) traces") } }
        if !disagreements.isEmpty { throw ExitStatus.violation }
    }
}
