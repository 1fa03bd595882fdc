extension ResultRecord {
    /// The checks of a run's figures. Every comparison between benchmarks
    /// is a ratio measured round by round in the same run (`ratios`, see
    /// ``BenchmarkRatio``), never two separately timed figures; a check whose
    /// benchmarks did not run is left out.
    ///
    /// - `engineWithin4xFloor`: engine p50 ≤ 4 × floor p50 (one rect
    ///   intersection).
    /// - `engineP99AtMostOneMicrosecond`.
    /// - `engineZeroAllocations`.
    /// - `engineTenTimesFasterThanCookbookFoundation`: at p50.
    ///
    /// The Foundation path (a real post, decoded, handled) is measured and
    /// its ratios are recorded, but nothing checks them: on Linux the
    /// decoder tells an `NSValue`'s contents apart by reflection, the only
    /// public API there that neither traps nor leaks, while apps run the
    /// Darwin branch, which no Linux run measures (see docs/benchmarks.md).
    ///
    /// In a debug build the time checks are not evaluated (an unoptimised
    /// build's times say nothing about the engine); the engine's zero
    /// allocations are checked in every build.
    package static func checks(_ benchmarks: [BenchmarkFigures], ratios: [BenchmarkRatio], build: Build) -> [Check] {
        func find(_ n: String) -> BenchmarkFigures? { benchmarks.first { $0.name == n } }
        func ratio(_ n: String) -> Double? { ratios.first { $0.name == n }?.median }
        func time(_ name: String, _ passed: Bool) -> Check {
            Check(name: name, outcome: build == .release ? (passed ? .passed : .failed) : .notEvaluated)
        }
        var c: [Check] = []
        if let engine = find("engine") {
            c.append(Check(name: "engineZeroAllocations", outcome: engine.allocationsPerNotification == 0 ? .passed : .failed))
            c.append(time("engineP99AtMostOneMicrosecond", engine.p99 <= 1_000))
        }
        if let r = ratio(BenchmarkRatio.engineOverFloor) { c.append(time("engineWithin4xFloor", r <= 4)) }
        if let r = ratio(BenchmarkRatio.cookbookFoundationOverEngine) { c.append(time("engineTenTimesFasterThanCookbookFoundation", r >= 10)) }
        return c
    }

    /// Checks that are targets not yet reached (issue 11: a faster engine):
    /// recorded, printed and reported as "target not met", but a miss does
    /// not fail a run, so that exit 2 keeps meaning something got worse.
    /// Every other check is a gate; a target becomes a gate once five
    /// consecutive release runs meet it.
    package static let targets: Set<String> = ["engineWithin4xFloor"]

    /// The gate checks that failed: what makes `bench` and the standard
    /// suite exit 2.
    package var failedChecks: [Check] { checks.filter { $0.outcome == .failed && !Self.targets.contains($0.name) } }

    /// The targets not met.
    package var missedTargets: [Check] { checks.filter { $0.outcome == .failed && Self.targets.contains($0.name) } }
}
