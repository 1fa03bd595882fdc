import Foundation
import KBTestSupport
import Testing

/// `kbbench fuzz` end to end: the engine passes (exit 0) with its throughput
/// reported; a recipe fails (exit 1) with shrunk counterexamples, each with
/// its storyboard, each replaying to the same failure.
@Suite("kbbench fuzz, end to end")
struct FuzzCommandTests {
    typealias K = KbbenchProcess

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theEnginePassesAndReportsItsThroughput() throws {
        let r = K.kbbench("fuzz", "--strategy", "engine", "--seed", "7", "--runs", "1000", "--corpus", try K.temporaryDirectory(), "--json")
        #expect(r.status == 0, "\(r.output)")
        let summary = try Self.json(r.stdout)
        #expect((summary["violations"] as? [String: Int])?.values.allSatisfy { $0 == 0 } == true)
        for key in ["notificationsPerSecond", "notificationsPerCPUSecond", "seconds", "cpuSeconds"] {
            #expect(((summary[key] as? NSNumber)?.doubleValue ?? 0) > 0, "\(key)")
        }
    }

    @Test func aRecipeFailsWithShrunkCounterexamplesThatReplay() throws {
        let corpus = try K.temporaryDirectory()
        let r = K.kbbench("fuzz", "--strategy", "apple2013", "--seed", "1", "--runs", "200", "--corpus", corpus, "--json")
        #expect(r.status == 1, "\(r.output)")
        let counterexamples = try #require(try Self.json(r.stdout)["counterexamples"] as? [[String: Any]])
        #expect(!counterexamples.isEmpty)
        for c in counterexamples {
            let trace = try #require(c["trace"] as? String)
            #expect((c["events"] as? Int ?? 99) <= 8, "shrunk: \(c)")
            let picture = String(trace.dropLast(".kbtrace".count)) + ".svg"
            #expect((try? String(contentsOfFile: picture, encoding: .utf8))?.contains("first-violation") == true, "its storyboard: \(picture)")
            let replayed = K.kbbench("replay", "--strategy", "apple2013", trace)
            #expect(replayed.status == 1, "replaying \(trace) reproduces the violation: \(replayed.output)")
        }
    }
}
