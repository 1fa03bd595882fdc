import Foundation
import KBTestSupport
import KeyboardGeneration
import KeyboardHarness
import KeyboardJSON
import KeyboardOracle
import KeyboardResults
import KeyboardScenarios
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

@Suite("Shootout", .tags(.heavyTier))
struct ShootoutTests {
    /// The default shootout (each strategy in its scope), run once for every
    /// test below, on every core: its first 1,000 scenarios in the fast
    /// tier, all 10,000 in the heavy one, which pins the tables and the
    /// corpus made from them (``TestTier``).
    static let scenarios = TestTier.size(fast: 1_000, heavy: Shootout.defaultScenarios)
    static let jobs = ProcessInfo.processInfo.activeProcessorCount
    static let report = Shootout.run(seed: Shootout.defaultSeed, scenarios: scenarios, jobs: jobs)
    /// docs/shootout.md's table: every strategy on every scenario.
    static let allScenariosCount = TestTier.size(fast: 500, heavy: 2_000)
    static let everywhere = Shootout.run(seed: Shootout.defaultSeed, scenarios: allScenariosCount, allScenarios: true, jobs: jobs)
    /// docs/shootout.md's table of what each unsettled rule moves: the first
    /// 2,000 scenarios of seed 1 under the standard readings, then under
    /// each rule read the other way (``UnsettledRule``).
    static let readingsCount = TestTier.size(fast: 300, heavy: 2_000)
    static let standardReadings = Shootout.run(seed: Shootout.defaultSeed, scenarios: readingsCount, jobs: jobs)
    static let otherReadings: [(rule: UnsettledRule, report: ShootoutReport)] = UnsettledRule.allCases.map {
        ($0, Shootout.run(seed: Shootout.defaultSeed, scenarios: readingsCount, readings: UnsettledRule.readings([$0]), jobs: jobs))
    }
    /// The table's last row: the same scenarios with each interactive
    /// dismissal first cancelled once, iOS read as sending a show after it
    /// (`--cancel-drags showAgain`; under the other reading nothing moves:
    /// ``CancelledDragShootoutTests``).
    static let cancelledDragsShown = Shootout.run(seed: Shootout.defaultSeed, scenarios: readingsCount, cancelledDrags: .showAgain, jobs: jobs)

    static func tally(_ name: String, in report: ShootoutReport = report) -> StrategyTally {
        report.strategies.first { $0.name == name } ?? StrategyTally(name: name)
    }

