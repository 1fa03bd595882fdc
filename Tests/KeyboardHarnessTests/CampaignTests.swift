import KBTestSupport
import Foundation
import KeyboardGeneration
import KeyboardHarness
import KeyboardJSON
import KeyboardStoryboard
import SystemPackage
import Testing
import ToolSupport

/// The campaign as a library: the same totals whatever the jobs, shards that
/// add up, a stop and a resume that change nothing, counterexamples saved
/// and replayed, and clear errors for states that do not fit.
@Suite(.processTimeLimit) struct CampaignTests {
    /// Every number that must not depend on how the campaign ran.
    static func fingerprint(_ r: CampaignResult) -> String {
        "\(r.totals.runs) \(r.totals.events) \(r.totals.unsatisfiable) \(r.totals.outOfScope) "
            + Invariant.allCases.map { "\($0.rawValue)=\(r.violations[$0] ?? 0)" }.joined(separator: " ")
    }

    @Test("a campaign given only what it must be given runs 10,000 scenarios of fields, whole, on one job, in the strategy's scope")
    func theDefaultsAreTheDocumentedOnes() {
        let strategy = StrategyUnderTest(Apple2013Strategy.self)
        let library = Campaign(strategy: strategy, seed: 1)
        #expect(Campaign.defaultRuns == 10_000 && library.bound == .runs(10_000))
        #expect(library.shard == .whole && library.screens == .fields && library.jobs == 1 && !library.allScenarios)
        #expect(library.corpus == nil && library.failures == nil && library.statePath == nil && !library.stopsAtFirstFailure)
        let swift = Campaign(Apple2013Strategy.self, seed: 1, runs: 5)
        #expect(swift.bound == .runs(5) && swift.shard == .whole && swift.screens == .fields && swift.jobs == 1)
        let fuzz = FuzzCampaign(strategy: strategy, seed: 1)
        #expect(fuzz.shard == .whole && fuzz.screens == .fields && !fuzz.allScenarios)
    }

    @Test("jobs change the speed, not the result (seed 5, 1,200 runs of apple2013)")
    func jobsGiveTheSequentialResult() throws {
        let one = try Campaign(Apple2013Strategy.self, seed: 5, runs: 1_200).run()
        let two = try Campaign(Apple2013Strategy.self, seed: 5, runs: 1_200, jobs: 2).run()
        #expect(Self.fingerprint(one) == Self.fingerprint(two))
        #expect(one.counterexamples == two.counterexamples)
        #expect(!one.counterexamples.isEmpty, "apple2013 fails somewhere in 1,200 scenarios")
        #expect(one.statePath == nil && !one.interrupted)
    }

    @Test("three shards of seed 3 add up to the whole campaign")
    func shardsAddUp() throws {
        let whole = try Campaign(CookbookStrategy.self, seed: 3, runs: 900).run()
        var parts = FuzzTotals()
        for i in 0..<3 {
            parts.merge(try Campaign(CookbookStrategy.self, seed: 3, runs: 300, shard: Shard(index: i, count: 3)).run().totals)
        }
        #expect(parts == whole.totals)
    }

    @Test("a campaign stopped after its first batch and resumed ends as an uninterrupted one (seed 11)")
    func stopAndResumeChangeNothing() throws {
        let corpus = try Repository.temporaryDirectory("resume")
        defer { try? FileManager.default.removeItem(atPath: corpus) }
        let campaign = Campaign(
            strategy: StrategyUnderTest(IQKeyboardManagerStrategy.self), seed: 11, bound: .runs(1_500), failures: FilePath(corpus))
        let stop = StopRequest()
        let first = try campaign.run(stop: stop) { event in
            if case .progress = event { stop.request() }
        }
        #expect(first.interrupted && first.runsDone == Campaign.batchSize)
        let statePath = try #require(first.statePath)
        #expect(FileManager.default.fileExists(atPath: statePath.string), "the state is saved when the campaign stops")

        var resumedFrom: Int?
        let resumed = try Campaign(strategy: StrategyUnderTest(IQKeyboardManagerStrategy.self), seed: 11, bound: nil, failures: FilePath(corpus))
            .run(resume: true) { if case .resumed(let n) = $0 { resumedFrom = n } }
        #expect(resumedFrom == Campaign.batchSize)
        #expect(!resumed.interrupted && resumed.runsDone == 1_500, "the saved bound holds")
        #expect(!FileManager.default.fileExists(atPath: statePath.string), "a finished campaign removes its state")

        let uninterrupted = try Campaign(IQKeyboardManagerStrategy.self, seed: 11, runs: 1_500).run()
        #expect(Self.fingerprint(resumed) == Self.fingerprint(uninterrupted))
        #expect(resumed.savedCounterexamples.map(\.invariant) == uninterrupted.counterexamples.map(\.invariant))
    }

