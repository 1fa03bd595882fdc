import KBTestSupport
import KeyboardHarness
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// The modifier against SwiftUI's own avoidance, on the scenarios both are
/// judged on: `swiftUI`'s scope is iOS 14 and later, the modifier's iOS 18
/// and later, so the shootout's rows count different scenarios. Here
/// `swiftUI` runs unchanged under the modifier's scope, and the two rows
/// share every scenario.
@Suite("SwiftUI: the modifier against SwiftUI's own avoidance", .tags(.heavyTier))
struct SwiftUIShootoutTests {
    /// SwiftUI's own avoidance, judged only where the modifier is.
    struct SwiftUIFromIOS18: AvoidanceStrategy {
        static let name = "swiftUIFromIOS18"
        static let scope = SwiftUIWithKbbenchStrategy.scope
        private var own: SwiftUIStrategy
        init(world: SimulatedWorld) { own = SwiftUIStrategy(world: world) }
        static func promise(for header: TraceHeader) -> VisibilityPromise { SwiftUIStrategy.promise(for: header) }
        mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
            own.handle(event, world: world, scrollView: &scrollView)
        }
    }

    /// Seed 1's first 1,000 scenarios in the fast tier, all 10,000 in the
    /// heavy one.
    static let scenarios = TestTier.size(fast: 1_000, heavy: Shootout.defaultScenarios)

    @Test("on the scenarios both share (seed 1), the modifier hides the field a tenth as often or less, and breaks nothing else more often")
    func theModifierBeatsSwiftUIsOwnAvoidance() throws {
        let report = try Shootout.run(
            seed: Shootout.defaultSeed, scenarios: Self.scenarios,
            strategies: [StrategyUnderTest(SwiftUIFromIOS18.self), StrategyUnderTest(SwiftUIWithKbbenchStrategy.self)], jobs: 2)
        let swiftUI = try #require(report.strategies.first { $0.name == SwiftUIFromIOS18.name })
        let modifier = try #require(report.strategies.first { $0.name == SwiftUIWithKbbenchStrategy.name })
        #expect(swiftUI.scenarios == modifier.scenarios && modifier.scenarios > Self.scenarios / 4, "the same scenarios judged")
        #expect(swiftUI.fieldHidden >= 50, "SwiftUI's own avoidance hides fields here: \(swiftUI.fieldHidden)")
        #expect(modifier.fieldHidden * 10 <= swiftUI.fieldHidden, "hidden: \(modifier.fieldHidden) against \(swiftUI.fieldHidden)")
        for invariant in [Invariant.insetBounds, .restoration, .offsetRange, .noNeedlessScroll] {
            #expect(
                modifier.violations[invariant, default: 0] <= swiftUI.violations[invariant, default: 0],
                "\(invariant.rawValue): \(modifier.violations[invariant, default: 0]) against \(swiftUI.violations[invariant, default: 0])")
        }
    }

    /// The modifier's scenarios in the default shootout, under the standard
    /// readings and each unsettled rule read the other way (the runs
    /// ``ShootoutTests`` shares): no violation, no covered frame.
    @Test("under every reading of the unsettled rules the modifier violates nothing on its scenarios")
    func theModifierHoldsUnderEveryReading() {
        let runs = [("standard", ShootoutTests.report)] + ShootoutTests.otherReadings.map { ("--" + $0.rule.rawValue, $0.report) }
        for (reading, report) in runs {
            let modifier = ShootoutTests.tally(SwiftUIWithKbbenchStrategy.name, in: report)
            #expect(modifier.scenarios > 0, "\(reading): judged nowhere")
            #expect(
                modifier.totalViolations == 0 && modifier.coveredFrames60 == 0,
                "\(reading): \(modifier.violations) first at \(modifier.firstViolation)")
        }
    }
}