    /// The readings are values the run carries to every world it builds:
    /// under the other readings a shootout on two threads gives the single
    /// thread's table, and that table is not the standard readings' (the
    /// readings did apply on the workers). So does a fuzz campaign.
    @Test("the other readings hold on every thread: two jobs give one job's results (seed 1, 300 scenarios; campaign seed 4, 600)")
    func theReadingsHoldOnEveryThread() throws {
        let other = WorldReadings(insetChangesPullOffsetIntoRange: true, topBarsAreANavigationControllers: false)
        let serial = Shootout.run(seed: 1, scenarios: 300, readings: other)
        let parallel = Shootout.run(seed: 1, scenarios: 300, readings: other, jobs: 2)
        #expect(parallel == serial)
        let standard = Shootout.run(seed: 1, scenarios: 300, jobs: 2)
        #expect(standard != serial, "the other readings changed nothing")
        let i4 = { (r: ShootoutReport, name: String) in r.strategies.first { $0.name == name }?.violations[.offsetRange] ?? -1 }
        #expect(i4(serial, "cookbook") < i4(standard, "cookbook"), "an inset change pulls the cookbook's offset into range")
        for jobs in [1, 2] {
            let campaign = try Campaign(
                strategy: StrategyUnderTest(CookbookStrategy.self), seed: 4, bound: .runs(600), jobs: jobs, readings: other
            ).run()
            let standardCampaign = try Campaign(strategy: StrategyUnderTest(CookbookStrategy.self), seed: 4, bound: .runs(600), jobs: jobs).run()
            #expect(
                campaign.totals.violations[.offsetRange, default: 0] < standardCampaign.totals.violations[.offsetRange, default: 0], "jobs \(jobs)")
        }
    }

    /// A library caller's shootout leaves the process's signals alone: only
    /// `stopOnInterrupt` installs the handler that turns Ctrl-C into a stop
    /// (seen from inside the run, in its progress callback).
    @Test func aLibraryCallersShootoutLeavesSignalsAlone() {
        func handler() -> [UInt8] {
            var action = sigaction()
            sigaction(SIGINT, nil, &action)
            return withUnsafeBytes(of: &action.__sigaction_handler) { Array($0) }
        }
        let outside = handler()
        var inside: [[UInt8]] = [], stopping: [[UInt8]] = []
        _ = Shootout.run(seed: 1, scenarios: 2) { _ in inside.append(handler()) }
        _ = try? Shootout.run(seed: 1, scenarios: 2, strategies: [StrategyUnderTest(EngineStrategy.self)]) { _ in inside.append(handler()) }
        _ = Shootout.run(seed: 1, scenarios: 2, stopOnInterrupt: true) { _ in stopping.append(handler()) }
        #expect(inside == [outside, outside, outside, outside])
        #expect(stopping.count == 2 && !stopping.contains(outside), "the test can tell the two apart")
        #expect(handler() == outside, "put back after the run")
    }

    /// By default a shootout runs on one thread under the standard readings,
    /// on screens of fields, and a job count below one is one.
    @Test func theDefaultsAreOneJobTheStandardReadingsAndScreensOfFields() throws {
        let defaults = Shootout.run(seed: 1, scenarios: 40)
        #expect(defaults == Shootout.run(seed: 1, scenarios: 40, screens: .fields, readings: .standard, jobs: 1))
        #expect(defaults.screens == .fields && !defaults.interrupted && !defaults.allScenarios)
        #expect(try Shootout.run(seed: 1, scenarios: 40, strategies: StrategyCatalog.allUnderTest, jobs: 0) == defaults)
        let report = ShootoutReport(seed: 1, allScenarios: false, strategies: [])
        #expect(report.screens == .fields && !report.interrupted)
    }

    /// Whichever way an unsettled rule is read, the engine violates nothing.
    @Test func theEngineHoldsUnderEveryReading() {
        for (rule, report) in Self.otherReadings {
            let engine = Self.tally("engine", in: report)
            #expect(engine.totalViolations == 0 && engine.coveredFrames60 == 0, "--\(rule.rawValue): \(engine.violations)")
        }
    }

    @Test func theEngineIsJudgedEverywhereAndHasNoViolationAndNoCoveredFrame() {
        let engine = Self.tally("engine")
        #expect(engine.scenarios == Self.scenarios && engine.outOfScope == 0)
        #expect(engine.totalViolations == 0, "\(engine.violations) first at \(engine.firstViolation)")
        #expect(engine.fieldHidden == 0)
        #expect(engine.coveredFrames60 == 0 && engine.coveredFrames120 == 0)
    }

    @Test func eachStrategyIsJudgedOnExactlyTheScenariosInItsScope() {
        var inScope = [String: Int]()
        for index in 0..<Self.scenarios {
            let trace = ScenarioGenerator.scenarioAndTrace(seed: Shootout.defaultSeed, index: index, adversarial: false).1
            for s in StrategyCatalog.all where s.scope.admits(trace) {
                inScope[s.name, default: 0] += 1
                if s == Apple2009Strategy.self { #expect(trace.header.profile == .iphoneos3) }
            }
        }
        for t in Self.report.strategies {
            #expect(t.scenarios == inScope[t.name, default: 0], "\(t.name)")
            #expect(t.scenarios + t.outOfScope == Self.scenarios)
        }
        #expect(Self.tally("apple2009").scenarios >= Self.scenarios / 200, "enough iPhone OS 3 scenarios to judge the 2009 recipe")
        #expect(Self.everywhere.strategies.allSatisfy { $0.outOfScope == 0 && $0.scenarios == Self.allScenariosCount })
    }

    /// A library caller's own list of strategies is judged the way the
    /// catalog is by default: each in its scope, unless it asks for every
    /// scenario.
    @Test func aCallersOwnStrategiesAreJudgedInTheirScopesByDefault() throws {
        let report = try Shootout.run(seed: Shootout.defaultSeed, scenarios: 40, strategies: [StrategyUnderTest(Apple2009Strategy.self)])
        let tally = try #require(report.strategies.first)
        #expect(!report.allScenarios)
        #expect(tally.outOfScope > 0 && tally.scenarios + tally.outOfScope == 40, "\(tally.scenarios) judged, \(tally.outOfScope) out of scope")
    }

    @Test func eachPeerShowsTheFailuresItsDesignImpliesInsideItsScope() {
        let apple2009 = Self.tally("apple2009"), apple2013 = Self.tally("apple2013"), cookbook = Self.tally("cookbook")
        let fragment = Self.tally("apple2013ContentFrame"), completed = Self.tally("apple2013ContentFrameWithHide")
        let iq = Self.tally("iqKeyboardManager")
        #expect(apple2009.fieldHidden > 0, "DidShow only, and only once: later fields are left under the keyboard")
        #expect(apple2013.violations[.insetBounds, default: 0] > 0, "iOS 5-7 landscape: the rect's height is the screen's width")
        #expect(fragment.violations[.offsetRange, default: 0] > 0, "setContentOffset does not clamp")
        #expect(fragment.violations[.idempotence, default: 0] > 0, "grows again on every DidShow")
        #expect(completed.violations[.restoration, default: 0] < fragment.violations[.restoration, default: 0], "the hide handler restores some")
        #expect(cookbook.violations[.offsetRange, default: 0] > 0, "insets removed, offset left past the end")
        #expect(iq.violations[.offsetRange, default: 0] > 0, "the offset pulled to the content's end without its insets")
        #expect(iq.fieldHidden > 0)
        // Nobody is blamed for a distance they never promised.
        for t in [apple2009, apple2013, cookbook, fragment, completed] { #expect(!t.promisesDistance) }
        #expect(iq.promisesDistance && iq.violations[.fieldVisible, default: 0] >= iq.fieldHidden)
        // The cookbook covers a field while it animates in 70 of the 10,000
        // scenarios, none of the fast tier's first 2,000 (generator version
        // 3): the heavy tier holds it to that.
        for t in [apple2009, apple2013, fragment, iq] + (TestTier.heavy ? [cookbook] : []) {
            #expect(t.coveredFrames60 > 0, "\(t.name) lets the keyboard cover the field while it animates")
        }
    }

    /// The strategies whose frame follows the keyboard resize and restore
    /// exactly (no I1, I3, I4), and hide fields where nothing scrolls after
    /// the resize: the guide alone hides the most, an app that scrolls once
    /// the guide moved far fewer, SwiftUI (which scrolls one-line fields)
    /// fewer too; the guide's "by choice" scenarios are its undocked ones.
    @Test func theFramesThatFollowTheKeyboardShowWhatTheirDesignImplies() {
        let guide = Self.tally(KeyboardLayoutGuideStrategy.name), scrolls = Self.tally(KeyboardLayoutGuideScrollingStrategy.name)
        let follows = Self.tally(KeyboardLayoutGuideFollowingUndockedStrategy.name), swiftUI = Self.tally(SwiftUIStrategy.name)
        for t in [guide, scrolls, follows, swiftUI] {
            #expect(t.scenarios > 0 && t.outOfScope > 0, "\(t.name) is judged in its scope")
            for i in [Invariant.insetBounds, .restoration, .offsetRange] { #expect(t.violations[i, default: 0] == 0, "\(t.name) \(i.rawValue)") }
        }
        #expect(guide.fieldHidden > 0 && guide.coveredFrames60 > 0, "the frame shrinks, nothing scrolls")
        #expect(scrolls.fieldHidden < guide.fieldHidden && swiftUI.fieldHidden < guide.fieldHidden)
        #expect((guide.anyOnlyByChoice ?? 0) > 0 && follows.anyOnlyByChoice == nil)
    }

    /// The README's table (each strategy in its scope) and docs/shootout.md's
    /// (every strategy on every scenario; what each other reading moves) are
    /// these runs, generated.
    @Test(.enabled(if: TestTier.heavy, "the heavy tier: the tables are of all 10,000 scenarios")) func theDocumentsShowTheTablesOfTheseRuns() throws {
        let readings = ShootoutSummary.readingsTable(
            standard: Self.standardReadings.summary,
            others: Self.otherReadings.map { ($0.rule.rawValue, $0.report.summary) } + [("cancel-drags showAgain", Self.cancelledDragsShown.summary)])
        for (table, section, file) in [
            (Self.report.markdownTable, "shootout", "README.md"), (Self.everywhere.markdownTable, "shootout-all", "docs/shootout.md"),
            (readings, "shootout-readings", "docs/shootout.md"),
        ] {
            let difference = try GoldenFile.sectionDifference(table, named: section, in: Repository.url(file))
            #expect(difference == nil, "\(difference ?? "")")
        }
    }

    /// docs/shootout.md explains cells by the exemplars in `corpora/shootout`:
    /// every one it names is there, and every exemplar of I1 and I10 (the
    /// invariants that judge what lies under the keyboard) is named.
    @Test func theShootoutDocumentNamesItsExemplars() throws {
        let text = try String(contentsOf: Repository.url("docs/shootout.md"), encoding: .utf8)
        let named = Set(text.matches(of: #/`([A-Za-z0-9]+-I[0-9]+-seed1-[0-9]+)`/#).map { String($0.output.1) + ".kbtrace" })
        let files = Set(Repository.traces(in: "shootout").map(\.lastPathComponent))
        let chat = Set(Repository.traces(in: "shootout-chat").map(\.lastPathComponent))
        #expect(named.count >= 20, "docs/shootout.md names no exemplars: \(named)")
        #expect(files.count >= 20, "corpora/shootout holds no exemplars")
        for name in named.subtracting(files).subtracting(chat).sorted() {
            Issue.record("docs/shootout.md names \(name), which neither corpora/shootout nor corpora/shootout-chat holds")
        }
        for file in files.sorted() where file.contains("-I1-") || file.contains("-I10-") {
            #expect(named.contains(file), "docs/shootout.md explains no cell by \(file)")
        }
    }

    /// `corpora/shootout` holds exactly each peer's first counterexample of
    /// each invariant, shrunk, as the shootout writes it: each one is in its
    /// strategy's scope, a sequence iOS sends, short, replays its violation,
    /// and the engine passes it. (The chat shootout's corpus is checked in
    /// the fast tier too, through the same code.)
    @Test(.enabled(if: TestTier.heavy, "the heavy tier: the corpus is of all 10,000 scenarios"))
    func eachPeersFirstCounterexampleIsInTheCorpusAndReplays() throws {
        try ShootoutExemplars.check(Self.report, folder: "shootout", maximumEvents: 10)
    }

    @Test func theJSONHasTheDocumentedShape() throws {
        guard case .object(let o) = try JSONParser.parse(JSONWriter.string(Self.report.json)),
            case .array(let strategies)? = o["strategies"], case .object(let first)? = strategies.first,
            case .object(let violations)? = first["violations"]
        else {
            Issue.record("not the documented shape")
            return
        }
        #expect(o["schemaVersion"] == .number(2) && o["seed"] == .number(1) && o["allScenarios"] == .bool(false))
        #expect(o["generatorVersion"] == .number(Double(ScenarioGenerator.version)), "the seed's generator version beside it")
        #expect(
            Set(first.keys) == [
                "name", "scope", "scenarios", "outOfScope", "violations", "fieldHidden", "fieldHiddenOnlyAfterSwitch", "promisesDistance",
                "anyViolation",
                "unsatisfiable",
                "coveredFrames60", "coveredFrames120",
            ])
        // No chat screen among the shootout's scenarios: I1…I10 only, no T1…T4.
        #expect(Set(violations.keys) == Set(Invariant.allCases.filter { !$0.isTranscriptRule }.map(\.rawValue)))
        // A row for each strategy that serves screens of fields.
        let served = StrategyCatalog.all.filter { $0.scope.screens.contains(.fields) }
        #expect(strategies.count == served.count && served.count < StrategyCatalog.all.count)
        // Only a strategy that documents a choice has the "by choice" count.
        for (row, strategy) in zip(strategies, served) {
            guard case .object(let r) = row else { continue }
            let keys = strategy.documentedChoices.isEmpty ? Set(first.keys) : Set(first.keys).union(["anyOnlyByChoice"])
            #expect(r["name"] == .string(strategy.name) && Set(r.keys) == keys, "\(strategy.name)")
        }
    }

    @Test func anyScenarioIsATraceThatReplaysTheSame() throws {
        for index in [0, 7, 99] {
            let trace = ScenarioSimulator.trace(ScenarioGenerator.scenario(seed: 1, index: index))
            let reread = try TraceReader.read(TraceWriter.text(trace), file: "scenario-\(index)")
            #expect(reread == trace)
            for s in StrategyCatalog.all {
                #expect(TraceReplayer.replay(reread, strategyNamed: s.name) == TraceReplayer.replay(trace, strategyNamed: s.name))
            }
        }
    }
}
