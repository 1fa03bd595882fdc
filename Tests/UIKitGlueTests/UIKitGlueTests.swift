import Foundation
import KBTestSupport
import Testing

/// The UIKit glue an app ships (KeyboardAvoidanceUIKit, the recorder's
/// observation), compiled unchanged and run on Linux against the
/// behavioural UIKit stand-in (Tests/UIKitStandIn, a package of its own:
/// docs/app.md, "What runs where"). Its tests run under Swift Testing's own
/// runner, one at a time in a process (`swift test --no-parallel`: the
/// stand-in is one global UIKit), in two processes at once: the iOS
/// Simulator tests (Tests/UIKitSimulator, unchanged), the stand-in's own,
/// the SwiftUI modifier's differential, and the glue differential: generated scenarios of a fixed seed under every
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
    /// The stand-in's longest suite, run beside the others.
    static let longestSuite = "SwiftUIModifierTests"

    @Test func theGluesTestsPassAgainstTheStandIn() throws {
        let build = ChildProcess.swift(["build", "-c", "release", "--package-path", Self.package, "--build-tests"])
        try #require(build.status == 0, "the stand-in's package does not build:\n\(build.output)")
        let warnings = build.output.split(separator: "\n").filter { $0.contains(": warning:") && !$0.contains("/.build/") }
        #expect(warnings.isEmpty, "warnings in the glue or the stand-in:\n\(warnings.joined(separator: "\n"))")
        // Two processes at once, each one test at a time: the SwiftUI
        // modifier's differential (the longest suite, most of the heavy
        // tier's run) and the rest. A run of one process left a core idle
        // for the last minute of the heavy tier. `--ignore-lock`: SwiftPM
        // otherwise holds the second `swift test` until the first ends,
        // and with `--skip-build` neither writes to the build folder.
        let halves = [["--filter", Self.longestSuite], ["--skip", Self.longestSuite]].map { selection in
            Result {
                try ChildProcess.start(
                    "/usr/bin/env",
                    ["swift", "test", "-c", "release", "--package-path", Self.package, "--skip-build", "--no-parallel", "--ignore-lock"] + selection,
                    in: Repository.root, environment: ["NO_COLOR": "1", "KBBENCH_HEAVY_TESTS": TestTier.heavy ? "1" : "0"])
            }
        }
        for (half, started) in zip(["the SwiftUI modifier's differential", "the other suites"], halves) {
            let run = try started.get().finish()
            let failures = run.output.split(separator: "\n").filter { $0.contains("✘") || $0.contains("recorded an issue") }
            #expect(run.status == 0, "the stand-in's tests failed (\(half), exit \(run.status)):\n\(failures.joined(separator: "\n"))")
            // Swift Testing reports on standard error; a selection that matches nothing runs 0 tests.
            let ran = run.output.firstMatch(of: /Test run with (\d+) test/).flatMap { Int($0.1) } ?? 0
            #expect(ran > 0, "the stand-in's package ran no tests (\(half)):\n\(run.output.suffix(2_000))")
        }
    }
}
