import Foundation
import KBTestSupport
import KeyboardGeneration
import SystemPackage
import Testing

@testable import KeyboardHarness

/// The audit's round trip as a property (``AuditRoundTripCheck``): on
/// generated scenarios varied as recordings vary, the audit of what each
/// strategy did reports what its replay reported; a disagreement is found,
/// shrunk and saved. `.ci/run` runs 500 scenarios of the same seed through
/// `kbbench audit --round-trip`, the nightly job 50,000 of a fresh one.
@Suite("The audit's round trip")
struct AuditRoundTripTests {
    /// 20 scenarios in either tier (every strategy on each: about 4 s of a
    /// debug build): `.ci/run` holds the same check to 500 scenarios of
    /// the same seed through the command line, in release, every strategy
    /// here and cookbook.py (`audit --round-trip`, docs/testing.md), so a
    /// larger run here, in either tier, would repeat part of it.
    static let scenarios = 20

    @Test("every built-in strategy's audit agrees with its replay (seed 20261127)")
    func theAuditAgreesWithEveryReplay() throws {
        let check = AuditRoundTripCheck(strategies: StrategyCatalog.allUnderTest, seed: 20_261_127, scenarios: Self.scenarios)
        #expect(check.jobs == 1 && check.shard == .whole && check.failures == nil, "one job, the whole seed, nothing saved, unless asked")
        let result = try check.run()
        #expect(result.scenarios == Self.scenarios && result.steps > Self.scenarios * 7 * 3)
        #expect(result.disagreeing == 0, "\(result.disagreements.map { "\($0.strategy) scenario \($0.scenario): \($0.difference)" })")
    }

    /// The variations are there, possible, and the same on every run.
    @Test("scenarios are varied with carets, typing and growing text views, all possible (seed 77, 400 scenarios)")
    func theVariationsAreThereAndPossible() {
        var carets = 0, typing = 0, grown = 0, policies = Set<AvoidancePolicy>()
        for index in 0..<400 {
            let (_, trace) = AuditScenarios.scenario(seed: 77, index: index)
            #expect(trace.isPossible, "scenario \(index): \(trace.impossibilities)")
            #expect(trace == AuditScenarios.scenario(seed: 77, index: index).1, "scenario \(index) is the same on every run")
            policies.insert(trace.header.policy)
            var focused: Int?
            var saw = (caret: false, typed: false, grew: false)
            for line in trace.events {
                switch line.event {
                case .focus(let f, let caret):
                    if caret != nil { saw.caret = true }
                    if f == focused { saw.typed = true }
                    focused = f
                case .blur: focused = nil
                case .layout(let c): if c.fieldList != nil && c.contentSize != nil { saw.grew = true }
                default: break
                }
            }
            carets += saw.caret ? 1 : 0
            typing += saw.typed ? 1 : 0
            grown += saw.grew ? 1 : 0
        }
        #expect(carets > 40 && typing > 20 && grown > 5, "carets \(carets), typing \(typing), growing \(grown)")
        // Exactly the policies AuditScenarios names, every one drawn.
        let named = Set(
            [0.0, 8, 10, 20].flatMap { d in [TallFieldPolicy.top, .caret, .centre].map { AvoidancePolicy(distance: d, tallField: $0) } })
        #expect(policies == named, "\(policies.subtracting(named)) drawn but not named; \(named.subtracting(policies)) named but not drawn")
    }

    /// A replay that knows something the written states cannot carry (here
    /// it also flags I2 wherever a text view is focused at rest): the check
    /// finds the disagreement, shrinks it to a trace that still shows it,
    /// and saves it.
    @Test("a disagreement is found, shrunk and saved (seed 77)")
    func aDisagreementIsFoundShrunkAndSaved() throws {
        let dir = try Repository.temporaryDirectory("round-trip")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let engine = StrategyUnderTest(EngineStrategy.self)
        let lying = StrategyUnderTest(name: "lying", summary: "", scope: .everything, runner: TextViewFlagger(engine: engine.runner))
        let result = try AuditRoundTripCheck(strategies: [engine, lying], seed: 77, scenarios: 60, failures: FilePath(dir)).run()
        #expect(result.disagreements.map(\.strategy) == ["lying"], "the engine agrees, the liar does not")
        let found = try #require(result.disagreements.first)
        let original = AuditScenarios.scenario(seed: 77, index: found.scenario).1
        #expect(found.trace.events.count < original.events.count, "shrunk from \(original.events.count) events")
        #expect(found.shrunkDifference != nil)
        #expect(found.path == FilePath(dir + "/audit-lying-seed77-\(found.scenario).kbtrace"))
        let path = try #require(found.path).string
        let saved = try TraceReader.read(try String(contentsOfFile: path, encoding: .utf8), file: path)
        #expect(try AuditRoundTrip.difference(saved, strategy: lying) != nil, "the saved trace still disagrees")
        let engineDifference = try AuditRoundTrip.difference(saved, strategy: engine)
        #expect(engineDifference == nil, "\(engineDifference.map { "\($0)" } ?? "")\n\(TraceWriter.text(saved))")
    }

    /// The engine's replay, with I2 added at every step at rest where a text
    /// view is focused: what no observed state can show.
    struct TextViewFlagger: StrategyRunner {
        let engine: any StrategyRunner
        func promise(for header: TraceHeader) -> VisibilityPromise { engine.promise(for: header) }
        func replay(_ trace: Trace, worker: Int, readings: WorldReadings) throws -> ReplayReport {
            var report = try engine.replay(trace, worker: worker, readings: readings)
            var world = WorldReplay(trace)
            for i in report.steps.indices {
                _ = world.advance()
                if let f = world.world.focused, world.world.fields.indices.contains(f), FieldKind(frame: world.world.fields[f]) == .textView,
                    !report.steps[i].violations.contains(.fieldVisible)
                {
                    report.steps[i].violations.append(.fieldVisible)
                }
            }
            return report
        }
        func verdict(in trace: Trace, worker: Int, readings: WorldReadings) throws -> Verdict {
            try engine.verdict(in: trace, worker: worker, readings: readings)
        }
        func fileStem(_ name: String) -> String { name }
    }
}
