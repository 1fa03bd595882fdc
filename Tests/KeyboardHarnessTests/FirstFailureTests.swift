import Foundation
import KBTestSupport
import KeyboardGeneration
import KeyboardHarness
import KeyboardJSON
import KeyboardScenarios
import KeyboardWorld
import SystemPackage
import Testing

/// `Campaign.stopsAtFirstFailure`: the campaign ends with the first
/// scenario that fails, shrunk and reported, as libFuzzer and Hypothesis
/// end theirs; what it exercised says so too.
@Suite("Campaigns that stop at their first failure")
struct FirstFailureTests {
    /// The first scenario of seed 3 on which `apple2013` violates anything.
    static func firstFailing() throws -> Int {
        let fuzz = FuzzCampaign(strategy: Apple2013Strategy.self, seed: 3, allScenarios: true)
        for k in 0..<2_000 where !(try fuzz.run(k).verdict.violated.isEmpty) { return k }
        Issue.record("apple2013 never fails on seed 3")
        return -1
    }

    @Test(arguments: [1, 2])
    func theCampaignEndsWithTheFirstFailingScenario(jobs: Int) throws {
        let first = try Self.firstFailing()
        var campaign = Campaign(strategy: StrategyUnderTest(Apple2013Strategy.self), seed: 3, bound: .runs(2_000), jobs: jobs, allScenarios: true)
        campaign.stopsAtFirstFailure = true
        let result = try campaign.run()
        #expect(result.runsDone == first + 1, "the failing scenario is the last one run")
        #expect(result.totals.runs == first + 1)
        #expect(!result.counterexamples.isEmpty && result.counterexamples.allSatisfy { $0.scenarioIndex == first })
        #expect(result.counterexamples.allSatisfy { $0.trace.events.count <= 12 }, "shrunk")
        #expect(result.statePath == nil, "a campaign that ended at its failure is finished")
    }

    /// A campaign that ended at its first failure is finished: it leaves
    /// no state on disk, so a later `--resume` says there is nothing to
    /// resume instead of carrying on past the failure.
    @Test func aCampaignStoppedAtItsFirstFailureLeavesNoState() throws {
        let dir = try Repository.temporaryDirectory("first-failure-state")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let statePath = FilePath(dir + "/state")
        var campaign = Campaign(
            strategy: StrategyUnderTest(Apple2013Strategy.self), seed: 3, bound: .runs(2_000), allScenarios: true, statePath: statePath)
        campaign.stopsAtFirstFailure = true
        let result = try campaign.run()
        #expect(!result.counterexamples.isEmpty && result.runsDone < 2_000, "it stopped at a failure")
        #expect(!FileManager.default.fileExists(atPath: statePath.string), "no state left to resume")
        do {
            _ = try campaign.run(resume: true)
            Issue.record("a resume carried on past the failure")
        } catch {
            #expect("\(error)".contains("no fuzz state to resume"), "\(error)")
        }
    }

    @Test func aCampaignThatFindsNothingRunsItsBound() throws {
        var campaign = Campaign(EngineStrategy.self, seed: 3, runs: 300)
        campaign.stopsAtFirstFailure = true
        let result = try campaign.run()
        #expect(result.runsDone == 300 && result.passed)
    }

    /// A label's share is its scenarios over those judged, and 0 when none
    /// was judged.
    @Test func aLabelsShareIsZeroWithNothingJudged() throws {
        let feature = try #require(ScenarioFeature.allCases.first)
        #expect(LabelCoverage(feature, scenarios: 0, judged: 0).share == 0)
        #expect(LabelCoverage(feature, scenarios: 3, judged: 4).share == 0.75)
    }

    /// A label is below its requirement only when the sample says so with
    /// 99 % confidence (`kbbench fuzz` marks it `(below N %)`): never seen
    /// in 10,000 scenarios is below; seen in every one, seen at its
    /// required share exactly (the interval straddles it), or nothing
    /// judged is not.
    @Test func aLabelIsBelowItsRequirementOnlyWhenConfidentlySo() throws {
        let feature = try #require(ScenarioFeature.allCases.first { $0.requiredShare >= 0.1 })
        #expect(LabelCoverage(feature, scenarios: 0, judged: 10_000).isBelowRequirement)
        #expect(LabelCoverage(feature, scenarios: Int(feature.requiredShare * 5_000), judged: 10_000).isBelowRequirement)
        #expect(!LabelCoverage(feature, scenarios: 10_000, judged: 10_000).isBelowRequirement)
        #expect(!LabelCoverage(feature, scenarios: Int((feature.requiredShare * 10_000).rounded()), judged: 10_000).isBelowRequirement)
        #expect(!LabelCoverage(feature, scenarios: 0, judged: 0).isBelowRequirement)
    }

    /// What a campaign exercised is counted over the scenarios it judged,
    /// label by label, and is what the generator labels them with.
    @Test func aCampaignCountsTheLabelsOfWhatItJudged() throws {
        let result = try Campaign(EngineStrategy.self, seed: 11, runs: 200).run()
        var expected = FeatureCounts()
        for i in 0..<200 { expected.add(ScenarioGenerator.generated(seed: 11, index: i, adversarial: true).features) }
        #expect(result.totals.features == expected)
        let coverage = result.totals.coverage(on: .fields)
        #expect(coverage.count == ScenarioFeature.allCases.count { $0.isCarried(on: .fields) })
        #expect(!coverage.contains { $0.label.hasPrefix("chat.") })
        #expect(coverage.first { $0.label == "keyboard.docked" }?.share ?? 0 > 0.9)
        // A recipe judged on its scope counts the scenarios it judged only.
        let recipe = try Campaign(Apple2009Strategy.self, seed: 11, runs: 200).run()
        #expect(recipe.totals.judged == recipe.totals.runs - recipe.totals.outOfScope)
        #expect(recipe.totals.features[.eraIPhoneOS3] == recipe.totals.judged, "apple2009 judges iPhone OS 3 only")
    }

    /// The shards' coverage adds up to the whole campaign's, through their
    /// summaries as `kbbench merge` reads them.
    @Test func shardsCoverageMergesToTheWholes() throws {
        let whole = try Campaign(EngineStrategy.self, seed: 5, runs: 120).run().summary
        var summaries: [FuzzSummary] = []
        for i in 0..<3 {
            let part = try Campaign(EngineStrategy.self, seed: 5, runs: 40, shard: Shard(index: i, count: 3)).run().summary
            summaries.append(try FuzzSummary.read(Array(JSONWriter.string(part.json).utf8), file: "shard\(i).json"))
        }
        #expect(FuzzSummary.merged(summaries).totals.features == whole.totals.features)
    }
}
