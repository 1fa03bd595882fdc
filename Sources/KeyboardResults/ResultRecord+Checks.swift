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
    /// - `foundationPathWithin3xBarePost`: a real post, decoded and handled,
    ///   at most 3 × a post to an observer that does nothing, at p50.
    /// - `foundationPathDecodingWithin125PercentOfCookbook`: what the post
    ///   costs beyond a bare post (the full, validated decoding and the
    ///   engine) at most 1.25 × the cookbook recipe's lookups and arithmetic.
    /// - `foundationPathAllocationsAtMostBarePostPlusOne`.
    ///
    /// In a debug build the time checks are not evaluated (an unoptimised
    /// build's times say nothing about the engine), nor is the Foundation
    /// path's allocation count (unoptimised code boxes the existentials the
    /// decoder reads in place: 6.6 allocations against 3.0 in release); the
    /// engine's zero allocations are checked in every build.
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
        if let r = ratio(BenchmarkRatio.foundationPathOverBarePost) { c.append(time("foundationPathWithin3xBarePost", r <= 3)) }
        if let r = ratio(BenchmarkRatio.decodingOverCookbookFoundation) {
            c.append(time("foundationPathDecodingWithin125PercentOfCookbook", r <= 1.25))
        }
        if let path = find("foundation-path"), let bare = find("bare-post") {
            c.append(time("foundationPathAllocationsAtMostBarePostPlusOne", path.allocationsPerNotification <= bare.allocationsPerNotification + 1))
        }
        return c
    }

    /// Checks that are targets not yet reached (issue 11: a faster engine):
    /// recorded, printed and reported as "target not met", but a miss does
    /// not fail a run, so that exit 2 keeps meaning something got worse.
    /// Every other check is a gate; a target becomes a gate once five
    /// consecutive release runs meet it, as the decoding and allocation
    /// checks did when the decoder stopped reflecting, and the Linux post
    /// within 3× a bare post did when the decoder stopped copying userInfo
    /// entries out (2.24–2.41 in five runs, 2026-11-23).
    package static let targets: Set<String> = ["engineWithin4xFloor"]

    /// The gate checks that failed: what makes `bench` and the standard
    /// suite exit 2.
    package var failedChecks: [Check] { checks.filter { $0.outcome == .failed && !Self.targets.contains($0.name) } }

    /// The targets not met.
    package var missedTargets: [Check] { checks.filter { $0.outcome == .failed && Self.targets.contains($0.name) } }
}
