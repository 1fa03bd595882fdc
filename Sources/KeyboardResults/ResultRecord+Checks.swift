extension ResultRecord {
    /// The checks of a record's figures, each from one run's numbers.
    ///
    /// In a debug build the time checks are not evaluated (an unoptimised
    /// build's times say nothing about the engine); allocation counts are
    /// evaluated in every build.
    package static func checks(_ benchmarks: [BenchmarkFigures], build: Build) -> [Check] {
        func find(_ n: String) -> BenchmarkFigures? { benchmarks.first { $0.name == n } }
        func time(_ name: String, _ passed: Bool) -> Check {
            Check(name: name, outcome: build == .release ? (passed ? .passed : .failed) : .notEvaluated)
        }
        guard let engine = find("engine") else { return [] }
        var c: [Check] = [
            Check(name: "engineZeroAllocations", outcome: engine.allocationsPerNotification == 0 ? .passed : .failed),
            time("engineP99AtMostOneMicrosecond", engine.p99 <= 1_000),
        ]
        if let cookbook = find("cookbook-foundation") {
            c.append(time("engineTenTimesFasterThanCookbookFoundation", cookbook.p50 >= 10 * engine.p50))
        }
        if let path = find("foundation-path"), let bare = find("bare-post") {
            c.append(time("foundationPathWithin125PercentOfBarePost", path.p50 <= 1.25 * bare.p50))
        }
        return c
    }

    /// The checks that failed.
    package var failedChecks: [Check] { checks.filter { $0.outcome == .failed } }
}
