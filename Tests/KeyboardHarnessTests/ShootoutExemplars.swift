import Foundation
import KBTestSupport
import KeyboardHarness
import KeyboardOracle
import KeyboardScenarios
import KeyboardStrategies
import KeyboardTrace
import Testing

/// The corpus a shootout's exemplars are pinned in (`corpora/shootout`,
/// `corpora/shootout-chat`), checked one way for both.
enum ShootoutExemplars {
    /// `corpora/FOLDER` holds exactly each peer's first counterexample of
    /// each invariant in `report` (its seed, on its screens), shrunk as the
    /// shootout writes it; each one is in its strategy's scope, a sequence
    /// iOS sends, at most `maximumEvents` long, replays its violation, and
    /// the engine passes it. Regenerating the pins writes the files and
    /// removes those no longer produced.
    ///
    /// A report of the first scenarios only (the fast tier's) checks the
    /// files of the counterexamples it found, which are the whole run's
    /// first too; the files it did not reach are the heavy tier's to check.
    static func check(_ report: ShootoutReport, folder: String, maximumEvents: Int, whole: Bool = TestTier.heavy) throws {
        let dir = Repository.url("corpora").appendingPathComponent(folder)
        if GoldenFile.isUpdating { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }
        let expected = report.counterexamples.map {
            ShootoutReport.counterexampleFile(strategy: $0.strategy, invariant: $0.invariant, seed: report.seed, index: $0.index)
        }
        let held = Set(Repository.traces(in: folder).map(\.lastPathComponent))
        for extra in held.subtracting(expected).sorted() where whole {
            if GoldenFile.isUpdating {
                try FileManager.default.removeItem(at: dir.appendingPathComponent(extra))
            } else {
                Issue.record(
                    "corpora/\(folder)/\(extra) is no first counterexample of this shootout (regenerate every pin with \(GoldenFile.regenerate))")
            }
        }
        for (c, name) in zip(report.counterexamples, expected) {
            let type = try #require(StrategyCatalog.strategy(named: c.strategy))
            let shrunk = try Shootout.shrunkCounterexample(
                seed: report.seed, index: c.index, screens: report.screens, strategy: StrategyUnderTest(type), invariant: c.invariant)
            let difference = try GoldenFile.difference(TraceWriter.text(shrunk), from: dir.appendingPathComponent(name))
            #expect(difference == nil, "\(difference ?? "")")
            #expect(ScreenKind(of: shrunk.header) == report.screens, "\(name) is played on the shootout's screens")
            #expect(shrunk.events.count <= maximumEvents, "\(name) is short enough to read")
            #expect(shrunk.impossibilities == [], "\(name) is a sequence iOS sends")
            #expect(type.scope.admits(shrunk), "\(name) is in \(c.strategy)'s scope")
            let replay = TraceReplayer.replay(shrunk, with: type)
            #expect(replay.steps.contains { $0.violations.contains(c.invariant) }, "\(name) replays its \(c.invariant.rawValue)")
            #expect(TraceReplayer.replay(shrunk, with: EngineStrategy.self).violationCount == 0, "the engine passes \(name)")
        }
    }
}
