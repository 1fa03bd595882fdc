import Foundation
import KBTestSupport
import KeyboardGeneration
import KeyboardGeometry
@testable import KeyboardHarness
import KeyboardJSON
import KeyboardOracle
import KeyboardScenarios
@testable import KeyboardSearch
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// The fuzzer: the regression corpus is replayed before the random cases of
/// the same test, and each recipe's characteristic failure is found from the
/// default seed.
@Suite("Fuzzing")
struct FuzzTests {
    /// Regression traces are named `strategy-I3-label.kbtrace` (the label is
    /// the fuzzer's hash, or words for a hand-named case).
    static func named(_ url: URL) -> (strategy: String, invariant: Invariant)? {
        let parts = url.deletingPathExtension().lastPathComponent.split(separator: "-")
        guard parts.count >= 3, let inv = Invariant(rawValue: String(parts[1])) else { return nil }
        return (String(parts[0]), inv)
    }

    @Test func theCorpusReplaysFirstThenARandomCampaignPasses() throws {
        // 1. Every regression still fails for the recipe that failed it, and
        //    the engine handles every one of them (a trace of one of
        //    kbbench's own rows, `StrategyCatalog.ours`, is a bug of that
        //    row or the engine under it that was fixed: it passes for that
        //    row too).
        let regressions = Repository.traces(in: "regressions") + Repository.traces(in: "shootout")
        #expect(!regressions.isEmpty)
        for url in regressions {
            let trace = try Repository.trace(url)
            guard let (strategy, invariant) = Self.named(url) else {
                Issue.record("\(url.lastPathComponent): not named strategy-Ix-hash")
                continue
            }
            if StrategyCatalog.ours.contains(where: { $0.name == strategy }) {
                let ours = TraceReplayer.replay(trace, strategyNamed: strategy)
                #expect(ours?.violationCount == 0, "\(strategy) fails \(url.lastPathComponent)")
            } else {
                let theirs = TraceReplayer.replay(trace, strategyNamed: strategy)
                #expect(theirs?.steps.contains { $0.violations.contains(invariant) } == true, "\(url.lastPathComponent) no longer fails")
            }
            #expect(TraceReplayer.replay(trace, with: EngineStrategy.self).violationCount == 0, "the engine fails \(url.lastPathComponent)")
        }
        // 2. Then random cases: the engine survives an adversarial campaign.
        var totals = FuzzTotals()
        let campaign = FuzzCampaign(strategy: EngineStrategy.self, seed: 20_261_122)
        for k in 0..<1500 { totals.add(try campaign.run(k)) }
        #expect(totals.totalViolations == 0, "\(totals.violations)")
        #expect(totals.events > 30_000)
    }

    struct Characteristic: Sendable, CustomStringConvertible {
        var strategy: String
        var invariants: [Invariant]
        var description: String { strategy }
    }

    /// Inside each peer's scope (the campaign skips the rest).
    @Test(arguments: [
        Characteristic(strategy: "apple2009", invariants: [.fieldVisible]),
        Characteristic(strategy: "apple2013", invariants: [.insetBounds, .fieldVisible]),
        Characteristic(strategy: "apple2013ContentFrame", invariants: [.offsetRange, .idempotence]),
        Characteristic(strategy: "cookbook", invariants: [.fieldVisible, .offsetRange]),
        Characteristic(strategy: "iqKeyboardManager", invariants: [.fieldVisible, .offsetRange]),
    ])
    func eachPeersCharacteristicFailureIsFoundFromTheDefaultSeed(c: Characteristic) throws {
        let type = try #require(StrategyCatalog.strategy(named: c.strategy))
        let campaign = FuzzCampaign(strategy: type, seed: Shootout.defaultSeed)
        var found = Set<Invariant>()
        var judged = 0
        // Until each is found: apple2013ContentFrame's repeated DidShow
        // (I6) is rare in its scope, first at scenario 6,806 of generator
        // version 3.
        for k in 0..<10_000 {
            let run = try campaign.run(k)
            if !run.outOfScope { judged += 1 }
            found.formUnion(run.verdict.violated)
            if Set(c.invariants).isSubset(of: found) { break }
        }
        #expect(Set(c.invariants).isSubset(of: found), "found only \(found.sorted()) in \(judged) scenarios in scope")
    }

    @Test func aCampaignSkipsScenariosOutsideTheStrategysScopeUnlessAskedNotTo() throws {
        let scoped = FuzzCampaign(strategy: Apple2009Strategy.self, seed: 1)
        let everywhere = FuzzCampaign(strategy: Apple2009Strategy.self, seed: 1, allScenarios: true)
        var totals = FuzzTotals(), all = FuzzTotals()
        for k in 0..<200 {
            totals.add(try scoped.run(k))
            all.add(try everywhere.run(k))
        }
        #expect(totals.outOfScope > 150 && totals.runs == 200, "iPhone OS 3 is a small part of the scenarios")
        #expect(all.outOfScope == 0 && all.events > totals.events)
        #expect(try FuzzCampaign(strategy: EngineStrategy.self, seed: 1).run(0).outOfScope == false)
    }

