/// How many scenarios carried each ``ScenarioFeature``: a campaign's
/// coverage, added scenario by scenario and merged across shards and
/// resumed processes.
package struct FeatureCounts: Hashable, Sendable {
    /// One count per feature, by raw value.
    private var counts: [Int]

    package init() {
        counts = Array(repeating: 0, count: ScenarioFeature.allCases.count)
    }

    /// The count of `feature`.
    package subscript(feature: ScenarioFeature) -> Int {
        get { counts[feature.rawValue] }
        set { counts[feature.rawValue] = newValue }
    }

    /// Counts one scenario that carried `features`.
    package mutating func add(_ features: ScenarioFeatures) {
        for f in features { counts[f.rawValue] += 1 }
    }

    package mutating func merge(_ other: FeatureCounts) {
        for i in counts.indices { counts[i] += other.counts[i] }
    }

    /// The largest count.
    package var maximum: Int { counts.max() ?? 0 }
}