    @Test("counterexamples are saved in the failures folder, replay from disk, and fail the next campaign's corpus pass (seed 1)")
    func counterexamplesAreSavedAndReplayed() throws {
        let corpus = try Repository.temporaryDirectory("corpus")
        defer { try? FileManager.default.removeItem(atPath: corpus) }
        let strategy = StrategyUnderTest(Apple2013Strategy.self)
        let result = try Campaign(strategy: strategy, seed: 1, bound: .runs(600), failures: FilePath(corpus)).run()
        #expect(!result.passed)
        for (example, record) in zip(result.counterexamples, result.savedCounterexamples) {
            #expect(record.trace == corpus + "/" + example.fileName)
            let trace = try TraceReader.read(
                String(decoding: try #require(FileManager.default.contents(atPath: record.trace)), as: UTF8.self), file: record.trace)
            #expect(try strategy.replay(trace).steps.contains { $0.violations.contains(example.invariant) }, "\(record.trace) replays")
            #expect(trace.events.count <= 8, "a show and a hide, whole, are 8 events")
            // When it was found, in which scenario, and when it was shrunk.
            #expect(record.scenario == example.scenarioIndex)
            #expect(try #require(record.shrunkAfterSeconds) >= record.foundAfterSeconds)
            // Its picture beside it: one panel per event, the violation marked.
            let svg = String(
                decoding: try #require(FileManager.default.contents(atPath: StoryboardPicture.svgPath(besideTraceAt: FilePath(record.trace)).string)),
                as: UTF8.self)
            #expect(svg.components(separatedBy: "class=\"panel\"").count - 1 == trace.events.count)
            #expect(svg.contains("class=\"first-violation\""), "\(record.trace): the picture marks where it fails")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".tmp") || $0.hasPrefix(".fuzz-state") }
        #expect(leftovers.isEmpty, "no temporary file and no state after a finished campaign: \(leftovers)")

        var reported: [(path: FilePath, invariants: [Invariant])] = []
        let again = try Campaign(strategy: strategy, seed: 2, bound: .runs(1), corpus: FilePath(corpus)).run { event in
            if case .corpusFailure(let path, let invariants) = event { reported.append((path, invariants)) }
        }
        #expect(again.corpus.traces == result.savedCounterexamples.count)
        #expect(again.corpus.failing.map(\.path.string) == result.savedCounterexamples.map(\.trace).sorted())
        // Each failing corpus trace is reported as it is found (the command
        // line prints it), with what it violates.
        #expect(reported.map(\.path) == again.corpus.failing.map(\.path))
        #expect(reported.map(\.invariants) == again.corpus.failing.map(\.invariants))
        for (path, invariants) in reported {
            let example = try #require(zip(result.counterexamples, result.savedCounterexamples).first { $0.1.trace == path.string }?.0)
            #expect(invariants.contains(example.invariant), "\(path)")
        }
        #expect(
            try Campaign(strategy: StrategyUnderTest(EngineStrategy.self), seed: 2, bound: .runs(1), corpus: FilePath(corpus)).run().passed,
            "the engine passes what apple2013 fails")
    }

    @Test("the corpus is only read: counterexamples go to the failures folder, and the corpus is byte for byte as before (seed 1)")
    func theCorpusIsNeverWritten() throws {
        let corpus = try Repository.temporaryDirectory("read-only-corpus")
        let failures = try Repository.temporaryDirectory("failures")
        defer { for d in [corpus, failures] { try? FileManager.default.removeItem(atPath: d) } }
        let source = Repository.root + "/corpora/traces"
        for name in try FileManager.default.contentsOfDirectory(atPath: source).sorted().prefix(3) {
            try FileManager.default.copyItem(atPath: source + "/" + name, toPath: corpus + "/" + name)
        }
        let before = try Self.contents(of: corpus)
        let result = try Campaign(
            strategy: StrategyUnderTest(Apple2013Strategy.self), seed: 1, bound: .runs(600), allScenarios: true, corpus: FilePath(corpus),
            failures: FilePath(failures)
        ).run()
        #expect(!result.counterexamples.isEmpty && result.corpus.traces > 0)
        #expect(try Self.contents(of: corpus) == before, "the corpus changed")
        #expect(result.savedCounterexamples.allSatisfy { $0.trace.hasPrefix(failures + "/") })
    }

    @Test("a corpus folder that does not exist is an error naming it, never an empty corpus")
    func aMissingCorpusIsAnError() throws {
        let missing = try Repository.temporaryDirectory("gone") + "/no-such-corpus"
        #expect {
            try Campaign(strategy: StrategyUnderTest(EngineStrategy.self), seed: 1, bound: .runs(1), corpus: FilePath(missing)).run()
        } throws: { error in
            guard case .noSuchDirectory(let d)? = error as? HarnessError else { return false }
            return d == FilePath(missing)
        }
    }

    @Test("a stop is honoured inside a batch: the batch is dropped whole and the state is the one before it (seed 11)")
    func aStopInsideABatchDropsIt() throws {
        let dir = try Repository.temporaryDirectory("mid-batch")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let stop = StopRequest()
        var progressSeen = 0
        // A strategy that asks for the stop on its 700th scenario, inside
        // the second batch.
        let counting = StopAfter(stop: stop, scenarios: 700)
        let campaign = Campaign(strategy: counting.underTest, seed: 11, bound: .runs(4 * Campaign.batchSize), failures: FilePath(dir))
        let result = try campaign.run(stop: stop) { if case .progress = $0 { progressSeen += 1 } }
        #expect(result.interrupted && result.runsDone == Campaign.batchSize, "\(result.runsDone)")
        #expect(progressSeen == 1)
        #expect(counting.judged < 2 * Campaign.batchSize, "the second batch stopped part way: \(counting.judged) judged")
        let state = try FuzzState.read(try FileBytes.read(try #require(result.statePath)), file: "state")
        #expect(state.runsDone == Campaign.batchSize && state.totals.runs == Campaign.batchSize)
    }

    static func contents(of folder: String) throws -> [String: Data] {
        var all: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            all[name] = FileManager.default.contents(atPath: folder + "/" + name)
        }
        return all
    }

    @Test("a batch that found a counterexample is in the state on disk when the batch ends, however soon (seed 1, 1,536 runs)")
    func aFoundCounterexampleIsSavedByTheEndOfItsBatch() throws {
        let dir = try Repository.temporaryDirectory("save-found")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let statePath = dir + "/state"
        var found = 0, checked = 0
        _ = try Campaign(
            strategy: StrategyUnderTest(Apple2013Strategy.self), seed: 1, bound: .runs(3 * Campaign.batchSize), statePath: FilePath(statePath)
        )
        .run { event in
            switch event {
            case .counterexample: found += 1
            case .progress(let progress) where progress.scenarios < 3 * Campaign.batchSize:
                let runsDone = progress.scenarios
                // A crash here must not lose what was found: the state
                // holds every counterexample so far, though the batch
                // took well under the save interval (no state yet: none).
                let saved =
                    FileManager.default.fileExists(atPath: statePath)
                    ? (try? FuzzState.read(try FileBytes.read(FilePath(statePath)), file: statePath))?.counterexamples.count : 0
                #expect(saved == found, "after \(runsDone) runs")
                checked += 1
            default: break
            }
        }
        #expect(found > 0 && checked == 2, "apple2013 fails in the first 1,024 scenarios of seed 1")
    }

    @Test("a strategy that fails while a counterexample shrinks loses its batch whole: the state left is the one before it")
    func aFailureWhileShrinkingKeepsTheStateBeforeTheBatch() throws {
        let dir = try Repository.temporaryDirectory("shrink-failure")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let statePath = dir + "/state"
        // Does nothing for 20 scenarios (the keyboard covers the field), then
        // exits at the first scenario the shrinker replays.
        let failing = ExternalStrategy(
            command: ExternalStrategyTests.python("Tests/KeyboardHarnessTests/Children/fails-when-shrinking.py", "20"))
        defer { failing.shutDown() }
        #expect(throws: HarnessError.self) {
            try Campaign(strategy: failing.underTest, seed: 3, bound: .runs(20), statePath: FilePath(statePath)).run()
        }
        let state = try FuzzState.read(try FileBytes.read(FilePath(statePath)), file: statePath)
        #expect(state.runsDone == 0 && state.totals == FuzzTotals(), "nothing of the failed batch is counted: a resume runs it again")
        #expect(state.counterexamples.isEmpty)
    }

    @Test("a counterexample's scenario and shrink time survive the state file; a state written before them reads them as unknown")
    func counterexampleRecordsRoundTrip() throws {
        let old =
            #"{"schemaVersion":1,"kind":"kbbench-fuzz-state","strategy":"cookbook","seed":"11","shard":[0,1],"target":12000,"#
            + #""duration":null,"elapsedSeconds":1.25,"runsDone":1024,"runs":1024,"events":40000,"unsatisfiable":3,"#
            + #""counterexamples":[{"invariant":"I2","trace":"c.kbtrace","events":3,"foundAfterSeconds":0.01}]}"#
        var state = try FuzzState.read(Array(old.utf8), file: "old.json")
        #expect(state.counterexamples.map(\.scenario) == [nil] && state.counterexamples.map(\.shrunkAfterSeconds) == [nil])
        #expect(state.totals.outOfScope == 0, "a state written before outOfScope counted none")
        #expect(state.totals.runs == 1024 && state.totals.events == 40000 && state.totals.unsatisfiable == 3)
        state.counterexamples[0].scenario = 19
        state.counterexamples[0].shrunkAfterSeconds = 0.043
        #expect(try FuzzState.read(Array(state.text.utf8), file: "new.json").counterexamples == state.counterexamples)
        #expect(state.text.contains(#""scenario":19,"foundAfterSeconds":0.01,"shrunkAfterSeconds":0.043,"kbtrace":null}"#))
        // Times under a second, a bound of none included, are times.
        let brief = old.replacingOccurrences(
            of: #""target":12000,"duration":null,"elapsedSeconds":1.25"#, with: #""duration":0,"elapsedSeconds":0.25"#)
        let short = try FuzzState.read(Array(brief.utf8), file: "brief.json")
        #expect(short.duration == 0 && short.elapsed == 0.25 && short.target == nil && short.isFinished)
        // A state that does not say how long it ran has run for no time.
        let untimed = try FuzzState.read(Array(old.replacingOccurrences(of: #""elapsedSeconds":1.25,"#, with: "").utf8), file: "untimed.json")
        #expect(untimed.elapsed == 0)
        // A state written before `kind` was a key still reads: the kind is
        // checked only when present.
        let kindless = try FuzzState.read(Array(old.replacingOccurrences(of: #""kind":"kbbench-fuzz-state","#, with: "").utf8), file: "kindless.json")
        #expect(kindless.runsDone == 1024 && kindless.totals.runs == 1024)
        // A state with neither a target nor a duration would resume a
        // campaign that never ends: an error naming the key.
        let endless = old.replacingOccurrences(of: #""target":12000,"#, with: "")
        #expect { try FuzzState.read(Array(endless.utf8), file: "endless.json") } throws: { "\($0)".contains("target") }
        // A state written before a label existed resumes: the labels it
        // does not count start at zero.
        let first = try #require(ScenarioFeature.allCases.first { $0.isCarried(on: .fields) })
        let counted = old.replacingOccurrences(of: #""counterexamples":"#, with: #""coverage":{"\#(first.label)":5},"counterexamples":"#)
        let partly = try FuzzState.read(Array(counted.utf8), file: "partly.json")
        #expect(partly.totals.features[first] == 5 && partly.totals.features.maximum == 5)
    }

    @Test("resuming needs this campaign's state: a missing, a foreign and a malformed state are named")
    func resumeErrors() throws {
        let corpus = try Repository.temporaryDirectory("states")
        defer { try? FileManager.default.removeItem(atPath: corpus) }
        let campaign = Campaign(strategy: StrategyUnderTest(EngineStrategy.self), seed: 4, bound: .runs(2_000), failures: FilePath(corpus))
        #expect { try campaign.run(resume: true) } throws: { error in
            guard case .noStateToResume(let path)? = error as? HarnessError else { return false }
            return path == campaign.defaultStatePath
        }
        // A campaign with no place for a state says so, naming no path.
        let nowhere = Campaign(strategy: StrategyUnderTest(EngineStrategy.self), seed: 4, bound: .runs(2_000))
        #expect { try nowhere.run(resume: true) } throws: { error in
            guard case .noStateToResume(nil)? = error as? HarnessError else { return false }
            return "\(error)" == "no fuzz state to resume: the campaign has no failures folder or state path"
        }
        let stop = StopRequest()
        stop.request()
        #expect(try campaign.run(stop: stop).interrupted)
        var other = campaign
        other.statePath = campaign.defaultStatePath
        other.seed = 5
        #expect { try other.run(resume: true) } throws: { error in
            guard case .stateOfAnotherCampaign(_, let found)? = error as? HarnessError else { return false }
            return found.contains("seed 4")
        }
        try "{\"schemaVersion\":1,\"strategy\":\"engine\"}\n".write(
            toFile: try #require(campaign.defaultStatePath).string, atomically: true, encoding: .utf8)
        #expect { try campaign.run(resume: true) } throws: { error in
            guard case .malformed(let m)? = error as? HarnessError else { return false }
            return m.file == campaign.defaultStatePath?.string
        }
    }

    @Test("a foreign state names its campaign whole, an all-scenarios one included")
    func aForeignStateNamesItsCampaign() throws {
        let dir = try Repository.temporaryDirectory("foreign-state")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var every = Campaign(strategy: StrategyUnderTest(EngineStrategy.self), seed: 4, bound: .runs(2_000), statePath: FilePath(dir + "/state"))
        every.allScenarios = true
        let stop = StopRequest()
        stop.request()
        #expect(try every.run(stop: stop).interrupted)
        var scoped = every
        scoped.allScenarios = false
        #expect { try scoped.run(resume: true) } throws: { error in
            guard case .stateOfAnotherCampaign(_, let found)? = error as? HarnessError else { return false }
            return found.hasPrefix("engine, seed 4, shard ") && found.hasSuffix(", all scenarios")
        }
        every.seed = 5
        #expect { try every.run(resume: true) } throws: { error in
            guard case .stateOfAnotherCampaign(_, let found)? = error as? HarnessError else { return false }
            return found.hasSuffix(", all scenarios")
        }
    }

    /// A seed names a scenario within a generator version: a state made by
    /// another version is not resumed, and the error says why; a state
    /// written before versions reads as version 1.
    @Test("a state of another generator version is not resumed")
    func aStateOfAnotherGeneratorVersionIsNotResumed() throws {
        let dir = try Repository.temporaryDirectory("generator-version")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let campaign = Campaign(strategy: StrategyUnderTest(EngineStrategy.self), seed: 4, bound: .runs(2_000), statePath: FilePath(dir + "/state"))
        let stop = StopRequest()
        stop.request()
        #expect(try campaign.run(stop: stop).interrupted)
        let written = try String(contentsOfFile: dir + "/state", encoding: .utf8)
        #expect(written.contains("\"generatorVersion\":\(ScenarioGenerator.version)"))
        let older = written.replacingOccurrences(
            of: "\"generatorVersion\":\(ScenarioGenerator.version)", with: "\"generatorVersion\":\(ScenarioGenerator.version + 1)")
        try older.write(toFile: dir + "/state", atomically: true, encoding: .utf8)
        #expect { try campaign.run(resume: true) } throws: { error in
            guard case .stateOfAnotherCampaign(_, let found)? = error as? HarnessError else { return false }
            return found.contains("generator version \(ScenarioGenerator.version + 1), not this kbbench's \(ScenarioGenerator.version)")
        }
        let unversioned = written.replacingOccurrences(of: ",\"generatorVersion\":\(ScenarioGenerator.version)", with: "")
        #expect(try FuzzState.read(Array(unversioned.utf8), file: "state").identity.generatorVersion == 1)
    }

    /// A time bound given on resuming counts from where the saved campaign
    /// stopped: the time already spent is not taken from it.
    @Test("a time bound given on resume is added to the time the state already spent")
    func aResumedTimeBoundAddsToTheTimeSpent() throws {
        let dir = try Repository.temporaryDirectory("resume-seconds")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let statePath = dir + "/state"
        let campaign = Campaign(strategy: StrategyUnderTest(EngineStrategy.self), seed: 6, bound: .runs(100_000), statePath: FilePath(statePath))
        let stop = StopRequest()
        let first = try campaign.run(stop: stop) { if case .progress = $0 { stop.request() } }
        #expect(first.interrupted && first.runsDone == Campaign.batchSize)
        // As if the first part had run for 1,000 s.
        var state = try FuzzState.read(try FileBytes.read(FilePath(statePath)), file: statePath)
        #expect(!state.isFinished, "stopped part way: neither the run target nor a duration is reached")
        state.elapsed = 1_000
        try TraceFiles.write(state.text, to: FilePath(statePath))
        var resumed = campaign
        resumed.bound = .seconds(100)
        let again = StopRequest()
        let second = try resumed.run(resume: true, stop: again) { if case .progress = $0 { again.request() } }
        #expect(second.interrupted && second.runsDone == 2 * Campaign.batchSize, "100 s more than the 1,000 s spent: the batch runs")
        let saved = try FuzzState.read(try FileBytes.read(FilePath(statePath)), file: statePath)
        #expect(saved.duration == 1_100 && saved.target == nil, "the new bound replaces the saved one")
    }

    @Test("a time bound ends the campaign between batches")
    func durationBound() throws {
        let result = try Campaign(strategy: StrategyUnderTest(EngineStrategy.self), seed: 8, bound: .seconds(0.05)).run()
        #expect(result.runsDone % Campaign.batchSize == 0, "whole batches only")
        #expect(!result.interrupted && result.statePath == nil, "time ran out: the campaign finished")
    }
}

/// The engine, counting the scenarios it judges, that asks a
/// ``StopRequest`` to stop once it has judged `scenarios` of them.
final class StopAfter: @unchecked Sendable {
    let stop: StopRequest
    let scenarios: Int
    private let lock = NSLock()
    private var count = 0

    init(stop: StopRequest, scenarios: Int) {
        self.stop = stop
        self.scenarios = scenarios
    }

    var judged: Int { lock.withLock { count } }

    /// The strategy under test: the engine's, each verdict counted.
    var underTest: StrategyUnderTest {
        let engine = StrategyUnderTest(EngineStrategy.self)
        return StrategyUnderTest(name: engine.name, summary: engine.summary, scope: engine.scope, runner: Runner(engine: engine.runner, owner: self))
    }

    fileprivate func judgedOne() {
        let n = lock.withLock {
            count += 1
            return count
        }
        if n >= scenarios { stop.request() }
    }

    private struct Runner: StrategyRunner {
        let engine: any StrategyRunner
        let owner: StopAfter
        func promise(for header: TraceHeader) -> VisibilityPromise { engine.promise(for: header) }
        func replay(_ trace: Trace, worker: Int, readings: WorldReadings) throws -> ReplayReport {
            try engine.replay(trace, worker: worker, readings: readings)
        }
        func verdict(in trace: Trace, worker: Int, readings: WorldReadings) throws -> Verdict {
            owner.judgedOne()
            return try engine.verdict(in: trace, worker: worker, readings: readings)
        }
        func fileStem(_ name: String) -> String { name }
    }
}