    /// What `kbbench bench` times: from the first scenario of seed 1 to
    /// each recipe's first shrunk counterexample, on the screens it serves.
    /// It is the first violating scenario's, its lowest invariant's, and
    /// it replays.
    @Test(arguments: StrategyCatalog.recipes.map { $0.name })
    func eachRecipesFirstCounterexampleIsTheFirstViolatingScenarioShrunk(recipe: String) throws {
        let type = try #require(StrategyCatalog.strategy(named: recipe))
        let campaign = FuzzCampaign(strategy: StrategyUnderTest(type), seed: 1, screens: type.scope.defaultScreens)
        let example = try #require(try campaign.firstCounterexample(within: 10_000))
        for k in 0..<example.scenarioIndex {
            #expect(try campaign.run(k).verdict.violated.isEmpty, "\(recipe): scenario \(k) violates first")
        }
        #expect(try campaign.run(example.scenarioIndex).verdict.violated.sorted().first == example.invariant)
        #expect(try #require(TraceReplayer.replay(example.trace, strategyNamed: recipe)).steps.contains { $0.violations.contains(example.invariant) })
        #expect(campaign.screens == .chat || type.scope.screens.contains(.fields))
        #expect(try campaign.firstCounterexample(within: example.scenarioIndex) == nil)
    }

    @Test func apple2013sShrunkCounterexampleIsTinyAndReplays() throws {
        let campaign = FuzzCampaign(strategy: Apple2013Strategy.self, seed: 1)
        let first = try #require((0..<3000).lazy.map { try! campaign.run($0) }.first { !$0.verdict.violated.isEmpty })
        let inv = try #require(first.verdict.violated.sorted().first)
        let example = try campaign.counterexample(index: first.index, invariant: inv)
        #expect(example.trace.events.count <= 5)
        let reread = try TraceReader.read(example.text, file: example.fileName)
        #expect(TraceReplayer.replay(reread, with: Apple2013Strategy.self).steps.contains { $0.violations.contains(inv) })
    }

    /// Dropping a field renumbers every action that names a later one, a
    /// focus burst's fields and a focus during rotation's included, and
    /// gives up when an action needs the field dropped.
    @Test func droppingAFieldRenumbersEveryActionThatNamesOne() throws {
        var s = ScenarioGenerator.scenario(seed: 1, index: 0)
        s.fields = (0..<3).map { KBRect(x: 16, y: 100 + 200 * Double($0), width: 280, height: 44) }
        s.fieldKeyboards = [.plain, .plain, FieldKeyboard(kind: .numberPad)]
        s.actions = [.focus(2), .focusBurst([0, 2]), .focusDuringRotation(2, .landscapeLeft), .rotate(.portrait)]
        let dropped = try #require(Shrinker.removing(field: 1, from: s))
        #expect(dropped.fields == [s.fields[0], s.fields[2]] && dropped.fieldKeyboards == [.plain, FieldKeyboard(kind: .numberPad)])
        #expect(dropped.actions == [.focus(1), .focusBurst([0, 1]), .focusDuringRotation(1, .landscapeLeft), .rotate(.portrait)])
        #expect(Shrinker.removing(field: 0, from: s) == nil, "the burst needs field 0")
        #expect(Shrinker.removing(field: 2, from: s) == nil, "the focus needs field 2")
    }

