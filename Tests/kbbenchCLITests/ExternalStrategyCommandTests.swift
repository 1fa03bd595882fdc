import Foundation
import KBTestSupport
import Testing

/// External strategies (`exec:`, protocol v1) through the command line: a
/// campaign catches a careless one and saves traces that replay its
/// failure, two jobs give one job's totals, and a broken process ends the
/// run with the status of what broke.
@Suite("kbbench and exec: strategies", .enabled(if: Repository.hasPython, "needs python3"), .processTimeLimit)
struct ExternalStrategyCommandTests {
    typealias K = KbbenchProcess

    static func exec(_ script: String) -> String { "exec:python3 Examples/exec-strategy/\(script)" }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text.prefix(200))")
    }

    /// Seed 7, 100 runs: the campaign exits 1 with I2 found and shrunk
    /// counterexamples (at most 7 events: naive.py's I4 needs a show, the
    /// focus UIKit scrolls to and a hide iOS sends as 4), naive.py's same
    /// totals with two jobs (`--jobs` end to end, as `ExternalStrategyTests`
    /// holds them in the library; do-nothing.py answers the same whatever
    /// it is asked, so one job), and every saved trace replays its
    /// violation (exit 1).
    @Test(arguments: ["do-nothing.py", "naive.py"])
    func aCarelessStrategyIsCaughtShrunkSavedAndReplayed(script: String) throws {
        let dir = try K.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var totals: [[NSObject?]] = []
        for jobs in script == "naive.py" ? ["1", "2"] : ["1"] {
            let r = K.kbbench(
                "fuzz", "--strategy", Self.exec(script), "--seed", "7", "--runs", "100", "--jobs", jobs, "--failures", dir + "/" + jobs, "--json")
            #expect(r.status == 1, "\(r.output)")
            let o = try Self.object(r.stdout)
            totals.append(["runs", "notificationsChecked", "violations", "unsatisfiable"].map { o[$0] as? NSObject })
            let violations = try #require(o["violations"] as? [String: Int])
            #expect(violations["I2", default: 0] > 0, "\(violations)")
            let counterexamples = try #require(o["counterexamples"] as? [[String: Any]])
            #expect(!counterexamples.isEmpty && counterexamples.allSatisfy { ($0["events"] as? Int ?? 99) <= 7 }, "\(counterexamples)")
        }
        #expect(totals.allSatisfy { $0 == totals[0] }, "two jobs changed the totals")
        let saved = try FileManager.default.contentsOfDirectory(atPath: dir + "/1").filter { $0.hasSuffix(".kbtrace") }
        #expect(!saved.isEmpty)
        for file in saved {
            let replay = K.kbbench("replay", "--strategy", Self.exec(script), dir + "/1/" + file)
            #expect(replay.status == 1, "\(file) replays its violation: \(replay.output)")
        }
    }

    struct Breakage: Sendable, CustomStringConvertible {
        var mode: String
        var status: Int32
        var description: String { "\(mode) → \(status)" }
    }

    /// A malformed reply is 65, a failed process 70; either way the run
    /// ends in under 20 s naming the scenario and the trace line, and the
    /// process is not left running.
    @Test(arguments: [
        Breakage(mode: "malformed", status: 65), Breakage(mode: "nonFinite", status: 65), Breakage(mode: "hang", status: 70),
        Breakage(mode: "exit", status: 70), Breakage(mode: "crash", status: 70),
    ])
    func aBrokenProcessEndsTheRunWithItsStatus(b: Breakage) throws {
        let dir = try K.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let marker = "kbbench-cli-broken-\(b.mode)-\(UUID().uuidString)"
        let start = Date()
        let r = K.kbbench(
            "fuzz", "--strategy", "exec:python3 Tests/KeyboardHarnessTests/Children/broken.py \(b.mode) \(marker)", "--seed", "1", "--runs", "50",
            "--jobs", "2", "--step-timeout", "3", "--corpus", dir, "--failures", dir)
        #expect(r.status == b.status, "\(r.output)")
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(r.stderr.contains(#/scenario \d+ \(judging\): trace line 4: /#), "\(r.stderr)")
        #expect(Repository.processes(containing: marker).isEmpty, "the process outlived kbbench")
    }
}
