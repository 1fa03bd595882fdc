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
        #expect(c.rows.map(\.name) == ["engine", "floor"])
        #expect(c.rows[0].verdict == .same && c.rows[0].p50Ratio == 1 && c.rows[0].judgement.calibratedRatio == 1)
        // The calibrator itself has neither counts nor a calibrator: shown,
        // not judged, and never a regression.
        #expect(c.rows[1].verdict == .unjudged && c.rows[1].decidedBy == nil && c.unjudged.map(\.name) == ["floor"])
    }

    /// The property the rule exists for: a machine slower (or faster) for
    /// a whole run, by any factor, moves the benchmark and its calibrator
    /// alike, so no verdict changes; the code's own slowdown beyond the
    /// tolerance is a regression whatever the machine did.
    @Test(arguments: [0.25, 0.7, 1, 1.42, 2.28, 5])
    func aSlowerMachineAloneIsNeverARegression(machine: Double) {
        let rule = RegressionRule.standard
        #expect(rule.time == 0.4, "the tolerance docs/benchmarks.md states")
        let moved = RecordComparison(base: F.record(), new: F.record(scale: machine))
        #expect(moved.regressions.isEmpty && moved.rows[0].verdict == .same, "machine ×\(machine)")
        let c = RecordComparison(base: F.record(), new: F.record(commit: "f00", scale: machine, code: 1.41))
        #expect(c.regressions.map(\.name) == ["engine"] && c.rows[0].decidedBy == .time, "machine ×\(machine)")
        // Within the tolerance is the same, both ways.
        #expect(RecordComparison(base: F.record(), new: F.record(scale: machine, code: 1.399)).regressions.isEmpty)
        #expect(RecordComparison(base: F.record(), new: F.record(scale: machine, code: 1 / 1.399)).rows[0].verdict == .same)
        #expect(RecordComparison(base: F.record(), new: F.record(scale: machine, code: 0.7)).rows[0].verdict == .faster)
    }

    /// A row the time decided says so in words: the calibrated ratio in
    /// hundredths, the calibrator, and the rank-sum test's p, below its
    /// last decimal as "< 0.0001" and otherwise as "= " and four decimals.
    @Test func aTimeVerdictsEvidenceNamesTheRatioTheCalibratorAndP() {
        let slower = RecordComparison(base: F.record(), new: F.record(commit: "f00", code: 1.41))
        #expect(RegressionRule.evidence(slower.rows[0]) == "time ×1.41 against floor (p < 0.0001)")
        var few = F.record(code: 2)
        few.benchmarks = [
            F.figures("engine", p50: 300, calibrator: "floor", rounds: 2), F.figures("floor", p50: 12, rounds: 2),
        ]
        let unsure = RecordComparison(base: F.record(), new: few)
        #expect(unsure.rows[0].decidedBy == .time)
        #expect(RegressionRule.evidence(unsure.rows[0]) == "time ×2.08 against floor (p = 0.0143)", "p ≈ 0.0143158")
    }

    /// The size alone does not convict: too few rounds to tell the two
    /// records apart (two larger rounds against fifteen: p ≈ 0.015) are
    /// the same, however far the median moved.
    @Test func aCalibratedRiseWithoutSignificanceIsTheSame() {
        var few = F.record(code: 2)
        few.benchmarks = [
            F.figures("engine", p50: 300, calibrator: "floor", rounds: 2), F.figures("floor", p50: 12, rounds: 2),
        ]
        let c = RecordComparison(base: F.record(), new: few)
        let p = try? #require(c.rows.first?.judgement.p)
        #expect(c.rows.first?.verdict == .same && (p ?? 0) > 0.01 && (p ?? 1) < 0.05, "p = \(String(describing: p))")
        #expect(RecordComparison(base: F.record(), new: F.record(code: 2)).rows.first?.judgement.p.map { $0 < 0.0001 } == true)
    }

    /// p90 is shown and never decides: twice the tail with the same rounds
    /// is the same.
    @Test func theTailIsOnlyShown() {
        let tail = RecordComparison(
            base: F.record(),
            new: F.record(benchmarks: [F.figures("engine", p50: 150, p90: 450, calibrator: "floor"), F.figures("floor", p50: 12)]))
        #expect(tail.rows.first?.verdict == .same && tail.rows.first?.p90Ratio == 2)
    }

    /// A benchmark whose two records name different calibrators, or whose
    /// rounds are missing on one side, is not judged by time.
    @Test func timeWithoutCalibratedRoundsOnBothSidesIsNotJudged() {
        var other = F.record(code: 3)
        other.benchmarks[0].calibrator = "bare-post"
        #expect(RecordComparison(base: F.record(), new: other).rows.first?.verdict == .unjudged)
        var roundless = F.record(code: 3)
        roundless.benchmarks[0].roundMedians = []
        let c = RecordComparison(base: F.record(), new: roundless)
        #expect(c.rows.first?.verdict == .unjudged && c.regressions.isEmpty)
        #expect(RegressionRule.evidence(c.rows[0]).hasPrefix("not judged: no instruction counts"))
    }

    @Test func aTighterTimeToleranceIsTheRuleWithOneNumberChanged() {
        var rule = RegressionRule.standard
        rule.time = 0.1
        #expect(RecordComparison(base: F.record(), new: F.record(code: 1.15), rule: rule).regressions.map(\.name) == ["engine"])
        #expect(RecordComparison(base: F.record(), new: F.record(code: 1.15)).regressions.isEmpty)
    }

    /// Allocations are counted, not timed: any rise beyond one in a hundred
    /// notifications is a regression, whatever the time says, and the zero
    /// the engine promises is on every dashboard.
    @Test func anAllocationMoreIsARegressionWhateverTheTime() {
        func record(_ allocations: Double, code: Double) -> ResultRecord {
            var r = F.record(code: code)
            r.benchmarks[0].allocationsPerNotification = allocations
            return r
        }
        let allocating = RecordComparison(base: record(0, code: 1), new: record(0.02, code: 0.5))
        #expect(allocating.rows.first?.verdict == .regression && allocating.rows.first?.decidedBy == .allocations)
        #expect(RegressionRule.evidence(allocating.rows[0]) == "allocations 0 → 0.02")
        #expect(RecordComparison(base: record(0, code: 1), new: record(0.01, code: 1)).rows.first?.verdict == .same)
        #expect(RecordComparison(base: record(3, code: 1), new: record(2, code: 1)).rows.first?.verdict == .same)
    }

    @Test func benchmarksOnOneSideOnlyAreNamed() {
        let c = RecordComparison(
            base: F.record(), new: F.record(benchmarks: [F.figures("engine", p50: 150), F.figures("bare-post", p50: 400)]))
        #expect(c.rows.map(\.name) == ["engine"])
        #expect(c.onlyInBase == ["floor"] && c.onlyInNew == ["bare-post"])
    }

    /// A p-value in four decimals, rounded to the nearest (half away from
    /// zero), with "<" below the fourth decimal's reach.
    @Test(arguments: [
        (1.0, "= 1.0"), (0.5, "= 0.5"), (0.0123, "= 0.0123"), (0.01235, "= 0.0124"), (0.0001, "= 0.0001"), (0.00009, "< 0.0001"),
        (0, "< 0.0001"),
    ])
    func aPValueIsWrittenInFourDecimals(p: Double, text: String) {
        #expect(RegressionRule.pText(p) == text)
    }

    @Test func theRuleIsStatedWithItsTolerances() {
        let summary = RegressionRule.standard.summary
        for part in ["0.01", "2 %", "40 %", "p < 0.01", "calibrator", "not judged"] {
            #expect(summary.contains(part), "\(part) in: \(summary)")
        }
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
    /// is never judged, on either side, by count or by time: 27 % more
    /// instructions with the same times, or times twice as slow against
    /// the calibrator, are shown and not judged; the instruction ratio is
    /// still shown, and the flag survives a record's round trip.
    @Test(arguments: [(true, false), (false, true), (true, true)])
    func aCountThatVariesWithTheBuildIsNotJudged(baseVaries: Bool, newVaries: Bool) throws {
        func record(_ instructions: Double, code: Double, varies: Bool) -> ResultRecord {
            var f = F.figures("cookbook-foundation", p50: 1_700 * code, calibrator: "bare-post")
            f.instructionsPerNotification = instructions
            f.instructionsVaryWithBuild = varies
            return F.record(benchmarks: [f, F.figures("bare-post", p50: 400)])
        }
        let layout = RecordComparison(
            base: record(7_720.7, code: 1, varies: baseVaries), new: record(9_824.8, code: 1, varies: newVaries))
        #expect(layout.rows.first?.verdict == .unjudged && layout.rows.first?.instructionsDecide == false)
        #expect(layout.rows.first.flatMap(\.instructionRatio).map { abs($0 - 1.2725) < 1e-4 } == true)
        let slower = RecordComparison(
            base: record(7_720.7, code: 1, varies: baseVaries), new: record(7_720.7, code: 2, varies: newVaries))
        #expect(slower.regressions.isEmpty && slower.unjudged.map(\.name) == ["cookbook-foundation", "bare-post"])
        #expect(RegressionRule.evidence(slower.rows[0]).contains("moves between builds"))
        let again = try ResultRecord.read(Array(record(1, code: 1, varies: true).text.utf8), file: "r.json")
        #expect(again.benchmarks.first?.instructionsVaryWithBuild == true)
        let plain = try ResultRecord.read(Array(record(1, code: 1, varies: false).text.utf8), file: "r.json")
        #expect(plain.benchmarks.first?.instructionsVaryWithBuild == false && !plain.text.contains("instructionsVaryWithBuild"))
    }

    /// A record that counted instructions against one that did not, either
    /// way: no instruction ratio is made up, and calibrated time decides,
    /// as it does between two records without counts.
    @Test(arguments: [true, false])
    func calibratedTimeDecidesWhenOnlyOneRecordCountedInstructions(baseCounted: Bool) {
        func record(code: Double, counted: Bool) -> ResultRecord {
            var r = F.record(scale: counted ? 1 : 1.9, code: code)
            if counted { r.benchmarks[0].instructionsPerNotification = 1_000 }
            return r
        }
        let slower = RecordComparison(base: record(code: 1, counted: baseCounted), new: record(code: 1.41, counted: !baseCounted))
        #expect(slower.isComparable)
        #expect(slower.rows.first?.instructionRatio == nil, "one side has no count: there is no ratio")
        #expect(slower.rows.first?.verdict == .regression && slower.rows.first?.decidedBy == .time)
        #expect(
            RecordComparison(base: record(code: 1, counted: baseCounted), new: record(code: 1.02, counted: !baseCounted)).rows.first?.verdict == .same
        )
        #expect(
            RecordComparison(base: record(code: 1, counted: baseCounted), new: record(code: 0.5, counted: !baseCounted)).rows.first?.verdict
                == .faster)
    }

    /// A record's calibrator and rounds survive its round trip (rounds to
    /// the hundredth); a record
    /// without them writes neither key.
    @Test func calibratedRoundsReadBackAsWritten() throws {
        let again = try ResultRecord.read(Array(F.record().text.utf8), file: "r.json")
        #expect(again.benchmarks.map(\.calibrator) == ["floor", nil])
        // Written to the hundredth of a nanosecond.
        let written = again.benchmarks.flatMap(\.roundMedians), made = F.record().benchmarks.flatMap(\.roundMedians)
        #expect(written.count == 30 && zip(written, made).allSatisfy { abs($0 - $1) <= 0.005 + 1e-9 })
        let bare = F.record(benchmarks: [F.figures("engine", p50: 150, rounds: 0)])
        #expect(!bare.text.contains("roundMedians") && !bare.text.contains("calibrator"))
    }

    /// A step beyond the time tolerance is a regression only when its p is
    /// below the significance: at exactly the significance it is the same,
    /// a rounding step above p it is a regression.
    @Test func aPAtExactlyTheSignificanceIsNotSignificant() throws {
        let floor = F.figures("floor", p50: 12)
        let base = F.figures("engine", p50: 150, calibrator: "floor"), new = F.figures("engine", p50: 240, calibrator: "floor")
        let p = try #require(RegressionRule.standard.judge(base: base, new: new, baseCalibrator: floor, newCalibrator: floor).p)
        #expect(p > 0 && p < 1, "\(p)")
        func verdict(_ significance: Double) -> RecordComparison.Verdict {
            RegressionRule(time: 0.40, instructions: 0.02, allocations: 0.01, significance: significance)
                .judge(base: base, new: new, baseCalibrator: floor, newCalibrator: floor).verdict
        }
        #expect(verdict(p) == .same)
        #expect(verdict(p.nextUp) == .regression)
    }
}
