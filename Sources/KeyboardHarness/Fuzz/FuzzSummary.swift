import KeyboardGeneration
import KeyboardJSON
import KeyboardOracle
import KeyboardScenarios
import SystemPackage

/// What one fuzz campaign, or one shard of it, found: the `kbbench fuzz
/// --json` object (schema 3), and what `kbbench merge` reads back and
/// writes again for the shards put together.
///
/// It names the campaign (strategy, seed, generator version, shard, bound,
/// whether every scenario is judged), so that the summaries of one
/// campaign's shards can be told from another's; it counts the scenarios
/// (totals), the regression corpus replayed before them, apart (every shard
/// replays it), what the scenarios exercised (how many carried each
/// label, ``ScenarioFeature``), and this process's speed; and it carries each saved
/// counterexample's scenario index in the whole campaign and its trace's
/// text, so that shards merged on another machine need none of their
/// files.
public struct FuzzSummary: Hashable, Sendable {
    public static let kind = "kbbench-fuzz"
    /// 3: the campaign's identity, the corpus apart, the traces inline, the
    /// coverage of labelled situations, I10.
    public static let schemaVersion = 3

    public var strategy: String
    /// The seed, generator version and shard.
    public var identity: CampaignIdentity
    /// The campaign's bound: runs (of the shard) or seconds.
    public var bound: Campaign.Bound
    public var allScenarios: Bool
    /// The generated scenarios' totals (the corpus is apart).
    public var totals: FuzzTotals
    /// The regression corpus replayed first.
    public var corpus: CampaignResult.CorpusReplay
    /// This process's speed (merged: the shards' notifications and CPU
    /// seconds added, the longest shard's wall time).
    public var throughput: FuzzThroughput
    /// Every counterexample saved, at most one per invariant, in the order
    /// found.
    public var counterexamples: [CounterexampleRecord]
    /// Ctrl-C, SIGTERM or a stop request ended the campaign before its
    /// bound.
    public var interrupted: Bool

    package init(
        strategy: String, identity: CampaignIdentity, bound: Campaign.Bound, allScenarios: Bool,
        totals: FuzzTotals, corpus: CampaignResult.CorpusReplay, throughput: FuzzThroughput, counterexamples: [CounterexampleRecord],
        interrupted: Bool
    ) {
        self.strategy = strategy
        self.identity = identity
        self.bound = bound
        self.allScenarios = allScenarios
        self.totals = totals
        self.corpus = corpus
        self.throughput = throughput
        self.counterexamples = counterexamples
        self.interrupted = interrupted
    }

    public var seed: UInt64 { identity.seed }
    public var generatorVersion: Int { identity.generatorVersion }
    /// `.whole` for a campaign run unsharded (`"shard": null`).
    public var shard: Shard {
        get { identity.shard }
        set { identity.shard = newValue }
    }

    /// True when no scenario and no corpus trace violated anything.
    public var passed: Bool { totals.totalViolations == 0 && corpus.failing.isEmpty }

    /// The JSON object, in the order of docs/result-record.md.
    package var json: JSONWriter.Value {
        .object(
            [("schemaVersion", .integer(Self.schemaVersion)), ("kind", .string(Self.kind)), ("strategy", .string(strategy))] + identity.jsonFields + [
                ("bound", Self.json(bound)), ("allScenarios", .bool(allScenarios)),
                ("runs", .integer(totals.runs)), ("notificationsChecked", .integer(totals.events)),
                ("notificationsPerSecond", .number(throughput.perSecond.rounded())),
                ("notificationsPerCPUSecond", .number(throughput.perCPUSecond.rounded())),
                ("notificationsThisProcess", .integer(throughput.notifications)),
                ("seconds", .number((throughput.seconds * 1000).rounded() / 1000)),
                ("cpuSeconds", .number((throughput.cpuSeconds * 1000).rounded() / 1000)),
                ("violations", .object(Invariant.allCases.map { ($0.rawValue, .integer(totals.violations[$0] ?? 0)) })),
                ("unsatisfiable", .integer(totals.unsatisfiable)), ("outOfScope", .integer(totals.outOfScope)),
                ("coverage", Self.json(totals.features, on: identity.screens)),
                ("corpus", Self.json(corpus)),
                ("counterexamples", .array(counterexamples.map(\.json))), ("interrupted", .bool(interrupted)),
            ])
    }

