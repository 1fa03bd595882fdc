import Foundation
import KBTestSupport
import KeyboardGeneration
import KeyboardHarness
import KeyboardJSON
import SystemPackage
import Testing

/// A campaign of chat screens (`Campaign.screens`): what a team runs to fuzz
/// its chat screen's glue. It plays chat screens, shrinks each failure to a
/// chat screen that still fails, counts the labels a chat screen carries,
/// and is a campaign of its own: its summary, state and shards say so, and
/// never pass for a campaign of fields of the same seed.
@Suite("Chat-screen campaigns: chat screens played, shrunk and named as such", .processTimeLimit)
struct ChatCampaignTests {
    /// Glue that hands the engine a composer of no height: the transcript's
    /// end is left under the composer.
    typealias ComposerIgnored = ChatScreenJudgementTests.MistakenEngine<ChatScreenJudgementTests.ComposerIgnored>

    @Test("each kind of screens has its own default state file, and a campaign of fields keeps the name it always had")
    func theDefaultStateFileNamesTheScreens() {
        let folder = FilePath("failures")
        let fields = FuzzState.defaultPath(folder: folder, strategy: "engine", identity: CampaignIdentity(seed: 7, shard: Shard(index: 1, count: 3)))
        let chat = FuzzState.defaultPath(
            folder: folder, strategy: "engine", identity: CampaignIdentity(seed: 7, screens: .chat, shard: Shard(index: 1, count: 3)))
        #expect(fields == FilePath("failures/.fuzz-state-engine-7-1of3.json"))
        #expect(chat == FilePath("failures/.fuzz-state-engine-7-chat-1of3.json"))
    }

    @Test("a chat campaign plays chat screens and shrinks a failure to a chat screen that still fails (seed 20261202)")
    func aFailureShrinksToAChatScreen() throws {
        var campaign = Campaign(ComposerIgnored.self, seed: 20_261_202, runs: 200, screens: .chat)
        campaign.stopsAtFirstFailure = true
        let result = try campaign.run()
        let example = try #require(result.counterexamples.first, "a composer of no height is found in 200 chat screens")
        let found = campaign.scenario(at: example.scenarioIndex)
        #expect(found.trace.header.composer != nil && found.labels.contains { $0.hasPrefix("chat.") })
        #expect(example.trace.header.composer != nil, "shrunk to a chat screen")
        #expect(example.trace.isPossible, "\(example.trace.impossibilities)")
        #expect(example.trace.events.count < found.trace.events.count, "shrunk: \(example.trace.events.count) of \(found.trace.events.count) events")
        let replayed = try StrategyUnderTest(ComposerIgnored.self).replay(example.trace)
        #expect(replayed.steps.contains { $0.violations.contains(example.invariant) })
        // The same seed and index on a screen of fields is another scenario.
        let fields = Campaign(ComposerIgnored.self, seed: 20_261_202, runs: 200).scenario(at: example.scenarioIndex)
        #expect(fields.trace.header.composer == nil && !fields.labels.contains { $0.hasPrefix("chat.") })
        #expect(fields.scenario == found.scenario, "drawn from the same scenario")
    }

    @Test("a chat campaign's totals do not depend on its jobs (seed 20261202, 300 chat screens)")
    func jobsGiveTheSequentialResult() throws {
        let one = try Campaign(ComposerIgnored.self, seed: 20_261_202, runs: 300, screens: .chat).run()
        let two = try Campaign(ComposerIgnored.self, seed: 20_261_202, runs: 300, screens: .chat, jobs: 2).run()
        #expect(CampaignTests.fingerprint(one) == CampaignTests.fingerprint(two))
        #expect(one.counterexamples == two.counterexamples && !one.counterexamples.isEmpty)
        #expect(one.totals.features == two.totals.features)
    }

