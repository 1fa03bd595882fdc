import KeyboardAvoidance
import KeyboardScenarios
import KeyboardTrace
import KeyboardWorld

/// The scenarios the audit's round trip (`AuditRoundTrip`) is held to:
/// the mixed stream of a seed's screens of fields (``DrawnScenario/init(mixedSeed:index:screens:)``), with
/// their carets and typing as the generator draws them (``FieldText``),
/// each under a policy recorded sessions vary and generated ones do not: a
/// distance of 0, 8, 10 or 20 points, tall fields at the top, by the caret
/// or centred (the engine is judged by it, and an audit without a stated
/// promise too).
///
/// Scenario `index` of `seed` is the same on every run: the policy draws
/// from its own stream of the seed, and depends on nothing else, so a
/// shrunk scenario is varied again the same way.
package enum AuditScenarios {
    /// Scenario `index` of `seed` in the mixed stream, before its
    /// variation, and its varied trace.
    package static func scenario(seed: UInt64, index: Int) -> (Scenario, Trace) {
        let drawn = DrawnScenario(mixedSeed: seed, index: index, screens: .fields)
        return (drawn.scenario, varied(drawn.trace, seed: seed, index: index))
    }

    /// `trace` under the policy scenario `index` of `seed`'s own stream
    /// draws.
    package static func varied(_ trace: Trace, seed: UInt64, index: Int) -> Trace {
        var r = SeededRandom(seed: seed ^ 0xA0D1_7000_0000_0001, index: UInt64(index))
        var varied = trace
        varied.header.policy = AvoidancePolicy(distance: r.pick([0.0, 8, 10, 20]), tallField: r.pick([.top, .caret, .centre]))
        return varied
    }
}
