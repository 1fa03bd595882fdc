import Foundation
import KBTestSupport
import KeyboardJSON
import KeyboardResults
import SystemPackage
import Testing
import ToolSupport

/// Records are read strictly: a hand-edited record fails with the file,
/// line and key, never a crash or a silently wrong figure.
@Suite("Result records")
struct ResultRecordReadingTests {
    static let record: ResultRecord = {
        var r = plainRecord
        r.counterexampleTimes = [
            CounterexampleTime(strategy: "apple2013", seed: 1, scenario: 19, invariant: "I2", events: 3, milliseconds: 9.8, repeats: 5),
            CounterexampleTime(strategy: "cookbook", seed: 1, scenario: 19, invariant: "I2", events: 3, milliseconds: 10.04, repeats: 5),
        ]
        r.fuzzCosts = [FuzzCost(strategy: "engine", seed: 5, runs: 2_000, notificationsChecked: 83_197, instructionsPerCheckedNotification: 7_528.4)]
        // A strategy with a documented choice, its "by choice" count kept.
        r.shootout?.strategies.append(
            .init(
                name: "iqKeyboardManager", scenarios: 500, violations: [.init("I1", 0), .init("I2", 40)], fieldHidden: 38,
                fieldHiddenOnlyAfterSwitch: 5, promisesDistance: true, anyViolation: 90, anyOnlyByChoice: 7, unsatisfiable: 1, coveredFrames60: 3,
                coveredFrames120: 6))
        return r
    }()

    static let plainRecord = ResultRecord(
        toolVersion: "0.2.0", gitCommit: "abc123", date: "2026-11-22T01:15:46Z",
        machine: Machine(os: "Linux", cpu: "Xeon", cores: 2, host: "vm"), build: .release, clockNanoseconds: 23,
        benchmarks: [
            BenchmarkFigures(name: "engine", p50: 143.7, p90: 228, p99: 319, p999: 591, max: 18289, samples: 20000, allocationsPerNotification: 0),
            BenchmarkFigures(name: "floor", p50: 12.5, p90: 40, p99: 60, p999: 90, max: 900, samples: 20000, allocationsPerNotification: 0),
        ],
        scaling: [ScalingCurve(name: "fields", points: [.init(n: 1, p50: 100), .init(n: 10, p50: 110)])],
        checks: [Check(name: "engineZeroAllocations", outcome: .passed), Check(name: "engineP99AtMostOneMicrosecond", outcome: .notEvaluated)],
        shootout: ShootoutSummary(
            seed: 1,
            strategies: [
                .init(
                    name: "engine", scenarios: 600, violations: [.init("I1", 0), .init("I2", 0)], unsatisfiable: 3, coveredFrames60: 0,
                    coveredFrames120: 0)
            ])
    )

    /// A scaling curve's name is a series name in every export, as a
    /// benchmark's is: a control character in it is refused with its key.
    @Test func aControlCharacterInAScalingCurvesNameIsRejected() {
        var r = Self.plainRecord
        r.scaling[0].name = "fields\nkbbench,benchmark=x p50=1"
        do {
            _ = try ResultRecord.read(Array(r.text.utf8), file: "evil.json")
            Issue.record("read a scaling curve named with a newline")
        } catch {
            #expect(error.description.hasPrefix("evil.json:1: key 'scaling.fields"), "\(error)")
            #expect(error.description.hasSuffix("a name may not hold a control character (U+000A)"), "\(error)")
        }
    }

    /// The control characters' edges: U+001F and U+007F are refused, a
    /// space (U+0020), `~` (U+007E) and U+0080 and beyond are names.
    @Test func aNamesControlCharactersEndAtTheirEdges() throws {
        for (name, code) in [("a\u{1F}b", "U+001F"), ("a\u{7F}b", "U+007F"), ("\u{0}", "U+0000")] {
            var r = Self.plainRecord
            r.scaling[0].name = name
            do {
                _ = try ResultRecord.read(Array(r.text.utf8), file: "r.json")
                Issue.record("read a name holding \(code)")
            } catch {
                #expect(error.description.hasSuffix("a name may not hold a control character (\(code))"), "\(error)")
            }
        }
        for name in ["fields per view", "a~b", "caf\u{E9}", "a\u{80}b"] {
            var r = Self.plainRecord
            r.scaling[0].name = name
            #expect(try ResultRecord.read(Array(r.text.utf8), file: "r.json").scaling[0].name == name)
        }
    }

