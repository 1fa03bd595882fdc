/// The summary of one shard of a campaign, which ``ShardMerge`` puts
/// together with the other shards' into the summary of the whole: a fuzz
/// campaign's (``FuzzSummary``) or an audit round trip's
/// (``RoundTripSummary``).
///
/// The property merging keeps: for a campaign bounded by a number of
/// scenarios, the merge of shards `0/n … (n−1)/n` is the summary one
/// unsharded run of `n` times as many scenarios prints, but for the speed,
/// the times and where its files were saved.
public protocol ShardedSummary: Sendable {
    /// The `kind` its JSON names.
    static var kind: String { get }
    /// Which shard it is (`.whole` for an unsharded run).
    var shard: Shard { get }
    /// Its campaign stopped before its bound.
    var interrupted: Bool { get }
    /// What every shard of one campaign has the same, by the key its JSON
    /// names it with, in that order (the shard count is ``ShardMerge``'s
    /// own check).
    var campaign: [(key: String, value: String)] { get }
    /// `shards`, one of each index `0..<n` in index order, put together.
    static func merged(_ shards: [Self]) -> Self
}
