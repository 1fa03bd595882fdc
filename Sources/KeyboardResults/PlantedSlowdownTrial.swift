import KeyboardJSON

/// One trial of the planted-slowdown benchmark of the verdict (`kbbench
/// bench --planted-slowdowns`, docs/benchmarks.md): the same binary
/// measured again, with a slowdown planted in one benchmark (it does
/// ``percent`` % more of its own work) or with none beside a neighbour
/// that loads the memory bus, and judged by ``RegressionRule`` against the
/// run's own record. As the planted-bug benchmark measures the fuzzer's
/// reach, this measures the verdict's power (is the plant caught?) and its
/// false alarms (is anything else named?), by each figure that can judge.
package struct PlantedSlowdownTrial: Hashable, Sendable {
    /// The benchmark the slowdown is planted in; nil for the neighbour's
    /// trial, which plants nothing.
    package var target: String?
    /// The planted slowdown, in percent of the target's own work; 0 for the
    /// neighbour's trial.
    package var percent: Int
    /// Whether a neighbour loaded the memory bus while the trial was timed.
    package var neighbour: Bool
    /// The verdict where the records' instruction counts judge: whether the
    /// target was named a regression (nil when nothing was counted, or for
    /// the neighbour's trial), and every other benchmark named.
    package var caughtByCounts: Bool?
    package var falseAlarmsByCounts: [String]
    /// The same with the counts left out, so that time against the
    /// calibrators judges (what a machine without valgrind gets).
    package var caughtByTime: Bool?
    package var falseAlarmsByTime: [String]
    /// The target's figure, trial over record: its instruction count's
    /// ratio, and its time's against its calibrator (the median of the
    /// rounds); nil where not measured, or for the neighbour's trial.
    package var countRatio: Double?
    package var timeRatio: Double?
    /// The noise time alone saw: of every other benchmark judged by time,
    /// the largest move of its calibrated time (a ratio or its inverse,
    /// whichever is above 1); nil when none was.
    package var largestOtherTimeMove: Double?

    package init(
        target: String?, percent: Int, neighbour: Bool, caughtByCounts: Bool?, falseAlarmsByCounts: [String], caughtByTime: Bool?,
        falseAlarmsByTime: [String], countRatio: Double? = nil, timeRatio: Double? = nil, largestOtherTimeMove: Double? = nil
    ) {
        self.target = target
        self.percent = percent
        self.neighbour = neighbour
        self.caughtByCounts = caughtByCounts
        self.falseAlarmsByCounts = falseAlarmsByCounts
        self.caughtByTime = caughtByTime
        self.falseAlarmsByTime = falseAlarmsByTime
        self.countRatio = countRatio
        self.timeRatio = timeRatio
        self.largestOtherTimeMove = largestOtherTimeMove
    }

    /// Judges `trial` against `base` (records of one binary) by `rule`,
    /// with the counts and then without.
    package init(target: String?, percent: Int, neighbour: Bool, base: ResultRecord, trial: ResultRecord, rule: RegressionRule = .standard) {
        func verdicts(_ b: ResultRecord, _ t: ResultRecord) -> (
            caught: Bool?, falseAlarms: [String], row: RecordComparison.Row?, largestOther: Double?
        ) {
            let c = RecordComparison(base: b, new: t, rule: rule)
            let named = c.regressions.map(\.name)
            let others = c.rows.filter { $0.name != target }.compactMap(\.judgement.calibratedRatio).map { Swift.max($0, 1 / Swift.max($0, 1e-12)) }
            return (target.map { named.contains($0) }, named.filter { $0 != target }, c.rows.first { $0.name == target }, others.max())
        }
        let counted = base.benchmarks.contains { $0.instructionsPerNotification != nil }
        let byCounts = verdicts(base, trial)
        let byTime = verdicts(base.withoutInstructionCounts, trial.withoutInstructionCounts)
        self.init(
            target: target, percent: percent, neighbour: neighbour, caughtByCounts: counted ? byCounts.caught : nil,
            falseAlarmsByCounts: counted ? byCounts.falseAlarms : [], caughtByTime: byTime.caught, falseAlarmsByTime: byTime.falseAlarms,
            countRatio: byCounts.row?.instructionRatio, timeRatio: byTime.row?.judgement.calibratedRatio, largestOtherTimeMove: byTime.largestOther)
    }

    /// The least plant the counts must catch: above the rule's 2 %.
    package static let leastCaught = 3

    /// Whether the counts judged this trial wrong: a plant of at least
    /// ``leastCaught`` % not named, or any other benchmark named.
    package var misjudgedByCounts: Bool {
        !falseAlarmsByCounts.isEmpty || (percent >= Self.leastCaught && caughtByCounts == false)
    }

    /// "engine +3 %", "beside a memory neighbour".
    package var label: String {
        guard let target else { return neighbour ? "nothing planted, beside a memory neighbour" : "nothing planted" }
        return "\(target) +\(percent) %" + (neighbour ? ", beside a memory neighbour" : "")
    }

    var json: JSONWriter.Value {
        .object([
            ("target", target.map { .string($0) } ?? .null), ("percent", .integer(percent)), ("neighbour", .bool(neighbour)),
            ("caughtByCounts", caughtByCounts.map { .bool($0) } ?? .null),
            ("falseAlarmsByCounts", .array(falseAlarmsByCounts.map { .string($0) })),
            ("caughtByTime", caughtByTime.map { .bool($0) } ?? .null), ("falseAlarmsByTime", .array(falseAlarmsByTime.map { .string($0) })),
            ("countRatio", countRatio.map { .number(($0 * 10_000).rounded() / 10_000) } ?? .null),
            ("timeRatio", timeRatio.map { .number(($0 * 10_000).rounded() / 10_000) } ?? .null),
            ("largestOtherTimeMove", largestOtherTimeMove.map { .number(($0 * 10_000).rounded() / 10_000) } ?? .null),
        ])
    }

    static func read(_ item: JSONValue, at path: JSONPath, in o: JSONObjectReader) throws(MalformedInput) -> PlantedSlowdownTrial {
        var t = try o.object(item, at: path)
        func optionalBool(_ key: String) throws(MalformedInput) -> Bool? {
            guard let v = t.optional(key), v != .null else { return nil }
            return try t.bool(v, key)
        }
        func ratio(_ key: String) throws(MalformedInput) -> Double? {
            guard let v = t.optional(key), v != .null else { return nil }
            return try t.number(v, key, in: 0...1e6)
        }
        func names(_ key: String) throws(MalformedInput) -> [String] {
            guard let v = t.optional(key) else { return [] }
            var out: [String] = []
            for (item, _) in try t.array(v, key) { out.append(try t.label(item, key)) }
            return out
        }
        let target = try t.optional("target").flatMap { v throws(MalformedInput) in v == .null ? nil : try t.label(v, "target") }
        let trial = PlantedSlowdownTrial(
            target: target, percent: try t.integer(try t.required("percent"), "percent", in: 0...100),
            neighbour: try t.bool(try t.required("neighbour"), "neighbour"), caughtByCounts: try optionalBool("caughtByCounts"),
            falseAlarmsByCounts: try names("falseAlarmsByCounts"), caughtByTime: try optionalBool("caughtByTime"),
            falseAlarmsByTime: try names("falseAlarmsByTime"), countRatio: try ratio("countRatio"), timeRatio: try ratio("timeRatio"),
            largestOtherTimeMove: try ratio("largestOtherTimeMove"))
        try t.rejectUnknownKeys()
        return trial
    }
}

extension ResultRecord {
    /// The record with no instruction counts, so that time judges it.
    package var withoutInstructionCounts: ResultRecord {
        var r = self
        for i in r.benchmarks.indices { r.benchmarks[i].instructionsPerNotification = nil }
        return r
    }
}
