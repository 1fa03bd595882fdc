import KeyboardResults
import KeyboardTrace

/// Runs every strategy over the same generated scenarios and tallies, per
/// strategy, the scenarios in which each invariant was violated, the
/// scenarios with an unsatisfiable step, and the covered animation frames.
public enum Shootout {
    /// The default number of scenarios.
    public static let defaultScenarios = 600
    /// The default seed, so that `kbbench shootout` is reproducible.
    public static let defaultSeed: UInt64 = 1

    /// Runs `count` scenarios of `seed` through every strategy in the catalog.
    public static func run(
        seed: UInt64, scenarios count: Int, strategies: [any AvoidanceStrategy.Type] = StrategyCatalog.all,
        progress: (Int) -> Void = { _ in }
    ) -> ShootoutReport {
        var tallies = strategies.map { StrategyTally(name: $0.name) }
        for index in 0..<count {
            let trace = ScenarioGenerator.scenarioAndTrace(seed: seed, index: index, adversarial: false).1
            for (i, strategy) in strategies.enumerated() {
                tallies[i].add(replay(trace, strategy), index: index)
            }
            progress(index + 1)
        }
        return ShootoutReport(seed: seed, strategies: tallies)
    }

    private static func replay<S: AvoidanceStrategy>(_ trace: Trace, _ s: S.Type) -> ReplayReport {
        TraceReplayer.replay(trace, with: s)
    }
}

/// One strategy's results over a shootout.
public struct StrategyTally: Hashable, Sendable {
    public var name: String
    public var scenarios = 0
    /// Scenarios in which each invariant was violated at least once.
    public var violations: [Invariant: Int] = [:]
    public var unsatisfiable = 0
    public var coveredFrames60 = 0
    public var coveredFrames120 = 0
    /// The first scenario index that violated each invariant, to replay it.
    public var firstViolation: [Invariant: Int] = [:]

    public init(name: String) { self.name = name }

    mutating func add(_ r: ReplayReport, index: Int) {
        scenarios += 1
        var seen = Set<Invariant>()
        for step in r.steps { seen.formUnion(step.violations) }
        for inv in seen {
            violations[inv, default: 0] += 1
            if firstViolation[inv] == nil { firstViolation[inv] = index }
        }
        if r.unsatisfiableCount > 0 { unsatisfiable += 1 }
        coveredFrames60 += r.coveredFrames60
        coveredFrames120 += r.coveredFrames120
    }

    /// Total scenarios with any violation counted per invariant.
    public var totalViolations: Int { violations.values.reduce(0, +) }
}

/// The shootout's results.
public struct ShootoutReport: Hashable, Sendable {
    public var seed: UInt64
    public var strategies: [StrategyTally]

    /// The shootout as result records keep it.
    package var summary: ShootoutSummary {
        ShootoutSummary(seed: seed, strategies: strategies.map { t in
            ShootoutSummary.Row(
                name: t.name, scenarios: t.scenarios, violations: Invariant.allCases.map { ($0.rawValue, t.violations[$0] ?? 0) },
                unsatisfiable: t.unsatisfiable, coveredFrames60: t.coveredFrames60, coveredFrames120: t.coveredFrames120
            )
        })
    }

    /// `{"schemaVersion":1,"seed":S,"strategies":[{"name":…,"scenarios":N,
    /// "violations":{"I1":0,…,"I9":0},"unsatisfiable":k,"coveredFrames60":0,
    /// "coveredFrames120":0}, …]}`: the summary's JSON.
    public var json: JSONWriter.Value { summary.json }
}

extension ShootoutReport {
    /// The results as a Markdown table (strategy × invariant, then
    /// unsatisfiable and covered frames), as the README shows it.
    public var markdownTable: String {
        let columns = ["strategy"] + Invariant.allCases.map(\.rawValue) + ["unsat", "covered 60 Hz", "covered 120 Hz"]
        var out = "| " + columns.joined(separator: " | ") + " |\n"
        out += "|" + String(repeating: " --- |", count: columns.count) + "\n"
        for t in strategies {
            let cells = [t.name] + Invariant.allCases.map { String(t.violations[$0] ?? 0) }
                + [String(t.unsatisfiable), String(t.coveredFrames60), String(t.coveredFrames120)]
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return out
    }
}
