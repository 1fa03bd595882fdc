import Foundation
import KeyboardGeneration
import KeyboardScenarios
import KeyboardSearch
import KeyboardTrace
import SystemPackage
import ToolSupport

/// The audit's round trip (``AuditRoundTrip``) held on generated scenarios,
/// as a property: for each of `scenarios` scenarios of `seed`
/// (``AuditScenarios``, varied as recordings vary) and each strategy, the
/// audit of what the strategy did must report what its replay reported.
/// Every strategy is held to it on every scenario, outside its scope too:
/// the round trip is the audit's property, not the strategy's.
///
/// `shard` (`i/n`) checks scenarios `i, i+n, i+2n, …` of the seed, so that
/// shards of one seed never repeat each other and, merged, equal one run of
/// `n` times as many scenarios. `jobs` threads check scenarios at once (an
/// external strategy runs one process per thread); what is found is the same
/// whatever their number: the scenarios are taken in index order.
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
    /// The scenarios this shard checks.
    package var scenarios: Int
    package var shard: Shard
    package var jobs: Int
    /// Where shrunk disagreements are saved; nil saves nothing.
    package var failures: FilePath?

    package init(strategies: [StrategyUnderTest], seed: UInt64, scenarios: Int, shard: Shard = .whole, jobs: Int = 1, failures: FilePath? = nil) {
        self.strategies = strategies
        self.seed = seed
        self.scenarios = scenarios
        self.shard = shard
        self.jobs = jobs
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
        /// The saved file, nil when nothing was saved.
        package var path: FilePath?
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
    /// so (a batch cut into is dropped whole, as a fuzz campaign's is). Only
    /// an external strategy throws (its process failed), with the scenario
    /// named; a save that fails throws too.
    package func run(stopRequested: @Sendable () -> Bool = { false }, progress: (RunProgress) -> Void = { _ in }) throws(HarnessError) -> Result {
        var result = Result()
        var found = Set<String>()
        var k = 0
        while k < scenarios {
            if stopRequested() {
                result.interrupted = true
                break
            }
            let count = Swift.min(Self.batchSize * jobs, scenarios - k)
            guard let batch = try checkBatch(from: k, count: count, stopRequested: stopRequested) else {
                result.interrupted = true
                break
            }
            // In index order: the first disagreement of each strategy is
            // the same whatever the number of jobs.
            for checked in batch {
                for (strategy, difference) in zip(strategies, checked.differences) {
                    result.steps += checked.trace.events.count
                    guard let difference else { continue }
                    result.disagreeing += 1
                    guard !found.contains(strategy.name) else { continue }
                    found.insert(strategy.name)
                    result.disagreements.append(try shrunk(difference, scenario: checked.scenario, index: checked.index, strategy: strategy))
                }
                result.scenarios += 1
            }
            k += count
            progress(RunProgress(scenarios: k, target: scenarios, notifications: result.steps, violations: result.disagreeing))
        }
        return result
    }

    /// Scenarios per worker in a batch.
    static let batchSize = 16

    /// One scenario checked with every strategy.
    struct Checked: Sendable {
        var index: Int
        var scenario: Scenario
        var trace: Trace
        var differences: [AuditRoundTrip.Difference?]
    }

    /// Checks the shard's scenarios `first ..< first + count` on `jobs`
    /// workers (``StridedBatch``); nil when a stop came first.
    private func checkBatch(from first: Int, count: Int, stopRequested: @Sendable () -> Bool) throws(HarnessError) -> [Checked]? {
        let check = { @Sendable (k: Int, worker: Int) throws(HarnessError) -> Checked in
            let index = shard.scenarioIndex(k)
            let (scenario, trace) = AuditScenarios.scenario(seed: seed, index: index)
            var differences: [AuditRoundTrip.Difference?] = []
            for strategy in strategies {
                do { differences.append(try AuditRoundTrip.difference(trace, strategy: strategy, worker: worker)) } catch {
                    throw .strategyFailed(context: "audit round trip, scenario \(index) of seed \(seed)", underlying: error)
                }
            }
            return Checked(index: index, scenario: scenario, trace: trace, differences: differences)
        }
        return try StridedBatch.run(count: count, jobs: jobs) { (k, worker) throws(HarnessError) in
            stopRequested() ? nil : try check(first + k, worker)
        }.whole
    }

    /// What `result` says, as `audit --round-trip --json` writes it.
    package func summary(_ result: Result) -> RoundTripSummary {
        RoundTripSummary(
            identity: CampaignIdentity(seed: seed, shard: shard), bound: scenarios, strategies: strategies.map(\.name), scenarios: result.scenarios,
            steps: result.steps,
            disagreeing: result.disagreeing,
            disagreements: result.disagreements.map { d in
                .init(
                    strategy: d.strategy, scenario: d.scenario, difference: d.difference.description,
                    shrunkDifference: d.shrunkDifference?.description, events: d.trace.events.count, trace: d.path?.string ?? "",
                    kbtrace: TraceWriter.text(d.trace)
                )
            }, interrupted: result.interrupted)
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
        var path: FilePath?
        if let failures {
            let file = failures.appending(fileName(strategy: strategy, index: index))
            try TraceFiles.write(TraceWriter.text(trace), to: file)
            path = file
        }
        return Disagreement(
            strategy: strategy.name, scenario: index, difference: difference, shrunkDifference: shrunkDifference, trace: trace, path: path)
    }
}
