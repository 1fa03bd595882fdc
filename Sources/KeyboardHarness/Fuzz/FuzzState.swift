import KeyboardGeneration
import KeyboardJSON
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import SystemPackage
import ToolSupport

/// A fuzz campaign's resumable state: which campaign, how far it got, its
/// bounds, its totals and the counterexamples already saved.
///
/// Saved atomically during a campaign and on SIGINT, so a kill at any moment
/// leaves the last complete state; `kbbench fuzz --resume` continues from it
/// and ends with the totals an uninterrupted run would have. The bounds
/// (a run target, or a duration and the time already spent) are part of the
/// state, so a resumed campaign stops where the original would have. A
/// finished campaign's state is removed.
package struct FuzzState: Hashable, Sendable {
    package static let schemaVersion = 1
    package static let kind = "kbbench-fuzz-state"

    package var strategy: String
    /// The seed, shard and generator version: a state of another
    /// generator version is not resumed (its seed names other scenarios).
    package var identity: CampaignIdentity
    /// Whether the campaign judges scenarios outside the strategy's scope.
    package var allScenarios: Bool
    /// The campaign's run target (nil: until the duration runs out).
    package var target: Int?
    /// The campaign's duration in seconds, when bounded by time.
    package var duration: Double?
    /// Seconds spent on the campaign by every process so far.
    package var elapsed: Double
    /// Runs completed, in shard order: the next run is `runsDone`.
    package var runsDone: Int
    package var totals: FuzzTotals
    package var counterexamples: [CounterexampleRecord]

    package init(
        strategy: String, identity: CampaignIdentity, allScenarios: Bool, target: Int?, duration: Double?, elapsed: Double = 0,
        runsDone: Int = 0, totals: FuzzTotals = FuzzTotals(), counterexamples: [CounterexampleRecord] = []
    ) {
        self.strategy = strategy
        self.identity = identity
        self.allScenarios = allScenarios
        self.target = target
        self.duration = duration
        self.elapsed = elapsed
        self.runsDone = runsDone
        self.totals = totals
        self.counterexamples = counterexamples
    }

    /// True once the campaign reached its target or used its time.
    package var isFinished: Bool {
        if let target, runsDone >= target { return true }
        if let duration, elapsed >= duration { return true }
        return false
    }

    /// The default place: beside the counterexamples, hidden, one file per
    /// campaign identity.
    package static func defaultPath(folder: FilePath, strategy: String, identity: CampaignIdentity) -> FilePath {
        let screens = identity.screens == .fields ? "" : "\(identity.screens.rawValue)-"
        return folder.appending(".fuzz-state-\(strategy)-\(identity.seed)-\(screens)\(identity.shard.index)of\(identity.shard.count).json")
    }

    /// The largest run count or index a state may hold.
    static let largestCount = 1 << 53

    package var json: JSONWriter.Value {
        .object(
            [
                ("schemaVersion", .integer(Self.schemaVersion)), ("kind", .string(Self.kind)),
                ("strategy", .string(strategy)),
            ] + identity.jsonFields + [
                ("allScenarios", .bool(allScenarios)),
                ("target", target.map { .integer($0) } ?? .null), ("duration", duration.map { .number($0) } ?? .null),
                ("elapsedSeconds", .number(elapsed)), ("runsDone", .integer(runsDone)),
                ("runs", .integer(totals.runs)), ("events", .integer(totals.events)), ("unsatisfiable", .integer(totals.unsatisfiable)),
                ("outOfScope", .integer(totals.outOfScope)),
                ("violations", .object(Invariant.allCases.map { ($0.rawValue, .integer(totals.violations[$0] ?? 0)) })),
                ("coverage", FuzzSummary.json(totals.features, on: identity.screens)),
                ("counterexamples", .array(counterexamples.map(\.json))),
            ])
    }

    /// The text of a state file.
    package var text: String { JSONWriter.string(json) + "\n" }

    /// Reads a state file's bytes strictly: every count a non-negative
    /// integer, the identity as ``CampaignIdentity`` reads it (the older
    /// states' forms too), times finite and non-negative; problems name
    /// `file`, the line and the key.
    package static func read(_ bytes: [UInt8], file: String) throws(MalformedInput) -> FuzzState {
        var o = try JSONObjectReader.document(bytes, file: file)
        try o.header(kind: kind, version: schemaVersion, kindRequired: false)
        let strategy = try o.string(try o.required("strategy"), "strategy")
        let identity = try CampaignIdentity.read(&o, olderStates: true)
        let allScenarios = try o.optional("allScenarios").map { v throws(MalformedInput) in try o.bool(v, "allScenarios") } ?? false
        func counter(_ k: String) throws(MalformedInput) -> Int { try o.integer(try o.required(k), k, in: 0...largestCount) }
        let target = try o.optional("target").map { v throws(MalformedInput) in try o.integer(v, "target", in: 1...largestCount) }
        let duration = try o.optional("duration").map { v throws(MalformedInput) in try o.number(v, "duration", in: 0...1e9) }
        // Without either the campaign it resumes would never end.
        guard target != nil || duration != nil else { throw o.fail("target", .inconsistent("a state needs a target or a duration")) }
        let elapsed = try o.optional("elapsedSeconds").map { v throws(MalformedInput) in try o.number(v, "elapsedSeconds", in: 0...1e12) } ?? 0
        let runsDone = try counter("runsDone")
        var totals = FuzzTotals()
        totals.runs = try counter("runs")
        totals.events = try counter("events")
        totals.unsatisfiable = try counter("unsatisfiable")
        totals.outOfScope = try o.optional("outOfScope").map { v throws(MalformedInput) in try o.integer(v, "outOfScope", in: 0...largestCount) } ?? 0
        if var v = try o.optionalObject("violations") {
            for inv in Invariant.allCases {
                if let n = v.optional(inv.rawValue) {
                    let c = try v.integer(n, inv.rawValue, in: 0...largestCount)
                    if c > 0 { totals.violations[inv] = c }
                }
            }
            try v.rejectUnknownKeys()
        }
        if var c = try o.optionalObject("coverage") { totals.features = try FuzzSummary.readCoverage(&c, on: identity.screens, required: false) }
        var records: [CounterexampleRecord] = []
        if let list = o.optional("counterexamples") {
            for (item, path) in try o.array(list, "counterexamples") {
                var c = try o.object(item, at: path)
                records.append(try CounterexampleRecord.read(&c))
            }
        }
        guard runsDone <= largestCount, totals.runs == runsDone else {
            throw o.fail("runs", .inconsistent("\(totals.runs) runs counted, but runsDone is \(runsDone)"))
        }
        return FuzzState(
            strategy: strategy, identity: identity, allScenarios: allScenarios, target: target, duration: duration,
            elapsed: elapsed, runsDone: runsDone, totals: totals, counterexamples: records
        )
    }
}
