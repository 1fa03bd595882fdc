import Foundation
import KBTestSupport
import KeyboardHarness
import KeyboardJSON
import KeyboardOracle
import KeyboardResults
import KeyboardScenarios
import KeyboardStrategies
import KeyboardTrace
import Testing

/// The shootout on chat screens (`kbbench shootout --screens chat`): the
/// shootout's scenarios played on a transcript with a composer above the
/// keyboard, every strategy that serves chat screens judged by the
/// transcript rules.
@Suite("Chat shootout", .tags(.heavyTier))
struct ChatShootoutTests {
    /// Its first 1,000 chat screens in the fast tier, all 10,000 in the
    /// heavy one, which pins the README's table and `corpora/shootout-chat`.
    static let screens = TestTier.size(fast: 1_000, heavy: Shootout.defaultScenarios)
    static let report = Shootout.run(
        seed: Shootout.defaultSeed, scenarios: screens, screens: .chat, jobs: ProcessInfo.processInfo.activeProcessorCount)

    static func tally(_ name: String) -> StrategyTally? { report.strategies.first { $0.name == name } }

    @Test func theEngineIsJudgedOnEveryChatScreenAndViolatesNothing() throws {
        let engine = try #require(Self.tally(EngineStrategy.name))
        #expect(engine.scenarios == Self.screens && engine.outOfScope == 0 && engine.chatScreens == Self.screens)
        #expect(engine.totalViolations == 0, "\(engine.violations) first at \(engine.firstViolation)")
    }

    /// The SwiftUI modifier's chat form, on the chat screens in its scope
    /// (iOS 18 and later, a composer on the transcript's bottom safe area),
    /// violates nothing either: it is the engine, through SwiftUI.
    @Test func theSwiftUIModifierViolatesNothingOnItsChatScreens() throws {
        let modifier = try #require(Self.tally(SwiftUIWithKbbenchStrategy.name))
        #expect(modifier.scenarios > Self.screens / 20, "judged on \(modifier.scenarios) chat screens")
        #expect(modifier.totalViolations == 0, "\(modifier.violations) first at \(modifier.firstViolation)")
    }

    /// A row for each strategy that serves chat screens, and only those:
    /// MessageKit's here and not among screens of fields, the SwiftUI
    /// modifier (its chat form) in both.
    @Test func theRowsAreTheStrategiesThatServeChatScreens() {
        let names = Self.report.strategies.map(\.name)
        let serving = StrategyCatalog.all.filter { $0.scope.screens.contains(.chat) }.map { $0.name }
        #expect(names == serving)
        #expect(names.contains(MessageKitStrategy.name) && names.contains(SwiftUIWithKbbenchStrategy.name))
        let fields = Shootout.run(seed: Shootout.defaultSeed, scenarios: 20).strategies.map(\.name)
        #expect(!fields.contains(MessageKitStrategy.name) && fields.contains(SwiftUIWithKbbenchStrategy.name))
    }

    /// The peers written for chat screens are judged on them, and each
    /// breaks a transcript rule somewhere: the comparison can tell them from
    /// the engine.
    @Test func everyPeerIsJudgedAndBreaksATranscriptRule() throws {
        for t in Self.report.strategies where !StrategyCatalog.ours.contains(where: { $0.name == t.name }) {
            #expect(t.scenarios > 0, "\(t.name) judged on no chat screen")
            #expect(Invariant.allCases.contains { $0.isTranscriptRule && (t.violations[$0] ?? 0) > 0 }, "\(t.name) breaks no transcript rule")
        }
        let kit = try #require(Self.tally(MessageKitStrategy.name))
        let maintaining = try #require(Self.tally(MessageKitMaintainingPositionStrategy.name))
        #expect(kit.scenarios == maintaining.scenarios)
        // Moving the offset by every change of the inset moves the rows a
        // reader scrolled up to: the setting trades T1 for T2.
        #expect((maintaining.violations[.rowsReadStayInPlace] ?? 0) > (kit.violations[.rowsReadStayInPlace] ?? 0))
    }

    /// The summary counts the rules judged on chat screens, says so in its
    /// JSON, and reads back the same.
    @Test func theSummaryCountsTheChatRulesAndReadsBack() throws {
        let summary = Self.report.summary
        #expect(summary.chatScreens)
        #expect(summary.strategies.first?.violations.map(\.code) == Invariant.allCases.filter(\.isJudgedOnChatScreens).map(\.rawValue))
        #expect(!summary.columns.contains { $0.hasPrefix("I2") || $0 == "I8" || $0 == "I10" || $0.hasPrefix("covered") })
        #expect(summary.columns.contains("T1") && summary.rows.allSatisfy { $0.count == summary.columns.count })
        let text = JSONWriter.string(Self.report.json)
        #expect(text.contains(#""screens":"chat""#))
        var object = try JSONObjectReader.document(Array(text.utf8), file: "chat.json")
        #expect(try ShootoutSummary.read(&object) == summary)
        let fields = Shootout.run(seed: Shootout.defaultSeed, scenarios: 20).json
        #expect(!JSONWriter.string(fields).contains(#""screens":"#), "a shootout of fields keeps the shape it had")
    }

    /// The README's chat table is this run, generated.
    @Test(.enabled(if: TestTier.heavy, "the heavy tier: the table is of all 10,000 chat screens"))
    func theReadmeShowsTheTableOfThisRun() throws {
        let difference = try GoldenFile.sectionDifference(Self.report.markdownTable, named: "shootout-chat", in: Repository.url("README.md"))
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// docs/shootout.md explains the chat cells by the exemplars in
    /// `corpora/shootout-chat`: every one it names is there, and every
    /// transcript cell of a peer written for chat screens is named.
    @Test func theShootoutDocumentNamesTheChatExemplars() throws {
        let text = try String(contentsOf: Repository.url("docs/shootout.md"), encoding: .utf8)
        let named = Set(text.matches(of: #/`([A-Za-z0-9]+-[IT][0-9]+-seed1-[0-9]+)`/#).map { String($0.output.1) + ".kbtrace" })
        let files = Set(Repository.traces(in: "shootout-chat").map(\.lastPathComponent))
        let namedHere = named.intersection(files)
        #expect(namedHere.count >= 8, "docs/shootout.md names too few chat exemplars: \(namedHere.sorted())")
        // The peers written for chat screens: each of their transcript cells.
        let chatPeers = StrategyCatalog.recipes.filter { $0.scope.screens == [.chat] }.map { $0.name + "-" }
        #expect(chatPeers.count >= 3, "no chat peer found in the catalog: \(chatPeers)")
        for file in files.sorted() where file.contains("-T") && chatPeers.contains(where: file.hasPrefix) {
            #expect(named.contains(file), "docs/shootout.md explains no cell by \(file)")
        }
    }

    /// `corpora/shootout-chat` holds exactly each peer's first counterexample
    /// of each invariant on chat screens, shrunk: each one a chat screen in
    /// its strategy's scope, a sequence iOS sends, short, replaying its
    /// violation, and passed by the engine. The fast tier checks the files
    /// of the counterexamples its first chat screens find; the heavy tier
    /// the rest.
    @Test func eachPeersFirstCounterexampleIsInTheCorpusAndReplays() throws {
        #expect(Self.report.counterexamples.count >= 20, "too few counterexamples: \(Self.report.counterexamples)")
        try ShootoutExemplars.check(Self.report, folder: "shootout-chat", maximumEvents: 12)
    }
}
