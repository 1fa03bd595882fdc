/// The one rule by which a benchmark got worse between two records of the
/// same machine and build: `kbbench compare` applies it, the report marks
/// regressions by it, the benchmark workflow fails by it (through
/// `compare`), and package-benchmark's thresholds in `Benchmarks/` take
/// their tolerances from it. docs/benchmarks.md states it and why.
///
/// For each benchmark in both records, in this order:
/// 1. **Allocations** per notification rose by more than ``allocations``
///    (they are counted, not timed: any rise is real): a regression.
/// 2. A benchmark whose cost moves between builds of the same code
///    (``BenchmarkFigures/instructionsVaryWithBuild``: its counts, and its
///    time with them, follow where a build puts the runtime's and
///    Foundation's data) is **not judged**: no figure of it could tell a
///    change of code from a build's layout.
/// 3. **Instructions** per notification, when both records counted them,
///    decide alone: a rise of more than ``instructions`` (a fraction) is a
///    regression, a fall of as much is *faster*. Counts do not vary
///    between runs, nor with the machine's load.
/// 4. Otherwise **time against a calibrator**: in each round of a record,
///    the benchmark's median over its calibrator's, measured in the same
///    round (``CalibratedTime``), so that a machine slower for the whole
///    run moves both alike. The median of NEW's rounds over BASE's rose by
///    more than ``time`` *and* the rank-sum test (``RankSumTest``) finds
///    NEW's rounds larger at ``significance``: a regression; the same
///    downwards: faster.
/// 5. Otherwise (a record without rounds, a benchmark without a
///    calibrator) it is **not judged**: its time alone cannot tell a slower
///    machine from slower code.
///
/// Anything else is the same. Rises are ratios NEW ÷ BASE; a fall is a ratio
/// under 1 ÷ (1 + tolerance). A fuzz campaign's cost (instructions per
/// checked notification, counted for the same strategy, seed and runs in
/// both records) is judged by the instruction tolerance.
package struct RegressionRule: Hashable, Sendable {
    /// The rise of the calibrated time's median that is still the same, as
    /// a fraction.
    package var time: Double
    /// The rise of instructions per notification that is still the same,
    /// as a fraction.
    package var instructions: Double
    /// The rise of allocations per notification that is still the same.
    package var allocations: Double
    /// The rank-sum test's one-sided p-value under which a calibrated time's
    /// change counts (with a change beyond ``time``).
    package var significance: Double

    package init(time: Double, instructions: Double, allocations: Double, significance: Double = 0.01) {
        self.time = time
        self.instructions = instructions
        self.allocations = allocations
        self.significance = significance
    }

    /// The rule everywhere unless `compare --threshold` says otherwise: 2 %
    /// on instructions (a build that changes nothing a benchmark runs moves
    /// its count by 0.1 % at most, foundation-path's by 0.4 %); 40 % on
    /// calibrated time with p < 0.01 (three records of one binary on one
    /// 2-core machine, one beside a memory-bus neighbour, moved calibrated
    /// times by up to 22 %, and planted-slowdown trials moved a benchmark
    /// nothing slowed by up to 28 %: results/HISTORY.md); 0.01 allocations
    /// per notification (one in a hundred notifications).
    package static let standard = RegressionRule(time: 0.40, instructions: 0.02, allocations: 0.01)

    /// The tolerance on time where a tool judges it without a calibrator:
    /// package-benchmark's thresholds in `Benchmarks/`, absolute p90s of one
    /// machine, checked on that machine. Wide, because nothing in such a
    /// run tells a slower machine apart.
    package static let uncalibratedTime = 0.30

    /// Which figure decided a verdict.
    package enum Figure: String, Hashable, Sendable {
        case allocations
        case instructions
        /// The time against the calibrator's, round by round.
        case time
    }

    /// What one benchmark did, which figure said so, and by how much.
    package struct Judgement: Hashable, Sendable {
        package var verdict: RecordComparison.Verdict
        /// Nil when ``verdict`` is `.unjudged`.
        package var decidedBy: Figure?
        /// Where calibrated time decided: NEW's median ratio to the
        /// calibrator over BASE's, and the rank-sum test's one-sided p-value
        /// in the direction it moved.
        package var calibratedRatio: Double?
        package var p: Double?
        /// Why nothing decided, when ``verdict`` is `.unjudged`.
        package var unjudgedBecause: String?
    }

    /// What one benchmark did from `base` to `new`; the calibrators are
    /// each record's figures of the benchmark's calibrator (nil where the
    /// record lacks them).
    package func judge(
        base: BenchmarkFigures, new: BenchmarkFigures, baseCalibrator: BenchmarkFigures? = nil, newCalibrator: BenchmarkFigures? = nil
    ) -> Judgement {
        if new.allocationsPerNotification > base.allocationsPerNotification + allocations {
            return Judgement(verdict: .regression, decidedBy: .allocations)
        }
        if base.instructionsVaryWithBuild || new.instructionsVaryWithBuild {
            return Judgement(
                verdict: .unjudged,
                unjudgedBecause:
                    "its cost moves between builds of the same code (where a build puts the runtime's data), so no figure of it tells code from build"
            )
        }
        if let bi = base.instructionsPerNotification, let ni = new.instructionsPerNotification {
            return Judgement(verdict: Self.judge(ni / Swift.max(bi, 1e-9), tolerance: instructions), decidedBy: .instructions)
        }
        guard let b = CalibratedTime(base, calibrator: baseCalibrator), let n = CalibratedTime(new, calibrator: newCalibrator),
            base.calibrator == new.calibrator
        else {
            let why =
                base.calibrator == nil
                ? "no instruction counts, and time without a calibrator cannot tell a slower machine from slower code"
                : "no instruction counts, and no rounds against \(base.calibrator!) in both records: time alone cannot tell a slower machine from slower code"
            return Judgement(verdict: .unjudged, unjudgedBecause: why)
        }
        let ratio = n.median / Swift.max(b.median, 1e-12)
        let test = RankSumTest(b.ratios, n.ratios)
        var verdict = Self.judge(ratio, tolerance: time)
        let p = verdict == .faster ? test.pSecondSmaller : test.pSecondLarger
        if verdict != .same && p >= significance { verdict = .same }
        return Judgement(verdict: verdict, decidedBy: .time, calibratedRatio: ratio, p: p)
    }

    /// What a fuzz campaign's cost did, in instructions per checked
    /// notification: judged by the instruction tolerance.
    package func verdict(fuzzBase base: Double, new: Double) -> RecordComparison.Verdict {
        Self.judge(new / Swift.max(base, 1e-9), tolerance: instructions)
    }

    /// The rule in one sentence, with its tolerances, as the report and
    /// `compare` print it.
    package var summary: String {
        "A regression: allocations per notification up by more than \(Self.number(allocations)), or, where both records count "
            + "instructions, instructions per notification up by more than \(Self.percent(instructions)), or else the time against "
            + "its calibrator, round by round, up by more than \(Self.percent(time)) with p < \(Self.number(significance)) "
            + "(rank-sum test), against the previous record of the same machine and build. A benchmark whose cost moves between "
            + "builds, or whose time has no calibrated rounds, is not judged."
    }

    /// What decided a row, in words: "instructions ×1.05", "time ×1.14
    /// against floor (p < 0.0001)", "allocations 0 → 0.5", or why it was
    /// not judged.
    package static func evidence(_ row: RecordComparison.Row) -> String {
        switch row.judgement.decidedBy {
        case .allocations: "allocations \(number(row.base.allocationsPerNotification)) → \(number(row.new.allocationsPerNotification))"
        case .instructions: "instructions ×\(number(((row.instructionRatio ?? 1) * 100).rounded() / 100))"
        case .time:
            "time ×\(number(((row.judgement.calibratedRatio ?? 1) * 100).rounded() / 100)) against \(row.new.calibrator ?? "?")"
                + " (p \(pText(row.judgement.p ?? 1)))"
        case nil: "not judged: \(row.judgement.unjudgedBecause ?? "")"
        }
    }

    /// A p-value with its relation, in four decimals: "= 0.0123", and
    /// "< 0.0001" below.
    package static func pText(_ p: Double) -> String {
        p < 0.0001 ? "< 0.0001" : "= " + String(Double((p * 10_000).rounded()) / 10_000)
    }

    private static func percent(_ fraction: Double) -> String { "\(number((fraction * 1000).rounded() / 10)) %" }
    /// A number as the rule's texts and the gates' limits print it: a whole
    /// one without a fraction (`44`), any other as Swift prints it (`0.5`,
    /// `1e+20`: past `Int`'s range).
    static func number(_ d: Double) -> String { Int(exactly: d).map(String.init) ?? String(d) }

    /// A figure's move, new over base, against its tolerance (a fraction):
    /// a regression above 1 + tolerance, faster below 1 ÷ (1 + tolerance),
    /// the same at either bound and between them.
    package static func judge(_ ratio: Double, tolerance: Double) -> RecordComparison.Verdict {
        ratio > 1 + tolerance ? .regression : ratio < 1 / (1 + tolerance) ? .faster : .same
    }
}
