import KeyboardHarness
import KeyboardPlantedBugs
import KeyboardResults
import Testing

/// How the planted-bug benchmark sums its trials up: a trial that missed
/// its bug counts its whole budget in the median and the maximum (leaving
/// misses out would flatter the fuzzer), and the shrunk size is over the
/// trials that found it.
@Suite("Planted bugs: the figures")
struct PlantedBugFiguresTests {
    @Test("a missed trial counts as the whole budget (the window-caching bug, seeds 7301…7305, the first budget with a miss and a find)")
    func aMissedTrialCountsTheWholeBudget() throws {
        let bug = try #require(PlantedBugBenchmark.bugs.first { $0.name.contains("cachesWindowUntilRotation") })
        for budget in [20, 40, 80, 160] {
            let trials = try (7_301...7_305).map { try PlantedBugBenchmark.trial(bug, seed: UInt64($0), budget: budget) }
            let found = trials.filter(\.found)
            guard !found.isEmpty && found.count < trials.count else { continue }
            #expect(trials.filter { !$0.found }.allSatisfy { $0.runs == budget }, "a miss ran its budget")
            let figures = try #require(try PlantedBugBenchmark.figures(bug, firstSeed: 7_301, seeds: 5, budget: budget))
            #expect(figures.found == found.count && figures.maxRuns == budget)
            #expect(figures.medianRuns == PlantedBugFigures.median(trials.map { Double($0.runs) }), "budget \(budget): \(trials.map(\.runs))")
            #expect(figures.medianShrunkEvents == PlantedBugFigures.median(found.compactMap { $0.shrunkEvents.map(Double.init) }))
            return
        }
        Issue.record("no budget gave both a miss and a find")
    }

    @Test("the trials are those of the seeds from the first on, upwards (the window-caching bug, seeds 7300…7302, budget 160)")
    func theSeedsCountUpFromTheFirst() throws {
        let bug = try #require(PlantedBugBenchmark.bugs.first { $0.name.contains("cachesWindowUntilRotation") })
        let runs = try (7_300...7_302).map { try PlantedBugBenchmark.trial(bug, seed: UInt64($0), budget: 160).runs }
        #expect(runs[0] != runs[2], "the seed below the first and the one above it tell the two directions apart")
        let figures = try #require(try PlantedBugBenchmark.figures(bug, firstSeed: 7_301, seeds: 2, budget: 160))
        #expect(figures.medianRuns == PlantedBugFigures.median([Double(runs[1]), Double(runs[2])]), "runs \(runs)")
    }
    /// The median of one to six values, odd and even counts, given out of
    /// order: the middle value, or the mean of the middle two; nil for none.
    @Test(
        arguments: [
            ([], nil), ([5], 5), ([3, 1], 2), ([3, 1, 2], 2), ([4, 1, 3, 2], 2.5), ([5, 1, 4, 2, 3], 3), ([6, 1, 5, 2, 4, 3], 3.5),
        ] as [([Double], Double?)])
    func theMedianIsTheMiddleValueOrTheMeanOfTheMiddleTwo(values: [Double], median: Double?) {
        #expect(PlantedBugFigures.median(values) == median)
    }

    /// No seed, no trial: nothing found, and every figure of runs 0 (no
    /// shrunk size at all), not a run that never happened.
    @Test func noSeedIsNoTrialAndNoRun() throws {
        let bug = try #require(PlantedBugBenchmark.bugs.first)
        let figures = try #require(try PlantedBugBenchmark.figures(bug, firstSeed: 1, seeds: 0))
        #expect(figures.seeds == 0 && figures.found == 0)
        #expect(figures.medianRuns == 0 && figures.maxRuns == 0 && figures.medianShrunkEvents == nil)
    }
}
