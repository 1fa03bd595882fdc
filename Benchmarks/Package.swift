// swift-tools-version: 6.1
import PackageDescription

/// The package-benchmark suites, in their own package (as swift-nio does) so
/// that apps depending on the engine never pull the benchmark tooling.
/// The workloads are the root package's `_KeyboardWorkloads` module (not public API): the same
/// code `kbbench bench` measures, not a copy.
///
///     cd Benchmarks
///     swift package benchmark                                  # run
///     swift package benchmark thresholds check --path ../results/thresholds
///     swift package --allow-writing-to-package-directory benchmark thresholds update --path ../results/thresholds
let package = Package(
    name: "kbbench-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "kbbench", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "KeyboardLatency",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "_KeyboardWorkloads", package: "kbbench"),
            ],
            path: "Benchmarks/KeyboardLatency",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        )
    ]
)
