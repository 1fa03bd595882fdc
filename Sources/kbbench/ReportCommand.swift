import ArgumentParser
import Foundation
import KeyboardResults
import KeyboardTrace

/// `kbbench report`: a static HTML page of the results, with SVG charts.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a static HTML report (no network, no scripts) of the records in a results directory.",
        discussion: """
            The page shows the newest record's latency distributions on a logarithmic axis against \
            the 60 Hz and 120 Hz frame budgets, each benchmark's p50 across every record in the \
            directory, and the shootout table when the newest record has one.
            """
    )

    @Option(name: .long, help: "The directory of result records.") var results = "results"
    @Option(name: .long, help: "The HTML file to write.") var output: String

    func run() throws {
        try reportingErrors {
            let records = try ToolFiles.records(in: results).sorted { $0.record.date < $1.record.date }
            guard let latest = records.last else { return }
            try ToolFiles.write(Self.html(latest: latest.record, path: latest.path, history: records.map(\.record)), to: output)
            print("report written to \(output) (\(records.count) records)")
        }
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// x position of `ns` on a log axis from 10 ns to 100 ms across `width`.
    static func logX(_ ns: Double, width: Double, left: Double) -> Double {
        let lo = log10(10.0), hi = log10(1e8)
        return left + (log10(Swift.max(ns, 10)) - lo) / (hi - lo) * width
    }

    static func distributionChart(_ r: ResultRecord) -> String {
        let left = 170.0, width = 560.0, row = 26.0
        let height = Double(r.benchmarks.count) * row + 50
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"820\" height=\"\(Int(height))\" role=\"img\" aria-label=\"latency per benchmark\">"
        for (label, ns) in [("10 ns", 10.0), ("1 µs", 1e3), ("100 µs", 1e5), ("10 ms", 1e7)] {
            let x = logX(ns, width: width, left: left)
            svg += "<line x1=\"\(x)\" y1=\"10\" x2=\"\(x)\" y2=\"\(height - 30)\" stroke=\"#ddd\"/><text x=\"\(x)\" y=\"\(height - 12)\" font-size=\"11\" text-anchor=\"middle\">\(label)</text>"
        }
        // The 120 Hz label to the left of its line, the 60 Hz one to the right.
        for (label, ns, color, anchor, dx) in [
            ("120 Hz budget", 8_333_333.0, "#d9822b", "end", -4.0), ("60 Hz budget", 16_666_667.0, "#c23030", "start", 4.0),
        ] {
            let x = logX(ns, width: width, left: left)
            svg += "<line x1=\"\(x)\" y1=\"10\" x2=\"\(x)\" y2=\"\(height - 30)\" stroke=\"\(color)\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>"
            svg += "<text x=\"\(x + dx)\" y=\"22\" font-size=\"10\" fill=\"\(color)\" text-anchor=\"\(anchor)\">\(label)</text>"
        }
        for (i, b) in r.benchmarks.enumerated() {
            let y = 30 + Double(i) * row
            let x50 = logX(b.p50, width: width, left: left), x99 = logX(b.p99, width: width, left: left), xMax = logX(b.max, width: width, left: left)
            svg += "<text x=\"\(left - 8)\" y=\"\(y + 12)\" font-size=\"12\" text-anchor=\"end\">\(escape(b.name))</text>"
            svg += "<line x1=\"\(x50)\" y1=\"\(y + 8)\" x2=\"\(xMax)\" y2=\"\(y + 8)\" stroke=\"#999\"/>"
            svg += "<rect x=\"\(left)\" y=\"\(y + 2)\" width=\"\(Swift.max(1, x50 - left))\" height=\"12\" fill=\"#2b6cb0\"><title>p50 \(BenchCommand.format(b.p50))</title></rect>"
            svg += "<circle cx=\"\(x99)\" cy=\"\(y + 8)\" r=\"4\" fill=\"#e53e3e\"><title>p99 \(BenchCommand.format(b.p99))</title></circle>"
            svg += "<line x1=\"\(xMax)\" y1=\"\(y + 2)\" x2=\"\(xMax)\" y2=\"\(y + 14)\" stroke=\"#333\"><title>max \(BenchCommand.format(b.max))</title></line>"
        }
        return svg + "</svg>"
    }

    static func historyChart(name: String, history: [ResultRecord]) -> String {
        let points = history.compactMap { r in r.benchmark(name).map { (r, $0.p50) } }
        let w = 340.0, h = 120.0, pad = 30.0
        guard let top = points.map(\.1).max(), top > 0 else { return "" }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(w))\" height=\"\(Int(h))\" role=\"img\" aria-label=\"\(escape(name)) history\">"
        svg += "<text x=\"4\" y=\"14\" font-size=\"12\" font-weight=\"bold\">\(escape(name)) p50</text>"
        svg += "<text x=\"4\" y=\"\(pad + 4)\" font-size=\"10\">\(BenchCommand.format(top))</text><text x=\"4\" y=\"\(h - 8)\" font-size=\"10\">0</text>"
        let span = Swift.max(1, points.count - 1)
        let coords = points.enumerated().map { i, p in
            (pad + 40 + Double(i) / Double(span) * (w - pad - 50), h - 12 - p.1 / top * (h - pad - 20))
        }
        svg += "<polyline fill=\"none\" stroke=\"#2b6cb0\" stroke-width=\"2\" points=\"" + coords.map { "\($0.0),\($0.1)" }.joined(separator: " ") + "\"/>"
        for (i, c) in coords.enumerated() {
            svg += "<circle cx=\"\(c.0)\" cy=\"\(c.1)\" r=\"3\" fill=\"#2b6cb0\"><title>\(escape(String(points[i].0.gitCommit.prefix(7)))) \(BenchCommand.format(points[i].1))</title></circle>"
        }
        return svg + "</svg>"
    }

    static func shootoutTable(_ s: ShootoutSummary) -> String {
        let codes = s.strategies.first?.violations.map(\.0) ?? []
        var html = "<table><tr><th>strategy</th>" + codes.map { "<th>\(escape($0))</th>" }.joined() + "<th>unsat</th><th>covered 60 Hz</th></tr>"
        for t in s.strategies {
            html += "<tr><td>\(escape(t.name))</td>" + t.violations.map { "<td>\($0.1)</td>" }.joined()
                + "<td>\(t.unsatisfiable)</td><td>\(t.coveredFrames60)</td></tr>"
        }
        return html + "</table>"
    }

    static func html(latest: ResultRecord, path: String, history: [ResultRecord]) -> String {
        var body = "<h1>kbbench results</h1><p>Newest record: \(escape(path)), commit \(escape(String(latest.gitCommit.prefix(12)))), \(escape(latest.date)).</p>"
        body += "<h2>Latency per notification against the frame budget</h2><p>Bar: p50; red dot: p99; tick: max; log scale.</p>" + distributionChart(latest)
        body += "<h2>History of the median</h2><div class=\"grid\">" + latest.benchmarks.map { historyChart(name: $0.name, history: history) }.joined() + "</div>"
        if let s = latest.shootout { body += "<h2>Shootout</h2>" + shootoutTable(s) }
        return """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>kbbench results</title>
            <style>body{font-family:sans-serif;margin:24px;color:#222}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:first-child{text-align:left}.grid{display:flex;flex-wrap:wrap;gap:12px}</style>
            </head><body>\(body)</body></html>
            """
    }
}