    /// The corpus replay as the summary writes it:
    /// `{"traces":N,"failing":[{"trace":PATH,"invariants":["I2"]}]}`.
    static func json(_ corpus: CampaignResult.CorpusReplay) -> JSONWriter.Value {
        .object([
            ("traces", .integer(corpus.traces)),
            (
                "failing",
                .array(
                    corpus.failing.map {
                        .object([("trace", .string($0.path.string)), ("invariants", .array($0.invariants.map { .string($0.rawValue) }))])
                    })
            ),
        ])
    }

    /// The coverage as the summary and the state write it: the count of
    /// the judged scenarios that carried each label, every label that
    /// `screens` carry present (``ScenarioFeature/isCarried(on:)``), in the
    /// labels' order.
    static func json(_ features: FeatureCounts, on screens: ScreenKind) -> JSONWriter.Value {
        .object(ScenarioFeature.allCases.filter { $0.isCarried(on: screens) }.map { ($0.label, .integer(features[$0])) })
    }

    /// Reads ``json(_:on:)``'s object: every label a count; a label of
    /// `screens` missing (`required`), or one they do not carry, or one
    /// unknown, is an error naming it.
    static func readCoverage(_ c: inout JSONObjectReader, on screens: ScreenKind, required: Bool) throws(MalformedInput) -> FeatureCounts {
        var counts = FeatureCounts()
        for f in ScenarioFeature.allCases where f.isCarried(on: screens) {
            let value = required ? try c.required(f.label) : c.optional(f.label)
            if let value { counts[f] = try c.integer(value, f.label, in: 0...FuzzState.largestCount) }
        }
        try c.rejectUnknownKeys()
        return counts
    }

    /// A bound as the summary writes it: `{"runs":N}` or `{"seconds":S}`.
    static func json(_ bound: Campaign.Bound) -> JSONWriter.Value {
        switch bound {
        case .runs(let n): .object([("runs", .integer(n))])
        case .seconds(let s): .object([("seconds", .number(s))])
        }
    }

