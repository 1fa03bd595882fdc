import KeyboardResults
import Testing

/// compare's rule: only records of one schema, machine and build type with a
/// benchmark in common are compared; a regression needs p50 and p90 to agree.
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
        let c = RecordComparison(base: F.record(), new: F.record(), threshold: 0.1)
        #expect(c.isComparable)
        #expect(c.rows.count == 2 && c.rows.allSatisfy { $0.verdict == .same && $0.p50Ratio == 1 })
    }

    @Test func thirtyPercentSlowerIsAConfidentRegression() {
        let c = RecordComparison(base: F.record(), new: F.record(commit: "f00", scale: 1.3), threshold: 0.1)
        #expect(c.isComparable)
        #expect(c.regressions.map(\.name) == ["engine", "floor"])
    }

    @Test func theCentreAndTheTailMustAgree() {
        // p50 30 % slower, p90 unchanged: noise in one figure, not a regression.
        let new = F.record(benchmarks: [F.figures("engine", p50: 195, p90: 225)])
        let c = RecordComparison(base: F.record(), new: new, threshold: 0.1)
        #expect(c.rows.first?.verdict == .same)
        let faster = RecordComparison(base: F.record(), new: F.record(scale: 0.5), threshold: 0.1)
        #expect(faster.rows.allSatisfy { $0.verdict == .faster })
    }

    @Test func anotherCPUIsNotComparable() {
        let other = Machine(os: "Linux", cpu: "AMD EPYC 7763", cores: 2, host: "runner-2")
        let c = RecordComparison(base: F.record(), new: F.record(scale: 1.3, machine: other), threshold: 0.1)
        #expect(!c.isComparable)
        #expect(c.reasons.count == 1 && c.reasons[0].contains("different machines") && c.reasons[0].contains("AMD EPYC 7763"))
    }

    @Test func anotherCoreCountIsNotComparableButAnotherHostIs() {
        var more = F.machine
        more.cores = 4
        #expect(!RecordComparison(base: F.record(), new: F.record(machine: more), threshold: 0.1).isComparable)
        var host = F.machine
        host.host = "runner-9"
        host.os = "Linux 6.8"
        #expect(RecordComparison(base: F.record(), new: F.record(machine: host), threshold: 0.1).isComparable)
    }

    @Test func debugAgainstReleaseIsNotComparable() {
        let c = RecordComparison(base: F.record(), new: F.record(build: .debug), threshold: 0.1)
        #expect(c.reasons == ["build types release against debug (only release with release, or debug with debug)"])
        #expect(!RecordComparison(base: F.record(build: .unknown), new: F.record(build: .unknown), threshold: 0.1).isComparable)
        #expect(RecordComparison(base: F.record(build: .debug), new: F.record(build: .debug), threshold: 0.1).isComparable)
    }

    @Test func noBenchmarkInCommonIsNotComparable() {
        let c = RecordComparison(base: F.record(), new: F.record(benchmarks: [F.figures("bare-post", p50: 400)]), threshold: 0.1)
        #expect(c.rows.isEmpty)
        #expect(c.reasons == ["no benchmark in common (base: engine, floor; new: bare-post)"])
        // A record that measured nothing (a run cut short) says so by name.
        let empty = RecordComparison(base: F.record(benchmarks: []), new: F.record(), threshold: 0.1)
        #expect(empty.reasons == ["no benchmark in common (base: none; new: engine, floor)"])
    }

    @Test func anotherSchemaOrAnUnknownMachineIsNotComparable() {
        #expect(!RecordComparison(base: F.record(schema: 1), new: F.record(), threshold: 0.1).isComparable)
        let unknown = Machine(os: "unknown", cpu: "unknown", cores: 0, host: "unknown")
        let c = RecordComparison(base: F.record(machine: unknown), new: F.record(machine: unknown), threshold: 0.1)
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
        let noisyButSame = RecordComparison(base: counted(1_000, scale: 1), new: counted(1_001, scale: 1.4), threshold: 0.1)
        #expect(noisyButSame.rows.first?.verdict == .same && noisyButSame.rows.first?.instructionRatio == 1.001)
        // The thresholds are strict both ways: a ratio of exactly 1.1 or
        // 1 / 1.1 is the same work.
        #expect(RecordComparison(base: counted(1, scale: 1), new: counted(1.1, scale: 1), threshold: 0.1).rows.first?.verdict == .same)
        #expect(RecordComparison(base: counted(1.1, scale: 1), new: counted(1, scale: 1), threshold: 0.1).rows.first?.verdict == .same)
        #expect(RecordComparison(base: counted(1.1, scale: 1), new: counted(0.99, scale: 1), threshold: 0.1).rows.first?.verdict == .faster)
        let moreWork = RecordComparison(base: counted(1_000, scale: 1), new: counted(1_200, scale: 1), threshold: 0.1)
        #expect(moreWork.regressions.map(\.name) == ["engine"])
        let again = try ResultRecord.read(Array(counted(1_234.5, scale: 1).text.utf8), file: "r.json")
        #expect(again.benchmarks.first?.instructionsPerNotification == 1_234.5)
    }

    /// A count that varies with the build (Foundation, the runtime's casts)
    /// never decides, on either side: 27 % more instructions with the same
    /// times is the same, 30 % slower times are a regression; the ratio is
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
            base: record(7_720.7, scale: 1, varies: baseVaries), new: record(9_824.8, scale: 1, varies: newVaries), threshold: 0.1)
        #expect(layout.rows.first?.verdict == .same && layout.rows.first?.instructionsDecide == false)
        #expect(layout.rows.first.flatMap(\.instructionRatio).map { abs($0 - 1.2725) < 1e-4 } == true)
        let slower = RecordComparison(
            base: record(7_720.7, scale: 1, varies: baseVaries), new: record(7_720.7, scale: 1.3, varies: newVaries), threshold: 0.1)
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
            base: record(scale: 1, counted: baseCounted), new: record(scale: 1.3, counted: !baseCounted), threshold: 0.1
        )
        #expect(slower.isComparable)
        #expect(slower.rows.first?.instructionRatio == nil, "one side has no count: there is no ratio")
        #expect(slower.rows.first?.verdict == .regression, "30 % slower at p50 and p90: time says regression")
        let same = RecordComparison(
            base: record(scale: 1, counted: baseCounted), new: record(scale: 1.02, counted: !baseCounted), threshold: 0.1
        )
        #expect(same.rows.first?.verdict == .same)
        let faster = RecordComparison(
            base: record(scale: 1, counted: baseCounted), new: record(scale: 0.5, counted: !baseCounted), threshold: 0.1
        )
        #expect(faster.rows.first?.verdict == .faster)
    }
}
