import KeyboardResults
import Testing

/// The one regression rule (``RegressionRule``): only records whose schemas
/// measure alike, of one machine and build type with a benchmark in common are compared; then
/// allocations, else instructions where both count them, else p50 decide.
@Suite("Comparing records")
struct RecordComparisonTests {
    typealias F = RecordFixtures

    /// How messages and the report name a machine: the core count in the
    /// singular for one core.
    @Test func aMachineIsNamedByItsCPUAndCores() {
        #expect(Machine(os: "Linux", cpu: "Xeon", cores: 1, host: "a").summary == "Xeon, 1 core")
        #expect(Machine(os: "Linux", cpu: "Xeon", cores: 2, host: "a").summary == "Xeon, 2 cores")
        #expect(Machine(os: "Linux", cpu: "Xeon", cores: 0, host: "a").summary == "Xeon, 0 cores")
    }

    @Test func aRecordAgainstItselfIsComparableAndTheSame() {
        let c = RecordComparison(base: F.record(), new: F.record())
        #expect(c.isComparable)
        #expect(c.rows.count == 2 && c.rows.allSatisfy { $0.verdict == .same && $0.p50Ratio == 1 })
    }

    @Test func p50MoreThanTheTimeToleranceAboveIsARegression() {
        let rule = RegressionRule.standard
        #expect(rule.time == 0.3, "the tolerance docs/benchmarks.md states")
        let c = RecordComparison(base: F.record(), new: F.record(commit: "f00", scale: 1.31))
        #expect(c.isComparable)
        #expect(c.regressions.map(\.name) == ["engine", "floor"])
        #expect(c.rows.allSatisfy { $0.decidedBy == .time })
        // Strict: exactly the tolerance is still the same.
        #expect(RecordComparison(base: F.record(), new: F.record(scale: 1.3)).regressions.isEmpty)
        #expect(RecordComparison(base: F.record(), new: F.record(scale: 1 / 1.3)).rows.allSatisfy { $0.verdict == .same })
        #expect(RecordComparison(base: F.record(), new: F.record(scale: 0.7)).rows.allSatisfy { $0.verdict == .faster })
    }

    @Test func p50DecidesAndP90IsOnlyShown() {
        // The fixture's engine: p50 150 ns, p90 225 ns.
        // p50 40 % slower, p90 unchanged: a regression.
        let slower = RecordComparison(base: F.record(), new: F.record(benchmarks: [F.figures("engine", p50: 210, p90: 225)]))
        #expect(slower.rows.first?.verdict == .regression && slower.rows.first?.p90Ratio == 1)
        // p90 twice as slow, p50 unchanged: the same.
        let tail = RecordComparison(base: F.record(), new: F.record(benchmarks: [F.figures("engine", p50: 150, p90: 450)]))
        #expect(tail.rows.first?.verdict == .same && tail.rows.first?.p90Ratio == 2)
    }

    @Test func aTighterTimeToleranceIsTheRuleWithOneNumberChanged() {
        var rule = RegressionRule.standard
        rule.time = 0.1
        #expect(RecordComparison(base: F.record(), new: F.record(scale: 1.15), rule: rule).regressions.count == 2)
        #expect(RecordComparison(base: F.record(), new: F.record(scale: 1.15)).regressions.isEmpty)
    }

    /// Allocations are counted, not timed: any rise beyond one in a hundred
    /// notifications is a regression, whatever the time says, and the zero
    /// the engine promises is on every dashboard.
    @Test func anAllocationMoreIsARegressionWhateverTheTime() {
        func record(_ allocations: Double, scale: Double) -> ResultRecord {
            var f = F.figures("engine", p50: 150 * scale)
            f.allocationsPerNotification = allocations
            return F.record(benchmarks: [f])
        }
        let allocating = RecordComparison(base: record(0, scale: 1), new: record(0.02, scale: 0.5))
        #expect(allocating.rows.first?.verdict == .regression && allocating.rows.first?.decidedBy == .allocations)
        #expect(RegressionRule.evidence(allocating.rows[0]) == "allocations 0 → 0.02")
        #expect(RecordComparison(base: record(0, scale: 1), new: record(0.01, scale: 1)).rows.first?.verdict == .same)
        #expect(RecordComparison(base: record(3, scale: 1), new: record(2, scale: 1)).rows.first?.verdict == .same)
    }

