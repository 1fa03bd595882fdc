import KeyboardJSON
import KeyboardResults
import Testing

/// Ratios measured round by round in one run, and the figures around them.
@Suite("Interleaved ratios")
struct BenchmarkRatioTests {
    /// Three rounds on a machine that slows down by half in the second: the
    /// per-round ratios stay put where the separate medians would not.
    static let rounds: [[String: Double]] = [
        ["engine": 100, "floor": 20, "cookbook-foundation": 1_100, "foundation-path": 1_400, "bare-post": 500],
        ["engine": 150, "floor": 30, "cookbook-foundation": 1_650, "foundation-path": 2_100, "bare-post": 750],
        ["engine": 104, "floor": 20, "cookbook-foundation": 1_000, "foundation-path": 1_300, "bare-post": 500],
    ]

    @Test func eachRatioIsTheMedianOfItsRounds() throws {
        let ratios = BenchmarkRatio.standard(rounds: Self.rounds)
        let engine = try #require(ratios.first { $0.name == BenchmarkRatio.engineOverFloor })
        #expect(engine.median == 5 && engine.low == 5 && engine.high == 5.2 && engine.rounds == 3)
        let decoding = try #require(ratios.first { $0.name == BenchmarkRatio.decodingOverCookbookFoundation })
        // (1400 − 500) / 1100, (2100 − 750) / 1650, (1300 − 500) / 1000.
        #expect(decoding.median == 900.0 / 1100 && decoding.low == 0.8 && decoding.high == 900.0 / 1100)
        #expect(!ratios.contains { $0.name == BenchmarkRatio.engineModelOverCookbook }, "no engine-model ran")
    }

    /// A fuzz cost counts at least one run and one checked notification (a
    /// count of 0 has no cost per notification); seed 0 is a seed, and a
    /// cost of 0 instructions a cost.
    @Test func aFuzzCostsCountsStartAtOne() throws {
        func record(runs: Int, checked: Int, seed: Int = 0, cost: Double = 0) -> [UInt8] {
            var r = RecordFixtures.record()
            r.fuzzCosts = [FuzzCost(strategy: "engine", seed: 5, runs: 2, notificationsChecked: 2, instructionsPerCheckedNotification: 1)]
            let text = r.text.replacingOccurrences(
                of: #""seed":5,"runs":2,"notificationsChecked":2,"instructionsPerCheckedNotification":1"#,
                with: #""seed":\#(seed),"runs":\#(runs),"notificationsChecked":\#(checked),"instructionsPerCheckedNotification":\#(cost)"#)
            return Array(text.utf8)
        }
        let least = try ResultRecord.read(record(runs: 1, checked: 1), file: "r.json").fuzzCosts
        #expect(least.map(\.runs) == [1] && least.map(\.notificationsChecked) == [1] && least.map(\.seed) == [0])
        for (runs, checked, key) in [(0, 1, "runs"), (1, 0, "notificationsChecked")] {
            #expect {
                try ResultRecord.read(record(runs: runs, checked: checked), file: "r.json")
            } throws: { error in
                (error as? MalformedInput)?.key == "fuzzCosts[0].\(key)"
            }
        }
    }

    /// Every documented ratio is computed from a full round.
    @Test func theStandardRatiosAreTheFiveDocumented() {
        let full = Self.rounds.map { $0.merging(["engine-model": 300, "cookbook": 150]) { $1 } }
        #expect(
            BenchmarkRatio.standard(rounds: full).map(\.name).sorted()
                == [
                    BenchmarkRatio.decodingOverCookbookFoundation, BenchmarkRatio.cookbookFoundationOverEngine,
                    BenchmarkRatio.engineModelOverCookbook,
                    BenchmarkRatio.engineOverFloor, BenchmarkRatio.foundationPathOverBarePost,
                ].sorted())
    }

    @Test func ratiosRoundTripThroughTheRecord() throws {
        var r = RecordFixtures.record()
        r.ratios = BenchmarkRatio.standard(rounds: Self.rounds)
        let again = try ResultRecord.read(Array(r.text.utf8), file: "r.json")
        #expect(again.ratios.map(\.name).sorted() == r.ratios.map(\.name).sorted())
        #expect(again.ratios.first { $0.name == BenchmarkRatio.engineOverFloor }?.median == 5)
    }

    /// The frame budget's headroom (budget ÷ p99): finite for a timer too
    /// coarse to see the work (p99 of 0 reads as 1 ns), the budget over p99
    /// otherwise.
    @Test func headroomIsFiniteWhenTheTimerSeesNothing() {
        let zero = BenchmarkFigures(name: "engine", p50: 0, p90: 0, p99: 0, p999: 0, max: 0, samples: 1_000, allocationsPerNotification: 0)
        #expect(zero.headroom60 == BenchmarkFigures.budget60 && zero.headroom120 == BenchmarkFigures.budget120)
        let half = BenchmarkFigures(name: "engine", p50: 0, p90: 0, p99: 0.5, p999: 0, max: 0, samples: 1_000, allocationsPerNotification: 0)
        #expect(half.headroom120 == BenchmarkFigures.budget120)
        let some = BenchmarkFigures(name: "engine", p50: 0, p90: 0, p99: 250, p999: 0, max: 0, samples: 1_000, allocationsPerNotification: 0)
        #expect(some.headroom60 == BenchmarkFigures.budget60 / 250 && some.headroom120 == BenchmarkFigures.budget120 / 250)
    }
}
