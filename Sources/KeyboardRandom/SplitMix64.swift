/// SplitMix64 (Steele, Lea and Flood, 2014): the one generator behind every
/// seeded draw in the repository (the scenarios' ``SeededRandom``, the
/// permutations of the change-point test, the tests' own draws).
///
/// Algorithm: a 64-bit state advanced by the golden-ratio increment
/// 0x9E3779B97F4A7C15, each output the state passed through two
/// xor-shift-multiply rounds (constants 0xBF58476D1CE4E5B9 and
/// 0x94D049BB133111EB) and a final xor-shift. Every seed, 0 included, gives
/// a full-period stream of 2^64 outputs. Derived values use only this
/// type's own methods (``below(_:)``, ``unit()``), never the standard
/// library's `random(in:using:)`, whose algorithm may change between
/// toolchains: a seed gives the same stream everywhere, forever.
/// Foundation-free, and allocation-free.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<n` (n > 0), by the multiply-high method.
    package mutating func below(_ n: Int) -> Int {
        precondition(n > 0, "below(_:) needs a positive bound")
        return Int(next().multipliedFullWidth(by: UInt64(n)).high)
    }

    /// A uniform double in [0, 1) with 53 random bits.
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
