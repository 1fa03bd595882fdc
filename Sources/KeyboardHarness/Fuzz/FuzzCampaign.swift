import KeyboardGeneration
import KeyboardJSON
import KeyboardOracle
import KeyboardScenarios
import KeyboardSearch
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// A fuzzing campaign: adversarial scenarios from a seed, played on screens
/// of fields or on chat screens (``ScreenKind``), replayed with one
/// strategy, judged by the oracle; the first failure of each invariant is
/// shrunk to a minimal trace (a chat screen's to a chat screen).
///
/// Like the shootout, a campaign judges a strategy only on the scenarios in
/// its ``StrategyScope`` (the engine's is every scenario) unless
/// `allScenarios` is set; the others are counted as out of scope.
package struct FuzzCampaign: Sendable {
    package var strategy: StrategyUnderTest
    package var seed: UInt64
    package var shard: Shard
    /// The screens the scenarios are played on.
    package var screens: ScreenKind
    /// Judge scenarios outside the strategy's scope too.
    package var allScenarios: Bool
    /// How the world reads the rules its sources leave unsettled.
    package var readings: WorldReadings

    package init(
        strategy: StrategyUnderTest, seed: UInt64, shard: Shard = .whole, screens: ScreenKind = .fields, allScenarios: Bool = false,
        readings: WorldReadings = .standard
    ) {
        self.strategy = strategy
        self.seed = seed
        self.shard = shard
        self.screens = screens
        self.allScenarios = allScenarios
        self.readings = readings
    }

    package init<S: AvoidanceStrategy>(strategy: S.Type, seed: UInt64, shard: Shard = .whole, allScenarios: Bool = false) {
        self.init(strategy: StrategyUnderTest(strategy), seed: seed, shard: shard, allScenarios: allScenarios)
    }

    /// The outcome of one run (one scenario).
    package struct RunResult: Sendable {
        package var index: Int
        package var events: Int
        package var verdict: Verdict
        /// The scenario was outside the strategy's scope, and not judged
        /// (nor its events counted).
        package var outOfScope = false
        /// What the scenario exercised (nothing, out of scope).
        package var features = ScenarioFeatures()
    }

    /// The scenario at `index` (an index of the whole space, not of the
    /// shard), drawn adversarially on the campaign's screens.
    package func scenario(index: Int) -> DrawnScenario {
        DrawnScenario(seed: seed, index: index, screens: screens, adversarial: true)
    }

    /// The trace of the scenario at `index`.
    package func trace(index: Int) -> Trace { scenario(index: index).trace }

    /// Runs the shard's `k`-th scenario on `worker` (see ``StrategyRunner``).
    /// Only an external strategy throws, with a ``ScenarioFailure``.
    package func run(_ k: Int, worker: Int = 0) throws(ScenarioFailure) -> RunResult {
        let index = shard.scenarioIndex(k)
        let generated = scenario(index: index)
        let trace = generated.trace
        if !allScenarios && !strategy.scope.admits(trace) {
            return RunResult(index: index, events: 0, verdict: Verdict(), outOfScope: true)
        }
        do {
            let verdict = try strategy.runner.verdict(in: trace, worker: worker, readings: readings)
            return RunResult(index: index, events: trace.events.count, verdict: verdict, features: generated.features)
        } catch {
            throw ScenarioFailure(scenario: index, while: "judging", underlying: error)
        }
    }

    /// The campaign's first counterexample, shrunk: the shard's scenarios in
    /// order until one violates an invariant, then the lowest-numbered
    /// invariant it violates; nil when none of the first `limit` does. What
    /// a nightly job waits for before it has a bug to read (`kbbench bench`
    /// times it per recipe).
    package func firstCounterexample(within limit: Int) throws(ScenarioFailure) -> Counterexample? {
        for k in 0..<limit {
            let result = try run(k)
            if let invariant = result.verdict.violated.sorted().first {
                return try counterexample(index: result.index, invariant: invariant)
            }
        }
        return nil
    }

    /// Shrinks the failure of `invariant` found at scenario `index`.
    package func counterexample(index: Int, invariant: Invariant, worker: Int = 0) throws(ScenarioFailure) -> Counterexample {
        let drawn = scenario(index: index)
        let runner = strategy.runner, readings = readings
        do {
            let trace = try Shrinker.shrink(drawn.scenario, prepare: drawn.played) { t in
                try runner.replay(t, worker: worker, readings: readings).steps.contains { $0.violations.contains(invariant) }
            }
            return Counterexample(invariant: invariant, strategy: strategy.name, fileStem: strategy.fileStem, scenarioIndex: index, trace: trace)
        } catch {
            throw ScenarioFailure(scenario: index, while: "shrinking", underlying: error)
        }
    }
}

/// A strategy failed (only external ones can) while the harness replayed
/// a generated scenario: which scenario, at which stage, and the error.
public struct ScenarioFailure: Error, CustomStringConvertible {
    /// The scenario's index in the campaign's seed.
    public var scenario: Int
    /// "judging" or "shrinking" (a candidate trace of the shrinker).
    public var stage: String
    public var underlying: any Error

    public init(scenario: Int, while stage: String, underlying: any Error) {
        self.scenario = scenario
        self.stage = stage
        self.underlying = underlying
    }

    public var description: String { "scenario \(scenario) (\(stage)): \(underlying)" }
}

