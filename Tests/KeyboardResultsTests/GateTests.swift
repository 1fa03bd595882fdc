import KBTestSupport
import KeyboardJSON
import Testing

@testable import KeyboardResults

/// The gates (``Gate``): named for what they measure, each limit data that
/// the record keeps beside the check, evaluated on a release build's
/// figures, left out where the record lacks the figure.
@Suite("Gates")
struct GateTests {
    typealias F = RecordFixtures

    /// A release record with an engine whose figures are given.
    static func record(
        p99: Double = 300, allocations: Double = 0, instructions: Double? = nil, cookbookInstructions: Double? = nil, build: Build = .release,
        slowestCounterexample: Double? = nil
    ) -> ResultRecord {
        var engine = F.figures("engine", p50: 150, p90: 200, allocations: allocations)
        engine.p99 = p99
        engine.instructionsPerNotification = instructions
        var cookbook = F.figures("cookbook-foundation", p50: 1_700)
        cookbook.instructionsPerNotification = cookbookInstructions
        var r = F.record(build: build, benchmarks: [engine, cookbook])
        if let slowestCounterexample {
            r.counterexampleTimes = [("apple2013", 9.8), ("iqKeyboardManager", slowestCounterexample)].map {
                CounterexampleTime(strategy: $0.0, seed: 1, scenario: 0, invariant: "I2", events: 3, milliseconds: $0.1, repeats: 5)
            }
        }
        r.evaluateChecks()
        return r
    }

    static func outcome(_ r: ResultRecord, _ name: String) -> Check.Outcome? { r.checks.first { $0.name == name }?.outcome }