    @Test func benchmarksOnOneSideOnlyAreNamed() {
        let c = RecordComparison(
            base: F.record(), new: F.record(benchmarks: [F.figures("engine", p50: 150), F.figures("bare-post", p50: 400)]))
        #expect(c.rows.map(\.name) == ["engine"])
        #expect(c.onlyInBase == ["floor"] && c.onlyInNew == ["bare-post"])
    }

    @Test func theRuleIsStatedWithItsTolerances() {
        let summary = RegressionRule.standard.summary
        for part in ["0.01", "2 %", "30 %", "p50"] { #expect(summary.contains(part), "\(part) in: \(summary)") }
    }

    @Test func anotherCPUIsNotComparable() {
        let other = Machine(os: "Linux", cpu: "AMD EPYC 7763", cores: 2, host: "runner-2")
        let c = RecordComparison(base: F.record(), new: F.record(scale: 1.3, machine: other))
        #expect(!c.isComparable)
        #expect(c.reasons.count == 1 && c.reasons[0].contains("different machines") && c.reasons[0].contains("AMD EPYC 7763"))
    }

    @Test func anotherCoreCountIsNotComparableButAnotherHostIs() {
        var more = F.machine
        more.cores = 4
        #expect(!RecordComparison(base: F.record(), new: F.record(machine: more)).isComparable)
        var host = F.machine
        host.host = "runner-9"
        host.os = "Linux 6.8"
        #expect(RecordComparison(base: F.record(), new: F.record(machine: host)).isComparable)
    }

    @Test func debugAgainstReleaseIsNotComparable() {
        let c = RecordComparison(base: F.record(), new: F.record(build: .debug))
        #expect(c.reasons == ["build types release against debug (only release with release, or debug with debug)"])
        #expect(!RecordComparison(base: F.record(build: .unknown), new: F.record(build: .unknown)).isComparable)
        #expect(RecordComparison(base: F.record(build: .debug), new: F.record(build: .debug)).isComparable)
    }

    @Test func noBenchmarkInCommonIsNotComparable() {
        let c = RecordComparison(base: F.record(), new: F.record(benchmarks: [F.figures("bare-post", p50: 400)]))
        #expect(c.rows.isEmpty)
        #expect(c.reasons == ["no benchmark in common (base: engine, floor; new: bare-post)"])
        // A record that measured nothing (a run cut short) says so by name.
        let empty = RecordComparison(base: F.record(benchmarks: []), new: F.record())
        #expect(empty.reasons == ["no benchmark in common (base: none; new: engine, floor)"])
    }

    @Test func anotherSchemaOrAnUnknownMachineIsNotComparable() {
        #expect(!RecordComparison(base: F.record(schema: 1), new: F.record()).isComparable)
        // Schema 3 renamed the checks; its benchmarks measure what schema 2's did.
        #expect(RecordComparison(base: F.record(schema: 2), new: F.record()).isComparable)
        // Another generator version replays other notifications; an unknown one is not held against a record.
        var v1 = F.record(), v2 = F.record()
        (v1.generatorVersion, v2.generatorVersion) = (1, 2)
        #expect(RecordComparison(base: v1, new: v2).reasons == ["generator versions 1 against 2 (the benchmarks replayed other notifications)"])
        #expect(RecordComparison(base: F.record(), new: v2).isComparable)
        let again = try? ResultRecord.read(Array(v2.text.utf8), file: "v2.json")
        #expect(again?.generatorVersion == 2 && v2.text.contains(#""build":"release","generatorVersion":2,"#))
        let unknown = Machine(os: "unknown", cpu: "unknown", cores: 0, host: "unknown")
        let c = RecordComparison(base: F.record(machine: unknown), new: F.record(machine: unknown))
        #expect(c.reasons.count == 2 && c.reasons.allSatisfy { $0.contains("does not say which machine") })
    }

    /// Instruction counts do not vary between runs: when both records hold
    /// them they decide, whatever the noisy times say.
    @Test func instructionCountsDecideWhenBothRecordsHaveThem() throws {
        func counted(_ instructions: Double, scale: Double) -> ResultRecord {
            var f = F.figures("engine", p50: 150 * scale)
            f.instructionsPerNotification = instructions
            return F.record(benchmarks: [f])
        }
        let noisyButSame = RecordComparison(base: counted(1_000, scale: 1), new: counted(1_001, scale: 1.4))
        #expect(noisyButSame.rows.first?.verdict == .same && noisyButSame.rows.first?.instructionRatio == 1.001)
        #expect(noisyButSame.rows.first?.decidedBy == .instructions)
        // The tolerance is strict both ways: a ratio of exactly 1.02 or
        // 1 / 1.02 is the same work.
        #expect(RecordComparison(base: counted(100, scale: 1), new: counted(102, scale: 1)).rows.first?.verdict == .same)
        #expect(RecordComparison(base: counted(102, scale: 1), new: counted(100, scale: 1)).rows.first?.verdict == .same)
        #expect(RecordComparison(base: counted(102, scale: 1), new: counted(99, scale: 1)).rows.first?.verdict == .faster)
        let moreWork = RecordComparison(base: counted(1_000, scale: 1), new: counted(1_030, scale: 1))
        #expect(moreWork.regressions.map(\.name) == ["engine"])
        #expect(RegressionRule.evidence(moreWork.rows[0]) == "instructions ×1.03")
        let again = try ResultRecord.read(Array(counted(1_234.5, scale: 1).text.utf8), file: "r.json")
        #expect(again.benchmarks.first?.instructionsPerNotification == 1_234.5)
    }

    /// A count that varies with the build (Foundation, the runtime's casts)
    /// never decides, on either side: 27 % more instructions with the same
    /// times is the same, 31 % slower times are a regression; the ratio is
    /// still shown, and the flag survives a record's round trip.
    @Test(arguments: [(true, false), (false, true), (true, true)])
    func timeDecidesWhereTheCountVariesWithTheBuild(baseVaries: Bool, newVaries: Bool) throws {
        func record(_ instructions: Double, scale: Double, varies: Bool) -> ResultRecord {
            var f = F.figures("cookbook-foundation", p50: 1_700 * scale)
            f.instructionsPerNotification = instructions
            f.instructionsVaryWithBuild = varies
            return F.record(benchmarks: [f])
        }
        let layout = RecordComparison(
            base: record(7_720.7, scale: 1, varies: baseVaries), new: record(9_824.8, scale: 1, varies: newVaries))
        #expect(layout.rows.first?.verdict == .same && layout.rows.first?.instructionsDecide == false)
        #expect(layout.rows.first.flatMap(\.instructionRatio).map { abs($0 - 1.2725) < 1e-4 } == true)
        let slower = RecordComparison(
            base: record(7_720.7, scale: 1, varies: baseVaries), new: record(7_720.7, scale: 1.31, varies: newVaries))
        #expect(slower.regressions.map(\.name) == ["cookbook-foundation"])
        let again = try ResultRecord.read(Array(record(1, scale: 1, varies: true).text.utf8), file: "r.json")
        #expect(again.benchmarks.first?.instructionsVaryWithBuild == true)
        let plain = try ResultRecord.read(Array(record(1, scale: 1, varies: false).text.utf8), file: "r.json")
        #expect(plain.benchmarks.first?.instructionsVaryWithBuild == false && !plain.text.contains("instructionsVaryWithBuild"))
    }

    /// A record that counted instructions against one that did not, either
    /// way: no instruction ratio is made up, and time decides, as it does
    /// between two records without counts.
    @Test(arguments: [true, false])
    func timeDecidesWhenOnlyOneRecordCountedInstructions(baseCounted: Bool) {
        func record(scale: Double, counted: Bool) -> ResultRecord {
            var f = F.figures("engine", p50: 150 * scale)
            if counted { f.instructionsPerNotification = 1_000 }
            return F.record(benchmarks: [f])
        }
        let slower = RecordComparison(
            base: record(scale: 1, counted: baseCounted), new: record(scale: 1.31, counted: !baseCounted)
        )
        #expect(slower.isComparable)
        #expect(slower.rows.first?.instructionRatio == nil, "one side has no count: there is no ratio")
        #expect(slower.rows.first?.verdict == .regression, "31 % slower at p50: time says regression")
        let same = RecordComparison(
            base: record(scale: 1, counted: baseCounted), new: record(scale: 1.02, counted: !baseCounted)
        )
        #expect(same.rows.first?.verdict == .same)
        let faster = RecordComparison(
            base: record(scale: 1, counted: baseCounted), new: record(scale: 0.5, counted: !baseCounted)
        )
        #expect(faster.rows.first?.verdict == .faster)
    }
}
