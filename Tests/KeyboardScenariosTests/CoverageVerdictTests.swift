import KeyboardScenarios
import Testing

/// Coverage's interval against known values: Wilson's 99 % score interval
/// (z = 2.576) for small campaigns, where it differs most from the normal
/// approximation around the raw share (statsmodels'
/// `proportion_confint(count, n, alpha=0.01, method="wilson")` gives the
/// same, to four decimals).
@Suite("Coverage: Wilson's interval")
struct CoverageVerdictTests {
    @Test(arguments: [
        (5, 20, 0.0874, 0.5372), (0, 10, 0.0, 0.3989), (10, 10, 0.6011, 1.0), (1, 50, 0.0024, 0.1501), (30, 40, 0.5473, 0.8816),
    ])
    func theIntervalIsWilsons(count: Int, judged: Int, low: Double, high: Double) {
        let i = CoverageVerdict.interval(count: count, judged: judged)
        #expect(abs(i.lowerBound - low) < 5e-5 && abs(i.upperBound - high) < 5e-5, "\(count)/\(judged): \(i)")
    }

    /// The verdicts it gives: 5 of 20 is undecided against 10 % (inside),
    /// met against 5 %, below against 60 %; none of ten cannot rule out 30 %.
    @Test func theVerdictReadsTheWholeInterval() {
        #expect(CoverageVerdict(count: 5, judged: 20, required: 0.10) == .undecided)
        #expect(CoverageVerdict(count: 5, judged: 20, required: 0.05) == .met)
        #expect(CoverageVerdict(count: 5, judged: 20, required: 0.60) == .below)
        #expect(CoverageVerdict(count: 0, judged: 10, required: 0.30) == .undecided)
        #expect(CoverageVerdict(count: 0, judged: 10, required: 0.40) == .below)
        #expect(CoverageVerdict(count: 1, judged: 0, required: 0.1) == .undecided, "nothing judged")
    }

    /// The interval's whole ends are exact, so a share at an end reads
    /// the whole interval as it is: a class seen in every one of n
    /// scenarios ends at 1 and is undecided against 100 % (the interval
    /// touches it), never below it; one never seen starts at 0 and meets a
    /// share of 0.
    @Test func theIntervalsWholeEndsAreExact() {
        for n in 1...200 {
            #expect(CoverageVerdict.interval(count: n, judged: n).upperBound == 1, "\(n) of \(n)")
            #expect(CoverageVerdict.interval(count: 0, judged: n).lowerBound == 0, "0 of \(n)")
            #expect(CoverageVerdict(count: n, judged: n, required: 1) == .undecided, "\(n) of \(n) against 100 %")
            #expect(CoverageVerdict(count: 0, judged: n, required: 0) == .met, "0 of \(n) against 0 %")
        }
    }
}
