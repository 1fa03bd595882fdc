import KeyboardResults

/// Records for the comparison, export and report tests: one machine, one
/// build, figures scaled by a factor.
enum RecordFixtures {
    static let machine = Machine(os: "Linux", cpu: "Xeon E5-2680", cores: 2, host: "runner-1")

    static func figures(_ name: String, p50: Double, p90: Double? = nil, allocations: Double = 0) -> BenchmarkFigures {
        let p90 = p90 ?? p50 * 1.5
        return BenchmarkFigures(
            name: name, p50: p50, p90: p90, p99: p90 * 2, p999: p90 * 3, max: p90 * 10, samples: 5_000, allocationsPerNotification: allocations)
    }

    /// A release record on `machine` with `engine` and `floor`, every time
    /// multiplied by `scale`.
    static func record(
        commit: String = "a1b2c3d4e5f6", date: String = "2026-11-20T10:00:00Z", scale: Double = 1, machine: Machine = machine,
        build: Build = .release, benchmarks: [BenchmarkFigures]? = nil, schema: Int = ResultRecord.schemaVersion
    ) -> ResultRecord {
        let b = benchmarks ?? [figures("engine", p50: 150 * scale), figures("floor", p50: 12 * scale)]
        var r = ResultRecord(
            toolVersion: "0.3.0", gitCommit: commit, date: date, machine: machine, build: build, clockNanoseconds: 20, benchmarks: b, schema: schema)
        r.evaluateChecks()
        return r
    }
}
