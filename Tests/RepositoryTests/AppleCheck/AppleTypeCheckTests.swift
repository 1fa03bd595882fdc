import Foundation
import KBTestSupport
import Testing

/// The Apple check: every line that only Apple platforms compile, and the
/// modules around it, type-checked in Swift 6 language mode against a shim
/// of the SDK's declarations (``AppleSDK``, `Tests/AppleSDK`), on Linux. It
/// is not a build by Xcode: it says that the code agrees with the
/// declarations the shim holds, as the shim states them (actor isolation,
/// sendability, optionality, Darwin's C types, availability at the
/// package's minimums: ``AppleAvailability``), and nothing about
/// behaviour.
///
/// - macOS: every Swift library of `Sources/`, with Darwin's branches
///   (`canImport(Darwin)`) in place of Glibc's, then the example package's
///   library and tests.
/// - iOS, in both readings of what could not be read: the libraries but the
///   harness, the command-line fuzzer and what is built on them (they spawn
///   processes: macOS and Linux only), with UIKit, then the documents' UIKit blocks, the simulator
///   tests (`Tests/UIKitSimulator`) and an app's file that imports every
///   product and UIKit and names every public type.
/// - Everywhere else the package's tests and the documents' other blocks
///   see MacTypes' `Point`, `Rect` and `Size` beside their Foundation, as
///   they do on Apple platforms: a clash of names fails.
@Suite(
    "Apple platforms, type-checked against the SDK shim",
    .enabled(if: AppleSDK.hostCanCheck, "the check replaces a Linux toolchain's platform modules"), .processTimeLimit, .tags(.heavyTier)
)
struct AppleTypeCheckTests {
    /// One folder for the whole run: each SDK and each build in its own.
    static let workspace: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kbbench-apple-check-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// The modules `platform` builds, in dependency order.
    static func modules(_ platform: AppleSDK.Platform, of package: PackageDescription) -> [PackageDescription.Target] {
        let libraries = package.targets.filter {
            $0.kind == .regular && $0.path.hasPrefix("Sources/") && !PackageDescription.swiftFiles(under: $0.path).isEmpty
        }
        let built = libraries.filter { platform == .macOS || !Self.spawns($0.name, package) }
        return package.closure(built.map(\.name)).filter { t in built.contains { $0.name == t.name } }
    }

    /// Whether module `name` spawns processes, by being or using the
    /// harness or the command-line fuzzer: macOS and Linux only.
    static func spawns(_ name: String, _ package: PackageDescription) -> Bool {
        ["KeyboardHarness", "CommandLineFuzzing"].contains { name == $0 || package.depends(name, on: $0) }
    }

    /// The library products an app on `platform` can link.
    static func products(_ platform: AppleSDK.Platform, of package: PackageDescription) -> [String] {
        package.libraries.keys.filter { !$0.hasPrefix("_") && (platform == .macOS || !Self.spawns($0, package)) }.sorted()
    }

    /// Builds `platform`'s modules against `sdk` into a fresh folder;
    /// records the first failure (every later module needs the modules
    /// before it) and returns nil then. A module whose Apple-only code
    /// declares a later minimum (``AppleAvailability/declaredMinimum(of:on:)``)
    /// is built against the SDK at that minimum.
    static func build(_ sdk: AppleSDK, _ package: PackageDescription) throws -> (SwiftCompiler, String)? {
        let out = workspace + "/\(sdk.platform.rawValue)-\(sdk.reading.rawValue)/modules"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let compiler = SwiftCompiler(sdk: sdk, searchPaths: [out], moduleCache: sdk.moduleCache)
        for target in modules(sdk.platform, of: package) {
            do {
                let files = PackageDescription.swiftFiles(under: target.path)
                let appleOnly = try files.map { ($0, try String(contentsOfFile: $0, encoding: .utf8)) }.filter { AppleAvailability.isAppleOnly($0.1) }
                try Self.compiler(for: appleOnly, sdk, searchPaths: [out]).emitModule(target.name, files: files, into: out)
            } catch {
                Issue.record("\(sdk.platform.rawValue), \(sdk.reading.rawValue) reading: \(error)")
                return nil
            }
        }
        return (compiler, out)
    }

