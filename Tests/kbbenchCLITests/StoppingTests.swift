import Foundation
import KBTestSupport
import Testing

/// Every command that can run long stops on SIGINT (Ctrl-C) and SIGTERM (a
/// CI runner, `timeout`) part way: it prints what it finished, exits 130 or
/// 143, and its `--json` output says it was interrupted. Each is started as
/// a user starts it, signalled once it is under way (its first status line,
/// `CI=true`, or a few seconds in), and must end soon after.
@Suite("Stopping a long run", .processTimeLimit)
struct StoppingTests {
    typealias K = KbbenchProcess

    /// The two signals and the statuses they end a command with.
    static let signals: [(Int32, Int32)] = [(SIGINT, 130), (SIGTERM, 143)]

    /// How long a command may take to stop: it checks between scenarios,
    /// rounds' batches, traces and log lines (each well under a second in a
    /// debug build), so this bound is slack for a loaded machine, not the
    /// target. docs/cli.md states the target, a second.
    static let stopLimit = 10.0

    /// Starts `arguments` with status lines every 0.2 s, waits for `marker`
    /// on standard error (or `seconds`), signals, and returns what it left.
    static func interrupted(
        _ arguments: [String], signal: Int32, waitingFor marker: String? = nil, seconds: Double = 2
    ) throws -> K.Result {
        let run = try RunningKbbench(arguments, environment: ["CI": "true"])
        if let marker {
            #expect(run.waitForStandardError(containing: marker), "no \(marker) before the signal: \(run.standardError)")
        } else {
            Thread.sleep(forTimeInterval: seconds)
        }
        #expect(run.process.isRunning, "\(arguments) ended before it was signalled")
        run.send(signal)
        let (result, seconds) = run.finish()
        #expect((seconds ?? .infinity) < stopLimit, "\(arguments): \(seconds ?? -1) s to stop")
        return result
    }

    static func json(_ line: some StringProtocol) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test(arguments: signals)
    func theShootoutPrintsTheScenariosItJudged(signal: Int32, status: Int32) throws {
        let r = try Self.interrupted(["shootout", "--scenarios", "2000000", "--status-interval", "0.2"], signal: signal, waitingFor: " scenarios, ")
        #expect(r.status == status, "\(r.output)")
        #expect(r.stdout.contains("scenarios (interrupted)") && r.stdout.contains("engine"), "the table of what was judged: \(r.stdout)")
        #expect(r.stderr.contains(signal == SIGINT ? "interrupted (SIGINT) after " : "terminated (SIGTERM) after "), "\(r.stderr)")
        #expect(r.stderr.contains(" of 2000000 scenarios"), "\(r.stderr)")
    }

    @Test func theShootoutsJSONSaysItWasInterrupted() throws {
        let r = try Self.interrupted(
            ["shootout", "--scenarios", "2000000", "--json", "--status-interval", "0.2"], signal: SIGINT, waitingFor: " scenarios, ")
        #expect(r.status == 130, "\(r.output)")
        let summary = try Self.json(r.stdout)
        #expect(summary["interrupted"] as? Bool == true)
        let rows = try #require(summary["strategies"] as? [[String: Any]])
        let generated = Set(rows.map { ($0["scenarios"] as? Int ?? -1) + ($0["outOfScope"] as? Int ?? -1) })
        #expect(generated.count == 1 && generated.first! > 0, "every row counts the same whole scenarios: \(generated)")
    }

