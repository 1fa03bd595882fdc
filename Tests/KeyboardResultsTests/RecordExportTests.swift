import Foundation
import KeyboardJSON
import KeyboardResults
import Testing

/// The dashboards' formats: one Influx series per benchmark, machine and
/// build (the commit a field), and no name that could split a line.
@Suite("Exporting records")
struct RecordExportTests {
    typealias F = RecordFixtures

    @Test func influxTagsMachineAndBuildAndKeepsTheCommitAsAField() {
        let lines = RecordExport.text(F.record(commit: "0123456789abcdef"), as: .influx).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"kbbench,benchmark=engine,machine=Xeon\ E5-2680\,\ 2\ cores,build=release p50=150.0,"#))
        #expect(lines[0].contains(#",commit="0123456789abcdef" "#))
        #expect(lines[0].hasSuffix(" 1795168800000000000"))
    }

    @Test func influxTwoCommitsAreOneSeries() {
        let series = { (r: ResultRecord) in RecordExport.text(r, as: .influx).split(separator: "\n").map { $0.split(separator: " ")[0] } }
        #expect(series(F.record(commit: "aaa")) == series(F.record(commit: "bbb", date: "2026-11-21T10:00:00Z")))
    }

    @Test func lineProtocolEscapes() {
        #expect(RecordExport.tag(#"a,b c=d\e"#) == #"a\,b\ c\=d\\e"#)
        #expect(RecordExport.tag("") == "unknown")
        #expect(RecordExport.fieldString(#"say "hi"\"#) == #""say \"hi\"\\""#)
    }

    /// A newline would start a new point in line protocol: the reader
    /// rejects it (exit 65 in the CLI) with the key, for every name.
    @Test(arguments: [
        #"{"name":"engine\nkbbench,benchmark=x p50=1","#, #"{"name":"tab\there","#,
    ])
    func aControlCharacterInABenchmarkNameIsRejected(_ start: String) {
        let text = F.record().text.replacingFirst(#"{"name":"engine","#, with: start)
        #expect(throws: MalformedInput.self) { try ResultRecord.read(Array(text.utf8), file: "evil.json") }
        do {
            _ = try ResultRecord.read(Array(text.utf8), file: "evil.json")
        } catch {
            #expect(error.description.contains("evil.json:1: key 'benchmarks[0].name'"))
            #expect(error.description.contains("control character (U+000"))
        }
    }

    @Test func aControlCharacterInTheMachineOrACheckIsRejected() {
        for (from, to) in [(#""cpu":"Xeon E5-2680""#, #""cpu":"Xeon\rE5""#), (#""engineAllocations""#, #""engine\u0007Allocations""#)] {
            let text = F.record().text.replacingFirst(from, with: to)
            #expect(text != F.record().text)
            #expect(throws: MalformedInput.self) { try ResultRecord.read(Array(text.utf8), file: "r.json") }
        }
    }

    @Test func githubAndBencherAreOneEntryPerFigure() throws {
        let github = try JSONParser.parse(bytes: Array(RecordExport.text(F.record(), as: .github).utf8))
        guard case .array(let entries) = github else { Issue.record("not an array"); return }
        // p50, p99 and allocations per notification for each of the two.
        #expect(entries.count == 6)
        // The machine and build in the name: another runner's CPU is its own
        // series in github-action-benchmark, never a false alarm.
        let names = entries.compactMap { entry -> String? in
            guard case .object(let o) = entry, case .string(let name)? = o["name"] else { return nil }
            return name
        }
        #expect(names.first == "engine p50 (Xeon E5-2680, 2 cores, release)")
        #expect(names.contains("engine allocations per notification (Xeon E5-2680, 2 cores, release)"), "the zero-allocation gate's figure")
        let bencher = RecordExport.text(F.record(), as: .bencher)
        #expect(bencher.contains(#""engine":{"latency":{"value":150,"lower_value":150,"upper_value":450}"#))
    }

    /// Each recipe's time to a shrunk counterexample is one more series in
    /// every format, in milliseconds.
    @Test func theTimeToACounterexampleIsASeriesOfItsOwn() {
        var r = F.record(commit: "0123456789abcdef")
        r.counterexampleTimes = [
            CounterexampleTime(strategy: "cookbook", seed: 1, scenario: 19, invariant: "I2", events: 3, milliseconds: 1.5, repeats: 5)
        ]
        #expect(
            RecordExport.text(r, as: .github).hasSuffix(
                #"{"name":"time to a shrunk counterexample: cookbook (Xeon E5-2680, 2 cores, release)","unit":"ms","value":1.5,"extra":"commit 0123456789abcdef, 2026-11-20T10:00:00Z"}]"#
            ))
        #expect(RecordExport.text(r, as: .bencher).hasSuffix(#","counterexample/cookbook":{"time-to-counterexample":{"value":1.5}}}"#))
        let influx = RecordExport.text(r, as: .influx).split(separator: "\n")
        #expect(influx.count == 3)
        #expect(
            influx[2]
                == #"kbbench_counterexample,strategy=cookbook,machine=Xeon\ E5-2680\,\ 2\ cores,build=release milliseconds=1.5,commit="0123456789abcdef" 1795168800000000000"#
        )
    }

    /// Each counted fuzz cost is a series of its own, in instructions per
    /// checked notification, named by strategy and seed.
    @Test func theFuzzCostIsASeriesOfItsOwn() {
        var r = F.record(commit: "0123456789abcdef")
        r.fuzzCosts = [FuzzCost(strategy: "engine", seed: 5, runs: 2_000, notificationsChecked: 83_197, instructionsPerCheckedNotification: 7_528.4)]
        #expect(
            RecordExport.text(r, as: .github).hasSuffix(
                #"{"name":"fuzz instructions per checked notification: engine seed 5 (Xeon E5-2680, 2 cores, release)","unit":"instructions","value":7528.4,"extra":"commit 0123456789abcdef, 2026-11-20T10:00:00Z"}]"#
            ))
        #expect(RecordExport.text(r, as: .bencher).hasSuffix(#","fuzz/engine-seed-5":{"instructions":{"value":7528.4}}}"#))
        let influx = RecordExport.text(r, as: .influx).split(separator: "\n")
        #expect(
            influx.last
                == #"kbbench_fuzz,strategy=engine,seed=5,machine=Xeon\ E5-2680\,\ 2\ cores,build=release instructions=7528.4,commit="0123456789abcdef" 1795168800000000000"#
        )
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let r = range(of: target) else { return self }
        return replacingCharacters(in: r, with: replacement)
    }
}
