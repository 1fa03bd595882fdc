import KeyboardHarness
import Testing

/// Properties of every counterexample a campaign saves, whatever the
/// strategy: it is a trace iOS could send, and it still fails its
/// invariant when read back from what was saved.
@Suite("Saved counterexamples")
struct CounterexamplePropertyTests {
    /// Every recipe (kbbench's own strategies have none to save) on two
    /// labelled seeds, on the screens it serves.
    static let cases: [(strategy: String, seed: UInt64)] = StrategyCatalog.recipes.map { $0.name }.flatMap { name in
        [UInt64(3), 11].map { (name, $0) }
    }

    /// Runs of each campaign.
    static let runs = 150

    @Test(arguments: cases)
    func everySavedCounterexampleIsPossibleAndStillFails(strategy: String, seed: UInt64) throws {
        let type = try #require(StrategyCatalog.strategy(named: strategy))
        let result = try Campaign(strategy: StrategyUnderTest(type), seed: seed, bound: .runs(Self.runs), screens: type.scope.defaultScreens).run()
        #expect(!result.counterexamples.isEmpty, "\(strategy), seed \(seed): a recipe fails somewhere in \(Self.runs) scenarios")
        for example in result.counterexamples {
            let saved = try TraceReader.read(example.text, file: example.fileName)
            #expect(saved.impossibilities == [], "\(strategy), seed \(seed): \(example.fileName) is a trace iOS could not send:\n\(example.text)")
            let replay = try #require(TraceReplayer.replay(saved, strategyNamed: strategy))
            #expect(
                replay.steps.contains { $0.violations.contains(example.invariant) },
                "\(strategy), seed \(seed): \(example.fileName) no longer violates \(example.invariant.rawValue)")
            let removable = Self.removableEvents(saved, invariant: example.invariant) { TraceReplayer.replay($0, strategyNamed: strategy)! }
            #expect(removable.isEmpty, "\(strategy), seed \(seed): \(example.fileName) is not 1-minimal: line(s) \(removable) can go alone")
        }
    }

    /// A saved file is named by the 32-bit FNV-1a of its text, as 8
    /// lower-case hex digits, zeros kept: the published test vectors, and one
    /// whose hash starts with three zeros.
    @Test(arguments: [("", "811c9dc5"), ("a", "e40c292c"), ("foobar", "bf9cf968"), ("k4788", "0005d0bf")])
    func fileNamesHashTheTextWithFNV1a(text: String, hash: String) {
        #expect(Counterexample.hash(text) == hash)
    }

    /// The lines of `trace` that can be removed alone while the trace stays
    /// one iOS could send and `invariant` stays violated: none, for a
    /// 1-minimal counterexample.
    static func removableEvents(_ trace: Trace, invariant: Invariant, replay: (Trace) throws -> ReplayReport) rethrows -> [Int] {
        var removable: [Int] = []
        for i in trace.events.indices {
            var candidate = trace
            candidate.events.remove(at: i)
            candidate = candidate.renumbered
            if candidate.isPossible, try replay(candidate).steps.contains(where: { $0.violations.contains(invariant) }) {
                removable.append(trace.events[i].line)
            }
        }
        return removable
    }
}
