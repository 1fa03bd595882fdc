import KeyboardGeneration
@testable import KeyboardHarness
import KeyboardScenarios
import KeyboardSearch
import KeyboardStrategies
import KeyboardTrace
import Testing

/// The walk over a seed's scenarios in a strategy's scope: every index
/// below the limit, in order, from 0, each scenario drawn as a campaign or
/// the shootout draws it, exactly those the scope admits.
@Suite("The walk over the scenarios in a scope")
struct ScenariosInScopeTests {
    static let seed: UInt64 = 20_261_204

    /// The indices the walk yields and the traces at them, against the
    /// generator drawn index by index.
    static func expected(_ scope: StrategyScope, screens: ScreenKind, limit: Int) -> [(Int, Trace)] {
        (0..<limit).compactMap { index in
            let trace = DrawnScenario(seed: seed, index: index, screens: screens, adversarial: index % 2 == 1).trace
            return scope.admits(trace) ? (index, trace) : nil
        }
    }

    @Test(
        "seed 20261204: everything admitted yields every index below the limit; a narrower scope exactly the admitted ones",
        arguments: [ScreenKind.fields, .chat])
    func theWalkYieldsExactlyTheAdmittedIndicesInOrder(screens: ScreenKind) {
        for (scope, limit) in [(StrategyScope.everything, 12), (SwiftUIWithKbbenchStrategy.scope, 40)] {
            var walk = ScenariosInScope(scope, seed: Self.seed, screens: screens, limit: limit)
            var got: [(Int, Trace)] = []
            // Bounded: a walk that stops moving would yield for ever.
            while got.count <= limit, let next = walk.next() { got.append(next) }
            let want = Self.expected(scope, screens: screens, limit: limit)
            #expect(got.map(\.0) == want.map(\.0), "\(screens)")
            #expect(got.map(\.1) == want.map(\.1), "\(screens): the traces are the campaign's draws")
            #expect(walk.walked == limit, "every index below the limit walked, none beyond")
            #expect(walk.next() == nil, "the walk stays ended")
        }
        // The narrower scope leaves some out, so that the two cases differ.
        #expect(Self.expected(SwiftUIWithKbbenchStrategy.scope, screens: screens, limit: 40).count < 40)
        #expect(Self.expected(.everything, screens: screens, limit: 12).map(\.0) == Array(0..<12))
    }
}
