/// A set of ``ScenarioFeature``s: two words of bits, so that the simulator
/// labels every event of every fuzz run without allocating.
package struct ScenarioFeatures: Hashable, Sendable, Sequence {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    package init() {}

    package init(_ features: some Sequence<ScenarioFeature>) {
        for f in features { insert(f) }
    }

    package mutating func insert(_ f: ScenarioFeature) {
        let i = f.rawValue
        if i < 64 { low |= 1 << UInt64(i) } else { high |= 1 << UInt64(i - 64) }
    }

    package mutating func formUnion(_ other: ScenarioFeatures) {
        low |= other.low
        high |= other.high
    }

    package func contains(_ f: ScenarioFeature) -> Bool {
        let i = f.rawValue
        return i < 64 ? low & (1 << UInt64(i)) != 0 : high & (1 << UInt64(i - 64)) != 0
    }

    /// The features in declaration order.
    package func makeIterator() -> Iterator { Iterator(low: low, high: high) }

    package struct Iterator: IteratorProtocol {
        var low: UInt64
        var high: UInt64

        package mutating func next() -> ScenarioFeature? {
            if low != 0 {
                let i = low.trailingZeroBitCount
                low &= low - 1
                return ScenarioFeature(rawValue: i)
            }
            guard high != 0 else { return nil }
            let i = high.trailingZeroBitCount
            high &= high - 1
            return ScenarioFeature(rawValue: 64 + i)
        }
    }
}
