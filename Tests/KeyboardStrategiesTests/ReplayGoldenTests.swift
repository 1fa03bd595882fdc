import KBTestSupport
import KeyboardGeneration
import KeyboardHarness
import KeyboardJSON
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import Testing

/// What each strategy does with what a seed names, and how the oracle judges
/// it, pinned: for each of the `PinnedScenarios`, one line in
/// `Golden/replays-seed1.txt` holds the hash of every catalog strategy's
/// replay, in catalog order under a header line that names them.
///
/// A replay's hash covers its `kbbench replay --json` text: each step's
/// action, reason, insets, offset and violations in order, the covered
/// frames and whether iOS could have sent the trace. So a change to a
/// recipe's model, to the scroll view's model or to the oracle shows up as
/// the scenarios and strategies it changed, to be read and committed on
/// purpose (see `GoldenFile`). The shootout's table pins the same runs'
/// totals; this pins each run.
@Suite("Every strategy's replays of seed 1, pinned", .tags(.heavyTier))
struct ReplayGoldenTests {
    static let golden = GoldenFile.url("Golden/replays-seed1.txt", besideTestFile: #filePath)

    /// One scenario: its index (`a` before it when adversarial), then each
    /// strategy's replay hash (the 32-bit FNV-1a of its JSON text).
    static func line(_ pick: PinnedScenarios.Pick) -> String {
        let trace = ScenarioGenerator.scenarioAndTrace(seed: PinnedScenarios.seed, index: pick.index, adversarial: pick.adversarial).1
        let hashes = StrategyCatalog.all.map { strategy in
            Counterexample.hash(JSONWriter.string(TraceReplayer.replay(trace, with: strategy).json(of: trace)))
        }
        return ([pick.label] + hashes).joined(separator: " ")
    }

    /// The fast tier replays every sixth pinned scenario, on both cores,
    /// and finds its line in the pin; the heavy tier all of them.
    @Test func eachReplayIsTheReviewedOne() throws {
        let picks = TestTier.heavy ? PinnedScenarios.all : PinnedScenarios.all.enumerated().filter { $0.offset % 6 == 0 }.map(\.element)
        let lines = ["scenario " + StrategyCatalog.names.joined(separator: " ")] + concurrentMap(picks.count) { Self.line(picks[$0]) }
        let difference =
            TestTier.heavy
            ? try GoldenFile.difference(lines.joined(separator: "\n") + "\n", from: Self.golden)
            : try GoldenFile.differenceOfSample(lines, from: Self.golden)
        #expect(difference == nil, "\(difference ?? "")")
    }
}
