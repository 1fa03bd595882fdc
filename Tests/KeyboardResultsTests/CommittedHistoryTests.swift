import Foundation
import KBTestSupport
import KeyboardResults
import Testing

/// The committed history in `results/` follows its own policy
/// (docs/benchmarks.md, "The history in results/"): every record reads, the
/// newest one judges (it counts every benchmark it can judge, and the fuzz
/// cost), the report over it names no regression, and every change point
/// it marks is explained in results/HISTORY.md.
@Suite("The committed history")
struct CommittedHistoryTests {
    static func entries() throws -> [RecordSeries.Entry] {
        let folder = Repository.url("results")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            return RecordSeries.Entry(path: "results/\(name)", record: try ResultRecord.read(bytes, file: "results/\(name)"))
        }
    }

    @Test func theNewestRecordCountsWhatItJudges() throws {
        let entries = try Self.entries()
        // A walk that finds nothing fails: the history is not empty.
        let newest = try #require(entries.max(by: RecordSeries.Entry.predates), "no record in results/")
        #expect(entries.count >= 5)
        let r = newest.record
        #expect(r.build == .release, "\(newest.file)")
        let judged = r.benchmarks.filter { !$0.instructionsVaryWithBuild }
        #expect(judged.count >= 10, "\(newest.file): \(judged.map(\.name))")
        let uncounted = judged.filter { $0.instructionsPerNotification == nil }.map(\.name)
        #expect(uncounted.isEmpty, "\(newest.file) lacks instruction counts for \(uncounted): record it with scripts/bench-instructions")
        #expect(!r.fuzzCosts.isEmpty, "\(newest.file) lacks the fuzz cost")
        // Time is still recorded, against each benchmark's calibrator.
        #expect(r.benchmarks.contains { $0.calibrator != nil }, "\(newest.file) names no calibrator")
        #expect(r.benchmarks.filter { $0.calibrator != nil }.allSatisfy { $0.roundMedians.count >= 10 }, "\(newest.file): rounds")
    }

    @Test func theReportOverTheHistoryNamesNoRegressionAndExplainsEachChangePoint() throws {
        let entries = try Self.entries()
        let history = try String(contentsOf: Repository.url("results/HISTORY.md"), encoding: .utf8)
        var seen = 0
        for series in RecordSeries.group(entries) {
            for name in Set(series.entries.flatMap { $0.record.benchmarks.map(\.name) }) {
                seen += 1
                #expect(series.regressions(of: name, rule: .standard).isEmpty, "\(name) on \(series.label)")
                for point in series.changePoints(of: name, rule: .standard) {
                    let commit = String(series.entries[point.index].record.gitCommit.prefix(7))
                    #expect(
                        history.contains("change point") && history.contains(commit) && history.contains(name),
                        "results/HISTORY.md explains no change point of \(name) at \(commit)")
                }
            }
        }
        #expect(seen > 0, "no benchmark in the history")
    }
}