    @Test func theGatesAreNamedForWhatTheyMeasure() {
        #expect(
            Gate.all.map(\.name) == [
                "engineAllocations", "engineP99", "engineInstructions", "engineChatInstructions", "cookbookFoundationOverEngineInstructions",
                "timeToShrunkCounterexample", "plantedBugsMissed", "plantedSlowdownsMisjudged",
            ])
        for gate in Gate.all {
            let limit = String(Int(gate.limit))
            #expect(!gate.name.contains(limit), "\(gate.name): its limit in the name")
        }
    }

    /// How a limit is printed: the sign, the number as written, the unit
    /// (a ratio's `×` against its number); a record's own limit replaces
    /// the catalog's.
    @Test func aLimitIsPrintedWithItsSignAndUnit() throws {
        #expect(try #require(Gate.named("engineP99")).limitText() == "≤ 1000 ns")
        #expect(try #require(Gate.named("cookbookFoundationOverEngineInstructions")).limitText() == "≥ 7×")
        #expect(try #require(Gate.named("engineAllocations")).limitText(0.5) == "≤ 0.5 allocations")
        #expect(try #require(Gate.named("engineAllocations")).limitText(1e15) == "≤ 1000000000000000 allocations")
        #expect(try #require(Gate.named("engineAllocations")).limitText(1e20) == "≤ 1e+20 allocations", "past Int's range")
    }

    @Test(arguments: [(999.9, Check.Outcome.passed), (1_000, .passed), (1_000.1, .failed)])
    func theEnginesP99IsAtMostAMicrosecond(p99: Double, outcome: Check.Outcome) {
        #expect(Self.outcome(Self.record(p99: p99), "engineP99") == outcome)
        #expect(Self.outcome(Self.record(p99: p99, build: .debug), "engineP99") == .notEvaluated)
    }

    @Test func theEngineAllocatesNothingInEveryBuild() {
        #expect(Self.outcome(Self.record(), "engineAllocations") == .passed)
        #expect(Self.outcome(Self.record(allocations: 0.1, build: .debug), "engineAllocations") == .failed)
    }

    /// The engine's stream of chat screens (`engine-chat`) is held to the
    /// same: nothing allocated, in every build, whichever stream allocates.
    @Test func theEngineAllocatesNothingOnChatScreens() {
        var r = Self.record()
        r.benchmarks.append(F.figures("engine-chat", p50: 160, p90: 210, allocations: 0.25))
        r.evaluateChecks()
        #expect(Self.outcome(r, "engineAllocations") == .failed)
        r.benchmarks[r.benchmarks.count - 1].allocationsPerNotification = 0
        r.evaluateChecks()
        #expect(Self.outcome(r, "engineAllocations") == .passed)
    }

    @Test(arguments: [(1_100.0, Check.Outcome.passed), (1_195, .passed), (1_195.1, .failed)])
    func theEnginesInstructionsOnChatScreensAreAGateWhenCounted(instructions: Double, outcome: Check.Outcome) {
        var r = Self.record(instructions: 1_000)
        var chat = F.figures("engine-chat", p50: 160)
        chat.instructionsPerNotification = instructions
        r.benchmarks.append(chat)
        r.evaluateChecks()
        #expect(Self.outcome(r, "engineChatInstructions") == outcome)
        #expect(Self.outcome(r, "engineInstructions") == .passed, "the screens of fields' gate reads its own stream")
        #expect(Self.outcome(Self.record(instructions: 1_000), "engineChatInstructions") == nil, "not counted: no check")
        var debug = Self.record(instructions: 1_000, build: .debug)
        debug.benchmarks.append(chat)
        debug.evaluateChecks()
        #expect(Self.outcome(debug, "engineChatInstructions") == .notEvaluated, "a debug build's count is not the product's")
    }

    @Test(arguments: [(1_001.0, Check.Outcome.passed), (1_060, .passed), (1_060.1, .failed)])
    func theEnginesInstructionsAreAGateWhenCounted(instructions: Double, outcome: Check.Outcome) {
        #expect(Self.outcome(Self.record(instructions: instructions), "engineInstructions") == outcome)
        #expect(Self.outcome(Self.record(), "engineInstructions") == nil, "not counted: no check")
    }

    /// The cookbook done with Foundation against the engine, in
    /// instructions (7 times at least), whatever the ratio of their times,
    /// which gates nothing.
    @Test(arguments: [(7_000.0, Check.Outcome.passed), (6_999.9, .failed)])
    func theCookbookRatioIsInInstructions(cookbook: Double, outcome: Check.Outcome) {
        let r = Self.record(instructions: 1_000, cookbookInstructions: cookbook)
        #expect(Self.outcome(r, "cookbookFoundationOverEngineInstructions") == outcome)
        #expect(Self.outcome(Self.record(instructions: 1_000), "cookbookFoundationOverEngineInstructions") == nil)
        var slow = Self.record(instructions: 1_000, cookbookInstructions: 8_000)
        slow.ratios = [BenchmarkRatio(name: BenchmarkRatio.cookbookFoundationOverEngine, median: 5, low: 4, high: 6, rounds: 15)]
        slow.evaluateChecks()
        #expect(slow.failedChecks.isEmpty, "a time ratio of 5 is reported, never a failure")
    }

    @Test(arguments: [(99.9, Check.Outcome.passed), (100, .passed), (100.1, .failed)])
    func everyRecipeHandsOverAShrunkCounterexampleWithin100ms(slowest: Double, outcome: Check.Outcome) {
        #expect(Self.outcome(Self.record(slowestCounterexample: slowest), "timeToShrunkCounterexample") == outcome)
        #expect(Self.outcome(Self.record(), "timeToShrunkCounterexample") == nil, "not measured: no check")
    }

    /// Each check's limit is written beside it and reads back; no check is
    /// a target, and a record's failed gate fails the run.
    @Test func theLimitsAreInTheRecord() throws {
        let r = Self.record(p99: 1_200, instructions: 1_000, cookbookInstructions: 8_000, slowestCounterexample: 4)
        #expect(
            r.limits == [
                "engineAllocations": 0, "engineP99": 1_000, "engineInstructions": 1_060,
                "cookbookFoundationOverEngineInstructions": 7, "timeToShrunkCounterexample": 100,
            ])
        #expect(r.text.contains(#""limits":{"engineAllocations":0,"engineP99":1000,"engineInstructions":1060,"#), "\(r.text)")
        let again = try ResultRecord.read(Array(r.text.utf8), file: "r.json")
        #expect(again.limits == r.limits && Set(again.checks) == Set(r.checks))
        #expect(r.targets.isEmpty && r.failedChecks.map(\.name) == ["engineP99"])
    }

    /// A record keeps which checks were targets when it was made: an old
    /// record's missed target stays "target not met", and a record made
    /// today has none.
    @Test func aRecordKeepsItsOwnTargets() throws {
        var old = F.record(schema: 2)
        old.checks = [Check(name: "fuzzInstructionsAtMost3000", outcome: .failed), Check(name: "engineZeroAllocations", outcome: .passed)]
        old.targets = ["fuzzInstructionsAtMost3000"]
        old.limits = [:]
        let again = try ResultRecord.read(Array(old.text.utf8), file: "old.json")
        #expect(again.targets == ["fuzzInstructionsAtMost3000"])
        #expect(again.failedChecks.isEmpty && again.missedTargets.map(\.name) == ["fuzzInstructionsAtMost3000"])
        var today = again
        today.evaluateChecks()
        #expect(today.targets.isEmpty && !today.text.contains(#""targets""#))
    }
}

/// docs/benchmarks.md's table of gates is the catalog, written out.
@Suite("Gates, as documented")
struct GateDocumentTests {
    /// One row per gate: its key, what it measures, its limit, and whether a
    /// debug build evaluates it.
    static var table: String {
        let rows = Gate.all.map { g in
            "| `\(g.name)` | \(g.measures) | \(g.limitText()) | \(g.needsRelease ? "release only" : "every build") |"
        }
        return (["| gate | measures | limit | evaluated in |", "| --- | --- | --- | --- |"] + rows).joined(separator: "\n") + "\n"
    }

    @Test func docsListEveryGateWithItsLimit() throws {
        let difference = try GoldenFile.sectionDifference(Self.table, named: "gates", in: Repository.url("docs/benchmarks.md"))
        #expect(difference == nil, "\(difference ?? "")")
    }
}