    @Test(arguments: signals)
    func theSuiteSaysWhereItStoppedOnItsLastLine(signal: Int32, status: Int32) throws {
        let r = try Self.interrupted(["suite", "--scenarios", "2000000", "--status-interval", "0.2"], signal: signal, waitingFor: " scenarios, ")
        #expect(r.status == status, "\(r.output)")
        #expect(r.stdout.contains("1. Corpus"), "the corpus section it finished")
        let last = r.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("INTERRUPTED in the shootout") && last.contains("finished: the corpus"), "\(last)")
    }

    @Test(arguments: signals)
    func theBenchWritesNoRecordAndSaysSoInJSON(signal: Int32, status: Int32) throws {
        let record = try K.temporaryDirectory() + "/record.json"
        let r = try Self.interrupted(["bench", "--samples", "10000000", "--json", "--output", record], signal: signal, seconds: 1.5)
        #expect(r.status == status, "\(r.output)")
        let said = try Self.json(r.stdout)
        #expect(said["kind"] as? String == "kbbench-interrupted" && said["interrupted"] as? Bool == true && said["command"] as? String == "bench")
        #expect(said["signal"] as? String == (signal == SIGINT ? "SIGINT" : "SIGTERM"))
        #expect(!FileManager.default.fileExists(atPath: record), "a record cut short is not written")
    }

    @Test(arguments: signals)
    func aFuzzCampaignsJSONSaysItWasInterrupted(signal: Int32, status: Int32) throws {
        let failures = try K.temporaryDirectory()
        let r = try Self.interrupted(
            ["fuzz", "--seed", "3", "--runs", "10000000", "--failures", failures, "--json", "--status-interval", "0.2"], signal: signal,
            waitingFor: " scenarios, ")
        #expect(r.status == status, "\(r.output)")
        let summary = try Self.json(r.stdout)
        #expect(summary["interrupted"] as? Bool == true && (summary["runs"] as? Int ?? 0) > 0, "\(r.stdout)")
        #expect(r.stderr.contains("continue with: kbbench fuzz"), "\(r.stderr)")
    }

    /// A trace of hundreds of events (a corpus trace's events, over and
    /// over): sixty of them take a debug replay seconds, most of it spent
    /// reading them, and one is judged well inside the first second.
    static func longTrace(named name: String, observedBy strategy: String? = nil) throws -> String {
        let lines = try Repository.text("corpora/traces/iphone8-portrait-first-focus.kbtrace").split(separator: "\n")
        let dir = try K.temporaryDirectory()
        let path = dir + "/" + name
        let body = Array(repeating: lines.dropFirst().joined(separator: "\n"), count: 100).joined(separator: "\n")
        try (lines[0] + "\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        guard let strategy else { return path }
        let observed = dir + "/observed-" + name
        let r = K.kbbench("replay", "--strategy", strategy, "--write-observed", observed, path)
        #expect(r.status <= 1, "\(r.output)")
        return observed
    }

    @Test(arguments: signals)
    func aReplayOfManyTracesPrintsThoseItJudged(signal: Int32, status: Int32) throws {
        let trace = try Self.longTrace(named: "long.kbtrace")
        let r = try Self.interrupted(
            ["replay", "--json", "--status-interval", "0.2"] + Array(repeating: trace, count: 60), signal: signal, waitingFor: "replay: ")
        #expect(r.status == status, "\(r.output)")
        let lines = r.stdout.split(separator: "\n")
        let last = try Self.json(try #require(lines.last))
        #expect(last["kind"] as? String == "kbbench-interrupted" && last["command"] as? String == "replay", "\(last)")
        #expect(lines.count > 1 && lines.count < 61, "the traces judged, then the closing line: \(lines.count) lines")
        for line in lines.dropLast() { #expect(try Self.json(line)["steps"] != nil) }
    }

    @Test(arguments: signals)
    func anAuditOfManyTracesPrintsThoseItJudged(signal: Int32, status: Int32) throws {
        let trace = try Self.longTrace(named: "long.kbtrace", observedBy: "cookbook")
        let r = try Self.interrupted(
            ["audit", "--json", "--status-interval", "0.2"] + Array(repeating: trace, count: 60), signal: signal, waitingFor: "audit: ")
        #expect(r.status == status, "\(r.output)")
        let last = try Self.json(try #require(r.stdout.split(separator: "\n").last))
        #expect(last["kind"] as? String == "kbbench-interrupted" && last["command"] as? String == "audit", "\(last)")
    }

    @Test(arguments: signals)
    func anImportOfALongLogWritesNothing(signal: Int32, status: Int32) throws {
        let dir = try K.temporaryDirectory()
        let log = try Repository.text("corpora/console-logs/nslog-ios11.log")
        try String(repeating: log, count: 3000).write(toFile: dir + "/long.log", atomically: true, encoding: .utf8)
        let r = try Self.interrupted(["import", dir + "/long.log", "--output", dir + "/long.kbtrace"], signal: signal, seconds: 1.5)
        #expect(r.status == status, "\(r.output)")
        #expect(r.stderr.contains("nothing written") && !FileManager.default.fileExists(atPath: dir + "/long.kbtrace"), "\(r.stderr)")
    }
}
