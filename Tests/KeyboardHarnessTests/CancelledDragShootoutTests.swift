import KeyboardGeneration
import KeyboardHarness
import KeyboardScenarios
import KeyboardStrategies
import KeyboardTrace
import Testing

/// `kbbench shootout --cancel-drags`: the shootout's scenarios with each
/// interactive dismissal first cancelled once, under each reading of what
/// iOS sends once the finger lifts (``KeyboardAfterCancelledDrag``).
@Suite("Shootout: each interactive dismissal first cancelled once")
struct CancelledDragShootoutTests {
    /// Under "nothing" a cancel adds no line, so each trace is the
    /// shootout's own; under "showAgain" a trace changes exactly where the
    /// scenario dismisses the keyboard interactively. Seed 20261232's
    /// first 300 scenarios, on screens of fields and on chat screens: some
    /// with a dismissal, some without.
    @Test(arguments: ScreenKind.allCases)
    func aCancelChangesATraceOnlyWhereItSendsSomething(_ screens: ScreenKind) {
        let seed: UInt64 = 20_261_232
        var dismissing = 0
        for index in 0..<300 {
            let drawn = Shootout.trace(seed: seed, index: index, screens: screens)
            let dismisses = ScenarioGenerator.generated(seed: seed, index: index, adversarial: false).features.contains(.dragToDismiss)
            if dismisses { dismissing += 1 }
            #expect(Shootout.trace(seed: seed, index: index, screens: screens, cancelledDrags: .nothing) == drawn, "scenario \(index)")
            let shown = Shootout.trace(seed: seed, index: index, screens: screens, cancelledDrags: .showAgain)
            #expect((shown != drawn) == dismisses, "scenario \(index): \(dismisses ? "a dismissal and the same trace" : "no dismissal, a new trace")")
            #expect(shown.isPossible, "scenario \(index): \(shown.impossibilities)")
        }
        #expect(dismissing > 10 && dismissing < 290, "\(dismissing) of 300 scenarios dismiss the keyboard interactively")
    }

    /// A counterexample shrinks from the scenario with its cancels: the
    /// first scenario of seed 1 where the layout guide hides the field
    /// only once a show follows each cancel shrinks to a trace on which it
    /// still does, shorter than the scenario.
    @Test func aCounterexampleShrinksFromTheScenarioWithItsCancels() throws {
        let guide = KeyboardLayoutGuideStrategy.self
        let hides = { (t: Trace) in guide.scope.admits(t) && guide.verdict(in: t).violated.contains(.fieldVisible) }
        let index = try #require(
            (0..<1_000).first { i in
                !hides(Shootout.trace(seed: Shootout.defaultSeed, index: i))
                    && hides(Shootout.trace(seed: Shootout.defaultSeed, index: i, cancelledDrags: .showAgain))
            }, "no scenario of seed 1's first 1,000 where only the show after a cancel hides a field from the layout guide")
        let full = Shootout.trace(seed: Shootout.defaultSeed, index: index, cancelledDrags: .showAgain)
        let shrunk = try Shootout.shrunkCounterexample(
            seed: Shootout.defaultSeed, index: index, strategy: StrategyUnderTest(guide), invariant: .fieldVisible, cancelledDrags: .showAgain)
        #expect(hides(shrunk), "scenario \(index)'s counterexample no longer hides the field")
        #expect(shrunk.events.count < full.events.count, "scenario \(index): \(shrunk.events.count) events of \(full.events.count)")
    }
}
