import KeyboardRandom

/// The harness's deterministic random source: ``SplitMix64``, with the
/// choice interface the generator reads and an independent stream for each
/// item of a run. A golden test pins the first outputs.
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var generator: SplitMix64

    package init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// A generator for the `index`-th item of a run seeded with `seed`:
    /// items are independent, so shards can generate any index directly.
    package init(seed: UInt64, index: UInt64) {
        var mixer = SplitMix64(seed: seed ^ (index &* 0xD1B5_4A32_D192_ED03))
        generator = SplitMix64(seed: mixer.next())
    }

    package mutating func next() -> UInt64 { generator.next() }

    /// A uniform integer in `0..<n` (n > 0): ``SplitMix64/below(_:)``.
    package mutating func below(_ n: Int) -> Int { generator.below(n) }

    /// A uniform double in [0, 1): ``SplitMix64/unit()``.
    package mutating func unit() -> Double { generator.unit() }
}

extension SeededRandom: ChoiceSource {}