    /// The compiler for code whose Apple-only part is `appleOnly` (path,
    /// text): `sdk`'s, or, where that part declares a later minimum, the
    /// same SDK made at that minimum (once a run).
    static func compiler(for appleOnly: [(String, String)], _ sdk: AppleSDK, searchPaths: [String]) throws -> SwiftCompiler {
        guard let minimum = try AppleAvailability.declaredMinimum(of: appleOnly, on: sdk.platform) else {
            return SwiftCompiler(sdk: sdk, searchPaths: searchPaths, moduleCache: sdk.moduleCache)
        }
        let raised = try AppleSDK.reused(sdk.platform, sdk.reading, minimum: minimum, in: workspace + "/at-\(minimum)")
        return SwiftCompiler(sdk: raised, searchPaths: searchPaths, moduleCache: raised.moduleCache)
    }

    struct Flavour: Sendable, CustomStringConvertible {
        var platform: AppleSDK.Platform
        var reading: AppleSDK.Reading
        var description: String { "\(platform.rawValue), \(reading.rawValue) reading" }
    }

    /// The SDK's readings matter only where UIKit is (the text
    /// notifications, animation blocks, key-value observing's handler, all
    /// used by UIKit code): macOS is built once. The fast tier builds macOS
    /// and iOS in the strict reading; the heavy tier, which runs after it
    /// (docs/testing.md), iOS in the loose reading, and does not build the
    /// fast tier's two again.
    static let flavours =
        TestTier.heavy
        ? [Flavour(platform: .iOS, reading: .loose)]
        : [Flavour(platform: .macOS, reading: .strict), Flavour(platform: .iOS, reading: .strict)]

    @Test(arguments: flavours)
    func everythingAnApplePlatformCompilesTypeChecks(_ flavour: Flavour) throws {
        let package = try PackageDescription.current.get()
        let sdk = try AppleSDK.make(
            flavour.platform, flavour.reading, minimum: AppleSDK.minimum(flavour.platform, of: package), in: Self.workspace)
        guard let (compiler, out) = try Self.build(sdk, package) else { return }
        let scratch = out + "/../units"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        // A document's block and an app's file are Apple-only code whole.
        func check(_ name: String, _ files: [String], library: Bool = true) {
            guard !files.isEmpty else {
                Issue.record("\(flavour): \(name) has no file to check: the walk found nothing")
                return
            }
            do {
                let sources = try files.map { ($0, try String(contentsOfFile: $0, encoding: .utf8)) }
                try Self.compiler(for: sources, sdk, searchPaths: [out]).typecheck(name, files: files, parseAsLibrary: library)
            } catch {
                Issue.record("\(flavour): \(error)")
            }
        }
        switch flavour.platform {
        case .macOS:
            // The example package: a team's own strategy and its tests.
            do {
                try compiler.emitModule(
                    "AppKeyboard", files: PackageDescription.swiftFiles(under: "Examples/AppKeyboardTests/Sources/AppKeyboard"), into: out)
                check("AppKeyboardTests", PackageDescription.swiftFiles(under: "Examples/AppKeyboardTests/Tests/AppKeyboardTests"))
            } catch {
                Issue.record("\(flavour): \(error)")
            }
        case .iOS:
            let uikit = try DocumentSnippet.all().filter { $0.kind == .uikit }
            #expect(!uikit.isEmpty, "no UIKit block found in the documents: the walk read nothing")
            for snippet in uikit {
                check(snippet.moduleName, [try snippet.write(to: scratch)])
            }
            check("UIKitAdapterSimulatorTests", PackageDescription.swiftFiles(under: "Tests/UIKitSimulator/Tests/UIKitAdapterSimulatorTests"))
        }
        // An app's file: UIKit (or Foundation on macOS) and every product,
        // each public type named unqualified, as an app writes it.
        let app = try Self.appFile(sdk.platform, package, into: scratch)
        check("App", [app])
    }

