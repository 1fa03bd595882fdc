/// NEW against BASE, benchmark by benchmark, by ``RegressionRule``: what
/// `kbbench compare` prints and the report marks regressions with.
///
/// Two records are *comparable* only when their schemas measure alike
/// (``ResultRecord/measuresAlikeSince``), they share the
/// machine (CPU model and core count, both known), the build type (both
/// release or both debug) and at least one benchmark. Anything else
/// compares two different things: a debug build is ten times slower than a
/// release one, and one CPU's nanoseconds say nothing about another's.
package struct RecordComparison: Sendable {
    /// What one benchmark did between the two records.
    package enum Verdict: String, Sendable {
        case regression
        case faster
        case same
        /// No figure could decide (``RegressionRule``, steps 2 and 5): shown,
        /// never a regression.
        case unjudged = "not judged"
    }

    /// One benchmark present in both records.
    package struct Row: Sendable {
        package var name: String
        package var base: BenchmarkFigures
        package var new: BenchmarkFigures
        /// NEW p50 ÷ BASE p50.
        package var p50Ratio: Double
        /// NEW p90 ÷ BASE p90 (shown, never deciding).
        package var p90Ratio: Double
        /// NEW instructions ÷ BASE instructions, when both records counted
        /// them.
        package var instructionRatio: Double?
        /// The verdict, the figure that decided it and its evidence (see
        /// ``RegressionRule``).
        package var judgement: RegressionRule.Judgement

        package var verdict: Verdict { judgement.verdict }
        /// The figure that decided ``verdict``; nil when not judged.
        package var decidedBy: RegressionRule.Figure? { judgement.decidedBy }
        /// Whether ``instructionRatio`` decided the verdict.
        package var instructionsDecide: Bool { decidedBy == .instructions }
    }

    /// A fuzz campaign's cost (``FuzzCost``) counted in both records for the
    /// same strategy, seed and run count: judged by the rule's instruction
    /// tolerance, as a benchmark's instructions are.
    package struct FuzzRow: Sendable {
        package var label: String
        package var base: Double
        package var new: Double
        package var ratio: Double { new / Swift.max(base, 1e-9) }
        package var verdict: Verdict
    }

    /// The benchmarks of NEW that BASE also has, in NEW's order.
    package var rows: [Row]
    /// The fuzz costs of NEW that BASE also counted, in NEW's order.
    package var fuzzRows: [FuzzRow]
    /// The benchmarks only BASE has, and only NEW has: not compared.
    package var onlyInBase: [String]
    package var onlyInNew: [String]
    /// Why the records are not comparable, one sentence each; empty when
    /// they are.
    package var reasons: [String]
    /// The rule the rows were judged by.
    package var rule: RegressionRule

    /// The rows that regressed.
    package var regressions: [Row] { rows.filter { $0.verdict == .regression } }
    /// The rows no figure could judge.
    package var unjudged: [Row] { rows.filter { $0.verdict == .unjudged } }
    /// The fuzz costs that regressed.
    package var fuzzRegressions: [FuzzRow] { fuzzRows.filter { $0.verdict == .regression } }
    package var isComparable: Bool { reasons.isEmpty }

    /// Compares `new` with `base` by `rule`.
    package init(base: ResultRecord, new: ResultRecord, rule: RegressionRule = .standard) {
        self.rule = rule
        rows = new.benchmarks.compactMap { n in
            guard let b = base.benchmark(n.name) else { return nil }
            var ri: Double?
            if let bi = b.instructionsPerNotification, let ni = n.instructionsPerNotification { ri = ni / Swift.max(bi, 1e-9) }
            let judgement = rule.judge(
                base: b, new: n, baseCalibrator: b.calibrator.flatMap(base.benchmark), newCalibrator: n.calibrator.flatMap(new.benchmark))
            return Row(
                name: n.name, base: b, new: n, p50Ratio: n.p50 / Swift.max(b.p50, 1e-9), p90Ratio: n.p90 / Swift.max(b.p90, 1e-9),
                instructionRatio: ri, judgement: judgement)
        }
        fuzzRows = new.fuzzCosts.compactMap { n in
            guard let b = base.fuzzCosts.first(where: { $0.strategy == n.strategy && $0.seed == n.seed && $0.runs == n.runs }) else { return nil }
            return FuzzRow(
                label: n.label, base: b.instructionsPerCheckedNotification, new: n.instructionsPerCheckedNotification,
                verdict: rule.verdict(fuzzBase: b.instructionsPerCheckedNotification, new: n.instructionsPerCheckedNotification))
        }
        let newNames = Set(new.benchmarks.map(\.name)), baseNames = Set(base.benchmarks.map(\.name))
        onlyInBase = base.benchmarks.map(\.name).filter { !newNames.contains($0) }
        onlyInNew = new.benchmarks.map(\.name).filter { !baseNames.contains($0) }
        reasons = Self.reasons(base: base, new: new)
        if rows.isEmpty { reasons.append("no benchmark in common (base: \(Self.names(base)); new: \(Self.names(new)))") }
    }

    /// Why `base` and `new` differ in schema, machine, generator version or
    /// build; empty when they agree (benchmarks in common are not looked
    /// at).
    package static func reasons(base: ResultRecord, new: ResultRecord) -> [String] {
        var reasons: [String] = []
        if base.schema != new.schema && min(base.schema, new.schema) < ResultRecord.measuresAlikeSince {
            reasons.append("schema \(base.schema) against schema \(new.schema)")
        }
        for (which, r) in [("base", base), ("new", new)] where !r.machine.isKnown {
            reasons.append("the \(which) record does not say which machine made it")
        }
        if base.machine.isKnown && new.machine.isKnown && !base.machine.isSameHardware(as: new.machine) {
            reasons.append("different machines (\(base.machine.summary) against \(new.machine.summary))")
        }
        if let a = base.generatorVersion, let b = new.generatorVersion, a != b {
            reasons.append("generator versions \(a) against \(b) (the benchmarks replayed other notifications)")
        }
        if base.build != new.build || base.build == .unknown {
            reasons.append("build types \(base.build.rawValue) against \(new.build.rawValue) (only release with release, or debug with debug)")
        }
        return reasons
    }

    private static func names(_ r: ResultRecord) -> String {
        r.benchmarks.isEmpty ? "none" : r.benchmarks.map(\.name).joined(separator: ", ")
    }
}

extension Machine {
    /// Whether the CPU model and the core count are known.
    package var isKnown: Bool { cpu != "unknown" && !cpu.isEmpty && cores > 0 }

    /// Same CPU model and core count (the host name and the OS may differ:
    /// two runners of one kind are the same hardware).
    package func isSameHardware(as other: Machine) -> Bool { cpu == other.cpu && cores == other.cores }

    /// "CPU model, N cores", as messages and the report name a machine.
    package var summary: String { "\(cpu), \(cores) core\(cores == 1 ? "" : "s")" }
}
