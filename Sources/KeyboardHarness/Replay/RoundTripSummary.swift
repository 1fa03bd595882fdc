import KeyboardGeneration
import KeyboardJSON

/// What the audit's round trip on generated scenarios found, for a whole
/// run or one shard of it: the `kbbench audit --round-trip --json` object
/// (schema 2), and what `kbbench merge` reads back and writes again for
/// the shards put together.
///
/// It names the run (seed, generator version, shard, the scenarios asked
/// of the shard, the strategies in order), counts what was compared, and
/// carries each strategy's first disagreement with its scenario index in
/// the whole run and its shrunk trace's text.
public struct RoundTripSummary: Hashable, Sendable {
    public static let kind = "kbbench-audit-round-trip"
    /// 2: the run's identity, the traces inline.
    public static let schemaVersion = 2

    /// The seed, generator version and shard.
    public var identity: CampaignIdentity
    /// The scenarios asked of the shard (`--scenarios`).
    public var bound: Int
    /// Every strategy held to the round trip, in order.
    public var strategies: [String]
    /// Scenarios checked, each with every strategy.
    public var scenarios: Int
    /// Steps compared, over every scenario and strategy.
    public var steps: Int
    /// Scenario × strategy pairs that disagreed.
    public var disagreeing: Int
    /// Each strategy's first disagreement, shrunk, in the order found.
    public var disagreements: [Disagreement]
    public var interrupted: Bool

    /// One strategy's first disagreement.
    public struct Disagreement: Hashable, Sendable {
        public var strategy: String
        /// The scenario's index in the whole run.
        public var scenario: Int
        /// Where the audit and the replay part, as first found.
        public var difference: String
        /// Where they part on the shrunk trace.
        public var shrunkDifference: String?
        /// The shrunk trace's events.
        public var events: Int
        /// Where it was saved; empty when nothing was.
        public var trace: String
        /// The shrunk trace's text.
        public var kbtrace: String

        package init(strategy: String, scenario: Int, difference: String, shrunkDifference: String?, events: Int, trace: String, kbtrace: String) {
            self.strategy = strategy
            self.scenario = scenario
            self.difference = difference
            self.shrunkDifference = shrunkDifference
            self.events = events
            self.trace = trace
            self.kbtrace = kbtrace
        }
    }

    package init(
        identity: CampaignIdentity, bound: Int, strategies: [String], scenarios: Int,
        steps: Int, disagreeing: Int, disagreements: [Disagreement], interrupted: Bool
    ) {
        self.identity = identity
        self.bound = bound
        self.strategies = strategies
        self.scenarios = scenarios
        self.steps = steps
        self.disagreeing = disagreeing
        self.disagreements = disagreements
        self.interrupted = interrupted
    }

    public var seed: UInt64 { identity.seed }
    public var generatorVersion: Int { identity.generatorVersion }
    /// `.whole` for a run unsharded (`"shard": null`).
    public var shard: Shard {
        get { identity.shard }
        set { identity.shard = newValue }
    }

    package var json: JSONWriter.Value {
        .object(
            [("schemaVersion", .integer(Self.schemaVersion)), ("kind", .string(Self.kind))] + identity.jsonFields + [
                ("bound", .object([("scenarios", .integer(bound))])), ("strategies", .array(strategies.map { .string($0) })),
                ("scenarios", .integer(scenarios)), ("steps", .integer(steps)), ("disagreeing", .integer(disagreeing)),
                (
                    "disagreements",
                    .array(
                        disagreements.map { d in
                            .object([
                                ("strategy", .string(d.strategy)), ("scenario", .integer(d.scenario)), ("difference", .string(d.difference)),
                                ("shrunkDifference", d.shrunkDifference.map { .string($0) } ?? .null), ("events", .integer(d.events)),
                                ("trace", .string(d.trace)), ("kbtrace", .string(d.kbtrace)),
                            ])
                        })
                ),
                ("interrupted", .bool(interrupted)),
            ])
    }

    /// Reads a summary as ``json`` writes it, strictly (see
    /// ``FuzzSummary/read(_:file:)``). A round trip of given traces
    /// (`audit --round-trip TRACE…`) has no seed and no shards: it is named
    /// as such.
    public static func read(_ bytes: [UInt8], file: String) throws(MalformedInput) -> RoundTripSummary {
        var o = try JSONObjectReader.document(bytes, file: file)
        try o.header(kind: kind, version: schemaVersion)
        if o.optional("traces") != nil {
            throw o.fail("traces", .inconsistent("a round trip of given traces: only a round trip of generated scenarios has shards"))
        }
        let largest = FuzzState.largestCount
        func count(_ key: String) throws(MalformedInput) -> Int { try o.integer(try o.required(key), key, in: 0...largest) }
        let identity = try CampaignIdentity.read(&o)
        var b = try o.object("bound")
        let bound = try b.integer(try b.required("scenarios"), "scenarios", in: 1...largest)
        try b.rejectUnknownKeys()
        var strategies: [String] = []
        for (item, at) in try o.array(try o.required("strategies"), "strategies") {
            guard case .string(let name) = item else { throw o.fail(at: at, .wrongType(expected: "a strategy's name", found: item.kindName)) }
            strategies.append(name)
        }
        var disagreements: [Disagreement] = []
        for (item, at) in try o.array(try o.required("disagreements"), "disagreements") {
            var d = try o.object(item, at: at)
            let shrunk = d.optional("shrunkDifference") ?? .null
            disagreements.append(
                Disagreement(
                    strategy: try d.string(try d.required("strategy"), "strategy"),
                    scenario: try d.integer(try d.required("scenario"), "scenario", in: 0...largest),
                    difference: try d.string(try d.required("difference"), "difference"),
                    shrunkDifference: shrunk == .null ? nil : try d.string(shrunk, "shrunkDifference"),
                    events: try d.integer(try d.required("events"), "events", in: 0...largest), trace: try d.string(try d.required("trace"), "trace"),
                    kbtrace: try d.string(try d.required("kbtrace"), "kbtrace")))
            try d.rejectUnknownKeys()
        }
        let summary = RoundTripSummary(
            identity: identity, bound: bound, strategies: strategies, scenarios: try count("scenarios"),
            steps: try count("steps"), disagreeing: try count("disagreeing"), disagreements: disagreements,
            interrupted: try o.bool(try o.required("interrupted"), "interrupted"))
        try o.rejectUnknownKeys()
        return summary
    }
}

extension RoundTripSummary: ShardedSummary {
    public var campaign: [(key: String, value: String)] {
        identity.campaignKeys + [("bound", "\(bound) scenarios"), ("strategies", strategies.joined(separator: ", "))]
    }

    /// The shards put together: the counts added, the bound multiplied by
    /// the shard count, for each strategy the disagreement of the lowest
    /// scenario index, in the order an unsharded run finds them (by
    /// scenario, then the strategies' order); interrupted when any shard
    /// was.
    public static func merged(_ shards: [RoundTripSummary]) -> RoundTripSummary {
        var merged = shards[0]
        merged.shard = .whole
        merged.bound *= shards.count
        merged.scenarios = shards.map(\.scenarios).reduce(0, +)
        merged.steps = shards.map(\.steps).reduce(0, +)
        merged.disagreeing = shards.map(\.disagreeing).reduce(0, +)
        let order = Dictionary(merged.strategies.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        merged.disagreements = ShardMerge.lowestPerKey(
            shards.flatMap(\.disagreements), key: \.strategy, scenario: \.scenario,
            keyOrder: { (order[$0] ?? .max) < (order[$1] ?? .max) })
        merged.interrupted = shards.contains { $0.interrupted }
        return merged
    }
}
