// swift-tools-version: 6.1
import PackageDescription

/// The UIKit glue an app ships (Sources/KeyboardAvoidanceUIKit, and the
/// recorder's observation in Sources/KeyboardTraceCapture), compiled
/// unchanged and run on Linux against a behavioural stand-in for the slice
/// of UIKit and ObjectiveC it calls, whose scroll-view rules are the
/// simulator's own. docs/app.md says what this is and what it is not.
///
/// A package of its own so that its `UIKit` module stays out of the main
/// package's module namespace: there, `canImport(UIKit)` would turn on in
/// shipping code. Each folder under `Shipping/` is a link to the main
/// package's module of the same name, built here with the same
/// dependencies (`StandInManifestTests` in the main package holds the two
/// lists to each other), plus the stand-in where the module has UIKit
/// code. `swift test` in the main package builds and runs it
/// (Tests/UIKitGlueTests).
let v6: [SwiftSetting] = [.swiftLanguageMode(.v6)]
/// A test target that imports Swift Testing and the stand-in's UIKit:
/// Swift Testing declares a cross-import overlay for UIKit
/// (`_Testing_UIKit`, in the toolchain's Testing.swiftcrossimport), which
/// only Apple's SDK has and which would not fit the stand-in anyway.
let testingBesideUIKit: [SwiftSetting] = v6 + [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]

/// A module of the main package, linked in unchanged.
func shipping(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, path: "Shipping/\(name)", swiftSettings: v6)
}

let package = Package(
    name: "UIKitStandIn",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "uikit-stand-in", targets: ["UIKitStandInRunner"])
    ],
    dependencies: [
        // The main package's own (ToolSupport's files and processes, the runner's paths).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1")
    ],
    targets: [
        // The stand-in.
        .target(name: "ObjectiveC", path: "StandIn/ObjectiveC", swiftSettings: v6),
        .target(
            name: "UIKit", dependencies: ["ObjectiveC", "KeyboardAvoidance", "KeyboardGeometry", "KeyboardWorld"], path: "StandIn/UIKit",
            swiftSettings: v6),
        .target(name: "SwiftUI", dependencies: ["UIKit"], path: "StandIn/SwiftUI", swiftSettings: v6),

        // The main package's modules, unchanged.
        shipping("KeyboardGeometry"),
        shipping("KeyboardAvoidance", ["KeyboardGeometry"]),
        shipping("KeyboardAvoidanceFoundation", ["KeyboardAvoidance", "KeyboardGeometry", "UIKit"]),
        shipping("ToolSupport", [.product(name: "SystemPackage", package: "swift-system")]),
        shipping("KeyboardJSON"),
        shipping("KeyboardRandom"),
        shipping("KeyboardTrace", ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardJSON"]),
        shipping("KeyboardWorld", ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardTrace"]),
        shipping("KeyboardScenarios", ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardTrace", "KeyboardWorld"]),
        shipping(
            "KeyboardGeneration", ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardRandom", "KeyboardScenarios", "KeyboardTrace", "KeyboardWorld"]),
        shipping("KeyboardOracle", ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardJSON", "KeyboardTrace", "KeyboardWorld"]),
        shipping(
            "KeyboardAvoidanceSwiftUI",
            ["KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardGeometry", "SwiftUI", "UIKit"]),
        shipping(
            "KeyboardStrategies",
            [
                "KeyboardAvoidance", "KeyboardAvoidanceSwiftUI", "KeyboardGeometry", "KeyboardOracle", "KeyboardScenarios", "KeyboardTrace",
                "KeyboardWorld",
            ]),
        shipping(
            "KeyboardReplay",
            ["KeyboardAvoidance", "KeyboardGeometry", "KeyboardJSON", "KeyboardOracle", "KeyboardStrategies", "KeyboardTrace", "KeyboardWorld"]),
        shipping(
            "KeyboardSearch",
            [
                "KeyboardAvoidance", "KeyboardGeneration", "KeyboardGeometry", "KeyboardOracle", "KeyboardReplay", "KeyboardScenarios",
                "KeyboardStrategies", "KeyboardTrace", "KeyboardWorld",
            ]),
        shipping(
            "KeyboardTraceCapture",
            ["KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardGeometry", "KeyboardJSON", "KeyboardTrace", "UIKit"]),
        shipping("KeyboardAvoidanceSceneGeometry", ["KeyboardAvoidanceFoundation", "UIKit"]),
        shipping(
            "KeyboardAvoidanceUIKit",
            ["KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardAvoidanceSceneGeometry", "KeyboardGeometry", "ObjectiveC", "UIKit"]),

        // The bridge: generated scenarios played into the stand-in, the
        // glue held to the engine's replay.
        .target(
            name: "GlueBridge",
            dependencies: [
                "KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardAvoidanceSwiftUI", "KeyboardAvoidanceUIKit", "KeyboardGeneration",
                "KeyboardGeometry", "KeyboardOracle", "KeyboardReplay", "KeyboardScenarios", "KeyboardSearch", "KeyboardStrategies",
                "KeyboardTrace", "KeyboardTraceCapture", "KeyboardWorld", "SwiftUI", "ToolSupport", "UIKit",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "GlueBridge", swiftSettings: v6),
        // The tests written for the iOS Simulator, unchanged (a link to
        // Tests/UIKitSimulator's), and the stand-in's own: `swift test
        // --no-parallel` runs them, one at a time (the stand-in is one global
        // UIKit), under Swift Testing's own runner. The simulator's tests
        // wait in real time for what the glue defers to the main queue; the
        // stand-in's differentials turn it by hand (GlueBridge).
        .testTarget(
            name: "UIKitAdapterSimulatorTests",
            dependencies: [
                "KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardAvoidanceUIKit", "KeyboardGeometry", "KeyboardTrace",
                "KeyboardTraceCapture", "UIKit",
            ],
            path: "Simulator/UIKitAdapterSimulatorTests", swiftSettings: testingBesideUIKit),
        .testTarget(
            name: "StandInTests",
            dependencies: [
                "GlueBridge", "KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardAvoidanceSwiftUI", "KeyboardAvoidanceUIKit",
                "KeyboardGeometry", "KeyboardReplay", "KeyboardScenarios", "KeyboardStrategies", "KeyboardTrace", "KeyboardWorld", "ObjectiveC",
                "UIKit",
            ],
            path: "StandInTests", swiftSettings: testingBesideUIKit),
        // The differential campaigns, longer than the tests' (see its file).
        .executableTarget(
            name: "UIKitStandInRunner",
            dependencies: [
                "GlueBridge", "KeyboardScenarios", "KeyboardSearch", "KeyboardStrategies", "KeyboardTrace", "ToolSupport", "UIKit",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Runner",
            swiftSettings: v6),
    ]
)
