import Foundation
import KBTestSupport
import KeyboardGeneration
import KeyboardHarness
import KeyboardJSON
import KeyboardStrategies
import SystemPackage
import Testing

/// Sharding is invisible: for a campaign bounded by a number of scenarios,
/// shards `0/n … (n−1)/n` merged are the one unsharded run of `n` times as
/// many (the same scenarios, notifications, violations per invariant,
/// unsatisfiable and out-of-scope counts, the corpus once, byte-identical
/// counterexample traces), under one job or two; and the same for the
/// audit's round trip. The speed, the times and where files went differ by
/// nature and are left out of the comparison.
@Suite("Shards merged equal one run", .processTimeLimit, .tags(.heavyTier))
struct ShardMergeTests {
    /// A fuzz summary without what differs by nature.
    static func comparable(_ s: FuzzSummary) -> FuzzSummary {
        var s = s
        s.throughput = FuzzThroughput(notifications: 0, seconds: 0, cpuSeconds: 0)
        s.counterexamples = s.counterexamples.map { c in
            var c = c
            (c.trace, c.foundAfterSeconds, c.shrunkAfterSeconds) = ("", 0, nil)
            return c
        }
        return s
    }

    /// The strategies the property is held for: the engine, a recipe that
    /// fails, and the same recipe as an external program.
    enum Subject: String, CaseIterable, Sendable {
        case engine, cookbook, cookbookPy

        /// The strategy and what ends it.
        func strategy() -> (StrategyUnderTest, () -> Void) {
            switch self {
            case .engine: return (StrategyUnderTest(EngineStrategy.self), {})
            case .cookbook: return (StrategyUnderTest(CookbookStrategy.self), {})
            case .cookbookPy:
                let external = ExternalStrategy(command: "python3 '\(Repository.path("Examples/exec-strategy/cookbook.py"))'")
                return (external.underTest, { external.shutDown() })
            }
        }

        /// Runs per shard. An external strategy is slower: each step of
        /// each shrink is a round trip through its process, so it gets 8.
        var runs: Int { self == .cookbookPy ? 8 : 40 }

        /// The shard counts of this tier. cookbook.py's merge is the
        /// in-process subjects' (the same campaign code), so its campaigns
        /// run with 3 shards alone: every shard of every campaign shrinks
        /// its counterexamples through the process, and 7 shards made
        /// this the heavy tier's longest test.
        var shardCounts: [Int] { TestTier.size(fast: [3], heavy: self == .cookbookPy ? [3] : [1, 2, 3, 7]) }

        /// The subjects of this tier. The merge is the campaign's, whatever
        /// runs the strategy, so the fast tier holds it for the in-process
        /// subjects; cookbook.py's sharded campaigns (each shrinks its
        /// counterexample through the process, about 20 s of the fast tier
        /// in a debug build) run in the heavy tier. The fast tier still
        /// shards an external strategy: cookbook.py is one of the round
        /// trip's strategies below, and `ExternalStrategyTests` holds its
        /// totals under one job and two.
        static var inThisTier: [Subject] { TestTier.size(fast: [.engine, .cookbook], heavy: allCases) }
    }

    /// The lowest-index rule: per key, the finding of the lowest
    /// scenario; of equal scenarios (or none), the first given; in
    /// scenario order, then the keys' own order, a finding without a
    /// scenario last.
    @Test func eachKeyKeepsItsLowestScenarioAndTheFirstOfATie() {
        typealias F = (key: String, scenario: Int?, name: String)
        let findings: [F] = [
            ("I2", 7, "a"), ("I1", 7, "b"), ("I2", 3, "c"), ("I2", 3, "d"), ("I1", 9, "e"), ("I3", nil, "f"), ("I3", nil, "g"),
        ]
        let kept = ShardMerge.lowestPerKey(findings, key: \.key, scenario: \.scenario, keyOrder: <)
        #expect(kept.map(\.name) == ["c", "b", "f"], "\(kept)")
    }