    /// Reads a summary as ``json`` writes it, strictly: every key known,
    /// every count a non-negative integer, the seed exact (at most 2^53, the
    /// largest integer a JSON number holds exactly); problems name `file`,
    /// the line and the key.
    public static func read(_ bytes: [UInt8], file: String) throws(MalformedInput) -> FuzzSummary {
        var o = try JSONObjectReader.document(bytes, file: file)
        try o.header(kind: kind, version: schemaVersion)
        let largest = FuzzState.largestCount
        func count(_ key: String) throws(MalformedInput) -> Int { try o.integer(try o.required(key), key, in: 0...largest) }
        func seconds(_ key: String) throws(MalformedInput) -> Double { try o.number(try o.required(key), key, in: 0...1e12) }
        let strategy = try o.string(try o.required("strategy"), "strategy")
        let identity = try CampaignIdentity.read(&o)
        var b = try o.object("bound")
        let bound: Campaign.Bound
        if let runs = b.optional("runs") {
            bound = .runs(try b.integer(runs, "runs", in: 1...largest))
        } else {
            bound = .seconds(try b.number(try b.required("seconds"), "seconds", in: 0...1e12))
        }
        try b.rejectUnknownKeys()
        let allScenarios = try o.bool(try o.required("allScenarios"), "allScenarios")
        var totals = FuzzTotals()
        totals.runs = try count("runs")
        totals.events = try count("notificationsChecked")
        totals.unsatisfiable = try count("unsatisfiable")
        totals.outOfScope = try count("outOfScope")
        var v = try o.object("violations")
        for inv in Invariant.allCases {
            // T1…T4 may be absent: a summary written before chat screens
            // were judged counted none.
            guard let value = inv.isTranscriptRule ? v.optional(inv.rawValue) : try v.required(inv.rawValue) else { continue }
            let n = try v.integer(value, inv.rawValue, in: 0...largest)
            if n > 0 { totals.violations[inv] = n }
        }
        try v.rejectUnknownKeys()
        var coverage = try o.object("coverage")
        totals.features = try readCoverage(&coverage, on: identity.screens, required: true)
        guard totals.features.maximum <= totals.judged else {
            throw o.fail("coverage", .inconsistent("a label counts more scenarios than the \(totals.judged) judged"))
        }
        _ = try o.number(try o.required("notificationsPerSecond"), "notificationsPerSecond", in: 0...1e15)
        _ = try o.number(try o.required("notificationsPerCPUSecond"), "notificationsPerCPUSecond", in: 0...1e15)
        let throughput = FuzzThroughput(
            notifications: try count("notificationsThisProcess"), seconds: try seconds("seconds"), cpuSeconds: try seconds("cpuSeconds"))
        var c = try o.object("corpus")
        var corpus = CampaignResult.CorpusReplay()
        corpus.traces = try c.integer(try c.required("traces"), "traces", in: 0...largest)
        for (item, at) in try c.array(try c.required("failing"), "failing") {
            var f = try c.object(item, at: at)
            let path = try f.string(try f.required("trace"), "trace")
            var invariants: [Invariant] = []
            for (code, codeAt) in try f.array(try f.required("invariants"), "invariants") {
                guard case .string(let s) = code, let inv = Invariant(rawValue: s) else {
                    throw f.fail(at: codeAt, .wrongType(expected: "an invariant's code (I1…I10, T1…T4)", found: code.kindName))
                }
                invariants.append(inv)
            }
            try f.rejectUnknownKeys()
            corpus.failing.append(.init(path: FilePath(path), invariants: invariants))
        }
        try c.rejectUnknownKeys()
        var counterexamples: [CounterexampleRecord] = []
        for (item, at) in try o.array(try o.required("counterexamples"), "counterexamples") {
            var r = try o.object(item, at: at)
            counterexamples.append(try CounterexampleRecord.read(&r))
        }
        let interrupted = try o.bool(try o.required("interrupted"), "interrupted")
        try o.rejectUnknownKeys()
        return FuzzSummary(
            strategy: strategy, identity: identity, bound: bound, allScenarios: allScenarios, totals: totals, corpus: corpus, throughput: throughput,
            counterexamples: counterexamples, interrupted: interrupted)
    }
}

extension FuzzSummary: ShardedSummary {
    public var campaign: [(key: String, value: String)] {
        [("strategy", strategy)] + identity.campaignKeys + [
            ("bound", JSONWriter.string(Self.json(bound))), ("allScenarios", String(allScenarios)),
            ("corpus", JSONWriter.string(Self.json(corpus))),
        ]
    }

    /// The shards put together: the totals added; the corpus, which every
    /// shard replays, once; for each invariant the counterexample of the
    /// lowest scenario index (the one an unsharded run shrinks first), in
    /// the order an unsharded run finds them (by scenario, then
    /// invariant); a bound of runs multiplied by the shard count (a bound
    /// of seconds is each shard's); the speed of the shards at once (their
    /// notifications and CPU seconds added over the longest one's wall
    /// time); interrupted when any shard was.
    public static func merged(_ shards: [FuzzSummary]) -> FuzzSummary {
        var merged = shards[0]
        merged.shard = .whole
        if case .runs(let r) = merged.bound { merged.bound = .runs(r * shards.count) }
        merged.totals = FuzzTotals()
        var notifications = 0, seconds = 0.0, cpu = 0.0
        for s in shards {
            merged.totals.merge(s.totals)
            notifications += s.throughput.notifications
            seconds = Swift.max(seconds, s.throughput.seconds)
            cpu += s.throughput.cpuSeconds
        }
        merged.throughput = FuzzThroughput(notifications: notifications, seconds: seconds, cpuSeconds: cpu)
        merged.counterexamples = ShardMerge.lowestPerKey(
            shards.flatMap(\.counterexamples), key: \.invariant, scenario: \.scenario, keyOrder: <)
        merged.interrupted = shards.contains { $0.interrupted }
        return merged
    }
}