/// Running totals of a campaign, and its JSON summary.
public struct FuzzTotals: Hashable, Sendable {
    public var runs = 0
    public var events = 0
    /// Scenarios in which each invariant was violated.
    public var violations: [Invariant: Int] = [:]
    public var unsatisfiable = 0
    /// Runs skipped as outside the strategy's scope (counted in `runs`).
    public var outOfScope = 0
    /// How many of the scenarios judged carried each label: what the
    /// campaign exercised (``ScenarioFeature``).
    package var features = FeatureCounts()

    public init() {}

    /// The scenarios judged (in the strategy's scope): the whole that
    /// ``features`` counts shares of.
    public var judged: Int { runs - outOfScope }

    /// What the scenarios judged exercised, label by label, in the labels'
    /// order (docs/fuzzing.md lists them): the labels `screens` carry.
    public func coverage(on screens: ScreenKind) -> [LabelCoverage] {
        ScenarioFeature.allCases.filter { $0.isCarried(on: screens) }.map { LabelCoverage($0, scenarios: features[$0], judged: judged) }
    }

    package mutating func add(_ r: FuzzCampaign.RunResult) {
        runs += 1
        if r.outOfScope { outOfScope += 1 }
        features.add(r.features)
        events += r.events
        for inv in r.verdict.violated { violations[inv, default: 0] += 1 }
        if r.verdict.unsatisfiable { unsatisfiable += 1 }
    }

    public mutating func merge(_ other: FuzzTotals) {
        runs += other.runs
        events += other.events
        for (k, v) in other.violations { violations[k, default: 0] += v }
        unsatisfiable += other.unsatisfiable
        outOfScope += other.outOfScope
        features.merge(other.features)
    }

    public var totalViolations: Int { violations.values.reduce(0, +) }
}

/// A saved counterexample as the summary lists it: what a nightly job
/// reads to know how soon a campaign found and shrank each bug.
public struct CounterexampleRecord: Hashable, Sendable {
    public var invariant: Invariant
    public var trace: String
    public var events: Int
    /// Seconds from the campaign's start to the failing run (before
    /// shrinking), counted across resumes.
    public var foundAfterSeconds: Double
    /// The failing scenario's index in the seed's sequence; nil in states
    /// written before it was recorded.
    public var scenario: Int?
    /// Seconds from the campaign's start until the counterexample was
    /// shrunk and saved (so shrinking took `shrunkAfterSeconds −
    /// foundAfterSeconds`); nil in states written before it was recorded.
    public var shrunkAfterSeconds: Double?

    /// The shrunk trace's text (`kbtrace`): a summary carries it, so that
    /// shards merged on another machine need none of their files. Nil in
    /// states written before it was recorded.
    public var kbtrace: String?

    public init(
        invariant: Invariant, trace: String, events: Int, foundAfterSeconds: Double, scenario: Int? = nil, shrunkAfterSeconds: Double? = nil,
        kbtrace: String? = nil
    ) {
        self.invariant = invariant
        self.trace = trace
        self.events = events
        self.foundAfterSeconds = foundAfterSeconds
        self.scenario = scenario
        self.shrunkAfterSeconds = shrunkAfterSeconds
        self.kbtrace = kbtrace
    }

    /// `{"invariant","trace","events","scenario","foundAfterSeconds","shrunkAfterSeconds","kbtrace"}`,
    /// times to the millisecond, as `fuzz --json` and the state file write it.
    package var json: JSONWriter.Value {
        func seconds(_ s: Double) -> JSONWriter.Value { .number((s * 1000).rounded() / 1000) }
        return .object([
            ("invariant", .string(invariant.rawValue)), ("trace", .string(trace)), ("events", .integer(events)),
            ("scenario", scenario.map { .integer($0) } ?? .null), ("foundAfterSeconds", seconds(foundAfterSeconds)),
            ("shrunkAfterSeconds", shrunkAfterSeconds.map(seconds) ?? .null), ("kbtrace", kbtrace.map { .string($0) } ?? .null),
        ])
    }

    /// Reads one record as ``json`` writes it; problems name the file,
    /// line and key.
    package static func read(_ c: inout JSONObjectReader) throws(MalformedInput) -> CounterexampleRecord {
        let code = try c.string(try c.required("invariant"), "invariant")
        guard let inv = Invariant(rawValue: code) else { throw c.fail("invariant", .notOneOf(code, allowed: Invariant.allCases.map(\.rawValue))) }
        func present(_ key: String) -> JSONValue? {
            guard let v = c.optional(key), v != .null else { return nil }
            return v
        }
        let scenario = try present("scenario").map { v throws(MalformedInput) in try c.integer(v, "scenario", in: 0...FuzzState.largestCount) }
        let shrunk = try present("shrunkAfterSeconds").map { v throws(MalformedInput) in try c.number(v, "shrunkAfterSeconds", in: 0...1e12) }
        let text = try present("kbtrace").map { v throws(MalformedInput) in try c.string(v, "kbtrace") }
        let record = CounterexampleRecord(
            invariant: inv, trace: try c.string(try c.required("trace"), "trace"),
            events: try c.integer(try c.required("events"), "events", in: 0...FuzzState.largestCount),
            foundAfterSeconds: try c.number(try c.required("foundAfterSeconds"), "foundAfterSeconds", in: 0...1e12), scenario: scenario,
            shrunkAfterSeconds: shrunk, kbtrace: text)
        try c.rejectUnknownKeys()
        return record
    }
}
