import KeyboardScenarios
import KeyboardTrace

/// Scenario `index` of `seed` on `screens`, adversarial or not: what a
/// fuzz campaign draws (adversarial), what the shootout draws (not), and
/// what the UIKit stand-in's differentials play. Its trace, its labels,
/// and how a trace of it (a shrinker's candidate) is played on its screens.
/// The same on every call with the same arguments.
package struct DrawnScenario: Sendable {
    package var scenario: Scenario
    package var trace: Trace
    package var features: ScenarioFeatures
    /// The chat screen it was played on; nil on a screen of fields.
    var chatScreen: ChatScreens.Generated?

    package init(seed: UInt64, index: Int, screens: ScreenKind, adversarial: Bool) {
        switch screens {
        case .fields:
            let g = ScenarioGenerator.generated(seed: seed, index: index, adversarial: adversarial)
            (scenario, trace, features, chatScreen) = (g.scenario, g.trace, g.features, nil)
        case .chat:
            let g = ChatScreens.generated(seed: seed, index: index, adversarial: adversarial)
            (scenario, trace, features, chatScreen) = (g.scenario, g.trace, g.features, g)
        }
    }

    /// Scenario `index` of `seed` on `screens` in the mixed stream:
    /// adversarial at odd indices, plain at even ones
    /// (``isAdversarial(_:)``). What the scope walk (`ScenariosInScope`),
    /// the audit's round trip (``AuditScenarios``) and the UIKit
    /// stand-in's differentials play.
    package init(mixedSeed seed: UInt64, index: Int, screens: ScreenKind) {
        self.init(seed: seed, index: index, screens: screens, adversarial: Self.isAdversarial(index))
    }

    /// Whether the mixed stream draws index `index` adversarial: exactly
    /// when it is odd (index 0 is plain; a negative odd index, which no
    /// caller passes, is adversarial too).
    package static func isAdversarial(_ index: Int) -> Bool { index % 2 != 0 }

    /// A trace of ``scenario`` (or of one shrunk from it) played on the
    /// screens it was drawn on: unchanged on a screen of fields.
    package func played(_ base: Trace) -> Trace { chatScreen?.played(base) ?? base }
}
