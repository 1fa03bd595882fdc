import Foundation
import KBTestSupport
import Testing

/// The UIKit stand-in's package (Tests/UIKitStandIn) builds the main
/// package's modules from links to their folders, with dependency lists of
/// its own: these hold the two manifests to each other, so that the glue
/// runs there in the module graph it ships in.
@Suite("The stand-in's package builds the shipping modules as the main package does", .processTimeLimit)
struct StandInManifestTests {
    static let folder = "Tests/UIKitStandIn"
    /// What the stand-in adds: its UIKit, SwiftUI and ObjectiveC.
    static let standIn: Set<String> = ["UIKit", "SwiftUI", "ObjectiveC"]

    @Test func everyShippingModuleIsALinkWithTheMainPackagesDependencies() throws {
        let main = try PackageDescription.current.get(), nested = try PackageDescription.dump(packagePath: Self.folder).get()
        let shipping = nested.targets.filter { $0.path.hasPrefix("Shipping/") }
        #expect(shipping.count >= 10, "\(shipping.map(\.name))")
        for t in shipping {
            let link = try FileManager.default.destinationOfSymbolicLink(atPath: Repository.path("\(Self.folder)/\(t.path)"))
            #expect(link == "../../../Sources/\(t.name)", "\(t.path) links to \(link)")
            let original = try #require(main.target(t.name), "\(t.name) is not a module of the main package")
            #expect(t.dependencies.subtracting(Self.standIn) == original.dependencies, "\(t.name)'s dependencies")
        }
    }

    /// SwiftPM lets a module see every module built beside it, so
    /// `canImport(UIKit)` (or `canImport(SwiftUI)`) would depend on the
    /// build order in a module that does not depend on the stand-in's
    /// module: every module whose sources ask must depend on it.
    @Test(arguments: ["UIKit": "KeyboardAvoidanceUIKit", "SwiftUI": "KeyboardAvoidanceSwiftUI"].sorted { $0.key < $1.key })
    func everyModuleThatAsksForAStandInModuleDependsOnIt(module: String, knownToAsk: String) throws {
        let nested = try PackageDescription.dump(packagePath: Self.folder).get()
        var asking: [String] = []
        for t in nested.targets where t.path.hasPrefix("Shipping/") {
            let files = PackageDescription.swiftFiles(under: "\(Self.folder)/\(t.path)")
            #expect(!files.isEmpty, "\(t.path) holds no Swift file: the walk found nothing to check")
            let asks = try files.contains { try String(contentsOfFile: $0, encoding: .utf8).contains("canImport(\(module))") }
            if asks { asking.append(t.name) }
            #expect(!asks || t.dependencies.contains(module), "\(t.name) asks canImport(\(module)) without depending on the stand-in's \(module)")
        }
        #expect(asking.contains(knownToAsk), "\(knownToAsk) asks canImport(\(module)): a walk that misses it reads nothing")
    }

    /// The stand-in's tests, the iOS Simulator's among them, are test
    /// targets that `swift test` runs under Swift Testing's own runner,
    /// and nothing in the repository enters Swift Testing through an
    /// underscored entry point (the glue's deferred work runs on a main
    /// queue the differentials turn by hand: docs/app.md).
    @Test func theStandInsTestsRunUnderSwiftTestingsOwnRunner() throws {
        let nested = try PackageDescription.dump(packagePath: Self.folder).get()
        let tests = Set(nested.targets.filter { $0.kind == .test }.map(\.name))
        #expect(tests == ["StandInTests", "UIKitAdapterSimulatorTests"], "the stand-in's test targets: \(tests.sorted())")
        let files = PackageDescription.swiftFiles(under: "Tests") + PackageDescription.swiftFiles(under: "Sources")
        #expect(files.count > 300, "only \(files.count) Swift files under Tests and Sources: the walk reads too little")
        // Spelt in parts, so that this file does not name them.
        let entryPoints = ["__swiftPM" + "EntryPoint", "__CommandLine" + "Arguments"]
        let entering = try files.filter { file in
            let text = try String(contentsOfFile: file, encoding: .utf8)
            return entryPoints.contains { text.contains($0) }
        }
        #expect(entering.isEmpty, "entering Swift Testing by an underscored entry point: \(entering)")
    }
}