    /// A scaling curve's points carry their p50 relative to the first, in
    /// hundredths: 1 for the first, 1.1 for 110 ns after 100 ns.
    @Test func aScalingCurvesRatiosAreWrittenInHundredths() {
        #expect(Self.plainRecord.text.contains(#"[{"n":1,"p50":100,"ratio":1},{"n":10,"p50":110,"ratio":1.1}]"#), "\(Self.plainRecord.text)")
        #expect(ScalingCurve(name: "none", points: []).ratios.isEmpty)
        let instant = ScalingCurve(name: "instant", points: [.init(n: 1, p50: 0), .init(n: 2, p50: 0), .init(n: 4, p50: 1e-9)])
        #expect(instant.ratios == [0, 0, 1], "a first p50 of 0 counts as 10⁻⁹ ns: finite ratios")
    }

    /// A round's median that is no finite number (JSON's 1e999 reads as
    /// infinity) is rejected as such, naming its key; a negative one as
    /// out of its range.
    @Test func aRoundMedianIsAFiniteTimeFromZero() throws {
        let text = RecordFixtures.record().text
        for (value, allowed) in [("1e999", "a finite number"), ("-1", "0…1e12")] {
            let edited = text.replacing(#/"roundMedians":\[[0-9.e+]+/#, with: #""roundMedians":["# + value, maxReplacements: 1)
            #expect(edited != text, "the edit applies")
            let error = try #require(throws: MalformedInput.self) { try ResultRecord.read(Array(edited.utf8), file: "r.json") }
            #expect(error.key == "benchmarks[0].roundMedians[0]", "\(String(describing: error.key))")
            guard case .outOfRange(_, let said) = error.problem else {
                Issue.record("\(value): \(error.problem)")
                continue
            }
            #expect(said == allowed, "\(value)")
        }
    }
    @Test func aRecordReadsBackAsWritten() throws {
        let again = try ResultRecord.read(Array(Self.record.text.utf8), file: "r.json")
        #expect(again.benchmarks == Self.record.benchmarks)
        #expect(again.machine == Self.record.machine && again.build == .release && again.gitCommit == "abc123")
        #expect(Set(again.checks.map(\.name)) == Set(Self.record.checks.map(\.name)))
        #expect(again.checks.first { $0.name == "engineP99AtMostOneMicrosecond" }?.outcome == .notEvaluated)
        #expect(again.shootout == Self.record.shootout)
        #expect(again.shootout?.strategies.last?.anyOnlyByChoice == 7 && again.shootout?.strategies.first?.anyOnlyByChoice == nil)
        #expect(again.scaling == Self.record.scaling)
        #expect(again.counterexampleTimes == Self.record.counterexampleTimes)
        #expect(again.fuzzCosts == Self.record.fuzzCosts)
        #expect(
            Self.record.text.contains(
                #""fuzzCosts":[{"strategy":"engine","seed":5,"runs":2000,"notificationsChecked":83197,"instructionsPerCheckedNotification":7528.4}]"#
            ))
        #expect(try ResultRecord.read(Array(Self.plainRecord.text.utf8), file: "r.json").fuzzCosts.isEmpty, "older records have none")
        #expect(
            Self.record.text.contains(
                #""counterexampleTimes":{"apple2013":{"seed":1,"scenario":19,"invariant":"I2","events":3,"milliseconds":9.8,"repeats":5},"#))
        #expect(try ResultRecord.read(Array(Self.plainRecord.text.utf8), file: "r.json").counterexampleTimes.isEmpty, "older records have none")
        #expect(Self.record.text.hasPrefix(#"{"schemaVersion":3,"kind":"kbbench-result""#))
    }

    /// A check recorded as failed reads back as failed: it stays among the
    /// failed checks (what makes `bench` exit 2) and the report says so.
    @Test func aFailedCheckReadsBackFailedAndStaysFailed() throws {
        var record = Self.record
        record.checks = [
            Check(name: "engineZeroAllocations", outcome: .failed), Check(name: "engineTenTimesFasterThanCookbookFoundation", outcome: .passed),
            Check(name: "engineP99AtMostOneMicrosecond", outcome: .notEvaluated),
        ]
        #expect(record.text.contains(#""engineZeroAllocations":false"#))
        let again = try ResultRecord.read(Array(record.text.utf8), file: "r.json")
        #expect(again.checks.first { $0.name == "engineZeroAllocations" }?.outcome == .failed)
        #expect(again.checks.first { $0.name == "engineTenTimesFasterThanCookbookFoundation" }?.outcome == .passed)
        #expect(again.failedChecks.map(\.name) == ["engineZeroAllocations"])
        let html = ReportPage.html([RecordSeries.Entry(path: "results/r.json", record: again)])
        #expect(html.contains(#"<td class="failed">FAILED</td>"#))
        #expect(html.contains(#"<td class="passed">passed</td>"#))
    }

    /// Every committed record reads, and what it reads as is written and
    /// read back the same (an older schema's record is written in the
    /// current one, keeping its own check names); a record of the current
    /// schema writes back as the same JSON (object keys in any order):
    /// reading keeps every figure, writing adds nothing.
    @Test func theCommittedRecordsRoundTrip() throws {
        let dir = Repository.path("results")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("bench-") && $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 5)
        for name in names {
            let bytes = try FileBytes.read(FilePath(dir + "/" + name))
            let record = try ResultRecord.read(bytes, file: name)
            var again = try ResultRecord.read(Array(record.text.utf8), file: name)
            again.schema = record.schema
            #expect(again == record, "\(name)")
            if record.schema == ResultRecord.schemaVersion {
                #expect(try JSONParser.parse(record.text) == JSONParser.parse(bytes: bytes), "\(name)")
            }
        }
    }

