import KBTestSupport
import KeyboardGeneration
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// SwiftUI does not document whether a pass's scroll geometry reaches the
/// modifier before its fields' frames or after (``SwiftUIReportOrder``):
/// the modifier's session must not care. Every generated scenario in the
/// modifier's scope is replayed under both readings, and after every event
/// the scroll view must be the same, to the bit.
@Suite("SwiftUI modifier: one answer under both report orders", .tags(.heavyTier))
struct SwiftUIReportOrderTests {
    /// The seed of the scenarios: labelled, fixed.
    static let seed: UInt64 = 20_261_128
    /// Scenarios in the modifier's scope checked: 2,000 in the fast tier,
    /// 20,000 in the heavy one.
    static let scenarios = TestTier.size(fast: 2_000, heavy: 20_000)

    @Test("on 2,000 scenarios in scope (seed 20261128), the scroll view is the same after every event under both orders")
    func bothOrdersGiveTheSameScrollView() throws {
        var checked = 0, events = 0, index = 0
        var moved = 0
        while checked < Self.scenarios {
            defer { index += 1 }
            let (_, trace) = ScenarioGenerator.scenarioAndTrace(seed: Self.seed, index: index, adversarial: index % 2 == 1)
            guard SwiftUIWithKbbenchStrategy.scope.admits(trace) else { continue }
            checked += 1
            var first = WorldReplay(trace), second = WorldReplay(trace)
            var a = SwiftUIWithKbbenchStrategy(world: first.world, order: .scrollGeometryFirst)
            var b = SwiftUIWithKbbenchStrategy(world: second.world, order: .fieldsFirst)
            for line in trace.events {
                first.applyNext()
                second.applyNext()
                let before = first.scrollView
                _ = a.handle(line.event, world: first.world, scrollView: &first.scrollView)
                _ = b.handle(line.event, world: second.world, scrollView: &second.scrollView)
                events += 1
                if first.scrollView != before { moved += 1 }
                try #require(
                    first.scrollView == second.scrollView,
                    "scenario \(index) of seed \(Self.seed), line \(line.line): \(first.scrollView.state) against \(second.scrollView.state)")
            }
        }
        #expect(events > checked * 5, "the scenarios have events: \(events)")
        #expect(moved > checked / 2, "the modifier moved the scroll view: \(moved) times")
    }
}
