import Foundation
import KBTestSupport
import KeyboardResults
import Testing

/// `compare`, `export` and `report` on records, end to end: exit 0 for the
/// same figures, 2 for a regression, 3 with the reason for
/// records that cannot be compared, 65 naming the key of one that cannot be
/// read.
@Suite("Records through the command line", .processTimeLimit)
struct RecordCommandTests {
    typealias K = KbbenchProcess

    /// A committed release record with instruction counts (what compare
    /// judges by when both records have them).
    static let base = "results/bench-20261124-105218-666b458.json"

    /// The base record changed by `change`, written to a fresh directory.
    static func variant(_ name: String, _ change: (inout ResultRecord) -> Void) throws -> String {
        var record = try ResultRecord.read(Array(try Data(contentsOf: Repository.url(base))), file: base)
        change(&record)
        let path = try K.temporaryDirectory() + "/\(name).json"
        try record.text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func comparingGivesItsStatusAndItsReason() throws {
        #expect(K.kbbench("compare", Self.base, Self.base).status == 0, "a record against itself")
        let slower = try Self.variant("slower") { r in
            for i in r.benchmarks.indices {
                r.benchmarks[i].p50 *= 1.3
                r.benchmarks[i].p90 *= 1.3
                r.benchmarks[i].instructionsPerNotification = r.benchmarks[i].instructionsPerNotification.map { $0 * 1.3 }
            }
        }
        let regression = K.kbbench("compare", Self.base, slower)
        #expect(
            regression.status == 2 && regression.stdout.contains(" regressions: engine (instructions ×1.3)"),
            "\(regression.status): \(regression.output)")
        let cases: [(String, (inout ResultRecord) -> Void, String)] = [
            ("othercpu", { $0.machine.cpu = "Imaginary CPU 9000" }, "different machines"),
            ("debug", { $0.build = .debug }, "build types"),
            (
                "renamed", { r in for i in r.benchmarks.indices { r.benchmarks[i].name = "renamed-" + r.benchmarks[i].name } },
                "no benchmark in common"
            ),
        ]
        for (name, change, reason) in cases {
            let r = K.kbbench("compare", Self.base, try Self.variant(name, change))
            #expect(r.status == 3 && r.output.contains(reason), "\(name): \(r.status): \(r.output)")
        }
        let forced = K.kbbench("compare", "--force", Self.base, try Self.variant("othercpu") { $0.machine.cpu = "Imaginary CPU 9000" })
        #expect(forced.status == 0 || forced.status == 2, "--force compares anyway: \(forced.status)")
    }

    /// The baseline by name: `latest` is the newest record of NEW's machine
    /// and build in `--results` (NEW itself aside), a prefix the newest whose
    /// file name or commit starts with it; none found is exit 3.
    @Test func aBaselineIsFoundByNameOrAsTheLatest() throws {
        let dir = try K.temporaryDirectory()
        func put(_ name: String, _ change: (inout ResultRecord) -> Void) throws {
            try FileManager.default.copyItem(atPath: try Self.variant(name, change), toPath: dir + "/" + name + ".json")
        }
        try put("older") { $0.date = "2026-01-01T00:00:00Z" }
        try put("newer") { r in
            r.date = "2026-02-01T00:00:00Z"
            r.gitCommit = "abcdef0" + String(r.gitCommit.dropFirst(7))
        }
        try put("elsewhere") { r in
            r.date = "2026-03-01T00:00:00Z"
            r.machine.cpu = "Imaginary CPU 9000"
        }
        let latest = K.kbbench("compare", "--results", dir, "latest", Self.base)
        #expect(latest.status == 0 && latest.stdout.hasPrefix(dir + "/newer.json"), "\(latest.output)")
        let named = K.kbbench("compare", "--results", dir, "older", Self.base)
        #expect(named.status == 0 && named.stdout.hasPrefix(dir + "/older.json"), "\(named.output)")
        let byCommit = K.kbbench("compare", "--results", dir, "abcdef0", Self.base)
        #expect(byCommit.status == 0 && byCommit.stdout.hasPrefix(dir + "/newer.json"), "\(byCommit.output)")
        let none = K.kbbench("compare", "--results", dir, "no-such-name", Self.base)
        #expect(none.status == 3 && none.stderr.contains("no baseline"), "\(none.output)")
    }

    @Test func benchmarksOnOneSideOnlyAreNamed() throws {
        let fewer = try Self.variant("fewer") { $0.benchmarks.removeAll { $0.name == "floor" } }
        let r = K.kbbench("compare", Self.base, fewer)
        #expect(r.status == 0 && r.stdout.contains("Only in the baseline, not compared: floor"), "\(r.output)")
    }

    @Test func aFutureRecordIsNamedByItsKey() throws {
        let future = try K.temporaryDirectory() + "/future.json"
        try #"{"schemaVersion":99,"benchmarks":[]}"#.write(toFile: future, atomically: true, encoding: .utf8)
        let r = K.kbbench("compare", Self.base, future)
        #expect(r.status == 65 && r.stderr.contains("future.json:1: key 'schemaVersion'"), "\(r.status): \(r.output)")
    }

    /// Every export parses as its format says; the report is one page with
    /// charts, and does not show where the records were read from.
    @Test func exportsAndTheReport() throws {
        for format in ["github", "bencher"] {
            let r = K.kbbench("export", "--format", format, Self.base)
            #expect(r.status == 0 && (try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8))) != nil, "\(format): \(r.output)")
        }
        let influx = K.kbbench("export", "--format", "influx", Self.base)
        #expect(influx.stdout.split(separator: "\n").contains { $0.hasPrefix("kbbench,benchmark=engine,machine=") && $0.contains(",commit=\"") })
        #expect(influx.stdout.contains("kbbench_fuzz,strategy=engine,seed=5,"), "the fuzz cost's series")
        let dir = try K.temporaryDirectory()
        try FileManager.default.copyItem(atPath: Repository.path(Self.base), toPath: dir + "/r.json")
        let report = K.kbbench("report", "--results", dir, "--output", dir + "/report.html")
        let html = (try? String(contentsOfFile: dir + "/report.html", encoding: .utf8)) ?? ""
        #expect(
            report.status == 0 && html.contains("<svg") && html.contains("Fuzz cost by commit")
                && html.contains("Why the recipes fail"), "\(report.output)")
        #expect(!html.contains(dir), "the report shows the records' directory")
    }
}
