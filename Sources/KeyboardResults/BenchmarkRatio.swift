/// A ratio between benchmarks' medians measured in one run, round by round:
/// the workloads run interleaved (each round times every workload in turn),
/// so a machine that speeds up or slows down moves both sides of a round's
/// ratio alike. The checks read these, never two separately timed figures.
package struct BenchmarkRatio: Hashable, Sendable {
    /// `engine/floor`, `(foundation-path-bare-post)/cookbook-foundation`, ….
    package var name: String
    /// The median of the per-round ratios.
    package var median: Double
    /// The lowest and highest per-round ratio: the spread the machine's
    /// noise left.
    package var low: Double
    package var high: Double
    /// Rounds measured.
    package var rounds: Int

    package init(name: String, median: Double, low: Double, high: Double, rounds: Int) {
        self.name = name
        self.median = median
        self.low = low
        self.high = high
        self.rounds = rounds
    }

    /// The ratios the checks use, from `rounds` (each round: benchmark name
    /// → that round's median ns per notification). A ratio is left out when a
    /// benchmark it needs did not run, or when there are no rounds.
    package static func standard(rounds: [[String: Double]]) -> [BenchmarkRatio] {
        var out: [BenchmarkRatio] = []
        func add(_ name: String, _ needs: [String], _ value: ([String: Double]) -> Double) {
            let per = rounds.filter { r in needs.allSatisfy { r[$0] != nil } }.map(value).filter(\.isFinite).sorted()
            guard !per.isEmpty else { return }
            out.append(BenchmarkRatio(name: name, median: per[per.count / 2], low: per.first!, high: per.last!, rounds: per.count))
        }
        func q(_ a: Double, _ b: Double) -> Double { a / Swift.max(b, 1e-9) }
        add(engineOverFloor, ["engine", "floor"]) { q($0["engine"]!, $0["floor"]!) }
        add(cookbookFoundationOverEngine, ["cookbook-foundation", "engine"]) { q($0["cookbook-foundation"]!, $0["engine"]!) }
        add(foundationPathOverBarePost, ["foundation-path", "bare-post"]) { q($0["foundation-path"]!, $0["bare-post"]!) }
        add(decodingOverCookbookFoundation, ["foundation-path", "bare-post", "cookbook-foundation"]) {
            q($0["foundation-path"]! - $0["bare-post"]!, $0["cookbook-foundation"]!)
        }
        add(engineModelOverCookbook, ["engine-model", "cookbook"]) { q($0["engine-model"]!, $0["cookbook"]!) }
        return out
    }

    package static let engineOverFloor = "engine/floor"
    package static let cookbookFoundationOverEngine = "cookbook-foundation/engine"
    package static let foundationPathOverBarePost = "foundation-path/bare-post"
    package static let decodingOverCookbookFoundation = "(foundation-path-bare-post)/cookbook-foundation"
    /// Like for like: the engine and the cookbook both on the scroll-view
    /// model (informational, no check).
    package static let engineModelOverCookbook = "engine-model/cookbook"
}
