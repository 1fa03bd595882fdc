import Foundation
import Testing

/// The two tiers of the test suite (docs/testing.md).
///
/// `swift test` runs the fast tier: every property, on workloads sized to
/// keep the whole run within two minutes on two cores, and each pin checked
/// on a sample of its lines. With `KBBENCH_HEAVY_TESTS=1` in the
/// environment (`.ci/run` sets it, in a release build) the heavy tier runs:
/// the same properties on the large workloads, every pin whole. Regenerating
/// the pins (`KBBENCH_UPDATE_GOLDEN=1`) runs the heavy tier, so that one
/// command still writes every pin whole.
package enum TestTier {
    /// Whether the heavy tier runs in this process.
    package static let heavy =
        ProcessInfo.processInfo.environment["KBBENCH_HEAVY_TESTS"] == "1" || GoldenFile.isUpdating

    /// `fast` in the fast tier, `heavy` in the heavy one.
    package static func size<T>(fast: T, heavy: T) -> T { Self.heavy ? heavy : fast }

}

extension Tag {
    /// A suite that sizes its workload by ``TestTier`` and so runs again,
    /// at full size, in the heavy tier: `.ci/run` runs the suites that
    /// carry it, and docs/testing.md's tier table lists them
    /// (`TierDeclarationTests` holds the three together).
    @Tag package static var heavyTier: Self
}
