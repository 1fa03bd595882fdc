import ArgumentParser
import Foundation
import KeyboardResults
import KeyboardTrace

/// `kbbench export`: a record in the formats dashboards read.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a result record for dashboards: github (github-action-benchmark), bencher, influx.",
        discussion: """
            github: github-action-benchmark's customSmallerIsBetter JSON, one entry per benchmark and \
            figure (p50, p99). bencher: Bencher Metric Format, a "latency" measure (value p50, bounds \
            p50 and p99, ns) and an "allocations" measure per benchmark. influx: InfluxDB line \
            protocol, one line per benchmark, tagged with the commit, timestamped with the record's date.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case github, bencher, influx
    }

    @Option(name: .long, help: "The output format (github, bencher, influx).") var format: Format
    @Argument(help: "The record to export.") var record: String

    func run() throws {
        try reportingErrors {
            print(Self.export(try ToolFiles.record(record), as: format))
        }
    }

    static func export(_ r: ResultRecord, as format: Format) -> String {
        switch format {
        case .github:
            return JSONWriter.string(.array(r.benchmarks.flatMap { b in
                [("p50", b.p50), ("p99", b.p99)].map { figure, value in
                    JSONWriter.Value.object([
                        ("name", .string("\(b.name) \(figure)")), ("unit", .string("ns")), ("value", .number(value)),
                        ("extra", .string("commit \(r.gitCommit)")),
                    ])
                }
            }))
        case .bencher:
            return JSONWriter.string(.object(r.benchmarks.map { b in
                (b.name, .object([
                    ("latency", .object([("value", .number(b.p50)), ("lower_value", .number(b.p50)), ("upper_value", .number(b.p99))])),
                    ("allocations", .object([("value", .number(b.allocationsPerNotification))])),
                ]))
            }))
        case .influx:
            let stamp = ISO8601DateFormatter().date(from: r.date).map { String(Int64($0.timeIntervalSince1970 * 1e9)) } ?? ""
            return r.benchmarks.map { b in
                let tags = "kbbench,benchmark=\(escape(b.name)),commit=\(escape(String(r.gitCommit.prefix(12))))"
                let fields = "p50=\(b.p50),p90=\(b.p90),p99=\(b.p99),p999=\(b.p999),max=\(b.max),allocations=\(b.allocationsPerNotification)"
                return stamp.isEmpty ? "\(tags) \(fields)" : "\(tags) \(fields) \(stamp)"
            }.joined(separator: "\n")
        }
    }

    /// Escapes a tag value for line protocol (commas, spaces, equals signs).
    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: " ", with: "\\ ").replacingOccurrences(of: "=", with: "\\=")
    }
}