    /// A record of schema 1, as committed before build and kind existed.
    @Test func schemaOneRecordsStillRead() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("results/bench-20261122-011545-a6d4346.json")
        let r = try ResultRecord.read(Array(try Data(contentsOf: url)), file: "old.json")
        #expect(r.build == .unknown)
        #expect(r.machine.cores == 2)
        #expect(r.benchmark("engine") != nil)
        // Written again it is a schema-2 record whose build is still unknown.
        let again = try ResultRecord.read(Array(r.text.utf8), file: "rewritten.json")
        #expect(again.build == .unknown && again.text == r.text)
    }

    struct Edit: Sendable, CustomStringConvertible {
        var description: String
        var from: String
        var to: String
        var key: String?
    }

    static let edits: [Edit] = [
        Edit(description: "infinite samples", from: #""samples":20000"#, to: #""samples":1e999"#, key: "benchmarks[0].samples"),
        Edit(description: "fractional samples", from: #""samples":20000"#, to: #""samples":2.5"#, key: "benchmarks[0].samples"),
        Edit(description: "negative samples", from: #""samples":20000"#, to: #""samples":-3"#, key: "benchmarks[0].samples"),
        Edit(description: "infinite percentile", from: #""p99":319"#, to: #""p99":1e999"#, key: "benchmarks[0].p99"),
        Edit(description: "negative percentile", from: #""p90":228"#, to: #""p90":-1"#, key: "benchmarks[0].p90"),
        Edit(description: "string percentile", from: #""p999":591"#, to: #""p999":"591""#, key: "benchmarks[0].p999"),
        Edit(description: "absurd core count", from: #""cores":2"#, to: #""cores":1000000"#, key: "machine.cores"),
        Edit(
            description: "negative allocations", from: #""allocationsPerNotification":0,"budgetFraction60""#,
            to: #""allocationsPerNotification":-1,"budgetFraction60""#, key: "benchmarks[0].allocationsPerNotification"),
        Edit(description: "future schema", from: #""schemaVersion":3"#, to: #""schemaVersion":4"#, key: "schemaVersion"),
        Edit(description: "schema 0, before the first", from: #""schemaVersion":3"#, to: #""schemaVersion":0"#, key: "schemaVersion"),
        Edit(description: "another kind", from: #""kind":"kbbench-result""#, to: #""kind":"kbtrace""#, key: "kind"),
        Edit(description: "unknown build", from: #""build":"release""#, to: #""build":"fast""#, key: "build"),
        Edit(description: "no build in schema 2 (only schema 1 may leave it out)", from: #""build":"release","unit""#, to: #""unit""#, key: "build"),
        Edit(description: "negative scenarios", from: #""scenarios":600"#, to: #""scenarios":-600"#, key: "shootout.strategies[0].scenarios"),
        Edit(description: "infinite violations", from: #""I2":0"#, to: #""I2":1e999"#, key: "shootout.strategies[0].violations.I2"),
        Edit(description: "missing p50", from: #""p50":143.7,"#, to: "", key: "benchmarks[0].p50"),
        Edit(
            description: "negative time to a counterexample", from: #""milliseconds":9.8"#, to: #""milliseconds":-9.8"#,
            key: "counterexampleTimes.apple2013.milliseconds"),
        Edit(description: "a fuzz cost below zero", from: #":7528.4"#, to: #":-7528.4"#, key: "fuzzCosts[0].instructionsPerCheckedNotification"),
        Edit(description: "a fuzz cost of no runs", from: #""runs":2000"#, to: #""runs":0"#, key: "fuzzCosts[0].runs"),
        Edit(
            description: "no repeats", from: #""repeats":5},"cookbook""#, to: #""repeats":0},"cookbook""#,
            key: "counterexampleTimes.apple2013.repeats"),
    ]

    /// Every figure that may be zero reads back as zero: times below the
    /// clock's resolution (a round's median among them), the first
    /// scenario and seed 0, an empty counterexample, no instructions, no
    /// cores known (each range starts at 0; samples, repeats, runs and
    /// scaling sizes start at 1).
    @Test func aRecordAtTheBottomOfEveryRangeReadsBackAsWritten() throws {
        var r = ResultRecord(
            toolVersion: "0.2.0", gitCommit: "abc123", date: "2026-11-22T01:15:46Z",
            machine: Machine(os: "Linux", cpu: "Xeon", cores: 0, host: "vm"), build: .release, clockNanoseconds: 0,
            benchmarks: [
                BenchmarkFigures(
                    name: "floor", p50: 0, p90: 0, p99: 0, p999: 0, max: 0, samples: 1, allocationsPerNotification: 0, instructionsPerNotification: 0)
            ],
            scaling: [ScalingCurve(name: "fields", points: [.init(n: 1, p50: 0)])], checks: [],
            shootout: ShootoutSummary(
                seed: 0,
                strategies: [
                    .init(name: "engine", scenarios: 0, violations: [.init("I1", 0)], unsatisfiable: 0, coveredFrames60: 0, coveredFrames120: 0)
                ])
        )
        r.counterexampleTimes = [
            CounterexampleTime(strategy: "cookbook", seed: 0, scenario: 0, invariant: "I2", events: 0, milliseconds: 0, repeats: 1)
        ]
        r.fuzzCosts = [FuzzCost(strategy: "engine", seed: 0, runs: 1, notificationsChecked: 1, instructionsPerCheckedNotification: 0)]
        r.benchmarks[0].roundMedians = [0, 0.5]
        #expect(try ResultRecord.read(Array(r.text.utf8), file: "zero.json") == r)
    }

    @Test(arguments: edits)
    func aHandEditedRecordNamesItsKey(e: Edit) {
        let text = Self.record.text
        #expect(text.contains(e.from), "the edit applies")
        let edited = text.replacingOccurrences(of: e.from, with: e.to)
        do {
            _ = try ResultRecord.read(Array(edited.utf8), file: "edited.json")
            Issue.record("accepted")
        } catch {
            #expect(error.key == e.key)
            #expect(error.file == "edited.json" && error.line == 1)
        }
    }

    /// A schema-1 record without `machine` reads as an unknown machine (0
    /// cores), and written back as schema 2 it reads again (InputFuzz
    /// found the writer's output refused).
    @Test func aSchemaOneRecordWithoutMachineRoundTrips() throws {
        let old =
            #"{"schemaVersion":1,"tool":"kbbench","benchmarks":[{"name":"engine","p50":1,"p90":1,"p99":1,"p999":1,"max":1,"samples":1,"allocationsPerNotification":0}]}"#
        let r = try ResultRecord.read(Array(old.utf8), file: "old.json")
        #expect(r.machine.cores == 0)
        #expect(r.clockNanoseconds == 0, "a record that did not time its clock read: none counted")
        let again = try ResultRecord.read(Array(r.text.utf8), file: "rewritten.json")
        #expect(again.text == r.text)
    }

    /// In a pretty-printed record, the message names the line of the key.
    @Test func aPrettyPrintedRecordNamesTheLineOfTheKey() throws {
        let pretty = """
            {
              "schemaVersion": 2, "kind": "kbbench-result", "toolVersion": "x", "gitCommit": "c", "date": "d",
              "machine": {"os": "L", "cpu": "X", "cores": 2, "host": "h"}, "build": "debug",
              "benchmarks": [
                {"name": "engine", "p50": 1, "p90": 1, "p99": 1, "p999": 1, "max": 1, "samples": 1, "allocationsPerNotification": 0},
                {"name": "floor", "p50": 1, "p90": 1, "p99": 1, "p999": 1, "max": 1,
                 "samples": 1e999, "allocationsPerNotification": 0}
              ]
            }
            """
        do {
            _ = try ResultRecord.read(Array(pretty.utf8), file: "pretty.json")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 7 && error.key == "benchmarks[1].samples", "\(error)")
        }
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        do {
            _ = try ResultRecord.read(Array("{\n  \"schemaVersion\": 2,\n  oops\n}".utf8), file: "bad.json")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 3)
            #expect(error.description.hasPrefix("bad.json:3: invalid JSON at column 3"), "\(error)")
        }
    }
}
