// swift-tools-version: 6.1
import PackageDescription

/// kbbench: a keyboard-avoidance engine for iOS scroll views, and the harness
/// that proves it right and fast. Everything builds and runs on Linux.
///
/// Modules (see README.md for the map):
/// - `KeyboardGeometry`: CoreGraphics-compatible points, sizes, rects, insets and
///   coordinate spaces. No Foundation.
/// - `KeyboardAvoidance`: the engine (a state machine that returns actions). No
///   Foundation, no allocation per event.
/// - `KeyboardAvoidanceFoundation`: decodes real `userInfo` dictionaries and
///   observes `NotificationCenter`.
/// - `KeyboardTrace`: trace format v1 (JSON Lines) reading and writing.
/// - `KeyboardSimulator`: the UIScrollView model, the oracle, trace replay,
///   generation, shrinking and the shootout.
/// - `KeyboardHarness`: campaigns and external strategies; its one import
///   gives a team everything needed to fuzz its own keyboard code.
/// - `KeyboardAvoidanceUIKit`: one call attaches the engine to a UIScrollView
///   (Apple platforms; its UIKit-free logic builds and is tested everywhere).
/// - `KeyboardTraceCapture`: real notifications into traces: the recorder an
///   app runs on a device, and the console-log importer of `kbbench import`.
///
/// Library products: the engine (`KeyboardAvoidance`, `KeyboardGeometry`,
/// `KeyboardAvoidanceFoundation`), the trace format (`KeyboardTrace`), the
/// recorder (`KeyboardTraceCapture`) and the harness (`KeyboardHarness`). Internals are `package` access;
/// `_KeyboardWorkloads` is a product only because Benchmarks/ needs one.
let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

