import KBTestSupport
import KeyboardGeneration
import KeyboardHarness
import KeyboardPlantedBugs
import Testing

/// The planted bugs of chat screens' glue (``PlantedBugBenchmark/chatBugs``),
/// looked for on the generator's chat screens (``ChatScreens``) as a
/// campaign looks: scenario after scenario of one seed (every other one
/// adversarial), until one breaks an invariant the engine keeps there
/// (what is found is the glue's). Each must be found on every seed within
/// the campaigns' default budget.
@Suite("Planted chat bugs: each found on every seed", .tags(.heavyTier))
struct ChatPlantedBugTests {
    /// One seed in the fast tier, twenty in the heavy one.
    static let seeds: [UInt64] = TestTier.size(fast: [20_261_208], heavy: Array(20_261_221...20_261_240))

    @Test(arguments: PlantedBugBenchmark.chatBugs.map(\.name))
    func everyPlantedChatBugIsFoundWithinTheDefaultBudget(bug: String) throws {
        let strategy = try #require(PlantedBugBenchmark.chatBugs.first { $0.name == bug })
        for seed in Self.seeds {
            var found: (index: Int, rules: Set<Invariant>)?
            for index in 0..<Campaign.defaultRuns {
                let trace = ChatScreens.generated(seed: seed, index: index, adversarial: index % 2 == 1).trace
                // What the glue breaks where the engine does not.
                let broken = Set(try strategy.replay(trace).steps.flatMap(\.violations)).subtracting(EngineStrategy.verdict(in: trace).violated)
                if !broken.isEmpty {
                    found = (index, broken)
                    break
                }
            }
            #expect(found != nil, "\(bug) not found on seed \(seed) in \(Campaign.defaultRuns) chat screens")
            // What it breaks is a transcript rule.
            #expect(found.map { !$0.rules.filter(\.isTranscriptRule).isEmpty } ?? true, "\(bug), seed \(seed): \(found?.rules.sorted() ?? [])")
        }
    }
}
