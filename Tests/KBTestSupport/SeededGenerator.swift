import KeyboardGeneration

/// The tests' seeded generator is the harness's own (SplitMix64, see
/// `SeededRandom`): one implementation, so a seed means the same stream in
/// tests, campaigns and the fuzzer.
package typealias SeededGenerator = SeededRandom

/// The seeds random tests loop over; each failure message names its seed.
package enum TestSeeds {
    /// Fixed seeds, so CI runs the same cases every time.
    package static let standard: [UInt64] = [1, 2, 3, 0xC0FFEE, 0xDEAD_BEEF, 20_261_121]
}
