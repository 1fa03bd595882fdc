import KBTestSupport
import KeyboardGeneration
import KeyboardHarness
import KeyboardPlantedBugs
import Testing

/// The planted bugs of chat screens' glue (``PlantedBugBenchmark/chatBugs``),
/// fuzzed as a team fuzzes its chat screen: a campaign of chat screens with
/// `Campaign`'s defaults, stopped at its first failure. Each must be found on
/// every seed within the default budget, breaking a transcript rule there,
/// and shrunk to a chat screen that still breaks it.
@Suite("Planted chat bugs: each found on every seed", .tags(.heavyTier))
struct ChatPlantedBugTests {
    /// One seed in the fast tier, twenty in the heavy one.
    static let seeds: [UInt64] = TestTier.size(fast: [20_261_208], heavy: Array(20_261_221...20_261_240))

    @Test(arguments: PlantedBugBenchmark.chatBugs.map(\.name))
    func everyPlantedChatBugIsFoundWithinTheDefaultBudget(bug: String) throws {
        let strategy = try #require(PlantedBugBenchmark.chatBugs.first { $0.name == bug })
        for seed in Self.seeds {
            var campaign = Campaign(strategy: strategy, seed: seed, screens: .chat)
            campaign.stopsAtFirstFailure = true
            let result = try campaign.run()
            let first = try #require(result.counterexamples.first, "\(bug) not found on seed \(seed) in \(Campaign.defaultRuns) chat screens")
            // What the glue breaks where it was found is a transcript rule.
            let found = campaign.scenario(at: first.scenarioIndex).trace
            let broken = Set(try strategy.replay(found).steps.flatMap(\.violations))
            #expect(!broken.filter(\.isTranscriptRule).isEmpty, "\(bug), seed \(seed): \(broken.sorted())")
            // Shrunk, it is still a chat screen that breaks the same rule.
            #expect(first.trace.header.composer != nil && first.trace.events.count <= found.events.count)
            #expect(try strategy.replay(first.trace).steps.contains { $0.violations.contains(first.invariant) })
            // The bench's trial is that campaign.
            let trial = try PlantedBugBenchmark.trial(strategy, seed: seed, screens: .chat)
            #expect(trial.runs == result.runsDone && trial.invariant == first.invariant.rawValue)
        }
    }
}
