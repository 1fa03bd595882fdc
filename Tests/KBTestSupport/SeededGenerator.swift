/// A small, fast, deterministic random number generator (SplitMix64) for
/// seeded tests: the same seed gives the same sequence on every platform and
/// toolchain, so a failing case named by its seed replays exactly.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in `range`, drawn uniformly.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    /// One of `values`.
    public mutating func pick<T>(_ values: [T]) -> T {
        values[Int.random(in: 0..<values.count, using: &self)]
    }
}

/// The seeds random tests loop over; each failure message names its seed.
public enum TestSeeds {
    /// Fixed seeds, so CI runs the same cases every time.
    public static let standard: [UInt64] = [1, 2, 3, 0xC0FFEE, 0xDEAD_BEEF, 20_261_121]
}