    /// A file that imports what an app on `platform` imports (on iOS,
    /// SwiftUI too, whose `EdgeInsets` an app then sees) and names
    /// every public type of those products (from docs/api) unqualified.
    static func appFile(_ platform: AppleSDK.Platform, _ package: PackageDescription, into folder: String) throws -> String {
        let modules = products(platform, of: package).flatMap { package.libraries[$0] ?? [] }
        var lines = (platform == .iOS ? ["import UIKit", "import SwiftUI"] : ["import Foundation"]) + modules.map { "import \($0)" } + [""]
        for module in modules {
            for name in try PublicAPITests.publicTypes(of: module) { lines.append("typealias App_\(module)_\(name) = \(name)") }
        }
        let path = folder + "/App.swift"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// MacTypes' names beside Linux's own Foundation: the package's tests,
    /// its test support, and the documents' test and program blocks, as the
    /// macOS job compiles them (where every file importing Foundation sees
    /// `Point`, `Rect` and `Size`). The heavy tier (docs/testing.md): it
    /// type-checks every test target again, about 45 s, for a clash that
    /// only a new name in a test or a document block brings.
    @Test(.enabled(if: TestTier.heavy, "the heavy tier: every test target type-checked again"))
    func testsAndTheDocumentsBlocksSeeMacTypesNames() throws {
        let package = try PackageDescription.current.get()
        let folder = Self.workspace + "/mactypes"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for file in ["MacTypes.h"] {
            try FileManager.default.copyItem(atPath: AppleSDK.source + "/" + file, toPath: folder + "/" + file)
        }
        try "module MacTypes [system] {\n  header \"MacTypes.h\"\n  export *\n}\n".write(
            toFile: folder + "/module.modulemap", atomically: true, encoding: .utf8)
        // Linux's build: its modules, its C targets' module maps, its package identity.
        let build = PublicAPITests.modulesFolder.deletingLastPathComponent().path
        let cModules = package.targets.filter {
            $0.kind == .regular && $0.path.hasPrefix("Sources/") && PackageDescription.swiftFiles(under: $0.path).isEmpty
        }
        var compiler = SwiftCompiler(
            sdk: nil, searchPaths: [folder, PublicAPITests.modulesFolder.path], implicitImports: ["MacTypes"], moduleCache: folder + "/cache")
        compiler.packageName = PackageDescription.packageName(ofCheckoutAt: Repository.root)
        compiler.moduleMaps = cModules.map { build + "/\($0.name).build/module.modulemap" } + PublicAPITests.dependencyModuleMaps
        // Each target and block is a compiler run of its own: on every core
        // at once (this test is the heavy tier's last to end otherwise).
        var jobs: [(module: String, label: String, files: [String], library: Bool)] = []
        for target in package.targets where target.kind == .test || (target.kind == .regular && target.path.hasPrefix("Tests/")) {
            jobs.append((target.name, target.name, PackageDescription.swiftFiles(under: target.path), true))
        }
        for snippet in try DocumentSnippet.all() where snippet.kind != .uikit {
            jobs.append((snippet.moduleName, "\(snippet)", [try snippet.write(to: folder)], snippet.kind == .test))
        }
        #expect(jobs.contains { $0.files.count > 1 }, "no test target found: the walk read nothing")
        let checker = compiler, work = jobs
        let failures = concurrentMap(work.count) { i -> String? in
            do {
                try checker.typecheck(work[i].module, files: work[i].files, parseAsLibrary: work[i].library)
                return nil
            } catch {
                return "\(work[i].label): \(error)"
            }
        }
        for failure in failures.compactMap({ $0 }) { Issue.record("\(failure)") }
    }
}
