import Foundation
import KeyboardSimulator
import KeyboardTrace

/// The versioned record every bench (and the standard suite) writes under
/// `results/`: what ran, where, on which commit, and the figures.
struct ResultRecord {
    static let schemaVersion = 1

    var benchmarks: [BenchmarkResult]
    var clockNanoseconds: Double
    var scaling: [(String, [(Int, Double)])]
    var shootout: ShootoutReport?

    /// How kbbench was compiled: times from a debug build are not
    /// representative, and dashboards should filter them out.
    static var build: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    static func gitCommit() -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "rev-parse", "HEAD"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return "unknown" }
        p.waitUntilExit()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return p.terminationStatus == 0 && !text.isEmpty ? text : "unknown"
    }

    static func machine() -> JSONWriter.Value {
        let info = ProcessInfo.processInfo
        var cpu = "unknown"
        if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let name = line.split(separator: ":", maxSplits: 1).last
        {
            cpu = name.trimmingCharacters(in: .whitespaces)
        }
        return .object([
            ("os", .string(info.operatingSystemVersionString)), ("cpu", .string(cpu)),
            ("cores", .integer(info.activeProcessorCount)), ("host", .string(info.hostName)),
        ])
    }

    func checks() -> [(String, Bool)] {
        func find(_ n: String) -> BenchmarkResult? { benchmarks.first { $0.name == n } }
        guard let engine = find("engine") else { return [] }
        var c: [(String, Bool)] = [
            ("engineZeroAllocations", engine.allocationsPerNotification == 0),
            ("engineP99AtMostOneMicrosecond", engine.p99 <= 1_000),
        ]
        if let cookbook = find("cookbook-foundation") { c.append(("engineTenTimesFasterThanCookbookFoundation", cookbook.p50 >= 10 * engine.p50)) }
        if let path = find("foundation-path"), let bare = find("bare-post") {
            c.append(("foundationPathWithin125PercentOfBarePost", path.p50 <= 1.25 * bare.p50))
        }
        return c
    }

    var json: JSONWriter.Value {
        let iso = ISO8601DateFormatter().string(from: Date())
        var pairs: [(String, JSONWriter.Value)] = [
            ("schemaVersion", .integer(Self.schemaVersion)), ("tool", .string("kbbench")),
            ("toolVersion", .string(KbbenchVersion.current)), ("gitCommit", .string(Self.gitCommit())),
            ("date", .string(iso)), ("machine", Self.machine()), ("build", .string(Self.build)), ("unit", .string("ns")),
            ("clockNanoseconds", .number(clockNanoseconds)),
            ("benchmarks", .array(benchmarks.map { b in
                .object([
                    ("name", .string(b.name)), ("unit", .string("ns")), ("p50", .number(round1(b.p50))), ("p90", .number(b.p90)),
                    ("p99", .number(b.p99)), ("p999", .number(b.p999)), ("max", .number(b.max)), ("samples", .integer(b.samples)),
                    ("allocationsPerNotification", .number(round1(b.allocationsPerNotification))),
                    ("budgetFraction60", .number(b.budgetFraction60)), ("budgetFraction120", .number(b.budgetFraction120)),
                    ("headroom60", .number(b.headroom60.rounded())), ("headroom120", .number(b.headroom120.rounded())),
                ])
            })),
            ("scaling", .object(scaling.map { name, points in
                let base = points.first?.1 ?? 1
                return (name, .array(points.map { n, p50 in
                    .object([("n", .integer(n)), ("p50", .number(round1(p50))), ("ratio", .number((p50 / Swift.max(base, 1e-9) * 100).rounded() / 100))])
                }))
            })),
            ("checks", .object(checks().map { ($0.0, .bool($0.1)) })),
        ]
        if let shootout { pairs.append(("shootout", shootout.json)) }
        return .object(pairs)
    }

    /// Where the record goes by default: results/bench-<UTC time>-<commit>.json.
    static func defaultPath(directory: String = "results") -> String {
        let f = DateFormatter()
        f.dateFormat = "yyyyMMdd-HHmmss"
        f.timeZone = TimeZone(identifier: "UTC")
        return "\(directory)/bench-\(f.string(from: Date()))-\(gitCommit().prefix(7)).json"
    }
}

private func round1(_ d: Double) -> Double { (d * 10).rounded() / 10 }
