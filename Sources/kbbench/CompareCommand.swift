import ArgumentParser
import Foundation
import KeyboardResults

/// `kbbench compare BASE NEW`: is NEW slower than BASE?
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two result records; exit 2 on a confident regression, 3 when they cannot be compared.",
        discussion: """
            Only comparable records are compared: the same schema, the same machine (CPU model and \
            core count), the same build type (release with release), and at least one benchmark in \
            common. Otherwise compare says why and exits 3, without a verdict; --force compares \
            anyway (the verdict then means little). Compare records from one machine's own history, \
            never from another machine.

            For each benchmark in both records, the ratios NEW/BASE of the median (p50, itself a \
            median over batches) and of p90 (over single notifications) are computed. A regression \
            is confident only when both ratios exceed 1 + threshold: the centre and the tail agree, \
            so one noisy figure on a shared machine is not enough. When both records hold \
            instruction counts (scripts/bench-instructions), their ratio decides instead: counts do not \
            vary between runs. The report marks regressions by the same rule.

            Exit status: 0 comparable, no confident regression; 2 a confident regression; 3 not \
            comparable (and no --force); 65 a corrupt or unsupported record.
            """
    )

    @Argument(help: "The baseline record.") var base: String
    @Argument(help: "The new record.") var new: String
    @Option(name: .long, help: "The regression threshold in percent.") var threshold = 10.0
    @Flag(name: .long, help: "Compare even records that are not comparable (another machine, build or schema).") var force = false

    func validate() throws {
        if !(threshold > 0 && threshold < 1000) { throw ValidationError("--threshold must be between 0 and 1000 percent") }
    }

    func run() throws {
        try reportingErrors { try compare() }
    }

    private func compare() throws {
        let a = try ToolFiles.record(base)
        let b = try ToolFiles.record(new)
        let comparison = RecordComparison(base: a, new: b, threshold: threshold / 100)
        print("\(base) (\(a.gitCommit.prefix(7))) → \(new) (\(b.gitCommit.prefix(7))), threshold \(threshold)%\n")
        if !comparison.isComparable {
            let why = comparison.reasons.joined(separator: "; ")
            guard force, !comparison.rows.isEmpty else {
                printError("not comparable: \(why)" + (comparison.rows.isEmpty ? "" : " (--force compares anyway)"))
                throw ExitStatus.incomparable
            }
            print("WARNING, compared with --force although not comparable: \(why)\n")
        }
        var table = TextTable("benchmark", "base p50", "new p50", "p50 ratio", "p90 ratio", "instructions ratio", "verdict")
        for row in comparison.rows {
            table.add(
                row.name, BenchCommand.format(row.base.p50), BenchCommand.format(row.new.p50), String(format: "%.2f", row.p50Ratio),
                String(format: "%.2f", row.p90Ratio),
                row.instructionRatio.map { String(format: "%.4f", $0) + (row.instructionsDecide ? "" : " *") } ?? "—",
                row.verdict == .regression ? "REGRESSION" : row.verdict.rawValue
            )
        }
        print(table.rendered)
        if comparison.rows.contains(where: { $0.instructionRatio != nil && !$0.instructionsDecide }) {
            print("* the count varies with the build (Foundation, the runtime's casts): time decides.\n")
        }
        let regressions = comparison.regressions.count
        print(
            regressions == 0
                ? "No confident regression."
                : "\(regressions) confident regression(s): \(comparison.regressions.map(\.name).joined(separator: ", ")).")
        if regressions > 0 { throw ExitStatus.regression }
    }
}
