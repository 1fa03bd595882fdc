import KBTestSupport
import Foundation
import KeyboardHarness
import KeyboardStrategies
import SystemPackage
import Testing

/// External strategies through protocol v1: judged as Swift strategies are,
/// caught and shrunk as they are, and every broken process ends the run
/// quickly with a clear error and nothing left running.
@Suite(.enabled(if: Repository.hasPython, "needs python3 (.ci/run requires it)"), .processTimeLimit)
struct ExternalStrategyTests {
    static func python(_ script: String, _ arguments: String = "") -> String {
        "python3 '\(Repository.path(script))'" + (arguments.isEmpty ? "" : " " + arguments)
    }

    @Test("cookbook.py gets exactly the built-in cookbook's counts on 300 shootout scenarios of seed 1, judged everywhere")
    func cookbookThroughTheProtocolEqualsTheBuiltIn() throws {
        let external = ExternalStrategy(command: Self.python("Examples/exec-strategy/cookbook.py"))
        defer { external.shutDown() }
        let report = try Shootout.run(
            seed: Shootout.defaultSeed, scenarios: 300, strategies: [StrategyUnderTest(CookbookStrategy.self), external.underTest],
            allScenarios: true
        )
        var builtIn = report.strategies[0], viaProtocol = report.strategies[1]
        #expect(builtIn.totalViolations > 100, "the comparison is worth something only if the cookbook fails often")
        // I7 needs two instances; an external strategy is not judged on it.
        #expect(builtIn.violations[.determinism] == nil)
        // The names and scopes differ (judged everywhere here); the counts must not.
        (builtIn.name, viaProtocol.name) = ("", "")
        viaProtocol.scope = builtIn.scope
        #expect(builtIn == viaProtocol)
    }

    /// A chat screen through the protocol: the process that does nothing
    /// leaves the newest message under the composer when the keyboard
    /// shows (T1) and the end out of reach (T3); the usual glue, which
    /// sets the inset for the composer the world carries and leaves the
    /// offset, breaks T1 alone. (The engine keeps every rule on this
    /// trace: `ChatScreenJudgementTests`.)
    @Test("a chat trace is judged through the protocol by the transcript rules (do-nothing.py, chat-inset.py)")
    func aChatTraceIsJudgedThroughTheProtocol() throws {
        let trace = try ChatScreenJudgementTests.trace()
        let external = ExternalStrategy(command: Self.python("Examples/exec-strategy/do-nothing.py"))
        defer { external.shutDown() }
        let broken = Set(try external.underTest.replay(trace).steps.flatMap(\.violations))
        #expect(broken.isSuperset(of: [.newestMessageAboveComposer, .transcriptEndReachable]), "\(broken.sorted())")
        #expect(broken.filter { !$0.isTranscriptRule }.isEmpty, "\(broken.sorted())")
        // chat-inset.py reads the composer from the world and sets the
        // inset right, leaving the offset: T1 alone.
        let glue = ExternalStrategy(command: Self.python("Examples/exec-strategy/chat-inset.py"))
        defer { glue.shutDown() }
        #expect(Set(try glue.underTest.replay(trace).steps.flatMap(\.violations)) == [.newestMessageAboveComposer])
    }

    struct Case: Sendable, CustomStringConvertible {
        var script: String
        var description: String { script }
    }

    @Test(
        "a do-nothing and a naive external strategy are caught, shrunk to at most 7 events and 1-minimal, saved, and replayed (seed 7)",
        arguments: [Case(script: "do-nothing.py"), Case(script: "naive.py")])
    func naiveStrategiesAreCaught(c: Case) throws {
        let corpus = try Repository.temporaryDirectory("exec")
        defer { try? FileManager.default.removeItem(atPath: corpus) }
        let external = ExternalStrategy(command: Self.python("Examples/exec-strategy/" + c.script))
        defer { external.shutDown() }
        let result = try Campaign(strategy: external.underTest, seed: 7, bound: .runs(200), failures: FilePath(corpus)).run()
        #expect(result.violations[.fieldVisible, default: 0] > 0, "the keyboard covers the field")
        #expect(!result.counterexamples.isEmpty)
        for record in result.savedCounterexamples {
            // naive.py's I4 takes 7: a show (2), the focus UIKit scrolls
            // to, and the hide iOS sends as four.
            #expect(record.events <= 7, "\(record.trace)")
            #expect(record.trace.hasPrefix(corpus + "/exec-" + c.script + "-"))
            let bytes = try #require(FileManager.default.contents(atPath: record.trace))
            let trace = try TraceReader.read(String(decoding: bytes, as: UTF8.self), file: record.trace)
            #expect(try external.underTest.replay(trace).steps.contains { $0.violations.contains(record.invariant) })
            let removable = try CounterexamplePropertyTests.removableEvents(trace, invariant: record.invariant) { try external.underTest.replay($0) }
            #expect(removable.isEmpty, "\(record.trace) is not 1-minimal: line(s) \(removable) can go alone")
        }
    }

    @Test("two jobs (two processes) give the sequential totals (naive.py, seed 3, 300 runs)")
    func jobsGiveTheSequentialTotals() throws {
        let external = ExternalStrategy(command: Self.python("Examples/exec-strategy/naive.py"))
        defer { external.shutDown() }
        let one = try Campaign(strategy: external.underTest, seed: 3, bound: .runs(300)).run()
        let two = try Campaign(strategy: external.underTest, seed: 3, bound: .runs(300), jobs: 2).run()
        #expect(CampaignTests.fingerprint(one) == CampaignTests.fingerprint(two))
        #expect(one.counterexamples == two.counterexamples)
    }

