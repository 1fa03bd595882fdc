import ArgumentParser
import Foundation
import KeyboardResults

/// `kbbench compare BASE NEW`: is NEW slower than BASE?
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two result records; exit 2 on a confident regression.",
        discussion: """
            For each benchmark in both records, the ratios NEW/BASE of the median (p50, itself a \
            median over batches) and of p90 (over single notifications) are computed. A regression \
            is confident only when both ratios exceed 1 + threshold: the centre and the tail agree, \
            so one noisy figure on a shared machine is not enough. Records from different machines \
            should not be compared; compare ratios within one machine's history.

            Exit status: 0 no confident regression; 2 a confident regression; 65 a corrupt or \
            unsupported record.
            """
    )

    @Argument(help: "The baseline record.") var base: String
    @Argument(help: "The new record.") var new: String
    @Option(name: .long, help: "The regression threshold in percent.") var threshold = 10.0

    func validate() throws {
        if !(threshold > 0 && threshold < 1000) { throw ValidationError("--threshold must be between 0 and 1000 percent") }
    }

    func run() throws {
        try reportingErrors { try compare() }
    }

    private func compare() throws {
        let a = try ToolFiles.record(base)
        let b = try ToolFiles.record(new)
        let limit = 1 + threshold / 100
        var table = TextTable("benchmark", "base p50", "new p50", "p50 ratio", "p90 ratio", "verdict")
        var regressions = 0
        for nb in b.benchmarks {
            guard let ab = a.benchmark(nb.name) else { continue }
            let r50 = nb.p50 / Swift.max(ab.p50, 1e-9), r90 = nb.p90 / Swift.max(ab.p90, 1e-9)
            let verdict: String
            if r50 > limit && r90 > limit {
                verdict = "REGRESSION"
                regressions += 1
            } else if r50 < 1 / limit && r90 < 1 / limit {
                verdict = "faster"
            } else {
                verdict = "same"
            }
            table.add(nb.name, BenchCommand.format(ab.p50), BenchCommand.format(nb.p50), String(format: "%.2f", r50), String(format: "%.2f", r90), verdict)
        }
        print("\(base) (\(a.gitCommit.prefix(7))) → \(new) (\(b.gitCommit.prefix(7))), threshold \(threshold)%\n")
        print(table.rendered)
        print(regressions == 0 ? "No confident regression." : "\(regressions) confident regression(s).")
        if regressions > 0 { throw ExitStatus.regression }
    }
}
