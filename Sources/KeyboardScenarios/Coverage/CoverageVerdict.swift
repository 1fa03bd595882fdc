/// Whether a labelled class of scenarios reached its required share, with
/// 99 % confidence, as QuickCheck's `checkCoverage` decides it: the share
/// seen in `judged` scenarios is a sample, and a class is below its share
/// only when the whole confidence interval is, met only when the whole of
/// it is at or above; in between the sample cannot tell.
///
/// The interval is Wilson's score interval (z = 2.576): it stays inside
/// 0…1 and is usable for classes seen zero times, which count as the worst
/// case rather than being left out.
package enum CoverageVerdict: Hashable, Sendable {
    /// Confidently at or above the required share.
    case met
    /// Confidently below it.
    case below
    /// The sample is too small to tell.
    case undecided

    /// The z value of a two-sided 99 % interval.
    static let z = 2.576

    /// The verdict for `count` of `judged` scenarios against `required`
    /// (a share, 0…1). With nothing judged, undecided.
    package init(count: Int, judged: Int, required: Double) {
        guard judged > 0 else {
            self = .undecided
            return
        }
        let interval = Self.interval(count: count, judged: judged)
        if interval.lowerBound >= required {
            self = .met
        } else if interval.upperBound < required {
            self = .below
        } else {
            self = .undecided
        }
    }

    /// Wilson's score interval for the share `count / judged` (`judged` > 0).
    /// Its ends are exact where they are whole: it starts at 0 for a class
    /// never seen and ends at 1 for one seen in every scenario (the
    /// formula's rounding would leave 1 − 2⁻⁵³ for 100 of 100, below a
    /// share of 100 %).
    package static func interval(count: Int, judged: Int) -> ClosedRange<Double> {
        let n = Double(judged), p = Double(count) / n, z2 = z * z
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot() / (1 + z2 / n)
        return (count <= 0 ? 0 : Swift.max(0, centre - half))...(count >= judged ? 1 : Swift.min(1, centre + half))
    }
}
