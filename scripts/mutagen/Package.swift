// swift-tools-version: 6.1
import PackageDescription

/// Mutants that no one chose: walks Swift sources with swift-syntax and
/// lists the standard mutation operators' mutants, each with a stable id.
/// A package of its own so that kbbench never depends on swift-syntax;
/// scripts/mutants builds and runs it (`--generated`).
let package = Package(
    name: "mutagen",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "602.0.0")
    ],
    targets: [
        .target(
            name: "Mutagen",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(name: "mutagen", dependencies: ["Mutagen"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(
            name: "MutagenTests", dependencies: ["Mutagen"], exclude: ["Fixtures"], swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
