import KBTestSupport
import KeyboardHarness
import KeyboardPlantedBugs
import Testing

@Suite("Planted bugs: the fuzzer finds every one", .tags(.heavyTier))
struct PlantedBugTests {
    /// The seeds each bug is fuzzed on: one in the fast tier, twenty in the
    /// heavy one (fixed, so that CI does the same work on every run; the
    /// nightly job draws fresh ones).
    static let seeds: [UInt64] = TestTier.size(fast: [20_261_128], heavy: Array(20_261_201...20_261_220))

    @Test(arguments: PlantedBugBenchmark.bugs.map(\.name))
    func everyPlantedBugIsFoundWithinTheDefaultBudget(bug: String) throws {
        let strategy = try #require(PlantedBugBenchmark.bugs.first { $0.name == bug })
        for seed in Self.seeds {
            let trial = try PlantedBugBenchmark.trial(strategy, seed: seed)
            #expect(trial.found, "\(bug) not found on seed \(seed) in \(trial.runs) runs")
        }
    }
}