let package = Package(
    name: "kbbench",
    platforms: [.macOS(.v13), .iOS(.v13)],
    products: [
        .library(name: "KeyboardGeometry", targets: ["KeyboardGeometry"]),
        .library(name: "KeyboardAvoidance", targets: ["KeyboardAvoidance"]),
        .library(name: "KeyboardAvoidanceFoundation", targets: ["KeyboardAvoidanceFoundation"]),
        .library(name: "KeyboardTrace", targets: ["KeyboardTrace"]),
        .library(name: "KeyboardHarness", targets: ["KeyboardHarness"]),
        .library(name: "KeyboardTraceCapture", targets: ["KeyboardTraceCapture"]),
        .library(name: "KeyboardAvoidanceUIKit", targets: ["KeyboardAvoidanceUIKit"]),
        // Not public API: the workloads exist for Benchmarks/, which needs a
        // product to depend on; the underscore says so.
        .library(name: "_KeyboardWorkloads", targets: ["_KeyboardWorkloads"]),
        .executable(name: "kbbench", targets: ["kbbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "KeyboardGeometry", swiftSettings: strictSwift),
        .target(name: "KeyboardAvoidance", dependencies: ["KeyboardGeometry"], swiftSettings: strictSwift),
        .target(
            name: "KeyboardAvoidanceFoundation",
            dependencies: ["KeyboardAvoidance", "KeyboardGeometry"],
            swiftSettings: strictSwift
        ),
        // What the command-line tools share: atomic writes, finding inputs.
        .target(name: "ToolSupport", swiftSettings: strictSwift),
        // Strict JSON: the parser, the one typed reader every JSON input goes
        // through (errors name file, line and key), the writer, file bytes.
        .target(name: "KeyboardJSON", swiftSettings: strictSwift),
        .target(name: "KeyboardTrace", dependencies: ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardJSON"], swiftSettings: strictSwift),
        // The world: devices, eras, user actions, what iOS sends for each,
        // and the model of UIScrollView.
        .target(
            name: "KeyboardWorld", dependencies: ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardTrace"], swiftSettings: strictSwift
        ),
        // Scenarios from a seed: the generator, the adversary, the choices.
        .target(
            name: "KeyboardGeneration", dependencies: ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardTrace", "KeyboardWorld"],
            swiftSettings: strictSwift
        ),
        // The oracle: the invariants, the visible region, promises, the
        // transition judge, and the judged pass over a trace.
        .target(
            name: "KeyboardOracle", dependencies: ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardJSON", "KeyboardTrace", "KeyboardWorld"],
            swiftSettings: strictSwift
        ),
        // Storyboards: a replay drawn panel by panel, as SVG and HTML.
        .target(
            name: "KeyboardStoryboard",
            dependencies: ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardTrace", "KeyboardWorld", "KeyboardOracle", "KeyboardMarkup"],
            swiftSettings: strictSwift
        ),
        // The strategies: the protocol, the engine's adapter, the recipes.
        .target(
            name: "KeyboardStrategies",
            dependencies: ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardTrace", "KeyboardWorld", "KeyboardOracle"],
            swiftSettings: strictSwift
        ),
        // The harness as a library: campaigns, external strategies, and one
        // import for a team that fuzzes its own keyboard code.
        .target(
            name: "KeyboardHarness",
            dependencies: ["KeyboardJSON", "KeyboardResults", "KeyboardAvoidance", "KeyboardGeometry", "KeyboardTrace", "KeyboardWorld", "KeyboardGeneration", "KeyboardOracle", "KeyboardStrategies", "KeyboardStoryboard", "KeyboardMarkup", "ToolSupport"],
            swiftSettings: strictSwift
        ),
        // Result records: the model, the strict reader, the writer, the checks.
        .target(name: "KeyboardResults", dependencies: ["KeyboardJSON", "KeyboardMarkup"], swiftSettings: strictSwift),
        // Real-world keyboard notifications into traces: console logs
        // (kbbench import) and, on a device, the recorder.
        .target(
            name: "KeyboardTraceCapture",
            dependencies: ["KeyboardJSON", "KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardGeometry", "KeyboardTrace", "ToolSupport"],
            swiftSettings: strictSwift
        ),
        // The UIKit adapter: its UIKit file compiles on Apple platforms only
        // (#if canImport(UIKit)); every decision it makes (ScrollViewAttachment)
        // compiles everywhere and is tested on Linux. Recording is the app's
        // choice: the adapter hands its events to any observer, such as
        // KeyboardTraceCapture's recorder, without depending on it.
        .target(
            name: "KeyboardAvoidanceUIKit",
            dependencies: ["KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardGeometry"],
            swiftSettings: strictSwift
        ),
        // HTML and SVG built element by element, every value escaped.
        .target(name: "KeyboardMarkup", swiftSettings: strictSwift),
        // The benchmark workloads, shared by `kbbench bench` and the
        // package-benchmark suites in Benchmarks/ (one module, not copies).
        .target(
            name: "_KeyboardWorkloads",
            dependencies: ["KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardGeometry", "KeyboardTrace", "KeyboardWorld", "KeyboardGeneration", "KeyboardOracle", "KeyboardStrategies"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "kbbench",
            dependencies: ["KeyboardJSON", 
                "KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardGeometry",
                "KeyboardTrace", "KeyboardWorld", "KeyboardGeneration", "KeyboardOracle", "KeyboardStrategies", "KeyboardHarness", "_KeyboardWorkloads", "KeyboardResults", "CAllocationCounter", "ToolSupport",
                "KeyboardTraceCapture",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift
        ),
        // Counts the calling thread's heap allocations by interposing glibc's
        // allocator; linked only into the test runner and the kbbench tool.
        .target(name: "CAllocationCounter"),
        // The libFuzzer target (see scripts/fuzz-nightly): a weak driver hook
        // keeps plain builds green; without libFuzzer it replays inputs.
        .target(name: "CFuzzDriver"),
        .executableTarget(
            name: "KeyboardFuzz",
            dependencies: ["KeyboardHarness", "KeyboardJSON", "CFuzzDriver", "ToolSupport", "KeyboardWorld", "KeyboardGeneration", "KeyboardOracle", "KeyboardStrategies", "KeyboardTrace"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "InputFuzz",
            dependencies: ["KeyboardHarness", "KeyboardJSON", "CFuzzDriver", "ToolSupport", "KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardTrace", "KeyboardResults", "KeyboardWorld", "KeyboardGeneration", "KeyboardOracle", "KeyboardStrategies"],
            swiftSettings: strictSwift
        ),
        .target(name: "KBTestSupport", dependencies: ["KeyboardGeneration", "KeyboardTrace", "KeyboardJSON"], path: "Tests/KBTestSupport", swiftSettings: strictSwift),
        .testTarget(
            name: "KeyboardGeometryTests",
            dependencies: ["KeyboardGeometry", "KBTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KeyboardAvoidanceTests",
            dependencies: ["KeyboardAvoidance", "KeyboardGeometry", "KBTestSupport", "CAllocationCounter"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KeyboardAvoidanceFoundationTests",
            dependencies: ["KeyboardAvoidanceFoundation", "KeyboardAvoidance", "KeyboardGeometry", "KBTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KeyboardTraceTests",
            dependencies: ["KeyboardJSON", "KeyboardTrace", "KeyboardAvoidance", "KeyboardGeometry"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KeyboardHarnessTests",
            dependencies: ["KeyboardJSON", "KeyboardHarness", "KeyboardWorld", "KeyboardGeneration", "KeyboardOracle", "KeyboardStrategies", "KeyboardTrace", "KeyboardGeometry", "KeyboardResults", "KBTestSupport"],
            exclude: ["Children"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KeyboardAvoidanceUIKitTests",
            dependencies: ["KeyboardAvoidanceUIKit", "KeyboardAvoidance", "KeyboardGeometry"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KeyboardTraceCaptureTests",
            dependencies: ["KeyboardHarness", "KeyboardTraceCapture", "KeyboardTrace", "KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardGeometry", "KeyboardWorld", "KeyboardGeneration", "KeyboardOracle", "KeyboardStrategies"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KeyboardResultsTests",
            dependencies: ["KeyboardJSON", "KeyboardResults", "KeyboardMarkup"],
            swiftSettings: strictSwift
        ),
        .testTarget(name: "KeyboardWorldTests", dependencies: ["KeyboardHarness", "KeyboardGeneration", "KeyboardWorld", "KeyboardOracle", "KeyboardStrategies", "KeyboardTrace", "KeyboardJSON", "KeyboardAvoidance", "KeyboardGeometry", "KBTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "KeyboardGenerationTests", dependencies: ["KeyboardHarness", "KeyboardGeneration", "KeyboardWorld", "KeyboardOracle", "KeyboardStrategies", "KeyboardTrace", "KeyboardJSON", "KeyboardAvoidance", "KeyboardGeometry", "KBTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "KeyboardOracleTests", dependencies: ["KeyboardHarness", "KeyboardGeneration", "KeyboardWorld", "KeyboardOracle", "KeyboardStrategies", "KeyboardTrace", "KeyboardJSON", "KeyboardAvoidance", "KeyboardGeometry", "KBTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "KeyboardStrategiesTests", dependencies: ["KeyboardHarness", "KeyboardGeneration", "KeyboardWorld", "KeyboardOracle", "KeyboardStrategies", "KeyboardTrace", "KeyboardJSON", "KeyboardAvoidance", "KeyboardGeometry", "KBTestSupport"], swiftSettings: strictSwift),
    ]
)
