import Foundation

/// The two tiers of the test suite (docs/testing.md). `swift test` runs the
/// fast tier: every property, on workloads sized to keep the whole run
/// within two minutes on two cores. With `KBBENCH_HEAVY_TESTS=1` in the
/// environment (`.ci/run` sets it, in a release build), the heavy tier
/// runs too: the same properties on the large workloads, and the tests
/// that exist only for them.
package enum TestTier {
    /// Whether the heavy tier runs in this process.
    package static let heavy = ProcessInfo.processInfo.environment["KBBENCH_HEAVY_TESTS"] == "1"

    /// `fast` in the fast tier, `heavy` with the heavy one.
    package static func size<T>(fast: T, heavy: T) -> T { Self.heavy ? heavy : fast }
}
