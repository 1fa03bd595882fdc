import KeyboardResults

/// Records for the comparison, export and report tests: one machine, one
/// build, figures scaled by a factor.
enum RecordFixtures {
    static let machine = Machine(os: "Linux", cpu: "Xeon E5-2680", cores: 2, host: "runner-1")

    /// A round's wobble around the median: ±2 %, the same in every record,
    /// so that two records' rounds differ by their scale alone.
    static let wobble = [0.98, 1.01, 1.00, 0.99, 1.02]

    /// Figures with `rounds` interleaved rounds around `p50` (each
    /// ``wobble``d, shifted by the name's length so that a benchmark and
    /// its calibrator wobble apart) and `calibrator` named.
    static func figures(
        _ name: String, p50: Double, p90: Double? = nil, allocations: Double = 0, calibrator: String? = nil, rounds: Int = 15
    ) -> BenchmarkFigures {
        let p90 = p90 ?? p50 * 1.5
        var f = BenchmarkFigures(
            name: name, p50: p50, p90: p90, p99: p90 * 2, p999: p90 * 3, max: p90 * 10, samples: 5_000, allocationsPerNotification: allocations)
        f.calibrator = calibrator
        f.roundMedians = (0..<rounds).map { p50 * wobble[($0 + name.count) % wobble.count] }
        return f
    }

    /// A release record on `machine` with `engine` (calibrated by `floor`)
    /// and `floor`: every time multiplied by `scale` (the machine), the
    /// engine's by `code` too (a change of the engine's code).
    static func record(
        commit: String = "a1b2c3d4e5f6", date: String = "2026-11-20T10:00:00Z", scale: Double = 1, code: Double = 1,
        machine: Machine = machine, build: Build = .release, benchmarks: [BenchmarkFigures]? = nil, schema: Int = ResultRecord.schemaVersion
    ) -> ResultRecord {
        let b = benchmarks ?? [figures("engine", p50: 150 * scale * code, calibrator: "floor"), figures("floor", p50: 12 * scale)]
        var r = ResultRecord(
            toolVersion: "0.3.0", gitCommit: commit, date: date, machine: machine, build: build, clockNanoseconds: 20, benchmarks: b, schema: schema)
        r.evaluateChecks()
        return r
    }
}
