import Foundation

/// The Mann–Whitney U test (Wilcoxon's rank-sum test) of two samples: does
/// one tend to be larger than the other? It assumes nothing of the
/// distribution (timings on a shared machine are skewed, with long upper
/// tails), only that each sample's values are independent draws.
///
/// The p-values are one-sided, from the normal approximation with a
/// continuity correction and the correction for ties (exact enough from
/// about eight values a sample; `bench` gives fifteen rounds). An empty
/// sample, or two samples with every value equal, give p = 1 both ways:
/// nothing tells them apart.
package struct RankSumTest: Hashable, Sendable {
    /// U of the second sample: how many (first, second) pairs have the
    /// second value larger, ties counting a half.
    package var u: Double
    /// The probability of a U this large or larger if neither sample tends
    /// to be larger: small when the second sample is larger.
    package var pSecondLarger: Double
    /// The same for a U this small or smaller: small when the second
    /// sample is smaller.
    package var pSecondSmaller: Double

    /// Tests `second` against `first`.
    package init(_ first: [Double], _ second: [Double]) {
        let n1 = Double(first.count), n2 = Double(second.count)
        var all = first.map { ($0, false) } + second.map { ($0, true) }
        all.sort { $0.0 < $1.0 }
        // Mid-ranks for ties, and the tie correction's sum of t³ − t.
        var rankSum = 0.0, ties = 0.0
        var i = 0
        while i < all.count {
            var j = i
            while j + 1 < all.count && all[j + 1].0 == all[i].0 { j += 1 }
            let rank = Double(i + j + 2) / 2
            for k in i...j where all[k].1 { rankSum += rank }
            let t = Double(j - i + 1)
            ties += t * t * t - t
            i = j + 1
        }
        u = rankSum - n2 * (n2 + 1) / 2
        let n = n1 + n2
        // With a sample empty (n may be 0 or 1) the variance is not a
        // number, and the guard answers before it is read.
        let variance = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1)))
        guard n1 > 0, n2 > 0, variance > 0 else {
            pSecondLarger = 1
            pSecondSmaller = 1
            return
        }
        let mean = n1 * n2 / 2, sd = variance.squareRoot()
        pSecondLarger = Self.upperTail((u - mean - 0.5) / sd)
        pSecondSmaller = Self.upperTail((mean - u - 0.5) / sd)
    }

    /// P(Z ≥ z) for a standard normal Z, to about 1e-7 (Abramowitz and
    /// Stegun 7.1.26 for erfc).
    package static func upperTail(_ z: Double) -> Double {
        let x = abs(z) / 2.0.squareRoot()
        let t = 1 / (1 + 0.327_591_1 * x)
        let poly = t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))))
        let erfc = poly * exp(-x * x)
        return z >= 0 ? erfc / 2 : 1 - erfc / 2
    }
}
