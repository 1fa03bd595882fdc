/// How soon fuzz campaigns find one planted bug (the planted-bug benchmark,
/// docs/fuzzing.md): `seeds` trials from `firstSeed` on, each a campaign
/// with `Campaign`'s defaults stopped at its first failure within
/// `budget` runs. Runs are the fuzzer's figure of merit here, as time to a
/// bug is Magma's and FuzzBench's: unlike a time, they do not depend on the
/// machine.
package struct PlantedBugFigures: Hashable, Sendable {
    /// The planted bug's name (`planted.ignoresCaret`).
    package var bug: String
    package var firstSeed: UInt64
    /// Trials, one per seed.
    package var seeds: Int
    /// The runs each trial was allowed.
    package var budget: Int
    /// Trials that found the bug within the budget.
    package var found: Int
    /// Runs to the first counterexample, the median over the trials (a
    /// trial that did not find the bug counts the whole budget).
    package var medianRuns: Double
    /// The most runs a trial took (the budget when one did not find it).
    package var maxRuns: Int
    /// Events in the shrunk counterexample, the median over the trials
    /// that found the bug (1 or more: a counterexample holds at least the
    /// notification that broke an invariant); nil when none did.
    package var medianShrunkEvents: Double?

    package init(
        bug: String, firstSeed: UInt64, seeds: Int, budget: Int, found: Int, medianRuns: Double, maxRuns: Int, medianShrunkEvents: Double?
    ) {
        self.bug = bug
        self.firstSeed = firstSeed
        self.seeds = seeds
        self.budget = budget
        self.found = found
        self.medianRuns = medianRuns
        self.maxRuns = maxRuns
        self.medianShrunkEvents = medianShrunkEvents
    }

    /// The median of `values` (the mean of the middle two for an even
    /// count); nil for none.
    package static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted(), n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }
}
