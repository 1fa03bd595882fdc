import KeyboardRandom

/// Change points of a noisy series by E-divisive means (Matteson and James,
/// "A nonparametric approach for multiple change point analysis of
/// multivariate data", 2014; the method MongoDB's and Hunter's change-point
/// detection build on): split where the energy distance between the values
/// before and after is largest, keep the split when a permutation test finds
/// it significant, and search each part again, until no split is.
///
/// Properties: a constant series has none; the result does not depend on
/// the series' scale or offset (the statistic is of distances); the
/// permutations are drawn from a fixed seed, so a series always gives the
/// same answer. With few values nothing can be significant: a split of `n`
/// values can only reach p = 2 ÷ C(n, k), so a newest record is marked only
/// once the history after it confirms the level.
package struct EnergyDivisive: Hashable, Sendable {
    /// The fewest values on either side of a split.
    package var minimumSegment: Int
    /// Permutations per test.
    package var permutations: Int
    /// The p-value under which a split is kept.
    package var significance: Double

    package init(minimumSegment: Int = 2, permutations: Int = 199, significance: Double = 0.05) {
        self.minimumSegment = Swift.max(1, minimumSegment)
        self.permutations = permutations
        self.significance = significance
    }

    /// The indices where a new segment begins (each in 1..<x.count),
    /// ascending.
    package func changePoints(_ x: [Double]) -> [Int] {
        var bounds = [0, x.count]
        var random = SplitMix64(seed: 0x6b62_6265_6e63_6821)
        while true {
            guard let best = bestSplit(x, bounds) else { break }
            var atLeast = 1
            for _ in 0..<permutations {
                var shuffled = x
                // Values move only within their segment (the splits kept so
                // far stand): the null is "no further change".
                for (lo, hi) in zip(bounds, bounds.dropFirst()) { Self.shuffle(&shuffled, lo..<hi, &random) }
                if let s = bestSplit(shuffled, bounds), s.statistic >= best.statistic { atLeast += 1 }
            }
            let p = Double(atLeast) / Double(permutations + 1)
            guard p < significance else { break }
            bounds.append(best.at)
            bounds.sort()
        }
        return Array(bounds.dropFirst().dropLast())
    }

    /// The split of largest statistic over every segment, the earliest of
    /// equal ones (a mirror-symmetric series ties at its two mirrored
    /// splits); nil when no segment is long enough to split.
    package func bestSplit(_ x: [Double], _ bounds: [Int]) -> (at: Int, statistic: Double)? {
        var best: (Int, Double)?
        for (lo, hi) in zip(bounds, bounds.dropFirst()) where hi - lo >= 2 * minimumSegment {
            for t in (lo + minimumSegment)...(hi - minimumSegment) {
                let q = Self.statistic(x[lo..<t], x[t..<hi])
                if best == nil || q > best!.1 { best = (t, q) }
            }
        }
        return best
    }

    /// The scaled energy distance between `a` and `b`: |a||b| ÷ (|a|+|b|)
    /// × (2·mean|a−b| − mean|a−a'| − mean|b−b'|), the within-sample means
    /// over distinct pairs (0 for a single value).
    package static func statistic(_ a: ArraySlice<Double>, _ b: ArraySlice<Double>) -> Double {
        func within(_ s: ArraySlice<Double>) -> Double {
            guard s.count > 1 else { return 0 }
            var sum = 0.0
            for i in s.indices { for j in s.indices where j > i { sum += abs(s[i] - s[j]) } }
            return sum / Double(s.count * (s.count - 1) / 2)
        }
        var between = 0.0
        for u in a { for v in b { between += abs(u - v) } }
        let na = Double(a.count), nb = Double(b.count)
        let e = 2 * between / (na * nb) - within(a) - within(b)
        return na * nb / (na + nb) * e
    }

    /// Fisher–Yates over `range` of `x`, the rest untouched: every order
    /// of the range equally likely (an element may stay where it is).
    package static func shuffle(_ x: inout [Double], _ range: Range<Int>, _ random: inout SplitMix64) {
        guard range.count > 1 else { return }
        for i in stride(from: range.upperBound - 1, to: range.lowerBound, by: -1) {
            let j = range.lowerBound + Int(random.next() % UInt64(i - range.lowerBound + 1))
            x.swapAt(i, j)
        }
    }
}
