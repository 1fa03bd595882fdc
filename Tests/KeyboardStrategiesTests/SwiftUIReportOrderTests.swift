import KBTestSupport
import KeyboardAvoidanceSwiftUI
import KeyboardGeneration
import KeyboardOracle
import KeyboardSearch
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
        var checked = 0, events = 0
        var moved = 0
        // About half the scenarios are in scope; a scope that admits far
        // fewer ends the walk, and fails below, instead of walking on.
        var walk = ScenariosInScope(SwiftUIWithKbbenchStrategy.scope, seed: Self.seed, screens: .fields, limit: Self.scenarios * 10)
        while checked < Self.scenarios, let (index, trace) = walk.next() {
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
        #expect(checked == Self.scenarios, "only \(checked) of the first \(walk.walked) scenarios in the modifier's scope")
        #expect(events > checked * 5, "the scenarios have events: \(events)")
        #expect(moved > checked / 2, "the modifier moved the scroll view: \(moved) times")
    }

    /// The comparison above means something only if the two orders differ:
    /// on the same world, the two reporters say the same reports after
    /// every event, as a multiset, and in another order after some of them
    /// (a pass that reports both the scroll view and a field).
    @Test("the two orders report the same things, in another order on some events (seed 20261128, 300 scenarios)")
    func theTwoOrdersDifferOnlyInOrder() {
        var reordered = 0, events = 0
        for index in 0..<300 {
            let (_, trace) = ScenarioGenerator.scenarioAndTrace(seed: Self.seed, index: index, adversarial: index % 2 == 1)
            var replay = WorldReplay(trace)
            var a = SwiftUIReporter(order: .scrollGeometryFirst), b = SwiftUIReporter(order: .fieldsFirst)
            #expect(
                Self.sameMultiset(
                    a.prelude(world: replay.world, scrollView: replay.scrollView), b.prelude(world: replay.world, scrollView: replay.scrollView)))
            for line in trace.events {
                replay.applyNext()
                let ra = a.reports(for: line.event, world: replay.world, scrollView: replay.scrollView)
                let rb = b.reports(for: line.event, world: replay.world, scrollView: replay.scrollView)
                events += 1
                #expect(Self.sameMultiset(ra, rb), "scenario \(index), line \(line.line): \(ra) against \(rb)")
                if ra != rb { reordered += 1 }
            }
        }
        #expect(reordered > 0 && reordered < events, "reordered \(reordered) of \(events) events")
    }

    static func sameMultiset(_ a: [SwiftUIReport<Int>], _ b: [SwiftUIReport<Int>]) -> Bool {
        guard a.count == b.count else { return false }
        var rest = b
        for x in a {
            guard let i = rest.firstIndex(of: x) else { return false }
            rest.remove(at: i)
        }
        return true
    }
}
