/// Shards' summaries put back together (`kbbench merge`): they must be
/// one campaign's, every shard must be there once, and then the totals add
/// up and each finding kept is the one an unsharded run would have kept.
package enum ShardMerge {
    /// Why summaries were not merged. Each names the files it is about.
    package enum Refusal: Error, Sendable, CustomStringConvertible {
        /// Two summaries are not of one campaign: `key` differs.
        case notOneCampaign(first: String, second: String, key: String, firstValue: String, secondValue: String)
        /// These shards of `count` are missing.
        case missing([Int], count: Int)
        /// These shards were given more than once, by these files.
        case givenTwice([(shard: Shard, files: [String])])
        /// No summary was given.
        case nothing

        package var description: String {
            switch self {
            case .notOneCampaign(let first, let second, let key, let a, let b):
                "\(first) and \(second) are not shards of one campaign: \(key) is \(a) in the first and \(b) in the second"
            case .missing(let indices, let count):
                "missing: shard\(indices.count == 1 ? "" : "s") \(indices.map { "\($0)/\(count)" }.joined(separator: ", ")) of \(count)"
            case .givenTwice(let shards):
                "given more than once: "
                    + shards.map { "shard \($0.shard) (\($0.files.joined(separator: ", ")))" }.joined(separator: "; ")
            case .nothing: "no summary to merge"
            }
        }
    }

    /// `summaries` (each with the file it came from) put together, or the
    /// first reason they cannot be: the first key in which a summary
    /// differs from the first one, then every missing shard, then every
    /// shard given twice.
    package static func merge<S: ShardedSummary>(_ summaries: [(file: String, summary: S)]) throws(Refusal) -> S {
        guard let first = summaries.first else { throw .nothing }
        let identity = first.summary.campaign + [("shards", String(first.summary.shard.count))]
        for other in summaries.dropFirst() {
            let theirs = other.summary.campaign + [("shards", String(other.summary.shard.count))]
            for (mine, their) in zip(identity, theirs) where mine.value != their.value {
                throw .notOneCampaign(first: first.file, second: other.file, key: mine.key, firstValue: mine.value, secondValue: their.value)
            }
        }
        let count = first.summary.shard.count
        var byIndex: [Int: [(file: String, summary: S)]] = [:]
        for s in summaries { byIndex[s.summary.shard.index, default: []].append(s) }
        let missing = (0..<count).filter { byIndex[$0] == nil }
        if !missing.isEmpty { throw .missing(missing, count: count) }
        let twice = byIndex.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
        if !twice.isEmpty { throw .givenTwice(twice.map { (Shard(index: $0.key, count: count), $0.value.map(\.file)) }) }
        return S.merged((0..<count).map { byIndex[$0]![0].summary })
    }
}

extension ShardMerge {
    /// The one lowest-index rule of every merge: of all shards' findings,
    /// for each key (an invariant, a strategy) the finding of the lowest
    /// scenario, the one an unsharded run meets first; in the order an
    /// unsharded run finds them, by scenario, then by the keys' own order
    /// (`keyOrder`). A finding without a scenario (`scenario` nil) comes
    /// after every finding with one. Equal scenarios of one key keep the
    /// first given.
    package static func lowestPerKey<Finding, Key: Hashable>(
        _ findings: [Finding], key: (Finding) -> Key, scenario: (Finding) -> Int?, keyOrder: (Key, Key) -> Bool
    ) -> [Finding] {
        var kept: [Key: Finding] = [:]
        for f in findings {
            if let old = kept[key(f)], (scenario(old) ?? .max) <= (scenario(f) ?? .max) { continue }
            kept[key(f)] = f
        }
        return kept.values.sorted { a, b in
            let (sa, sb) = (scenario(a) ?? .max, scenario(b) ?? .max)
            return sa != sb ? sa < sb : keyOrder(key(a), key(b))
        }
    }
}
