/// The one rule by which a benchmark got worse between two records of the
/// same machine and build: `kbbench compare` applies it, the report marks
/// regressions by it, the benchmark workflow fails by it (through
/// `compare`), and package-benchmark's thresholds in `Benchmarks/` take
/// their tolerances from it. docs/benchmarks.md states it.
///
/// For each benchmark in both records, in this order:
/// 1. **Allocations** per notification rose by more than ``allocations``
///    (they are counted, not timed: any rise is real): a regression.
/// 2. **Instructions** per notification, when both records counted them and
///    neither marks the count as moving between builds
///    (``BenchmarkFigures/instructionsVaryWithBuild``), decide alone: a
///    rise of more than ``instructions`` (a fraction) is a regression, a
///    fall of as much is *faster*. Counts do not vary between runs.
/// 3. Otherwise **time**: the p50 (the median of batch means, the steadiest
///    time a run gives) rose by more than ``time`` (a fraction): a
///    regression; fell by as much: faster.
///
/// Anything else is the same. Rises are ratios NEW ÷ BASE; a fall is a ratio
/// under 1 ÷ (1 + tolerance). A fuzz campaign's cost (instructions per
/// checked notification, counted for the same strategy, seed and runs in
/// both records) is judged by the instruction tolerance.
package struct RegressionRule: Hashable, Sendable {
    /// The rise of p50 time that is still the same, as a fraction.
    package var time: Double
    /// The rise of instructions per notification that is still the same,
    /// as a fraction.
    package var instructions: Double
    /// The rise of allocations per notification that is still the same.
    package var allocations: Double

    package init(time: Double, instructions: Double, allocations: Double) {
        self.time = time
        self.instructions = instructions
        self.allocations = allocations
    }

    /// The rule everywhere unless `compare --threshold` says otherwise:
    /// 30 % on time (wide, because a shared machine's runs differ; where
    /// instructions are counted they decide instead), 2 % on instructions,
    /// 0.01 allocations per notification (one in a hundred notifications).
    package static let standard = RegressionRule(time: 0.30, instructions: 0.02, allocations: 0.01)

    /// Which figure decided a verdict.
    package enum Figure: String, Hashable, Sendable {
        case allocations
        case instructions
        case time
    }

    /// What one benchmark did from `base` to `new`, and which figure said so.
    package func verdict(base: BenchmarkFigures, new: BenchmarkFigures) -> (RecordComparison.Verdict, decidedBy: Figure) {
        if new.allocationsPerNotification > base.allocationsPerNotification + allocations { return (.regression, .allocations) }
        if let bi = base.instructionsPerNotification, let ni = new.instructionsPerNotification, !base.instructionsVaryWithBuild,
            !new.instructionsVaryWithBuild
        {
            return (Self.judge(ni / Swift.max(bi, 1e-9), tolerance: instructions), .instructions)
        }
        return (Self.judge(new.p50 / Swift.max(base.p50, 1e-9), tolerance: time), .time)
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
            + "instructions, instructions per notification up by more than \(Self.percent(instructions)), or else p50 up by more than "
            + "\(Self.percent(time)), against the previous record of the same machine and build."
    }

    /// What decided a row, in words: "p50 ×1.42", "instructions ×1.05",
    /// "allocations 0 → 0.5".
    package static func evidence(_ row: RecordComparison.Row) -> String {
        switch row.decidedBy {
        case .allocations: "allocations \(number(row.base.allocationsPerNotification)) → \(number(row.new.allocationsPerNotification))"
        case .instructions: "instructions ×\(number(((row.instructionRatio ?? 1) * 100).rounded() / 100))"
        case .time: "p50 ×\(number((row.p50Ratio * 100).rounded() / 100))"
        }
    }

    private static func percent(_ fraction: Double) -> String { "\(number((fraction * 1000).rounded() / 10)) %" }
    private static func number(_ d: Double) -> String { d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d) }

    private static func judge(_ ratio: Double, tolerance: Double) -> RecordComparison.Verdict {
        ratio > 1 + tolerance ? .regression : ratio < 1 / (1 + tolerance) ? .faster : .same
    }
}
