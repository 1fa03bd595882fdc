// swift-tools-version: 6.1
import PackageDescription

/// kbbench: a keyboard-avoidance engine for iOS scroll views, and the harness
/// that proves it right and fast. Everything but the UIKit adapter's one file
/// builds and runs on Linux.
///
/// docs/design.md has the module graph, one sentence per module;
/// `ModuleGraphTests` keeps it, these dependency lists and the sources'
/// imports in agreement.
///
/// Library products: the engine (`KeyboardAvoidance`, `KeyboardGeometry`,
/// `KeyboardAvoidanceFoundation`), the UIKit adapter, the trace format
/// (`KeyboardTrace`), the recorder (`KeyboardTraceCapture`) and the harness
/// (`KeyboardHarness`). Internals are `package` access; `_KeyboardWorkloads`
/// is a product only because Benchmarks/ needs one.
let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6)
]

/// The tests' settings: in a release build (the heavy tier's), the test
/// code itself is not optimized. The work it measures runs in the modules,
/// which are; optimizing the tests' own code is a large share of the
/// release build's time and saves the heavy tier nothing it can see.
let testSwift: [SwiftSetting] = strictSwift + [.unsafeFlags(["-Onone"], .when(configuration: .release))]

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
        .library(name: "KeyboardAvoidanceSwiftUI", targets: ["KeyboardAvoidanceSwiftUI"]),
        // Not public API: the workloads exist for Benchmarks/, which needs a
        // product to depend on; the underscore says so.
        .library(name: "_KeyboardWorkloads", targets: ["_KeyboardWorkloads"]),
        .executable(name: "kbbench", targets: ["kbbench"]),
        .executable(name: "kbbench-cli-fuzz", targets: ["CommandLineFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        .target(name: "KeyboardGeometry", swiftSettings: strictSwift),
        .target(name: "KeyboardAvoidance", dependencies: ["KeyboardGeometry"], swiftSettings: strictSwift),
        .target(
            name: "KeyboardAvoidanceFoundation",
            dependencies: ["KeyboardAvoidance", "KeyboardGeometry"],
            swiftSettings: strictSwift
        ),
        // What the command-line tools share: paths (on swift-system's
        // FilePath), atomic writes, finding inputs.
        .target(name: "ToolSupport", dependencies: [.product(name: "SystemPackage", package: "swift-system")], swiftSettings: strictSwift),
        // Strict JSON: the parser, the one typed reader every JSON input goes
        // through (errors name file, line and key), the writer.
        .target(name: "KeyboardJSON", swiftSettings: strictSwift),
        .target(name: "KeyboardTrace", dependencies: ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardJSON"], swiftSettings: strictSwift),
        // The world a replay runs against: devices, the model of
        // UIScrollView, the keyboard layout guide, the readings of rules no
        // source settles.
        .target(
            name: "KeyboardWorld", dependencies: ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardTrace"], swiftSettings: strictSwift
        ),
        // Scenarios: eras, user actions, what iOS sends for each (with the
        // keyboard's truth), and the labels of what a scenario exercises.
        .target(
            name: "KeyboardScenarios", dependencies: ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardTrace", "KeyboardWorld"],
            swiftSettings: strictSwift
        ),
        // SplitMix64: the one generator behind every seeded draw.
        .target(name: "KeyboardRandom", swiftSettings: strictSwift),
        // Scenarios from a seed: the generator, the adversary, the choices.
        .target(
            name: "KeyboardGeneration",
            dependencies: ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardRandom", "KeyboardScenarios", "KeyboardTrace", "KeyboardWorld"],
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
            dependencies: [
                "KeyboardAvoidance", "KeyboardGeometry", "KeyboardMarkup", "KeyboardOracle", "KeyboardTrace", "KeyboardWorld",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSwift
        ),
        // The strategies: the protocol, the engine's adapter, the recipes.
        .target(
            name: "KeyboardStrategies",
            dependencies: [
                "KeyboardAvoidance", "KeyboardAvoidanceSwiftUI", "KeyboardGeometry", "KeyboardOracle", "KeyboardScenarios", "KeyboardTrace",
                "KeyboardWorld",
            ],
            swiftSettings: strictSwift
        ),
        // A trace replayed and judged: with a strategy, or as it was
        // recorded (the observed states an audit judges).
        .target(
            name: "KeyboardReplay",
            dependencies: [
                "KeyboardAvoidance", "KeyboardGeometry", "KeyboardJSON", "KeyboardOracle", "KeyboardStrategies", "KeyboardTrace", "KeyboardWorld",
            ],
            swiftSettings: strictSwift
        ),
        // The fuzzer's search, without processes or files: the generated
        // scenarios a strategy's scope admits, and a failing scenario shrunk
        // to a minimal trace. Apart from the harness so that a differential
        // built without it (the UIKit stand-in's package) searches as
        // campaigns do.
        .target(
            name: "KeyboardSearch",
            dependencies: [
                "KeyboardAvoidance", "KeyboardGeneration", "KeyboardGeometry", "KeyboardOracle", "KeyboardReplay", "KeyboardScenarios",
                "KeyboardStrategies", "KeyboardTrace", "KeyboardWorld",
            ],
            swiftSettings: strictSwift
        ),
        // The harness as a library: campaigns, external strategies, and one
        // import for a team that fuzzes its own keyboard code.
        .target(
            name: "KeyboardHarness",
            dependencies: [
                "KeyboardAvoidance", "KeyboardGeneration", "KeyboardGeometry", "KeyboardJSON", "KeyboardOracle", "KeyboardReplay",
                "KeyboardResults", "KeyboardScenarios", "KeyboardSearch", "KeyboardStoryboard", "KeyboardStrategies", "KeyboardTrace",
                "KeyboardWorld", "ToolSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSwift
        ),
        // The planted-bug benchmark of the fuzzer's reach: app glue around
        // the engine with one mistake each, and the trials that fuzz them.
        .target(
            name: "KeyboardPlantedBugs",
            dependencies: [
                "KeyboardAvoidance", "KeyboardGeometry", "KeyboardHarness", "KeyboardOracle", "KeyboardResults", "KeyboardStrategies",
                "KeyboardTrace",
                "KeyboardWorld",
            ],
            swiftSettings: strictSwift
        ),
        // Result records: the model, the strict reader, the writer, the checks.
        .target(
            name: "KeyboardResults", dependencies: ["KeyboardJSON", "KeyboardMarkup", "KeyboardRandom", "ToolSupport"], swiftSettings: strictSwift),
        // Real-world keyboard notifications into traces: console logs
        // (kbbench import) and, on a device, the recorder.
        .target(
            name: "KeyboardTraceCapture",
            dependencies: ["KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardGeometry", "KeyboardJSON", "KeyboardTrace"],
            swiftSettings: strictSwift
        ),
        // The UIKit adapter: its UIKit file compiles on Apple platforms only
        // (#if canImport(UIKit)); every decision it makes (ScrollViewAttachment)
        // compiles everywhere and is tested on Linux. Recording is the app's
        // choice: the adapter hands its events to any observer, such as
        // KeyboardTraceCapture's recorder, without depending on it.
        .target(
            name: "KeyboardAvoidanceUIKit",
            dependencies: ["KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardAvoidanceSceneGeometry", "KeyboardGeometry"],
            swiftSettings: strictSwift
        ),
        // The UIKit adapter's one iOS 16 observation (a window scene's
        // geometry), a module of its own so that the Apple check compiles it
        // at iOS 16 and the adapter at iOS 13 (docs/apple-api.md); Apple
        // platforms only, empty elsewhere.
        .target(name: "KeyboardAvoidanceSceneGeometry", dependencies: ["KeyboardAvoidanceFoundation"], swiftSettings: strictSwift),
        // The SwiftUI modifier: its SwiftUI file compiles on iOS only (iOS 18
        // and later); every decision it makes (SwiftUIScrollAttachment)
        // compiles everywhere, is tested on Linux and runs in the shootout
        // (swiftUIWithKbbench).
        .target(
            name: "KeyboardAvoidanceSwiftUI",
            dependencies: [
                "KeyboardAvoidance", "KeyboardGeometry",
                // The modifier's reading and observing (the keyboard's
                // notifications, Core Graphics' geometry), shared with the
                // UIKit adapter; on iOS only, where the modifier compiles, so
                // that the strategies that run its decisions stay clear of it.
                .target(name: "KeyboardAvoidanceFoundation", condition: .when(platforms: [.iOS, .macCatalyst])),
            ],
            swiftSettings: strictSwift
        ),
        // HTML and SVG built element by element, every value escaped.
        .target(name: "KeyboardMarkup", swiftSettings: strictSwift),
        // The benchmark workloads, shared by `kbbench bench` and the
        // package-benchmark suites in Benchmarks/ (one module, not copies).
        .target(
            name: "_KeyboardWorkloads",
            dependencies: [
                "KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardGeneration", "KeyboardGeometry", "KeyboardOracle", "KeyboardResults",
                "KeyboardScenarios", "KeyboardStrategies", "KeyboardTrace", "KeyboardWorld",
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "kbbench",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"), "CAllocationCounter", "KeyboardAvoidance",
                "KeyboardAvoidanceFoundation", "KeyboardGeneration", "KeyboardGeometry", "KeyboardHarness", "KeyboardJSON", "KeyboardOracle",
                "KeyboardPlantedBugs", "KeyboardResults", "KeyboardScenarios", "KeyboardStoryboard", "KeyboardStrategies", "KeyboardTrace",
                "KeyboardTraceCapture", "KeyboardWorld", "ToolSupport", "_KeyboardWorkloads",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSwift,
            plugins: ["BuildProvenancePlugin"]
        ),
        // Writes the commit (and whether the tree had uncommitted changes)
        // into kbbench before each build, so a record names the binary's
        // commit, not the checkout's it runs in.
        .plugin(name: "BuildProvenancePlugin", capability: .buildTool(), path: "Sources/BuildProvenancePlugin"),
        // Counts the calling thread's heap allocations by interposing glibc's
        // allocator; linked only into the test runner and the kbbench tool.
        .target(name: "CAllocationCounter"),
        // The libFuzzer target (see scripts/fuzz-nightly): a weak driver hook
        // keeps plain builds green; without libFuzzer it replays inputs.
        .target(name: "CFuzzDriver"),
        .executableTarget(
            name: "KeyboardFuzz",
            dependencies: [
                "CFuzzDriver", "KeyboardGeneration", "KeyboardHarness", "KeyboardJSON", "KeyboardOracle", "KeyboardScenarios", "KeyboardSearch",
                "KeyboardStrategies",
                "KeyboardTrace", "KeyboardWorld", "ToolSupport", .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "InputFuzz",
            dependencies: [
                "CFuzzDriver", "KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardGeneration", "KeyboardGeometry", "KeyboardHarness",
                "KeyboardJSON", "KeyboardOracle", "KeyboardResults", "KeyboardStrategies", "KeyboardTrace", "KeyboardTraceCapture", "KeyboardWorld",
                "ToolSupport", .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSwift
        ),
        // kbbench's command line fuzzed from its own command tree (the
        // library, then its thin executable).
        .target(
            name: "CommandLineFuzzing",
            dependencies: [
                "KeyboardGeneration", "KeyboardJSON", "ToolSupport", .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSwift),
        .executableTarget(
            name: "CommandLineFuzz",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"), "CommandLineFuzzing", "KeyboardJSON", "ToolSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSwift),
        .target(
            name: "KBTestSupport",
            dependencies: [
                "KeyboardGeneration", "KeyboardJSON", "KeyboardTrace", "ToolSupport", .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/KBTestSupport",
            swiftSettings: strictSwift),
        // The repository as a whole: the module graph against Package.swift
        // and docs/design.md, the public API against docs/api/.
        .testTarget(name: "RepositoryTests", dependencies: ["KBTestSupport"], swiftSettings: testSwift),
        // The UIKit glue run on Linux: builds the UIKit stand-in's package
        // (Tests/UIKitStandIn) and runs its tests.
        .testTarget(name: "UIKitGlueTests", dependencies: ["KBTestSupport"], swiftSettings: testSwift),
        // The command line end to end: the kbbench executable run as a
        // separate process (swift test builds it beside the tests).
        .testTarget(
            name: "kbbenchCLITests",
            dependencies: [
                "CommandLineFuzzing", "KBTestSupport", "KeyboardHarness", "KeyboardResults", "KeyboardStrategies", "KeyboardTrace",
                "KeyboardWorld", "_KeyboardWorkloads",
            ],
            exclude: ["Golden"],
            swiftSettings: testSwift),
        .testTarget(
            name: "KeyboardGeometryTests",
            dependencies: ["KBTestSupport", "KeyboardGeometry"],
            swiftSettings: testSwift
        ),
        .testTarget(
            name: "KeyboardAvoidanceTests",
            dependencies: ["CAllocationCounter", "KBTestSupport", "KeyboardAvoidance", "KeyboardGeometry"],
            swiftSettings: testSwift
        ),
        .testTarget(
            name: "KeyboardAvoidanceFoundationTests",
            dependencies: ["KBTestSupport", "KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardGeometry"],
            swiftSettings: testSwift
        ),
        .testTarget(
            name: "KeyboardTraceTests",
            dependencies: [
                "KeyboardAvoidance", "KeyboardGeometry", "KeyboardJSON", "KeyboardTrace", "ToolSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: testSwift
        ),
        .testTarget(
            name: "KeyboardHarnessTests",
            dependencies: [
                "KBTestSupport", "KeyboardAvoidance", "KeyboardGeneration", "KeyboardGeometry", "KeyboardHarness", "KeyboardJSON", "KeyboardOracle",
                "KeyboardResults", "KeyboardScenarios", "KeyboardSearch", "KeyboardStoryboard", "KeyboardStrategies", "KeyboardTrace",
                "KeyboardWorld", "ToolSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            exclude: ["Children", "Golden"],
            swiftSettings: testSwift
        ),
        .testTarget(
            name: "KeyboardPlantedBugsTests",
            dependencies: [
                "KBTestSupport", "KeyboardAvoidance", "KeyboardGeneration", "KeyboardGeometry", "KeyboardHarness", "KeyboardPlantedBugs",
                "KeyboardResults", "KeyboardTrace", "KeyboardWorld",
            ],
            swiftSettings: testSwift
        ),
        .testTarget(
            name: "KeyboardAvoidanceUIKitTests",
            dependencies: ["KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardAvoidanceUIKit", "KeyboardGeometry"],
            swiftSettings: testSwift
        ),
        .testTarget(
            name: "KeyboardAvoidanceSwiftUITests",
            dependencies: ["KeyboardAvoidance", "KeyboardAvoidanceSwiftUI", "KeyboardGeometry", "KeyboardRandom"],
            swiftSettings: testSwift
        ),
        .testTarget(
            name: "KeyboardTraceCaptureTests",
            dependencies: [
                "KBTestSupport", "KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardGeneration", "KeyboardGeometry", "KeyboardHarness",
                "KeyboardOracle", "KeyboardStrategies", "KeyboardTrace", "KeyboardTraceCapture", "KeyboardWorld",
            ],
            swiftSettings: testSwift
        ),
        .testTarget(
            name: "KeyboardResultsTests",
            dependencies: [
                "KBTestSupport", "KeyboardJSON", "KeyboardMarkup", "KeyboardRandom", "KeyboardResults", "ToolSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            exclude: ["Golden"],
            swiftSettings: testSwift
        ),
        .testTarget(name: "KeyboardMarkupTests", dependencies: ["KeyboardMarkup"], swiftSettings: testSwift),
        .testTarget(
            name: "ToolSupportTests", dependencies: ["KBTestSupport", "ToolSupport", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: testSwift),
        .testTarget(
            name: "CommandLineFuzzingTests",
            dependencies: ["CommandLineFuzzing", "KBTestSupport", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: testSwift),
        .testTarget(
            name: "KeyboardWorldTests",
            dependencies: [
                "KBTestSupport", "KeyboardAvoidance", "KeyboardGeneration", "KeyboardGeometry", "KeyboardHarness", "KeyboardOracle",
                "KeyboardStrategies", "KeyboardTrace", "KeyboardWorld",
            ], swiftSettings: testSwift),
        .testTarget(
            name: "KeyboardScenariosTests",
            dependencies: [
                "KBTestSupport", "KeyboardAvoidance", "KeyboardGeneration", "KeyboardGeometry", "KeyboardHarness", "KeyboardOracle",
                "KeyboardScenarios", "KeyboardStrategies", "KeyboardTrace", "KeyboardWorld",
            ], swiftSettings: testSwift),
        .testTarget(
            name: "KeyboardGenerationTests",
            dependencies: [
                "KBTestSupport", "KeyboardGeneration", "KeyboardGeometry", "KeyboardHarness", "KeyboardOracle", "KeyboardScenarios",
                "KeyboardStrategies",
                "KeyboardTrace", "KeyboardWorld",
            ],
            exclude: ["Golden"],
            swiftSettings: testSwift),
        .testTarget(
            name: "KeyboardOracleTests",
            dependencies: [
                "KBTestSupport", "KeyboardAvoidance", "KeyboardGeneration", "KeyboardGeometry", "KeyboardHarness", "KeyboardOracle",
                "KeyboardScenarios", "KeyboardStrategies", "KeyboardTrace", "KeyboardWorld",
            ], swiftSettings: testSwift),
        .testTarget(
            name: "KeyboardStrategiesTests",
            dependencies: [
                "KBTestSupport", "KeyboardAvoidance", "KeyboardAvoidanceSwiftUI", "KeyboardGeneration", "KeyboardGeometry", "KeyboardHarness",
                "KeyboardJSON", "KeyboardOracle", "KeyboardScenarios", "KeyboardSearch", "KeyboardStrategies", "KeyboardTrace", "KeyboardWorld",
            ], exclude: ["Golden"], swiftSettings: testSwift),
    ]
)