    @Test func shardsPartitionTheIndexSpace() throws {
        let shards = (0..<3).map { Shard(index: $0, count: 3) }
        var seen = Set<Int>()
        for shard in shards { for k in 0..<100 { #expect(seen.insert(shard.scenarioIndex(k)).inserted) } }
        #expect(seen == Set(0..<300))
        #expect(Shard(parsing: "2/4") == Shard(index: 2, count: 4))
        #expect(Shard(parsing: "4/4") == nil && Shard(parsing: "x") == nil && Shard(parsing: "-1/2") == nil)
        // Shard totals add up to the whole run's.
        var whole = FuzzTotals(), parts = FuzzTotals()
        let one = FuzzCampaign(strategy: CookbookStrategy.self, seed: 3)
        for k in 0..<60 { whole.add(try one.run(k)) }
        for i in 0..<3 {
            let shard = FuzzCampaign(strategy: CookbookStrategy.self, seed: 3, shard: Shard(index: i, count: 3))
            for k in 0..<20 { parts.add(try shard.run(k)) }
        }
        #expect(whole == parts)
    }

    @Test func throughputCountsThisProcessByWallAndCPUTime() throws {
        let t = FuzzThroughput(notifications: 3_000_000, seconds: 2, cpuSeconds: 3)
        #expect(t.perSecond == 1_500_000)
        #expect(t.perCPUSecond == 1_000_000, "two jobs: CPU time on both threads")
        #expect(FuzzThroughput(notifications: 5, seconds: 0, cpuSeconds: 0).perSecond == 0, "no division by zero")
        var totals = FuzzTotals()
        let run = try FuzzCampaign(strategy: Apple2013Strategy.self, seed: 1).run(0)
        totals.add(run)
        // A corpus trace that fails is part of the summary, read back too.
        var corpus = CampaignResult.CorpusReplay()
        corpus.traces = 2
        corpus.failing = [.init(path: "corpora/regressions/x.kbtrace", invariants: [.fieldVisible, .restoration])]
        let summary = FuzzSummary(
            strategy: "engine", identity: CampaignIdentity(seed: 9), bound: .runs(1), allScenarios: false, totals: totals,
            corpus: corpus, throughput: t, counterexamples: [], interrupted: false)
        let text = JSONWriter.string(summary.json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        // The summary's schema is the one docs/result-record.md documents: a
        // nightly job's parser keys on it, and merge reads it back.
        #expect(
            text.hasPrefix(
                #"{"schemaVersion":3,"kind":"kbbench-fuzz","strategy":"engine","seed":9,"generatorVersion":"# + "\(ScenarioGenerator.version)"
                    + #","shard":null,"#))
        #expect(try FuzzSummary.read(Array(text.utf8), file: "s.json") == summary, "read back whole")
        // Every label the campaign carries is counted in its summary: one
        // left out is an error that names it.
        let first = try #require(ScenarioFeature.allCases.first { $0.isCarried(on: .fields) })
        let unlabelled = text.replacingOccurrences(of: "\"\(first.label)\":\(totals.features[first]),", with: "")
        #expect(unlabelled.count < text.count, "the label's count was taken out")
        #expect { try FuzzSummary.read(Array(unlabelled.utf8), file: "s.json") } throws: { "\($0)".contains(first.label) }
        #expect(object["notificationsChecked"] as? Int == run.events, "the totals are the campaign's")
        #expect(object["notificationsPerSecond"] as? Int == 1_500_000, "the rates are this process's")
        #expect(object["notificationsPerCPUSecond"] as? Int == 1_000_000)
        #expect(object["seconds"] as? Double == 2 && object["cpuSeconds"] as? Double == 3)
        #expect((object["violations"] as? [String: Int])?.filter { $0.value > 0 }.keys.sorted() == run.verdict.violated.map(\.rawValue).sorted())
    }

    /// The shrinker's rounding lands where its contract says, for any
    /// generated geometry: fields at x 16, 280 wide, tops on the nearest
    /// multiple of 10, heights on the nearest even number; the content height
    /// on the next multiple of 100, never less.
    @Test(arguments: TestSeeds.standard)
    func theShrinkersRoundingLandsOnRoundNumbers(seed: UInt64) {
        for index in 0..<50 {
            let s = ScenarioGenerator.scenario(seed: seed, index: index, adversarial: true)
            let fields = Shrinker.roundedFields(s).fields
            #expect(fields.count == s.fields.count)
            for (old, new) in zip(s.fields, fields) {
                #expect(new.minX == 16 && new.width == 280)
                #expect(new.minY.truncatingRemainder(dividingBy: 10) == 0 && abs(new.minY - old.minY) <= 5, "\(old.minY) → \(new.minY)")
                #expect(new.height.truncatingRemainder(dividingBy: 2) == 0 && abs(new.height - old.height) <= 1, "\(old.height) → \(new.height)")
            }
            let height = Shrinker.roundedContentHeight(s).contentHeight
            #expect(
                height.truncatingRemainder(dividingBy: 100) == 0 && height >= s.contentHeight && height < s.contentHeight + 100,
                "\(s.contentHeight) → \(height)")
        }
    }

    @Test func fuzzBytesMakeScenariosToo() {
        var empty = FuzzBytes([])
        let minimal = ScenarioGenerator.scenario(from: &empty, adversarial: true)
        #expect(!minimal.fields.isEmpty && !minimal.actions.isEmpty)
        var bytes = FuzzBytes(Array(0..<255))
        let s = ScenarioGenerator.scenario(from: &bytes, adversarial: true)
        _ = TraceReplayer.replay(ScenarioSimulator.trace(s), with: EngineStrategy.self)
    }

    /// A fuzzer's bytes choose within range whatever they hold: `below(n)`
    /// is in 0..<n, a one-way choice is 0 and reads no bytes, and exhausted
    /// bytes choose 0.
    @Test func fuzzBytesChooseWithinRange() {
        var bytes = FuzzBytes([0xFF, 0xFF, 7, 0, 0xFF])
        #expect(bytes.below(1) == 0 && bytes.below(0) == 0, "one way (or none) to choose: 0, no bytes read")
        #expect(bytes.below(1_000) == 0xFFFF % 1_000)
        #expect(bytes.below(5) == 7 % 5)
        #expect(bytes.below(300) == 0xFF % 300, "a last odd byte is the low half")
        #expect(bytes.isExhausted && bytes.below(9) == 0 && bytes.unit() == 0)
        for n in 1...40 {
            var any = FuzzBytes(Array(repeating: UInt8(n * 37 % 256), count: 8))
            let v = any.below(n)
            #expect(v >= 0 && v < n, "below(\(n)) = \(v)")
        }
    }
}
