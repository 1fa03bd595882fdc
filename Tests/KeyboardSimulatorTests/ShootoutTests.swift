import Foundation
import KeyboardSimulator
import KeyboardTrace
import Testing

@Suite("Shootout")
struct ShootoutTests {
    /// The default shootout, run once for every test below.
    static let report = Shootout.run(seed: Shootout.defaultSeed, scenarios: Shootout.defaultScenarios)

    static func tally(_ name: String) -> StrategyTally {
        report.strategies.first { $0.name == name } ?? StrategyTally(name: name)
    }

    @Test func theEngineHasNoViolationAndNoCoveredFrame() {
        let engine = Self.tally("engine")
        #expect(engine.scenarios >= 500)
        #expect(engine.totalViolations == 0, "\(engine.violations) first at \(engine.firstViolation)")
        #expect(engine.coveredFrames60 == 0 && engine.coveredFrames120 == 0)
    }

    @Test func eachRecipeShowsTheFailuresItsDesignImplies() {
        let apple2009 = Self.tally("apple2009"), apple2013 = Self.tally("apple2013")
        let contentFrame = Self.tally("apple2013ContentFrame"), cookbook = Self.tally("cookbook"), rootShift = Self.tally("rootShift")
        #expect(apple2009.violations[.fieldVisible, default: 0] > 0, "no bounds key after iPhone OS 3.2")
        #expect(apple2013.violations[.insetBounds, default: 0] > 0, "raw heights, overwritten top insets")
        #expect(apple2013.violations[.restoration, default: 0] > 0, "restores zero, not the app's inset")
        #expect(contentFrame.violations[.offsetRange, default: 0] > 0, "setContentOffset does not clamp")
        #expect(contentFrame.violations[.idempotence, default: 0] > 0, "grows again on every DidShow")
        #expect(cookbook.violations[.fieldVisible, default: 0] > 0, "screen treated as window")
        #expect(rootShift.violations[.fieldVisible, default: 0] > 0, "never scrolls")
        for t in [apple2009, apple2013, contentFrame, cookbook, rootShift] {
            #expect(t.coveredFrames60 > 0, "\(t.name) lets the keyboard cover the field while it animates")
        }
    }

    @Test func theReadmeShowsTheseNumbers() throws {
        let readme = try String(contentsOf: CorpusLocation.root.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("<!-- shootout:begin -->\n" + Self.report.markdownTable + "<!-- shootout:end -->"),
                "README's shootout table is stale: regenerate it with `swift run kbbench shootout --markdown`")
    }

    @Test func theJSONHasTheDocumentedShape() throws {
        guard case .object(let o) = try JSONParser.parse(JSONWriter.string(Self.report.json)),
            case .array(let strategies)? = o["strategies"], case .object(let first)? = strategies.first,
            case .object(let violations)? = first["violations"]
        else {
            Issue.record("not the documented shape")
            return
        }
        #expect(o["schemaVersion"] == .number(1) && o["seed"] == .number(1))
        #expect(Set(first.keys) == ["name", "scenarios", "violations", "unsatisfiable", "coveredFrames60", "coveredFrames120"])
        #expect(Set(violations.keys) == Set(Invariant.allCases.map(\.rawValue)))
        #expect(strategies.count == StrategyCatalog.all.count)
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
