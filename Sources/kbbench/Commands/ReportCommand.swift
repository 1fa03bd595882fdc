import SystemPackage
import ArgumentParser
import ToolSupport
import Foundation
import KeyboardStoryboard
import KeyboardHarness
import KeyboardOracle
import KeyboardResults
import KeyboardStrategies
import KeyboardWorld

/// `kbbench report`: a static HTML dashboard of the records in a directory.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a static HTML dashboard (no network, no scripts) of the records in a results directory.",
        discussion: """
            Records are grouped into series, one per machine (CPU model and cores) and build type; \
            records of two series are never joined or compared. The page shows regressions (by the \
            rule of kbbench compare, each record against the previous one of its series), each \
            series' newest figures per benchmark (allocations, p99's share of the 60 and 120 Hz \
            frame budgets) and latency distribution, each benchmark's p50 and p99 history with every \
            record's commit and date on the x axis, every record's checks, and the newest shootout. \
            Files are named without their directory.

            Below the shootout, each strategy's first counterexample per invariant is drawn as a \
            storyboard (see kbbench replay --help, --svg): the traces named \
            STRATEGY-Ix-seedS-INDEX.kbtrace in --counterexamples (default corpora/shootout, skipped \
            when that directory does not exist), each replayed with its strategy, shown from three \
            panels before its first violation to one after.

            \(ExitStatus.help([0, 64, 65, 66, 74], [66: "the --results folder (or a --counterexamples folder given) is missing or holds no record"]))
            """
    )

    @Option(name: .long, help: "The directory of result records.") var results: FilePath = "results"
    @Option(name: .long, help: "The HTML file to write.") var output: String
    @Option(name: .long, parsing: .unconditional, help: "The time tolerance in percent, as in compare.")
    var threshold = RegressionRule.standard.time * 100
    @Option(
        name: .long, help: ArgumentHelp("The shootout's counterexample traces to draw (default: corpora/shootout, if present).", valueName: "DIR"))
    var counterexamples: FilePath?

    func validate() throws {
        try OptionRange.check(threshold, "--threshold", above: 0, atMost: 1000, unit: "percent")
    }

    func run() throws {
        try reportingErrors {
            let records = try ToolFiles.records(in: results)
            let entries = records.map { RecordSeries.Entry(path: $0.path.string, record: $0.record) }
            let pictures = try Self.pictures(in: counterexamples ?? Self.defaultCounterexamples, required: counterexamples != nil)
            try ToolFiles.checkWritable(output)
            var rule = RegressionRule.standard
            rule.time = threshold / 100
            try ToolFiles.write(ReportPage.html(entries, rule: rule, pictures: pictures, catalog: StrategyCatalog.names), to: output)
            // A page written to standard output has it to itself.
            let say: (String) -> Void = OutputFile.writesToStandardOutput(output) ? { printError($0) } : { print($0) }
            say(
                "report written to \(output) (\(records.count) records, \(RecordSeries.group(entries).count) series, "
                    + "\(pictures.count) counterexample picture\(pictures.count == 1 ? "" : "s"))")
        }
    }

    static let defaultCounterexamples: FilePath = "corpora/shootout"

    /// The storyboard of each shootout counterexample in `directory`, by
    /// strategy (catalog order) and invariant. A missing directory is an
    /// error only when it was asked for.
    static func pictures(in directory: FilePath, required: Bool) throws(KbbenchError) -> [ReportPage.Picture] {
        guard FilePaths.isFolder(directory) else {
            if required { throw .harness(.noSuchDirectory(directory)) }
            return []
        }
        let strategies = StrategyCatalog.allUnderTest
        var found: [(order: Int, invariant: Invariant, path: FilePath, strategy: StrategyUnderTest)] = []
        for path in try ToolFiles.traces(under: directory) {
            let file = StoryboardPicture.title(ofTraceAt: path) + "." + TraceFiles.fileExtension
            guard let (stem, invariant) = ShootoutReport.counterexample(fileNamed: file, stems: strategies.map(\.fileStem)),
                let order = strategies.firstIndex(where: { $0.fileStem == stem })
            else { continue }
            found.append((order, invariant, path, strategies[order]))
        }
        found.sort { ($0.order, $0.invariant, $0.path.string) < ($1.order, $1.invariant, $1.path.string) }
        var pictures: [ReportPage.Picture] = []
        for (n, f) in found.enumerated() {
            let trace = try ToolFiles.trace(f.path)
            let report: ReplayReport
            do { report = try f.strategy.replay(trace) } catch { throw .harness(.strategyFailed(context: f.path.string, underlying: error)) }
            let board = Storyboard(trace: trace, report: report, promise: f.strategy.promise(for: trace.header)).excerpt()
            let title = StoryboardPicture.title(ofTraceAt: f.path)
            pictures.append(
                ReportPage.Picture(
                    strategy: f.strategy.name, invariant: f.invariant.rawValue, summary: f.invariant.summary, file: title,
                    svg: StoryboardPicture.writer(board, title: title, columns: 5, idPrefix: "cx\(n)")
                ))
        }
        return pictures
    }
}
