import Foundation
import KeyboardJSON

/// A record in the formats dashboards read. Names never hold control
/// characters (the record reader rejects them), so no format needs to escape
/// a newline.
package enum RecordExport {
    package enum Format: String, CaseIterable, Sendable {
        /// github-action-benchmark's `customSmallerIsBetter` JSON: one entry
        /// per benchmark and figure (p50 and p99 in ns, allocations per
        /// notification), named `engine p50 (CPU model, N cores, release)`
        /// and `engine allocations per notification (…)`. The tool compares
        /// entries by name, so a record from another machine or build starts
        /// its own series instead of raising a false alarm. Each recipe's time
        /// to a shrunk counterexample, when measured, is one more entry, in
        /// ms: `time to a shrunk counterexample: cookbook (…)`; each counted
        /// fuzz cost another, in instructions: `fuzz instructions per checked
        /// notification: engine seed 5 (…)`; each planted bug another, in
        /// runs: `runs to a planted bug, median: planted.ignoresCaret (…)`.
        case github
        /// Bencher Metric Format: a `latency` measure (value p50, bounds p50
        /// and p99, ns) and an `allocations` measure per benchmark; a
        /// `time-to-counterexample` measure (ms) per recipe, under
        /// `counterexample/RECIPE`; an `instructions` measure per counted fuzz
        /// cost, under `fuzz/STRATEGY-seed-SEED`; a `runs-to-bug` measure
        /// (the median, bounded above by the most) per planted bug, under
        /// `planted/BUG`.
        case bencher
        /// InfluxDB line protocol: one point per benchmark; the benchmark,
        /// the machine and the build are tags (each combination one series),
        /// the commit a field, the record's date the timestamp; each recipe's
        /// time to a shrunk counterexample is a point of
        /// `kbbench_counterexample` (field `milliseconds`); each counted fuzz
        /// cost a point of `kbbench_fuzz` (tags strategy and seed, field
        /// `instructions` per checked notification); each planted bug a
        /// point of `kbbench_planted` (tag bug; fields medianRuns, maxRuns,
        /// found, seeds).
        case influx
    }

    package static func text(_ r: ResultRecord, as format: Format) -> String {
        switch format {
        case .github:
            let extra = JSONWriter.Value.string("commit \(r.gitCommit), \(r.date)")
            let latencies = r.benchmarks.flatMap { b in
                [("p50", b.p50, "ns"), ("p99", b.p99, "ns"), ("allocations per notification", b.allocationsPerNotification, "allocations")].map {
                    figure, value, unit in
                    JSONWriter.Value.object([
                        ("name", .string("\(b.name) \(figure) (\(r.machine.summary), \(r.build.rawValue))")), ("unit", .string(unit)),
                        ("value", .number(value)), ("extra", extra),
                    ])
                }
            }
            let times = r.counterexampleTimes.map { t in
                JSONWriter.Value.object([
                    ("name", .string("time to a shrunk counterexample: \(t.strategy) (\(r.machine.summary), \(r.build.rawValue))")),
                    ("unit", .string("ms")), ("value", .number(t.milliseconds)), ("extra", extra),
                ])
            }
            let fuzz = r.fuzzCosts.map { f in
                JSONWriter.Value.object([
                    ("name", .string("fuzz instructions per checked notification: \(f.label) (\(r.machine.summary), \(r.build.rawValue))")),
                    ("unit", .string("instructions")), ("value", .number(f.instructionsPerCheckedNotification)), ("extra", extra),
                ])
            }
            let bugs = r.plantedBugs.map { b in
                JSONWriter.Value.object([
                    ("name", .string("runs to a planted bug, median: \(b.bug) (\(r.machine.summary), \(r.build.rawValue))")),
                    ("unit", .string("runs")), ("value", .number(b.medianRuns)), ("extra", extra),
                ])
            }
            return JSONWriter.string(.array(latencies + times + fuzz + bugs))
        case .bencher:
            let latencies = r.benchmarks.map { b in
                (
                    b.name,
                    JSONWriter.Value.object([
                        ("latency", .object([("value", .number(b.p50)), ("lower_value", .number(b.p50)), ("upper_value", .number(b.p99))])),
                        ("allocations", .object([("value", .number(b.allocationsPerNotification))])),
                    ])
                )
            }
            let times = r.counterexampleTimes.map { t in
                ("counterexample/\(t.strategy)", JSONWriter.Value.object([("time-to-counterexample", .object([("value", .number(t.milliseconds))]))]))
            }
            let fuzz = r.fuzzCosts.map { f in
                (
                    "fuzz/\(f.strategy)-seed-\(f.seed)",
                    JSONWriter.Value.object([("instructions", .object([("value", .number(f.instructionsPerCheckedNotification))]))])
                )
            }
            let bugs = r.plantedBugs.map { b in
                (
                    "planted/\(b.bug)",
                    JSONWriter.Value.object([
                        ("runs-to-bug", .object([("value", .number(b.medianRuns)), ("upper_value", .number(Double(b.maxRuns)))]))
                    ])
                )
            }
            return JSONWriter.string(.object(latencies + times + fuzz + bugs))
        case .influx:
            let stamp = ISO8601DateFormatter().date(from: r.date).map { " " + String(Int64($0.timeIntervalSince1970 * 1e9)) } ?? ""
            let series = "machine=\(tag(r.machine.summary)),build=\(tag(r.build.rawValue))"
            let latencies = r.benchmarks.map { b in
                let fields = "p50=\(b.p50),p90=\(b.p90),p99=\(b.p99),p999=\(b.p999),max=\(b.max),allocations=\(b.allocationsPerNotification)"
                return "kbbench,benchmark=\(tag(b.name)),\(series) \(fields),commit=\(fieldString(r.gitCommit))\(stamp)"
            }
            let times = r.counterexampleTimes.map { t in
                "kbbench_counterexample,strategy=\(tag(t.strategy)),\(series) milliseconds=\(t.milliseconds),commit=\(fieldString(r.gitCommit))\(stamp)"
            }
            let fuzz = r.fuzzCosts.map { f in
                "kbbench_fuzz,strategy=\(tag(f.strategy)),seed=\(f.seed),\(series) instructions=\(f.instructionsPerCheckedNotification),"
                    + "commit=\(fieldString(r.gitCommit))\(stamp)"
            }
            let bugs = r.plantedBugs.map { b in
                "kbbench_planted,bug=\(tag(b.bug)),\(series) medianRuns=\(b.medianRuns),maxRuns=\(b.maxRuns)i,found=\(b.found)i,seeds=\(b.seeds)i,"
                    + "commit=\(fieldString(r.gitCommit))\(stamp)"
            }
            return (latencies + times + fuzz + bugs).joined(separator: "\n")
        }
    }

    /// A tag value in line protocol: commas, spaces, equals signs and
    /// backslashes escaped. An empty value (which line protocol forbids)
    /// becomes "unknown".
    package static func tag(_ s: String) -> String {
        if s.isEmpty { return "unknown" }
        var out = ""
        for c in s {
            if c == "," || c == " " || c == "=" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// A string field value in line protocol: quoted, with `"` and `\`
    /// escaped.
    package static func fieldString(_ s: String) -> String {
        var out = "\""
        for c in s {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }
}
