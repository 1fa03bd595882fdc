import Foundation
import KBTestSupport
import Testing

/// The UIKit glue an app ships (KeyboardAvoidanceUIKit, the recorder's
/// observation), compiled unchanged and run on Linux against the
/// behavioural UIKit stand-in (Tests/UIKitStandIn, a package of its own:
/// docs/app.md, "What runs where"). Its tests run under Swift Testing's own
/// runner, one at a time (`swift test --no-parallel`): the iOS Simulator
/// tests (Tests/UIKitSimulator, unchanged), the stand-in's own, and the
/// glue differential: generated scenarios of a fixed seed under every
/// reading of what UIKit leaves open (300 each in the fast tier, 1,000 in
/// the heavy one: ``TestTier``), each event's insets and offset held to
/// the engine's replay, the main queue turned by hand.
///
/// A failure names each test that failed. The stand-in's package is built
/// in its own folder (Tests/UIKitStandIn/.build), in release (its
/// differential is a quarter of the time it takes in debug; the first
/// build takes longer), tests and campaign runner alike, with no warning
/// of its own allowed.
@Suite("The UIKit glue, run against the UIKit stand-in", .processTimeLimit, .tags(.heavyTier))
struct UIKitGlueTests {
    static let package = "Tests/UIKitStandIn"

    @Test func theGluesTestsPassAgainstTheStandIn() throws {
        let build = ChildProcess.swift(["build", "-c", "release", "--package-path", Self.package, "--build-tests"])
        try #require(build.status == 0, "the stand-in's package does not build:\n\(build.output)")
        let warnings = build.output.split(separator: "\n").filter { $0.contains(": warning:") && !$0.contains("/.build/") }
        #expect(warnings.isEmpty, "warnings in the glue or the stand-in:\n\(warnings.joined(separator: "\n"))")
        let run = ChildProcess.run(
            "/usr/bin/env", ["swift", "test", "-c", "release", "--package-path", Self.package, "--skip-build", "--no-parallel"],
            in: Repository.root, environment: ["NO_COLOR": "1", "KBBENCH_HEAVY_TESTS": TestTier.heavy ? "1" : "0"])
        let failures = run.output.split(separator: "\n").filter { $0.contains("✘") || $0.contains("recorded an issue") }
        #expect(run.status == 0, "the stand-in's tests failed (exit \(run.status)):\n\(failures.joined(separator: "\n"))")
        // Swift Testing reports on standard error.
        #expect(run.output.contains("Test run with"), "the stand-in's package ran no tests:\n\(run.output.suffix(2_000))")
    }
}
