import KeyboardGeneration
import KeyboardScenarios
import KeyboardTrace
import Testing

/// The mixed stream (``DrawnScenario/init(mixedSeed:index:screens:)``):
/// plain at even indices, adversarial at odd ones, on both kinds of screen,
/// and a stream that differs from both the all-plain and the
/// all-adversarial one (so that the comparison could fail).
@Suite("The mixed stream of generated scenarios")
struct MixedStreamTests {
    static let seed: UInt64 = 20_261_205

    @Test("seed 20261205: index i is the adversarial draw exactly when i is odd", arguments: [ScreenKind.fields, .chat])
    func oddIndicesAreAdversarial(screens: ScreenKind) {
        var differsFromPlain = false
        var differsFromAdversarial = false
        for index in 0..<16 {
            let mixed = DrawnScenario(mixedSeed: Self.seed, index: index, screens: screens).trace
            let plain = DrawnScenario(seed: Self.seed, index: index, screens: screens, adversarial: false).trace
            let adversarial = DrawnScenario(seed: Self.seed, index: index, screens: screens, adversarial: true).trace
            #expect(mixed == (index % 2 == 1 ? adversarial : plain), "\(screens), index \(index)")
            differsFromPlain = differsFromPlain || mixed != plain
            differsFromAdversarial = differsFromAdversarial || mixed != adversarial
        }
        #expect(differsFromPlain && differsFromAdversarial, "\(screens): the two draws differ somewhere in 16 indices")
        #expect(!DrawnScenario.isAdversarial(0) && DrawnScenario.isAdversarial(1) && DrawnScenario.isAdversarial(-1))
    }
}
