/// How long a fuzz campaign takes to hand a nightly job its first bug for
/// one recipe: from the first scenario of `seed` to a shrunk counterexample,
/// the median wall time over `repeats` runs in one process.
///
/// The scenario, invariant and event count do not vary between runs (the
/// generator and the shrinker are deterministic); only the time does.
package struct CounterexampleTime: Hashable, Sendable {
    package var strategy: String
    package var seed: UInt64
    /// The index of the first violating scenario.
    package var scenario: Int
    /// The invariant shrunk (the lowest-numbered one the scenario violates).
    package var invariant: String
    /// Events in the shrunk trace.
    package var events: Int
    /// Median milliseconds from the first scenario to the shrunk trace.
    package var milliseconds: Double
    package var repeats: Int

    package init(strategy: String, seed: UInt64, scenario: Int, invariant: String, events: Int, milliseconds: Double, repeats: Int) {
        self.strategy = strategy
        self.seed = seed
        self.scenario = scenario
        self.invariant = invariant
        self.events = events
        self.milliseconds = milliseconds
        self.repeats = repeats
    }

}
