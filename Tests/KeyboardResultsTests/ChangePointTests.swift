import KeyboardRandom
import KeyboardResults
import Testing

/// The statistics behind the verdict and the dashboard: the rank-sum test
/// of two records' rounds, and E-divisive means over a series.
@Suite("Change points and the rank-sum test")
struct ChangePointTests {
    typealias F = RecordFixtures

    /// Known values: U counts the pairs the second sample wins, ties a
    /// half ([2, 3, 4] against [1, 2, 3]: 3 + 2.5 + 1.5); the normal approximation's p for 5 against 5 with no overlap
    /// is 0.0061 (scipy's `mannwhitneyu(..., method="asymptotic")` with the
    /// continuity correction gives 0.00609).
    @Test func theRankSumTestMatchesKnownValues() {
        let all = RankSumTest([1, 2, 3, 4, 5], [6, 7, 8, 9, 10])
        #expect(all.u == 25 && abs(all.pSecondLarger - 0.00609) < 0.0002 && all.pSecondSmaller > 0.99)
        let half = RankSumTest([1, 2, 3], [2, 3, 4])
        #expect(half.u == 7)
        let swapped = RankSumTest([6, 7, 8, 9, 10], [1, 2, 3, 4, 5])
        #expect(swapped.u == 0 && abs(swapped.pSecondSmaller - all.pSecondLarger) < 1e-12)
        // Nothing tells equal samples, or an empty one, apart (one value
        // or none in all: no pair to count ties over).
        #expect(RankSumTest([3, 3, 3], [3, 3]).pSecondLarger == 1 && RankSumTest([], [1, 2]).pSecondSmaller == 1)
        for (first, second) in [([], [1.0]), ([1.0], []), ([], [])] {
            let nothing = RankSumTest(first, second)
            #expect(nothing.pSecondLarger == 1 && nothing.pSecondSmaller == 1, "\(first) against \(second)")
        }
        // One value against one larger (U 1, mean 1/2, a variance of 1/4):
        // with the continuity correction z is 0 for "larger", p 1/2, and
        // -2 for "smaller", p = P(Z ≥ -2) ≈ 0.97725.
        let pair = RankSumTest([1], [2])
        #expect(pair.u == 1 && abs(pair.pSecondLarger - 0.5) < 1e-6 && abs(pair.pSecondSmaller - 0.97725) < 1e-5)
        // The upper tail of the standard normal.
        #expect(abs(RankSumTest.upperTail(1.959964) - 0.025) < 1e-6 && abs(RankSumTest.upperTail(0) - 0.5) < 1e-6)
        #expect(abs(RankSumTest.upperTail(-1.644854) - 0.95) < 1e-6)
        #expect(abs(RankSumTest.upperTail(0.5) - 0.308_537_5) < 1e-6, "between 0 and 1 too")
        // A tail falls as z rises, and the two tails of ±z make 1, for
        // every quarter from -4 to 4 (to the formula's 1e-7).
        let zs = stride(from: -4.0, through: 4, by: 0.25).map { $0 }
        for (z, next) in zip(zs, zs.dropFirst()) {
            #expect(RankSumTest.upperTail(next) < RankSumTest.upperTail(z), "z \(z) to \(next)")
            #expect(abs(RankSumTest.upperTail(z) + RankSumTest.upperTail(-z) - 1) < 1e-7, "z \(z)")
        }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aConstantSeriesHasNoChangePoint(seed: UInt64) {
        #expect(EnergyDivisive().changePoints(Array(repeating: 1.25, count: 12)).isEmpty)
        // Noise of ±2 % around one level: no split is significant.
        var g = seed &* 0x9E37_79B9_7F4A_7C15
        let noisy = (0..<14).map { _ in
            g = g &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return 1 + Double(g >> 11) / Double(1 << 53) * 0.04 - 0.02
        }
        #expect(EnergyDivisive().changePoints(noisy).isEmpty, "seed \(seed): \(noisy)")
    }

    /// One step, two steps; and the answer does not depend on the series'
    /// scale or offset.
    @Test(arguments: [1.0, 1e-3, 250.0])
    func stepsAreFoundWhereTheyAre(scale: Double) {
        let wobble = F.wobble
        let step = (0..<12).map { (($0 < 6 ? 1.0 : 1.3) * wobble[$0 % wobble.count]) * scale + 7 }
        #expect(EnergyDivisive().changePoints(step) == [6])
        let two = (0..<15).map { (($0 < 5 ? 1.0 : $0 < 10 ? 1.5 : 0.8) * wobble[$0 % wobble.count]) * scale }
        #expect(EnergyDivisive().changePoints(two) == [5, 10])
        // Two values cannot confirm a level: a step at the newest record
        // waits for the history after it.
        #expect(EnergyDivisive().changePoints([1, 1, 1, 1, 1, 2, 2]).isEmpty)
    }

    /// A segment holds one value at least: a minimum below one is one.
    @Test func aMinimumSegmentBelowOneIsOne() {
        #expect(EnergyDivisive(minimumSegment: 0).minimumSegment == 1 && EnergyDivisive(minimumSegment: -3).minimumSegment == 1)
        #expect(EnergyDivisive(minimumSegment: 3).minimumSegment == 3)
    }

    /// The permutation test's p counts the observed split among the
    /// permutations: with 3 permutations that all fall short of a clear
    /// step, p is exactly 1/4, so the step is kept under a significance of
    /// 0.3 and not under 0.25 (p must be below it).
    @Test func thePermutationTestsPCountsTheObservedSplit() {
        let step: [Double] = [0, 0, 0, 0, 10, 10, 10, 10]
        #expect(EnergyDivisive(permutations: 3, significance: 0.3).changePoints(step) == [4])
        #expect(EnergyDivisive(permutations: 3, significance: 0.25).changePoints(step).isEmpty)
        // The default's 199 permutations (docs/benchmarks.md): a step no
        // permutation matches (ten values then ten, out of 184,756
        // arrangements) has p = 1/200 exactly, kept under 0.00501 and not
        // under 0.005.
        let clear = Array(repeating: 0.0, count: 10) + Array(repeating: 10.0, count: 10)
        #expect(EnergyDivisive(significance: 0.00501).changePoints(clear) == [10])
        #expect(EnergyDivisive(significance: 0.005).changePoints(clear).isEmpty)
    }

    /// The statistic against values worked by hand: between [0, 2] and
    /// [1, 3], 2 × 1.5 − 2 − 2 = −1, scaled by 2·2 ÷ 4; between [0, 0] and
    /// [1, 1], 2 × 1 − 0 − 0 = 2.
    @Test func theEnergyStatisticIsTheScaledEnergyDistance() {
        #expect(EnergyDivisive.statistic([0, 2], [1, 3]) == -1)
        #expect(EnergyDivisive.statistic([0, 0], [1, 1]) == 2)
        // [5] and [5, 9]: 2 × 2 − 0 − 4 = 0.
        #expect(EnergyDivisive.statistic([5], [5, 9]) == 0)
        #expect(EnergyDivisive.statistic([5], [9, 9]) == 2.0 / 3.0 * 8.0)
    }

    /// The edges of the search: a constant series has no change point even
    /// when one permutation is all the test gets (it ties the split, so
    /// p = 1); a step near the end leaves a segment too short to split
    /// again, which is skipped, not searched.
    @Test func theSearchsEdges() {
        #expect(EnergyDivisive(permutations: 1, significance: 0.6).changePoints([1, 1, 1, 1]).isEmpty)
        let late: [Double] = Array(repeating: 1, count: 11) + [9, 9, 9]
        #expect(EnergyDivisive().changePoints(late) == [11])
        #expect(EnergyDivisive().changePoints([]).isEmpty && EnergyDivisive().changePoints([4]).isEmpty)
        // A segment of exactly twice the minimum is searched: four values
        // split two and two (a third of the orders are as far apart, so
        // the significance asked is above a third).
        #expect(EnergyDivisive(minimumSegment: 2, significance: 0.6).changePoints([1, 1, 9, 9]) == [2])
    }

    /// Of splits with equal statistics the earliest is taken: 0 0 5 5 0 0
    /// ties at 2 and at 4 (each the other's mirror, the sums exact), and a
    /// segment too short to split on either side gives none.
    @Test func aTieGoesToTheEarliestSplit() {
        let detector = EnergyDivisive()
        let x: [Double] = [0, 0, 5, 5, 0, 0]
        #expect(EnergyDivisive.statistic(x[0..<2], x[2..<6]) == EnergyDivisive.statistic(x[0..<4], x[4..<6]), "the tie")
        #expect(detector.bestSplit(x, [0, 6])?.at == 2)
        #expect(detector.bestSplit(x, [0, 3, 6]) == nil, "no segment of 3 splits into two of at least 2")
    }

    /// The permutations are uniform: shuffling three values 600 times from
    /// a fixed seed gives all six orders, each between 60 and 140 times,
    /// and leaves the values outside the range alone; two values 200 times
    /// give both orders, each between 60 and 140 times.
    @Test func theShuffleReachesEveryOrder() {
        var random = SplitMix64(seed: 76)
        var seen: [[Double]: Int] = [:]
        for _ in 0..<600 {
            var x: [Double] = [9, 0, 1, 2, 9]
            EnergyDivisive.shuffle(&x, 1..<4, &random)
            #expect(x.first == 9 && x.last == 9)
            seen[Array(x[1..<4]), default: 0] += 1
        }
        #expect(seen.count == 6 && seen.values.allSatisfy { (60...140).contains($0) }, "\(seen)")
        // Two values are shuffled too: both orders, about as often.
        var pairs: [[Double]: Int] = [:]
        for _ in 0..<200 {
            var x: [Double] = [9, 0, 1, 9]
            EnergyDivisive.shuffle(&x, 1..<3, &random)
            pairs[Array(x[1..<3]), default: 0] += 1
        }
        #expect(pairs.count == 2 && pairs.values.allSatisfy { (60...140).contains($0) }, "\(pairs)")
    }

    /// A step in counts is a change point exactly where the gate, judging
    /// the two records, would not call it the same: steps from 1,000
    /// instructions to 970…1,030, each bound of the 2 % tolerance (1,020
    /// up, 1,000 ÷ 1.02 down) and the counts either side of it included.
    @Test func aCountedStepIsAChangePointExactlyWhereTheGateSeesAMove() {
        let rule = RegressionRule.standard
        var moved = 0
        for after in Array(stride(from: 970.0, through: 1_030, by: 1)) + [1_000 / 1.02, 1_000 * 1.02, (1_000 * 1.02).nextUp] {
            var entries = ReportPageTests.history(4, scales: [1, 3, 1, 3])
            for (i, count) in [1_000, 1_000, after, after].enumerated() { entries[i].record.benchmarks[0].instructionsPerNotification = count }
            let points = RecordSeries.group(entries)[0].changePoints(of: "engine", rule: rule)
            let gate = rule.judge(base: entries[1].record.benchmarks[0], new: entries[2].record.benchmarks[0])
            #expect(gate.decidedBy == .instructions)
            #expect((points.map(\.index) == [2]) == (gate.verdict != .same), "1,000 → \(after): \(points), the gate: \(gate.verdict)")
            if gate.verdict != .same { moved += 1 }
        }
        #expect(moved > 0 && moved < 64, "the sweep crosses both bounds: \(moved) of 64 steps moved")
    }

    /// Along a series: a calibrated step beyond the tolerance is one change
    /// point at its first record; an instruction step beyond 2 % is one,
    /// with no test needed; a benchmark any record marks as varying has
    /// none.
    @Test func aSeriesMarksTheCodesStepsAndOnlyThem() {
        let codes: [Double] = [1, 1, 1, 1, 1.6, 1.6, 1.6, 1.6]
        let scales: [Double] = [1, 2, 0.7, 1.4, 1, 2.2, 0.9, 1.3]
        let timed = RecordSeries.group(ReportPageTests.history(8, scales: scales, codes: codes))[0]
        let points = timed.changePoints(of: "engine", rule: .standard)
        #expect(points.map(\.index) == [4] && points.map(\.figure) == [.time] && abs((points.first?.ratio ?? 0) - 1.6) < 1e-9)
        #expect(timed.changePoints(of: "floor", rule: .standard).isEmpty)
        // The same steps in counts: 3 % more work is a change point.
        var entries = ReportPageTests.history(4, scales: [1, 3, 1, 3])
        for (i, count) in [1_000.0, 1_000, 1_030, 1_030].enumerated() { entries[i].record.benchmarks[0].instructionsPerNotification = count }
        let counted = RecordSeries.group(entries)[0].changePoints(of: "engine", rule: .standard)
        #expect(counted.map(\.index) == [2] && counted.map(\.figure) == [.instructions] && counted.first?.after == 1_030)
        // And 3 % less work is one too, a speedup.
        for (i, count) in [1_030.0, 1_030, 1_000, 1_000].enumerated() { entries[i].record.benchmarks[0].instructionsPerNotification = count }
        let fewer = RecordSeries.group(entries)[0].changePoints(of: "engine", rule: .standard)
        #expect(fewer.map(\.index) == [2] && fewer.first?.after == 1_000, "\(fewer)")
        entries[0].record.benchmarks[0].instructionsVaryWithBuild = true
        #expect(RecordSeries.group(entries)[0].changePoints(of: "engine", rule: .standard).isEmpty)
        // A step the detector finds but within the time tolerance either
        // way is no change point; a speedup beyond it is one.
        let small = RecordSeries.group(ReportPageTests.history(8, scales: scales, codes: [1, 1, 1, 1, 1.05, 1.05, 1.05, 1.05]))[0]
        #expect(small.changePoints(of: "engine", rule: .standard).isEmpty, "a 5 % step is within the tolerance")
        let faster = RecordSeries.group(ReportPageTests.history(8, scales: scales, codes: [1.6, 1.6, 1.6, 1.6, 1, 1, 1, 1]))[0]
        let sped = faster.changePoints(of: "engine", rule: .standard)
        #expect(sped.map(\.index) == [4] && abs((sped.first?.ratio ?? 0) - 1 / 1.6) < 1e-9, "\(sped)")
        let html = ReportPage.html(ReportPageTests.history(8, scales: scales, codes: codes))
        #expect(html.contains("1 found.") && html.contains("<td>×1.60</td><td>time against floor</td><td>5555555"), "\(html)")
    }
    /// The engine's time change points in a series whose records'
    /// calibrated levels are `codes`: every round's median the same in a
    /// record, so that the levels are exact.
    static func points(_ codes: [Double]) -> [ChangePoint] {
        let entries = codes.enumerated().map { i, code in
            var engine = F.figures("engine", p50: 10 * code, calibrator: "floor"), floor = F.figures("floor", p50: 10)
            engine.roundMedians = Array(repeating: 10 * code, count: 15)
            floor.roundMedians = Array(repeating: 10, count: 15)
            let record = F.record(
                commit: String(repeating: String(i + 1), count: 12), date: "2026-11-2\(i)T10:00:00Z", benchmarks: [engine, floor])
            return RecordSeries.Entry(path: "results/\(i).json", record: record)
        }
        return RecordSeries.group(entries)[0].changePoints(of: "engine", rule: .standard)
    }

    /// The time tolerance is a bound a step must pass: a step of exactly
    /// ×1.4 (the standard rule's 40 %) either way is no change point, and
    /// the same step a little larger is one, where the detector splits.
    @Test func aStepOfExactlyTheToleranceIsNone() {
        #expect(RegressionRule.standard.time == 0.40)
        #expect(Self.points([1, 1, 1, 1, 1.4, 1.4, 1.4, 1.4]).isEmpty, "×1.4 exactly is within the tolerance")
        #expect(Self.points([1.4, 1.4, 1.4, 1.4, 1, 1, 1, 1]).isEmpty, "÷1.4 exactly is within the tolerance")
        #expect(Self.points([1, 1, 1, 1, 1.41, 1.41, 1.41, 1.41]).map(\.index) == [4])
        #expect(Self.points([1.41, 1.41, 1.41, 1.41, 1, 1, 1, 1]).map(\.index) == [4])
    }

    /// A change point's levels are the means of the whole segments either
    /// side of it, from the series' first record to its last: levels 0.8,
    /// 1, 1 and 1.2 before a step to 2 make 1 before it and 2 after.
    @Test func aChangePointsLevelsAreItsWholeSegmentsMeans() throws {
        let point = try #require(Self.points([0.8, 1, 1, 1.2, 2, 2, 2, 2]).first)
        #expect(point.index == 4 && abs(point.before - 1) < 1e-12 && abs(point.after - 2) < 1e-12, "\(point)")
    }
}
