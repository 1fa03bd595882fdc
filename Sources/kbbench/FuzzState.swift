import Foundation
import KeyboardSimulator
import KeyboardTrace

/// A fuzz campaign's resumable state: which campaign, how far it got, its
/// totals and the counterexamples already saved. Written atomically after
/// every batch of runs and on SIGINT, so a kill at any moment leaves the last
/// complete state; `kbbench fuzz --resume` continues from it and ends with
/// the totals an uninterrupted run would have.
struct FuzzState {
    static let schemaVersion = 1

    var strategy: String
    var seed: UInt64
    var shard: Shard
    /// The campaign's run target (nil: until a duration ran out).
    var target: Int?
    /// Runs completed, in shard order: the next run is `runsDone`.
    var runsDone: Int
    var totals: FuzzTotals
    var counterexamples: [CounterexampleRecord]

    /// The default place: beside the counterexamples, hidden, one file per
    /// campaign identity.
    static func defaultPath(corpus: String, strategy: String, seed: UInt64, shard: Shard) -> String {
        (corpus.hasSuffix("/") ? corpus : corpus + "/") + ".fuzz-state-\(strategy)-\(seed)-\(shard.index)of\(shard.count).json"
    }

    var json: JSONWriter.Value {
        .object([
            ("schemaVersion", .integer(Self.schemaVersion)), ("kind", .string("kbbench-fuzz-state")),
            ("strategy", .string(strategy)), ("seed", .string(String(seed))),
            ("shard", .array([.integer(shard.index), .integer(shard.count)])),
            ("target", target.map { .integer($0) } ?? .null), ("runsDone", .integer(runsDone)),
            ("runs", .integer(totals.runs)), ("events", .integer(totals.events)), ("unsatisfiable", .integer(totals.unsatisfiable)),
            ("violations", .object(Invariant.allCases.map { ($0.rawValue, .integer(totals.violations[$0] ?? 0)) })),
            ("counterexamples", .array(counterexamples.map {
                .object([
                    ("invariant", .string($0.invariant.rawValue)), ("trace", .string($0.trace)), ("events", .integer($0.events)),
                    ("foundAfterSeconds", .number($0.foundAfterSeconds)),
                ])
            })),
        ])
    }

    func save(to path: String) throws {
        try ToolFiles.write(JSONWriter.string(json) + "\n", to: path)
    }

    static func load(_ path: String) throws -> FuzzState {
        guard let bytes = try? FileBytes.read(path) else {
            throw ToolError(message: "\(path): no fuzz state to resume (run without --resume first)", status: ExitStatus.ioError)
        }
        func bad(_ key: String?, _ problem: String) -> ToolError {
            ToolError(message: "\(path):1:" + (key.map { " key '\($0)':" } ?? "") + " " + problem, status: ExitStatus.dataError)
        }
        guard case .object(let o) = (try? JSONParser.parse(bytes: bytes)) ?? .null else { throw bad(nil, "not a fuzz state") }
        func int(_ k: String) throws -> Int {
            guard case .number(let d)? = o[k], let i = Int(exactly: d) else { throw bad(k, "missing or not an integer") }
            return i
        }
        guard try int("schemaVersion") == schemaVersion else { throw bad("schemaVersion", "not supported (this kbbench reads \(schemaVersion))") }
        guard case .string(let strategy)? = o["strategy"] else { throw bad("strategy", "missing") }
        guard case .string(let seedText)? = o["seed"], let seedValue = UInt64(seedText) else { throw bad("seed", "missing or not a decimal string") }
        guard case .array(let sh)? = o["shard"], sh.count == 2, case .number(let si) = sh[0], case .number(let sn) = sh[1],
            let shard = Shard(parsing: "\(Int(si))/\(Int(sn))")
        else { throw bad("shard", "missing or invalid") }
        var target: Int?
        if case .number(let t)? = o["target"] { target = Int(exactly: t) }
        var totals = FuzzTotals()
        totals.runs = try int("runs")
        totals.events = try int("events")
        totals.unsatisfiable = try int("unsatisfiable")
        if case .object(let v)? = o["violations"] {
            for inv in Invariant.allCases { if case .number(let n)? = v[inv.rawValue], n > 0 { totals.violations[inv] = Int(n) } }
        }
        var records: [CounterexampleRecord] = []
        if case .array(let items)? = o["counterexamples"] {
            for case .object(let c) in items {
                guard case .string(let i)? = c["invariant"], let inv = Invariant(rawValue: i), case .string(let trace)? = c["trace"],
                    case .number(let events)? = c["events"], case .number(let found)? = c["foundAfterSeconds"]
                else { throw bad("counterexamples", "malformed entry") }
                records.append(CounterexampleRecord(invariant: inv, trace: trace, events: Int(events), foundAfterSeconds: found))
            }
        }
        return FuzzState(strategy: strategy, seed: seedValue, shard: shard, target: target, runsDone: try int("runsDone"), totals: totals, counterexamples: records)
    }
}

/// Set by the SIGINT handler; the campaign checks it between batches.
nonisolated(unsafe) var fuzzInterrupted: sig_atomic_t = 0
