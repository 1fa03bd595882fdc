import KeyboardGeneration
import KeyboardScenarios

/// Generated scenarios for a test that needs a situation the generator
/// makes only now and then (another app's keyboard, a moved window, an
/// interactive dismissal).
enum GeneratedScenarios {
    /// The first `wanted` scenarios of `seed` (even indices plain, odd ones
    /// adversarial) whose labels `matches` accepts, each with its index.
    /// At most 100 × `wanted` are drawn, so fewer come back when the
    /// generator makes the situation too rarely: the caller checks the
    /// count, so that a walk over nothing fails.
    static func first(
        _ wanted: Int, seed: UInt64, where matches: (ScenarioFeatures) -> Bool
    ) -> [(index: Int, generated: ScenarioGenerator.Generated)] {
        var found: [(index: Int, generated: ScenarioGenerator.Generated)] = []
        var index = 0
        while found.count < wanted && index < 100 * wanted {
            let g = ScenarioGenerator.generated(seed: seed, index: index, adversarial: index % 2 == 1)
            if matches(g.features) { found.append((index, g)) }
            index += 1
        }
        return found
    }
}