    struct Breakage: Sendable, CustomStringConvertible {
        var mode: String
        var kind: ExternalStrategyError.Kind
        var says: String
        /// The command run as `exec python3 …`: the shell gives its place to
        /// the process, which is then the socket's only holder (dash, a
        /// Linux `/bin/sh`, waits for its one command and holds its end).
        var exec = false
        var description: String { mode }
    }

    /// A process that exits with part of its input unread: on Linux the
    /// socket then reports the reset itself, which the error must name.
    static var resetByPeer: [Breakage] {
        #if os(Linux)
        [Breakage(mode: "unread", kind: .processFailed, says: "exited with status 3 before replying (Connection reset by peer)")]
        #else
        []
        #endif
    }

    @Test(
        "a broken process ends the run in under 20 s with its error, the scenario and the line, and is not left running",
        arguments: [
            Breakage(mode: "malformed", kind: .malformedReply, says: "not JSON"),
            Breakage(mode: "wrongType", kind: .malformedReply, says: "expected a reply of type \"ops\""),
            Breakage(mode: "nonFinite", kind: .malformedReply, says: "non-finite"),
            Breakage(mode: "unknownOp", kind: .malformedReply, says: "unknown op 'setBounds'"),
            Breakage(mode: "hang", kind: .processFailed, says: "did not reply within the step timeout"),
            Breakage(mode: "close", kind: .processFailed, says: "closed its output before replying", exec: true),
            Breakage(mode: "exit", kind: .processFailed, says: "exited with status 3"),
            Breakage(mode: "crash", kind: .processFailed, says: "status 139"),
        ] + Self.resetByPeer)
    func brokenProcesses(b: Breakage) throws {
        let marker = "kbbench-broken-\(b.mode)-\(UUID().uuidString)"
        let command = Self.python("Tests/KeyboardHarnessTests/Children/broken.py", "\(b.mode) \(marker)")
        let external = ExternalStrategy(command: (b.exec ? "exec " : "") + command, stepTimeout: 2)
        let clock = ContinuousClock()
        let start = clock.now
        #expect { try Campaign(strategy: external.underTest, seed: 1, bound: .runs(50), jobs: 2).run() } throws: { error in
            guard let harness = error as? HarnessError, let failure = harness.externalFailure else { return false }
            return failure.kind == b.kind && failure.line == 4 && failure.message.contains(b.says)
                && harness.description.hasPrefix("scenario ") && harness.description.contains("trace line 4")
        }
        #expect(clock.now - start < .seconds(20))
        external.shutDown()
        #expect(Repository.processes(containing: marker).isEmpty, "the process is killed")
    }
    /// A malformed reply kills the process at once, before anything shuts
    /// the strategy down: a run that stops on it leaves nothing behind even
    /// while its caller still holds the strategy.
    @Test(arguments: ["malformed", "wrongType", "nonFinite", "unknownOp"])
    func aMalformedReplyKillsItsProcessAtOnce(mode: String) throws {
        let marker = "kbbench-killed-\(mode)-\(UUID().uuidString)"
        let external = ExternalStrategy(command: Self.python("Tests/KeyboardHarnessTests/Children/broken.py", "\(mode) \(marker)"), stepTimeout: 2)
        defer { external.shutDown() }
        #expect(throws: HarnessError.self) { try Campaign(strategy: external.underTest, seed: 1, bound: .runs(5), jobs: 1).run() }
        #expect(Repository.processes(containing: marker).isEmpty, "the process is killed when its reply is found malformed")
    }

    /// At the end of a run the process is told `end` and given time to exit
    /// on its own (up to 5 s), so a strategy that tidies up on `end` (0.3 s
    /// here) finishes; its process is gone afterwards either way.
    @Test func aProcessToldTheRunEndedHasTimeToTidyUp() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("kbbench-tidy-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let external = ExternalStrategy(command: Self.python("Tests/KeyboardHarnessTests/Children/tidy.py", marker))
        _ = try Shootout.run(seed: 1, scenarios: 1, strategies: [external.underTest], allScenarios: true)
        external.shutDown()
        #expect(FileManager.default.contents(atPath: marker) == Data("ended".utf8))
        #expect(Repository.processes(containing: marker).isEmpty, "the process has exited")
    }

    /// The shootout reports its progress once per scenario, in order, after
    /// every strategy judged it, with the notifications judged so far.
    @Test func theShootoutReportsEachScenarioOnceInOrder() throws {
        var seen: [RunProgress] = []
        _ = try Shootout.run(seed: 5, scenarios: 7, strategies: [StrategyUnderTest(EngineStrategy.self)], progress: { seen.append($0) })
        #expect(seen.map(\.scenarios) == Array(1...7))
        #expect(seen.allSatisfy { $0.target == 7 && $0.violations == 0 })
        let events = (0..<7).reduce(0) { $0 + Shootout.trace(seed: 5, index: $1).events.count }
        #expect(seen.map(\.notifications) == seen.indices.map { n in (0...n).reduce(0) { $0 + Shootout.trace(seed: 5, index: $1).events.count } })
        #expect(seen.last?.notifications == events)
    }
}
