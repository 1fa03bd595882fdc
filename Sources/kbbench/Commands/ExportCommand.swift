import SystemPackage
import ArgumentParser
import KeyboardResults
import KeyboardTrace

/// `kbbench export`: a record in the formats dashboards read.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a result record for dashboards: github (github-action-benchmark), bencher, influx.",
        discussion: """
            github: github-action-benchmark's customSmallerIsBetter JSON, one entry per benchmark and \
            figure (p50, p99), named with the machine and build ("engine p50 (CPU, 2 cores, release)"), \
            so a record from another machine starts its own series rather than raising an alert. bencher: Bencher Metric Format, a "latency" measure (value p50, bounds \
            p50 and p99, ns) and an "allocations" measure per benchmark. influx: InfluxDB line \
            protocol, one point per benchmark: tags benchmark, machine (CPU model and cores) and build, \
            so each is one series; fields p50 p90 p99 p999 max allocations and commit (a string); \
            timestamped with the record's date. Names with control characters are rejected when the \
            record is read (exit 65), so no line is ever split.

            \(ExitStatus.help([0, 64, 65, 74]))
            """
    )

    @Option(name: .long, help: "The output format (github, bencher, influx).") var format: RecordExport.Format
    @Argument(help: "The record to export.") var record: FilePath

    func run() throws {
        try reportingErrors {
            print(RecordExport.text(try ToolFiles.record(record), as: format))
        }
    }
}

extension RecordExport.Format: ExpressibleByArgument {}
