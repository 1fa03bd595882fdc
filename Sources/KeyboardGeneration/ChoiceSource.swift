/// Where a generator's choices come from: a seeded random stream for
/// campaigns (``SeededRandom``), or a fuzzer's bytes (``FuzzBytes``) so that
/// libFuzzer's mutations become structural changes to scenarios.
package protocol ChoiceSource {
    /// An integer in `0..<n` (n > 0).
    mutating func below(_ n: Int) -> Int
    /// A double in [0, 1).
    mutating func unit() -> Double
}

extension ChoiceSource {
    /// An integer in `range`.
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// A double in `range`.
    package mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// True with probability `p`.
    package mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// One element of a non-empty array.
    package mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Choices read from a fuzzer's input, two bytes each, little-endian. When
/// the bytes run out every choice is 0: the shortest, simplest scenario, so
/// small inputs mean small scenarios and libFuzzer's mutations map to local
/// changes (one byte pair, one decision).
package struct FuzzBytes: ChoiceSource {
    private let bytes: [UInt8]
    private var position = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// True once every byte has been read.
    package var isExhausted: Bool { position >= bytes.count }

    private mutating func next16() -> Int {
        guard position < bytes.count else { return 0 }
        let low = Int(bytes[position])
        let high = position + 1 < bytes.count ? Int(bytes[position + 1]) : 0
        position += 2
        return low | high << 8
    }

    package mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : next16() % n }

    package mutating func unit() -> Double { Double(next16()) / 65_536 }
}