    @Test(
        "fuzz shards merged equal one run (seed 7; n = 3, and 1, 2, 7 in the heavy tier; one job and two; cookbook.py in the heavy tier, n = 3)",
        .enabled(if: Repository.hasPython, "needs python3 (.ci/run requires it)"), arguments: Subject.inThisTier)
    func fuzzShardsMergedEqualOneRun(subject: Subject) throws {
        let (strategy, end) = subject.strategy()
        defer { end() }
        let corpus = Repository.path("corpora/regressions")
        for n in subject.shardCounts {
            let whole = try Campaign(strategy: strategy, seed: 7, bound: .runs(subject.runs * n), corpus: FilePath(corpus)).run().summary
            if subject != .engine && n >= 3 { #expect(!whole.counterexamples.isEmpty, "\(subject) fails in \(subject.runs * n) scenarios") }
            for jobs in [1, 2] {
                let shards = try (0..<n).map { i in
                    let shard = Shard(index: i, count: n)
                    let summary = try Campaign(
                        strategy: strategy, seed: 7, bound: .runs(subject.runs), shard: shard, jobs: jobs, corpus: FilePath(corpus)
                    )
                    .run().summary
                    // Through the JSON a shard's job writes and merge reads.
                    return (
                        file: "shard-\(i).json", summary: try FuzzSummary.read(Array(JSONWriter.string(summary.json).utf8), file: "shard-\(i).json")
                    )
                }
                let merged = try ShardMerge.merge(shards)
                #expect(Self.comparable(merged) == Self.comparable(whole), "\(subject), n = \(n), \(jobs) jobs")
                #expect(merged.counterexamples.map(\.kbtrace) == whole.counterexamples.map(\.kbtrace), "byte-identical traces")
            }
        }
    }

    @Test(
        "round-trip shards merged equal one run (seed 11; n = 3, and 1, 2, 7 in the heavy tier; one job and two)",
        .enabled(if: Repository.hasPython, "needs python3 (.ci/run requires it)"))
    func roundTripShardsMergedEqualOneRun() throws {
        let python = ExternalStrategy(command: "python3 '\(Repository.path("Examples/exec-strategy/cookbook.py"))'")
        defer { python.shutDown() }
        let strategies = [StrategyUnderTest(EngineStrategy.self), StrategyUnderTest(CookbookStrategy.self), python.underTest]
        let perShard = 6
        for n in TestTier.size(fast: [3], heavy: [1, 2, 3, 7]) {
            let check = AuditRoundTripCheck(strategies: strategies, seed: 11, scenarios: perShard * n)
            let whole = check.summary(try check.run())
            for jobs in [1, 2] {
                let shards = try (0..<n).map { i in
                    let part = AuditRoundTripCheck(
                        strategies: strategies, seed: 11, scenarios: perShard, shard: Shard(index: i, count: n), jobs: jobs)
                    let summary = part.summary(try part.run())
                    return (
                        file: "shard-\(i).json",
                        summary: try RoundTripSummary.read(Array(JSONWriter.string(summary.json).utf8), file: "shard-\(i).json")
                    )
                }
                #expect(try ShardMerge.merge(shards) == whole, "n = \(n), \(jobs) jobs")
            }
        }
    }

    /// A disagreement found in a shard is the one the whole run finds: the
    /// merge keeps the lowest scenario of each strategy. Shown on summaries
    /// made by hand, since the audit agrees with every built-in strategy.
    /// Two strategies that disagree first on one scenario come in the
    /// campaign's order of strategies, as an unsharded run finds them.
    @Test func theLowestScenarioOfEachStrategyIsKept() throws {
        func summary(_ shard: Int, _ found: [(String, Int)], strategies: [String] = ["a", "b"]) -> RoundTripSummary {
            RoundTripSummary(
                identity: CampaignIdentity(seed: 3, shard: Shard(index: shard, count: 2)), bound: 10, strategies: strategies, scenarios: 10,
                steps: 100,
                disagreeing: found.count,
                disagreements: found.map {
                    .init(strategy: $0.0, scenario: $0.1, difference: "d", shrunkDifference: nil, events: 2, trace: "", kbtrace: "t\($0.1)")
                },
                interrupted: false)
        }
        let merged = try ShardMerge.merge([("0.json", summary(0, [("b", 4), ("a", 8)])), ("1.json", summary(1, [("a", 3), ("b", 9)]))])
        #expect(merged.disagreements.map { "\($0.strategy)@\($0.scenario)" } == ["a@3", "b@4"])
        #expect(merged.scenarios == 20 && merged.bound == 20 && merged.disagreeing == 4 && merged.shard == .whole)
        for order in [["a", "b"], ["b", "a"]] {
            let tied = try ShardMerge.merge([
                ("0.json", summary(0, [("b", 5), ("a", 5)], strategies: order)), ("1.json", summary(1, [("a", 6)], strategies: order)),
            ])
            #expect(tied.disagreements.map { "\($0.strategy)@\($0.scenario)" } == order.map { "\($0)@5" }, "strategies \(order)")
        }
    }

    /// A summary written before chat screens were judged has no T1…T4: it
    /// reads as counting none. I1…I10 stay required.
    @Test func aSummaryWithoutTheTranscriptRulesReadsAsCountingNone() throws {
        var totals = FuzzTotals()
        totals.violations = [.insetBounds: 2, .rowsReadStayInPlace: 1]
        let summary = FuzzSummary(
            strategy: "engine", identity: CampaignIdentity(seed: 7, generatorVersion: ScenarioGenerator.version, shard: Shard(index: 0, count: 1)),
            bound: .runs(10), allScenarios: false, totals: totals, corpus: CampaignResult.CorpusReplay(),
            throughput: FuzzThroughput(notifications: 0, seconds: 0, cpuSeconds: 0), counterexamples: [], interrupted: false)
        let text = JSONWriter.string(summary.json)
        #expect(text.contains(#""I10":0,"T1":0,"T2":1,"T3":0,"T4":0}"#))
        #expect(try FuzzSummary.read(Array(text.utf8), file: "s.json").totals.violations == totals.violations)
        let old = text.replacingOccurrences(of: #","T1":0,"T2":1,"T3":0,"T4":0}"#, with: "}")
        #expect(old != text)
        #expect(try FuzzSummary.read(Array(old.utf8), file: "s.json").totals.violations == [.insetBounds: 2])
        let noI10 = text.replacingOccurrences(of: #""I10":0,"#, with: "")
        #expect(throws: MalformedInput.self) { try FuzzSummary.read(Array(noI10.utf8), file: "s.json") }
    }

    @Test func refusalsNameTheFilesAndTheKey() throws {
        func fuzz(_ shard: Shard, seed: UInt64 = 7, strategy: String = "engine", version: Int = ScenarioGenerator.version) -> FuzzSummary {
            FuzzSummary(
                strategy: strategy, identity: CampaignIdentity(seed: seed, generatorVersion: version, shard: shard), bound: .runs(10),
                allScenarios: false, totals: FuzzTotals(),
                corpus: CampaignResult.CorpusReplay(), throughput: FuzzThroughput(notifications: 0, seconds: 0, cpuSeconds: 0),
                counterexamples: [], interrupted: false)
        }
        func refusal(_ shards: [(String, FuzzSummary)]) -> String {
            do {
                _ = try ShardMerge.merge(shards.map { (file: $0.0, summary: $0.1) })
                return "merged"
            } catch { return error.description }
        }
        let s0 = fuzz(Shard(index: 0, count: 3)), s1 = fuzz(Shard(index: 1, count: 3)), s2 = fuzz(Shard(index: 2, count: 3))
        #expect(refusal([("a", s0), ("b", s1)]) == "missing: shard 2/3 of 3")
        // The first shard is a shard like any other.
        #expect(refusal([("b", s1), ("c", s2)]) == "missing: shard 0/3 of 3")
        #expect(refusal([("c", s2)]) == "missing: shards 0/3, 1/3 of 3")
        // Summaries of two generator versions name other scenarios by one seed: never one campaign.
        #expect(
            refusal([("a", s0), ("b", fuzz(Shard(index: 1, count: 3), version: ScenarioGenerator.version + 1)), ("c", s2)])
                == "a and b are not shards of one campaign: generatorVersion is \(ScenarioGenerator.version) in the first and \(ScenarioGenerator.version + 1) in the second"
        )
        #expect(refusal([("a", s0), ("b", s1), ("c", s2), ("d", s1)]) == "given more than once: shard 1/3 (b, d)")
        #expect(
            refusal([("a", s0), ("b", fuzz(Shard(index: 1, count: 3), seed: 8))])
                == "a and b are not shards of one campaign: seed is 7 in the first and 8 in the second")
        #expect(refusal([("a", s0), ("b", fuzz(Shard(index: 1, count: 4)))]).hasSuffix("shards is 3 in the first and 4 in the second"))
        #expect(refusal([("a", s0), ("b", s1), ("c", s2)]) == "merged")
    }
}
