/// A check of a record's figures: what it measures, its limit (data, written
/// into every record beside the check), and how a record's figures meet it.
/// A failed gate makes `bench` and the standard suite exit 2, naming it.
///
/// Gates are named for what they measure, never for their limits, so that a
/// limit can move without renaming a key of the record.
package struct Gate: Sendable {
    package enum Comparison: Sendable {
        /// The measured figure may be at most the limit.
        case atMost
        /// The measured figure must be at least the limit.
        case atLeast
    }

    package var name: String
    /// What is measured, in words (docs/benchmarks.md lists them).
    package var measures: String
    package var limit: Double
    package var unit: String
    package var comparison: Comparison
    /// Whether only an optimised build's figure says anything (times and
    /// instruction counts): in a debug build the gate is not evaluated.
    package var needsRelease: Bool
    /// The figure the gate reads from a record; nil when the record lacks it
    /// (the gate is then left out of the record's checks).
    package var measured: @Sendable (ResultRecord) -> Double?

    /// Whether `value` meets the limit.
    package func holds(_ value: Double) -> Bool {
        switch comparison {
        case .atMost: value <= limit
        case .atLeast: value >= limit
        }
    }

    /// Every gate, in the order records list them.
    ///
    /// - `engineAllocations`: the engine allocates nothing per notification,
    ///   on screens of fields (`engine`) or on chat screens (`engine-chat`),
    ///   in every build.
    /// - `engineP99`: the engine's p99 per notification, at most 1 µs.
    /// - `engineInstructions`: the engine's instructions per notification,
    ///   when counted (`scripts/bench-instructions`), at most 1,060.
    /// - `engineChatInstructions`: the same on chat screens (`engine-chat`:
    ///   the transcript's path), at most 1,180.
    /// - `cookbookFoundationOverEngineInstructions`: the cookbook recipe done
    ///   with Foundation costs at least 7 times the engine's instructions,
    ///   when both are counted: instructions do not depend on the CPU a
    ///   runner draws, which the same ratio in time does (it is reported,
    ///   in `ratios`, and gates nothing).
    /// - `timeToShrunkCounterexample`: every recipe's time from the first
    ///   scenario of fuzz seed 1 to its first shrunk counterexample
    ///   (``CounterexampleTime``), at most 100 ms.
    /// - `plantedBugsMissed`: the planted-bug trials that did not find their
    ///   bug within their budget (``PlantedBugFigures``), none: the
    ///   default budget finds every planted bug on every seed tried.
    /// - `plantedSlowdownsMisjudged`: the planted-slowdown trials
    ///   (``PlantedSlowdownTrial``) the verdict got wrong by the counts: a
    ///   plant of 3 % or more not named, or a benchmark named that nothing
    ///   slowed; none. A 1 % plant is under the rule's 2 % and is recorded,
    ///   not required.
    package static let all: [Gate] = [
        Gate(
            name: "engineAllocations", measures: "the engine's allocations per notification, on screens of fields and on chat screens", limit: 0,
            unit: "allocations", comparison: .atMost, needsRelease: false,
            measured: { r in ["engine", "engine-chat"].compactMap { r.benchmark($0)?.allocationsPerNotification }.max() }),
        Gate(
            name: "engineP99", measures: "the engine's p99 per notification", limit: 1_000, unit: "ns", comparison: .atMost,
            needsRelease: true, measured: { $0.benchmark("engine")?.p99 }),
        Gate(
            name: "engineInstructions", measures: "the engine's instructions per notification", limit: 1_060, unit: "instructions",
            comparison: .atMost, needsRelease: true, measured: { $0.benchmark("engine")?.instructionsPerNotification }),
        Gate(
            name: "engineChatInstructions", measures: "the engine's instructions per notification on chat screens", limit: 1_195,
            unit: "instructions", comparison: .atMost, needsRelease: true,
            measured: { $0.benchmark("engine-chat")?.instructionsPerNotification }),
        Gate(
            name: "cookbookFoundationOverEngineInstructions",
            measures: "the cookbook recipe done with Foundation, in instructions per notification, over the engine's", limit: 7, unit: "×",
            comparison: .atLeast, needsRelease: true,
            measured: { r in
                guard let c = r.benchmark("cookbook-foundation")?.instructionsPerNotification,
                    let e = r.benchmark("engine")?.instructionsPerNotification, e > 0
                else { return nil }
                return c / e
            }),
        Gate(
            name: "timeToShrunkCounterexample", measures: "the slowest recipe's time from fuzz seed 1's first scenario to a shrunk counterexample",
            limit: 100, unit: "ms", comparison: .atMost, needsRelease: true,
            measured: { r in r.counterexampleTimes.isEmpty ? nil : r.counterexampleTimes.map(\.milliseconds).max() }),
        Gate(
            name: "plantedBugsMissed", measures: "the planted-bug trials that did not find their bug within their budget", limit: 0,
            unit: "trials", comparison: .atMost, needsRelease: false,
            measured: { r in r.plantedBugs.isEmpty ? nil : Double(r.plantedBugs.reduce(0) { $0 + $1.seeds - $1.found }) }),
        Gate(
            name: "plantedSlowdownsMisjudged",
            measures: "the planted-slowdown trials judged wrong by the counts (a plant of 3 % or more missed, or an unplanted benchmark named)",
            limit: 0, unit: "trials", comparison: .atMost, needsRelease: true,
            measured: { r in
                let counted = r.plantedSlowdowns.filter { $0.caughtByCounts != nil || $0.target == nil }
                guard r.benchmarks.contains(where: { $0.instructionsPerNotification != nil }), !counted.isEmpty else { return nil }
                return Double(counted.filter(\.misjudgedByCounts).count)
            }),
    ]

    /// The limit as the table, the help and the docs print it: `≤ 1000 ns`,
    /// `≥ 7×`; `limit` replaces the catalog's (a record's own, say).
    package func limitText(_ limit: Double? = nil) -> String {
        let value = limit ?? self.limit
        let number = RegressionRule.number(value)
        return (comparison == .atMost ? "≤ " : "≥ ") + number + (unit == "×" ? "×" : " " + unit)
    }

    /// The gate called `name`, if there is one.
    package static func named(_ name: String) -> Gate? { all.first { $0.name == name } }
}
