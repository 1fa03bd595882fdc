import SystemPackage
import ArgumentParser
import Foundation
import KeyboardResults
import ToolSupport

/// `kbbench compare BASE NEW`: is NEW slower than BASE?
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two result records; exit 2 on a regression, 3 when they cannot be compared.",
        discussion: """
            BASE is a record's path; or latest: the newest record in --results DIR made on NEW's machine \
            with NEW's build type (NEW itself aside); or a name: the newest such record whose file name \
            or commit starts with it (kbbench compare 0881a88 new.json).

            Only comparable records are compared: the same schema, the same machine (CPU model and \
            core count), the same build type (release with release), and at least one benchmark in \
            common. Otherwise compare says why and exits 3, without a verdict; --force compares \
            anyway (the verdict then means little). Benchmarks only one record has are named, not \
            compared.

            The rule (docs/benchmarks.md; the report and the benchmark workflow use it too): for each \
            benchmark, allocations per notification up by more than \(RegressionRule.standard.allocations) is a \
            regression; a benchmark whose cost moves between builds of the same code \
            (cookbook-foundation) is not judged; where both records count instructions \
            (scripts/bench-instructions, or bench wherever valgrind is installed), instructions up by \
            more than \(Int(RegressionRule.standard.instructions * 100)) % are; otherwise the time against \
            its calibrator (floor, or bare-post for a Foundation workload), measured round by round in \
            the same run, up by more than the threshold (--threshold, default \
            \(Int(RegressionRule.standard.time * 100)) %) with p < \(RegressionRule.standard.significance) by a \
            rank-sum test over the rounds. A record without rounds (made before them) leaves time \
            not judged: a slower machine could not be told from slower code. p50 and p90 ratios are \
            shown, never deciding.

            \(ExitStatus.help([0, 2, 3, 64, 65, 66, 74], [0: "comparable, no regression", 2: "a regression", 3: "not comparable, or no baseline record found for latest or a name (and no --force)", 65: "a corrupt or unsupported record, or a trace given as one (file, line and key named)", 66: "the --results folder is missing or holds no record"]))
            """
    )

    @Argument(help: ArgumentHelp("The baseline: a record's path, latest, or a file-name or commit prefix in --results.", valueName: "BASE"))
    var base: String
    @Argument(help: ArgumentHelp("The new record.", valueName: "NEW")) var new: FilePath
    @Option(
        name: .long, parsing: .unconditional,
        help:
            "The time tolerance in percent: the time against its calibrator up by more than this (and significantly) is a regression; the other tolerances are the rule's."
    )
    var threshold = RegressionRule.standard.time * 100
    @Option(name: .long, help: ArgumentHelp("Where latest and names are looked up.", valueName: "DIR"))
    var results = FilePath(BenchCommand.defaultFolder)
    @Flag(name: .long, help: "Compare even records that are not comparable (another machine, build or schema).") var force = false

    func validate() throws {
        try OptionRange.check(threshold, "--threshold", above: 0, atMost: 1000, unit: "percent")
    }

    func run() throws {
        try reportingErrors { try compare() }
    }

    private func compare() throws {
        let b = try ToolFiles.record(new)
        guard let (basePath, a) = try baseline(for: b) else {
            printError("no baseline: no record in \(results) made on \(b.machine.summary), \(b.build.rawValue) build, matches '\(base)'")
            throw ExitStatus.incomparable
        }
        var rule = RegressionRule.standard
        rule.time = threshold / 100
        let comparison = RecordComparison(base: a, new: b, rule: rule)
        print("\(basePath) (\(a.gitCommit.prefix(7))) → \(new) (\(b.gitCommit.prefix(7)))\n")
        if !comparison.isComparable {
            let why = comparison.reasons.joined(separator: "; ")
            guard force, !comparison.rows.isEmpty else {
                printError("not comparable: \(why)" + (comparison.rows.isEmpty ? "" : " (--force compares anyway)"))
                throw ExitStatus.incomparable
            }
            print("WARNING, compared with --force although not comparable: \(why)\n")
        }
        var table = TextTable(
            "benchmark", "base p50", "new p50", "p50 ratio", "p90 ratio", "instructions ratio", "calibrated time ratio", "p", "decided by",
            "verdict")
        for row in comparison.rows {
            table.add(
                row.name, BenchCommand.format(row.base.p50), BenchCommand.format(row.new.p50), String(format: "%.2f", row.p50Ratio),
                String(format: "%.2f", row.p90Ratio), row.instructionRatio.map { String(format: "%.4f", $0) } ?? "—",
                row.judgement.calibratedRatio.map { String(format: "%.3f", $0) } ?? "—", row.judgement.p.map(RegressionRule.pText) ?? "—",
                row.decidedBy?.rawValue ?? "—", row.verdict == .regression ? "REGRESSION" : row.verdict.rawValue
            )
        }
        print(table.rendered)
        for row in comparison.unjudged { print("\(row.name): \(RegressionRule.evidence(row)).") }
        if !comparison.fuzzRows.isEmpty {
            var fuzz = TextTable("fuzz campaign", "base instructions", "new instructions", "ratio", "verdict")
            for row in comparison.fuzzRows {
                fuzz.add(
                    row.label, String(format: "%.0f", row.base), String(format: "%.0f", row.new), String(format: "%.4f", row.ratio),
                    row.verdict == .regression ? "REGRESSION" : row.verdict.rawValue)
            }
            print(fuzz.rendered)
        }
        if !comparison.onlyInBase.isEmpty { print("Only in the baseline, not compared: \(comparison.onlyInBase.joined(separator: ", "))") }
        if !comparison.onlyInNew.isEmpty { print("Only in the new record, not compared: \(comparison.onlyInNew.joined(separator: ", "))") }
        print(rule.summary)
        let regressions =
            comparison.regressions.map { "\($0.name) (\(RegressionRule.evidence($0)))" }
            + comparison.fuzzRegressions.map { "fuzz \($0.label) (instructions ×\(String(format: "%.3f", $0.ratio)))" }
        print(
            regressions.isEmpty ? "No regression." : "\(Plural.count(regressions.count, "regression")): " + regressions.joined(separator: ", ") + ".")
        if !regressions.isEmpty { throw ExitStatus.regression }
    }

    /// BASE as a record: a path, or looked up in `--results` (nil when no
    /// record there fits).
    private func baseline(for newRecord: ResultRecord) throws(KbbenchError) -> (FilePath, ResultRecord)? {
        if base != "latest" && FileManager.default.fileExists(atPath: base) { return (FilePath(base), try ToolFiles.record(FilePath(base))) }
        let newPath = FilePaths.absolute(new)
        let candidates = try ToolFiles.records(in: results).filter { path, record in
            FilePaths.absolute(path) != newPath && record.machine.isSameHardware(as: newRecord.machine)
                && record.build == newRecord.build
                && (base == "latest" || (path.lastComponent?.string ?? "").hasPrefix(base) || record.gitCommit.hasPrefix(base))
        }
        return candidates.max { ($0.record.date, $0.path.string) < ($1.record.date, $1.path.string) }.map { ($0.path, $0.record) }
    }
}
