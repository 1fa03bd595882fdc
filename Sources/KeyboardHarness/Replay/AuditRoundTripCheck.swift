import KeyboardTrace
import ToolSupport

/// The audit's round trip (``AuditRoundTrip``) held on generated scenarios,
/// as a property: for each of `scenarios` scenarios of `seed`
/// (``AuditScenarios``, varied as recordings vary) and each strategy, the
/// audit of what the strategy did must report what its replay reported.
/// Every strategy is held to it on every scenario, outside its scope too:
/// the round trip is the audit's property, not the strategy's.
///
/// The first disagreement of each strategy is shrunk like a fuzz
/// counterexample (``Shrinker``: the same scenario variation applied to
/// every candidate) to a trace on which the round trip still disagrees, and
/// saved in `failures` as `audit-STRATEGY-seedS-INDEX.kbtrace`: `kbbench
/// replay --strategy STRATEGY --write-observed OUT` on it, then `kbbench
/// audit OUT`, shows the difference.
package struct AuditRoundTripCheck: Sendable {
    package var strategies: [StrategyUnderTest]
    package var seed: UInt64
    package var scenarios: Int
    /// Where shrunk disagreements are saved; nil saves nothing.
    package var failures: String?

    package init(strategies: [StrategyUnderTest], seed: UInt64, scenarios: Int, failures: String? = nil) {
        self.strategies = strategies
        self.seed = seed
        self.scenarios = scenarios
        self.failures = failures
    }

    /// One strategy's first disagreement, shrunk.
    package struct Disagreement: Sendable {
        package var strategy: String
        /// The scenario it was found in.
        package var scenario: Int
        /// Where the shrunk trace parts, as first found.
        package var difference: AuditRoundTrip.Difference
        /// Where the shrunk trace parts (what a reader replays).
        package var shrunkDifference: AuditRoundTrip.Difference?
        package var trace: Trace
        /// The saved file, empty when nothing was saved.
        package var path: String
    }

    /// What a check found.
    package struct Result: Sendable {
        /// Scenarios checked (each with every strategy).
        package var scenarios = 0
        /// Steps compared, over every scenario and strategy.
        package var steps = 0
        /// Scenario × strategy pairs that disagreed.
        package var disagreeing = 0
        package var disagreements: [Disagreement] = []
        /// True when a stop came before the last scenario.
        package var interrupted = false
    }

    /// Runs the check; stops at the next scenario when `stopRequested` says
    /// so. Only an external strategy throws (its process failed), with the
    /// scenario named; a save that fails throws too.
    package func run(stopRequested: () -> Bool = { false }, progress: (RunProgress) -> Void = { _ in }) throws(HarnessError) -> Result {
        var result = Result()
        var found = Set<String>()
        for index in 0..<scenarios {
            if stopRequested() {
                result.interrupted = true
                break
            }
            let (scenario, trace) = AuditScenarios.scenario(seed: seed, index: index)
            for strategy in strategies {
                let difference: AuditRoundTrip.Difference?
                do { difference = try AuditRoundTrip.difference(trace, strategy: strategy) } catch {
                    throw .strategyFailed(context: "audit round trip, scenario \(index) of seed \(seed)", underlying: error)
                }
                result.steps += trace.events.count
                guard let difference else { continue }
                result.disagreeing += 1
                guard !found.contains(strategy.name) else { continue }
                found.insert(strategy.name)
                result.disagreements.append(try shrunk(difference, scenario: scenario, index: index, strategy: strategy))
            }
            result.scenarios += 1
            progress(RunProgress(scenarios: index + 1, target: scenarios, notifications: result.steps, violations: result.disagreeing))
        }
        return result
    }

    /// The file a strategy's shrunk disagreement is saved under.
    package func fileName(strategy: StrategyUnderTest, index: Int) -> String {
        "audit-\(strategy.fileStem)-seed\(seed)-\(index).kbtrace"
    }

    private func shrunk(
        _ difference: AuditRoundTrip.Difference, scenario: Scenario, index: Int, strategy: StrategyUnderTest
    ) throws(HarnessError) -> Disagreement {
        let trace: Trace
        let shrunkDifference: AuditRoundTrip.Difference?
        do {
            trace = try Shrinker.shrink(scenario, prepare: { AuditScenarios.varied($0, seed: seed, index: index) }) {
                try AuditRoundTrip.difference($0, strategy: strategy) != nil
            }
            shrunkDifference = try AuditRoundTrip.difference(trace, strategy: strategy)
        } catch {
            throw .strategyFailed(context: "shrinking scenario \(index) of seed \(seed) for the audit round trip", underlying: error)
        }
        var path = ""
        if let failures {
            path = FilePaths.file(fileName(strategy: strategy, index: index), in: failures)
            try TraceFiles.write(TraceWriter.text(trace), to: path)
        }
        return Disagreement(
            strategy: strategy.name, scenario: index, difference: difference, shrunkDifference: shrunkDifference, trace: trace, path: path)
    }
}
