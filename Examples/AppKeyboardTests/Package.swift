// swift-tools-version: 6.1
import PackageDescription

/// An app's own keyboard code, fuzzed by kbbench's harness from a Swift
/// Testing test: what a team adds to its own package. It depends on kbbench
/// by path here; an app would use `.package(url: …, from: …)`.
let package = Package(
    name: "AppKeyboardTests",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "kbbench", path: "../..")
    ],
    targets: [
        // The app's keyboard handling, written against the harness's
        // strategy protocol.
        .target(
            name: "AppKeyboard",
            dependencies: [.product(name: "KeyboardHarness", package: "kbbench")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "AppKeyboardTests",
            dependencies: ["AppKeyboard", .product(name: "KeyboardHarness", package: "kbbench")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
