/// The scenarios the golden files pin: seed 1's first 1,000 and its first
/// 200 adversarial ones, in that order. The generation's golden file lists
/// what each one is; the replays' golden file what every strategy does with
/// it, line for line in the same order.
package enum PinnedScenarios {
    /// One pinned scenario of seed ``seed``.
    package struct Pick: Sendable {
        package var index: Int
        package var adversarial: Bool
        /// How a golden file's line names it: the index, after an `a` when
        /// adversarial (`17`, `a17`).
        package var label: String { (adversarial ? "a" : "") + "\(index)" }
    }

    package static let seed: UInt64 = 1
    package static let all: [Pick] =
        (0..<1000).map { Pick(index: $0, adversarial: false) } + (0..<200).map { Pick(index: $0, adversarial: true) }
}
