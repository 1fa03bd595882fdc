import KeyboardWorld

/// A slice of a campaign's index space: shard `index` of `count` runs the
/// scenario indices `index, index + count, index + 2·count, …`. Shards of
/// one seed never repeat each other's work, and together equal one run
/// `count` times as long.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    /// The whole index space.
    public static let whole = Shard(index: 0, count: 1)

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `i/n` with 0 ≤ i < n; nil otherwise.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 0, i < n else { return nil }
        self.init(index: i, count: n)
    }

    /// The scenario index of this shard's `k`-th run.
    public func scenarioIndex(_ k: Int) -> Int { index + k * count }

    public var description: String { "\(index)/\(count)" }
}