    @Test("a chat campaign's summary says so, counts the labels a chat screen carries, and reads back")
    func theSummaryNamesItsScreens() throws {
        let chat = try Campaign(EngineStrategy.self, seed: 3, runs: 40, screens: .chat).run().summary
        let text = JSONWriter.string(chat.json)
        #expect(text.contains(#""generatorVersion":\#(ScenarioGenerator.version),"screens":"chat","shard":null"#))
        #expect(text.contains(#""chat.messageArrives":"#) && text.contains(#""keyboard.docked":"#))
        #expect(!text.contains(#""caret.present":"#) && !text.contains(#""switch.docked":"#), "a chat screen has no fields")
        let read = try FuzzSummary.read(Array(text.utf8), file: "chat.json")
        #expect(read.identity == chat.identity && read.totals.features == chat.totals.features)
        #expect(chat.totals.coverage(on: .chat).map(\.label) == ScenarioFeature.allCases.filter { $0.isCarried(on: .chat) }.map(\.label))
        // A campaign of fields writes no such key, as before chat screens.
        let fields = JSONWriter.string(try Campaign(EngineStrategy.self, seed: 3, runs: 10).run().summary.json)
        #expect(!fields.contains(#""screens""#) && !fields.contains(#""chat."#))
        // Screens no kbbench plays are refused by name.
        let unknown = text.replacingOccurrences(of: #""screens":"chat""#, with: #""screens":"forms""#)
        #expect(unknown != text)
        #expect { try FuzzSummary.read(Array(unknown.utf8), file: "chat.json") } throws: { error in
            "\(error)".contains("chat.json") && "\(error)".contains("screens") && "\(error)".contains("forms")
        }
        // A label the screens do not carry, or no label at all, is refused
        // by name too, not read past.
        for label in ["caret.present", "chat.nonsense"] {
            let extra = text.replacingOccurrences(of: #""chat.messageArrives":"#, with: #""\#(label)":0,"chat.messageArrives":"#)
            #expect(extra != text)
            #expect { try FuzzSummary.read(Array(extra.utf8), file: "chat.json") } throws: { error in
                "\(error)".contains("chat.json") && "\(error)".contains(label)
            }
        }
    }

    @Test("shards of chat screens and of fields never merge, and the refusal names the key")
    func shardsOfTwoScreensNeverMerge() throws {
        let chat = try Campaign(EngineStrategy.self, seed: 3, runs: 10, shard: Shard(index: 0, count: 2), screens: .chat).run().summary
        let fields = try Campaign(EngineStrategy.self, seed: 3, runs: 10, shard: Shard(index: 1, count: 2)).run().summary
        #expect { try ShardMerge.merge([(file: "a.json", summary: chat), (file: "b.json", summary: fields)]) } throws: { error in
            "\(error)" == "a.json and b.json are not shards of one campaign: screens is chat in the first and fields in the second"
        }
        let other = try Campaign(EngineStrategy.self, seed: 3, runs: 10, shard: Shard(index: 1, count: 2), screens: .chat).run().summary
        #expect(try ShardMerge.merge([(file: "a.json", summary: chat), (file: "b.json", summary: other)]).totals.runs == 20)
    }

    @Test("a chat campaign keeps its own state, and a state of fields does not resume it")
    func aStateOfFieldsDoesNotResumeAChatCampaign() throws {
        let dir = try Repository.temporaryDirectory("chat-state")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let chat = Campaign(
            strategy: StrategyUnderTest(EngineStrategy.self), seed: 4, bound: .runs(2_000), screens: .chat, failures: FilePath(dir))
        var fields = chat
        fields.screens = .fields
        #expect(chat.defaultStatePath != fields.defaultStatePath)
        let stop = StopRequest()
        stop.request()
        var chatAt = chat, fieldsAt = fields
        chatAt.statePath = FilePath(dir + "/state")
        fieldsAt.statePath = FilePath(dir + "/state")
        #expect(try fieldsAt.run(stop: stop).interrupted)
        #expect { try chatAt.run(resume: true) } throws: { error in
            guard case .stateOfAnotherCampaign(_, let found)? = error as? HarnessError else { return false }
            return found.hasPrefix("engine, seed 4, shard ") && !found.contains("chat")
        }
        #expect(try chatAt.run(stop: stop).interrupted)
        let written = try String(contentsOfFile: dir + "/state", encoding: .utf8)
        #expect(written.contains(#""screens":"chat""#))
        #expect { try fieldsAt.run(resume: true) } throws: { error in
            guard case .stateOfAnotherCampaign(_, let found)? = error as? HarnessError else { return false }
            return found.hasPrefix("engine, seed 4, chat screens, shard ")
        }
        #expect(try chatAt.run(resume: true).runsDone == 2_000)
    }

    @Test("a campaign replays the corpus traces of its own screens")
    func theCorpusOfItsOwnScreens() throws {
        let dir = try Repository.temporaryDirectory("chat-corpus")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let chat = ChatScreens.generated(seed: 3, index: 0, adversarial: true).trace
        let fields = ScenarioGenerator.generated(seed: 3, index: 0, adversarial: true).trace
        try TraceWriter.text(chat).write(toFile: dir + "/chat.kbtrace", atomically: true, encoding: .utf8)
        try TraceWriter.text(fields).write(toFile: dir + "/fields.kbtrace", atomically: true, encoding: .utf8)
        for screens in ScreenKind.allCases {
            let campaign = Campaign(
                strategy: StrategyUnderTest(EngineStrategy.self), seed: 3, bound: .runs(1), screens: screens, corpus: FilePath(dir))
            #expect(try campaign.run().corpus.traces == 1, "\(screens)")
        }
        #expect(ScreenKind(of: chat.header) == .chat && ScreenKind(of: fields.header) == .fields)
    }
}
