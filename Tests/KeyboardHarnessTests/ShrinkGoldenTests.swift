import KBTestSupport
import KeyboardHarness
import Testing

/// What the shrinker makes of each recipe's failures, pinned: for the
/// campaigns `CounterexamplePropertyTests` runs (every recipe, seeds 3 and
/// 11, 150 runs each), one line in `Golden/shrunk.txt` per counterexample
/// saved: the strategy, seed, scenario and invariant, the events left and
/// the hash that names its file.
///
/// The properties say each is possible, still fails and is 1-minimal; this
/// says which one, so that a change to the shrinker's order or reach (a
/// different minimal trace, a different file in every corpus) is a diff to
/// read and commit on purpose (see `GoldenFile`).
@Suite("Shrunk counterexamples, pinned")
struct ShrinkGoldenTests {
    static let golden = GoldenFile.url("Golden/shrunk.txt", besideTestFile: #filePath)

    @Test func eachShrunkCounterexampleIsTheReviewedOne() throws {
        var lines = ["strategy seed scenario invariant events hash"]
        for (strategy, seed) in CounterexamplePropertyTests.cases {
            let type = try #require(StrategyCatalog.strategy(named: strategy))
            let campaign = Campaign(
                strategy: StrategyUnderTest(type), seed: seed, bound: .runs(CounterexamplePropertyTests.runs), screens: type.scope.defaultScreens)
            for e in try campaign.run().counterexamples {
                lines.append("\(strategy) \(seed) \(e.scenarioIndex) \(e.invariant.rawValue) \(e.trace.events.count) \(Counterexample.hash(e.text))")
            }
        }
        let difference = try GoldenFile.difference(lines.joined(separator: "\n") + "\n", from: Self.golden)
        #expect(difference == nil, "\(difference ?? "")")
    }
}
