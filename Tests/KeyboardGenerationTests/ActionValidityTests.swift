import KeyboardGeneration
import KeyboardScenarios
import Testing

/// Every action the generator plays is one the simulator allows where it
/// is played: the candidates are checked before one is drawn, and what a
/// drawn candidate becomes (the field a focus goes to, the line a caret
/// moves to, the lines typed, a window's or an inset's new value) is
/// allowed too. A caret move goes to another line of the focused text,
/// never past its end and never to the line the caret is on, and a
/// scenario that plays one carries its label.
@Suite("Generated actions")
struct ActionValidityTests {
    static let seed: UInt64 = 7_607

    @Test("every action is allowed where it is played, in 2,000 scenarios (seed 7607), caret moves among them")
    func everyActionIsAllowedWhereItIsPlayed() {
        var caretMoves = 0
        for index in 0..<2_000 {
            let g = ScenarioGenerator.generated(seed: Self.seed, index: index, adversarial: index % 2 == 1)
            var sim = ScenarioSimulator(g.scenario)
            for (n, action) in g.scenario.actions.enumerated() {
                guard sim.isValid(action) else {
                    Issue.record("scenario \(index) of seed \(Self.seed), action \(n): \(action) is not allowed there")
                    return
                }
                if case .moveCaret = action { caretMoves += 1 }
                _ = sim.perform(action)
            }
            // A caret move played is labelled.
            if g.scenario.actions.contains(where: { if case .moveCaret = $0 { true } else { false } }) {
                #expect(g.features.contains(.caretMoves), "scenario \(index) of seed \(Self.seed): a caret move, unlabelled")
            }
        }
        #expect(caretMoves >= 50, "caret moves played: \(caretMoves)")
    }
}
