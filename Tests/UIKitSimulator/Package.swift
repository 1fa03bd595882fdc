// swift-tools-version: 6.1
import PackageDescription

/// The UIKit adapter attached to real `UIScrollView`s in a real window, on
/// the iOS Simulator, with real keyboard notifications posted with UIKit's
/// userInfo. Only Apple platforms build it: the macOS CI job runs it with
/// `xcodebuild test` (see .github/workflows/ci.yml). It has never run on
/// the team's machines, which have no Xcode.
let package = Package(
    name: "UIKitSimulator",
    platforms: [.iOS(.v13)],
    dependencies: [
        .package(name: "kbbench", path: "../..")
    ],
    targets: [
        .testTarget(
            name: "UIKitAdapterSimulatorTests",
            dependencies: [
                .product(name: "KeyboardAvoidanceUIKit", package: "kbbench"),
                .product(name: "KeyboardAvoidanceFoundation", package: "kbbench"),
                .product(name: "KeyboardAvoidance", package: "kbbench"),
                .product(name: "KeyboardGeometry", package: "kbbench"),
                .product(name: "KeyboardTrace", package: "kbbench"),
                .product(name: "KeyboardTraceCapture", package: "kbbench"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
