import KeyboardJSON
import KeyboardResults
import Testing

/// The checks read ratios measured round by round in one run.
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

    @Test func theChecksReadTheRatios() {
        let figures = [
            BenchmarkFigures(name: "engine", p50: 100, p90: 200, p99: 300, p999: 400, max: 500, samples: 1_000, allocationsPerNotification: 0),
            BenchmarkFigures(name: "foundation-path", p50: 1_400, p90: 2, p99: 3, p999: 4, max: 5, samples: 1_000, allocationsPerNotification: 5),
            BenchmarkFigures(name: "bare-post", p50: 500, p90: 2, p99: 3, p999: 4, max: 5, samples: 1_000, allocationsPerNotification: 3),
        ]
        let checks = ResultRecord.checks(figures, ratios: BenchmarkRatio.standard(rounds: Self.rounds), build: .release)
        let outcome = { (n: String) in checks.first { $0.name == n }?.outcome }
        // The engine at 5× floor: the ratio is recorded, and no check reads
        // it any more (the 4× target is retired).
        #expect(!checks.contains { $0.name.contains("Floor") }, "\(checks)")
        #expect(outcome("engineTenTimesFasterThanCookbookFoundation") == .passed) // 11, 11, 9.6: median 11
        // The Foundation path is measured and its ratios recorded, but it
        // is no check: its Linux figures say nothing about what apps run.
        #expect(!checks.contains { $0.name.hasPrefix("foundationPath") }, "\(checks)")
        #expect(outcome("engineZeroAllocations") == .passed)
        #expect(outcome("engineInstructionsAtMost1050") == nil, "instructions not counted: no check")
        // A gate that fails does fail the run: an engine 9× slower than the
        // cookbook done with Foundation.
        var record = RecordFixtures.record(benchmarks: figures)
        let slowEngine = Self.rounds.map { $0.merging(["engine": $0["cookbook-foundation"]! / 9]) { $1 } }
        record.ratios = BenchmarkRatio.standard(rounds: slowEngine)
        record.evaluateChecks()
        #expect(record.failedChecks.map(\.name) == ["engineTenTimesFasterThanCookbookFoundation"])
        #expect(record.targets.isEmpty, "every check is a gate")
        let debug = ResultRecord.checks(figures, ratios: BenchmarkRatio.standard(rounds: Self.rounds), build: .debug)
        #expect(debug.first { $0.name == "engineTenTimesFasterThanCookbookFoundation" }?.outcome == .notEvaluated)
        #expect(debug.first { $0.name == "engineZeroAllocations" }?.outcome == .passed, "the engine's allocations count in every build")
    }

    /// The p99 gate is exactly 1 µs: at it passes, a tenth of a nanosecond
    /// over fails.
    @Test(arguments: [(999.9, Check.Outcome.passed), (1_000, .passed), (1_000.1, .failed), (1_000.9, .failed)])
    func theEnginesP99GateIsOneMicrosecond(p99: Double, outcome: Check.Outcome) {
        let engine = BenchmarkFigures(
            name: "engine", p50: 100, p90: 200, p99: p99, p999: 2_000, max: 3_000, samples: 1_000, allocationsPerNotification: 0)
        #expect(ResultRecord.checks([engine], ratios: [], build: .release).first { $0.name == "engineP99AtMostOneMicrosecond" }?.outcome == outcome)
    }

    @Test(arguments: [(1_001.0, Check.Outcome.passed), (1_050, .passed), (1_050.1, .failed)])
    func theEnginesInstructionsAreAGateWhenCounted(instructions: Double, outcome: Check.Outcome) {
        var engine = BenchmarkFigures(
            name: "engine", p50: 100, p90: 200, p99: 300, p999: 400, max: 500, samples: 1_000, allocationsPerNotification: 0)
        engine.instructionsPerNotification = instructions
        #expect(ResultRecord.checks([engine], ratios: [], build: .release).first { $0.name == "engineInstructionsAtMost1050" }?.outcome == outcome)
        #expect(
            ResultRecord.checks([engine], ratios: [], build: .debug).first { $0.name == "engineInstructionsAtMost1050" }?.outcome == .notEvaluated)
    }

    @Test(arguments: [(99.9, Check.Outcome.passed), (100, .passed), (100.1, .failed)])
    func everyRecipesShrunkCounterexampleWithin100ms(slowest: Double, outcome: Check.Outcome) {
        let times = [("apple2013", 9.8), ("iqKeyboardManager", slowest)].map {
            CounterexampleTime(strategy: $0.0, seed: 1, scenario: 0, invariant: "I2", events: 3, milliseconds: $0.1, repeats: 5)
        }
        let name = "shrunkCounterexampleWithin100ms"
        #expect(ResultRecord.checks([], ratios: [], counterexampleTimes: times, build: .release).first { $0.name == name }?.outcome == outcome)
        #expect(ResultRecord.checks([], ratios: [], counterexampleTimes: times, build: .debug).first { $0.name == name }?.outcome == .notEvaluated)
        #expect(!ResultRecord.checks([], ratios: [], build: .release).contains { $0.name == name }, "not measured: no check")
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

    /// The fuzz cost is a target, not a gate: a seed over 3,000 instructions
    /// per checked notification is "target not met" and never fails a run;
    /// a record that did not count it has no such check.
    @Test(arguments: [(2_999.9, Check.Outcome.passed), (3_000, .passed), (3_000.1, .failed)])
    func theFuzzCostIsATarget(costliest: Double, outcome: Check.Outcome) throws {
        var r = RecordFixtures.record()
        r.fuzzCosts = [(5, 2_500.0), (9, costliest)].map {
            FuzzCost(strategy: "engine", seed: $0.0, runs: 2_000, notificationsChecked: 83_197, instructionsPerCheckedNotification: $0.1)
        }
        r.evaluateChecks()
        let name = "fuzzInstructionsAtMost3000"
        #expect(r.checks.first { $0.name == name }?.outcome == outcome)
        #expect(r.targets == [name])
        #expect(r.failedChecks.isEmpty, "a target never fails a run")
        #expect(r.missedTargets.map(\.name) == (outcome == .failed ? [name] : []))
        let again = try ResultRecord.read(Array(r.text.utf8), file: "r.json")
        #expect(again.missedTargets == r.missedTargets && again.fuzzCosts == r.fuzzCosts)
        #expect(ResultRecord.checks([], ratios: [], fuzzCosts: r.fuzzCosts, build: .debug).first { $0.name == name }?.outcome == .notEvaluated)
        #expect(!ResultRecord.checks([], ratios: [], build: .release).contains { $0.name == name }, "not counted: no check")
    }

    /// A record keeps which checks were targets when it was made: an old
    /// record's missed target stays "target not met" after the target is
    /// retired, and a record made today has none.
    @Test func aRecordKeepsItsOwnTargets() throws {
        var old = RecordFixtures.record()
        old.checks = [Check(name: "engineWithin4xFloor", outcome: .failed), Check(name: "engineZeroAllocations", outcome: .passed)]
        old.targets = ["engineWithin4xFloor"]
        let again = try ResultRecord.read(Array(old.text.utf8), file: "old.json")
        #expect(again.targets == ["engineWithin4xFloor"])
        #expect(again.failedChecks.isEmpty && again.missedTargets.map(\.name) == ["engineWithin4xFloor"])
        var today = again
        today.evaluateChecks()
        #expect(today.targets.isEmpty && !today.text.contains(#""targets""#))
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
