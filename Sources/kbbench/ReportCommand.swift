import ArgumentParser
import KeyboardResults

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
            """
    )

    @Option(name: .long, help: "The directory of result records.") var results = "results"
    @Option(name: .long, help: "The HTML file to write.") var output: String
    @Option(name: .long, help: "The regression threshold in percent, as in compare.") var threshold = 10.0

    func validate() throws {
        if !(threshold > 0 && threshold < 1000) { throw ValidationError("--threshold must be between 0 and 1000 percent") }
    }

    func run() throws {
        try reportingErrors {
            let records = try ToolFiles.records(in: results)
            let entries = records.map { RecordSeries.Entry(path: $0.path, record: $0.record) }
            try ToolFiles.write(ReportPage.html(entries, threshold: threshold / 100), to: output)
            print("report written to \(output) (\(records.count) records, \(RecordSeries.group(entries).count) series)")
        }
    }
}
