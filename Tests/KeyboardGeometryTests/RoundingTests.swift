import KBTestSupport
import KeyboardGeometry
import Testing

/// The allowances every module compares geometry with: their values at
/// known points, and their properties on generated magnitudes.
@Suite("Rounding allowances")
struct RoundingTests {
    @Test func theirValuesAtKnownMagnitudes() {
        #expect(Rounding.betweenReadings == 0.000_001)
        #expect(Rounding.lost(at: 0) == 1e-9, "values near 0 get a billionth of a point")
        #expect(Rounding.lost(at: 0.5) == 1e-9)
        #expect(abs(Rounding.lost(at: 1000) - 1e-6) < 1e-18, "a billionth of the magnitude")
        #expect(abs(Rounding.lost(at: -1000) - 1e-6) < 1e-18)
        #expect(Rounding.allowance(at: 0) == 1e-6)
        #expect(abs(Rounding.allowance(at: 1000) - 2e-6) < 1e-18, "a millionth of a point per thousand points, added")
        #expect(abs(Rounding.allowance(at: -1000) - 2e-6) < 1e-18)
    }

    /// Positive, blind to the sign, never shrinking as the magnitude grows, and below
    /// a hundredth of a 3× pixel for values up to ten thousand points.
    @Test(arguments: TestSeeds.standard)
    func theirProperties(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let a = Double.random(in: -10_000...10_000, using: &rng)
            let b = Double.random(in: -10_000...10_000, using: &rng)
            for allowance in [Rounding.lost(at:), Rounding.allowance(at:)] {
                #expect(allowance(a) > 0, "seed \(seed): \(a)")
                #expect(allowance(a) == allowance(-a), "seed \(seed): \(a)")
                #expect(abs(a) > abs(b) || allowance(a) <= allowance(b), "seed \(seed): \(a), \(b)")
                #expect(allowance(a) < 1.0 / 3 / 100, "seed \(seed): \(a)")
            }
            #expect(Rounding.allowance(at: a) >= Rounding.betweenReadings, "seed \(seed): \(a)")
            #expect(Rounding.lost(at: a) < Rounding.allowance(at: a), "seed \(seed): \(a)")
        }
    }
}
