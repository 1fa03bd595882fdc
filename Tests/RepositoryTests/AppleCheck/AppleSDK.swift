import Foundation
import KBTestSupport

/// The iOS or macOS SDK as the Apple check sees it on Linux: the test-only
/// shim in `Tests/AppleSDK` (Swift interfaces and C headers declaring only
/// what kbbench's code uses, each as the SDK declares it), and a copy of
/// the toolchain's resource folder without what an Apple platform lacks
/// (Glibc, swift-corelibs-foundation, Linux's Dispatch), so that
/// `canImport(Glibc)` is false, `canImport(Darwin)` true, and every name a
/// file uses comes from the shim or the standard library.
///
/// Each platform and reading is a folder of its own, made once per test
/// run: UIKit only on iOS; the shim's `@available`
/// attributes enforced for the platform at the package's minimum, and the
/// standard library's later types shadowed (``AppleAvailability``); the
/// interfaces' module flags carry the reading of the declarations that
/// could not be read (`KBBENCH_READING_STRICT`, docs/apple-api.md).
struct AppleSDK: Sendable {
    enum Platform: String, Sendable, CaseIterable {
        case macOS, iOS
    }

    /// How the declarations the SDK was not read for are declared: strict
    /// (`@Sendable` and main-actor isolated where that is one possibility)
    /// or loose (neither).
    enum Reading: String, Sendable, CaseIterable {
        case strict, loose
    }

    var platform: Platform
    var reading: Reading
    /// The shim's folder (`-I`).
    var folder: String
    /// The resource folder without Linux's platform modules.
    var resourceFolder: String
    /// Where the compiler keeps the modules it builds from the interfaces.
    var moduleCache: String

    /// Whether this machine can run the check: it takes a Linux toolchain's
    /// resource folder apart (on macOS, the macOS job builds for real).
    static var hostCanCheck: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    /// The shim as committed.
    static let source = Repository.path("Tests/AppleSDK")

    /// Files of the shim that only iOS has.
    static let iOSOnly: Set<String> = ["UIKit.swiftinterface", "UIKit.h"]

    /// What the toolchain's resource folder holds that Apple platforms do
    /// not: the Linux C library and its overlay, swift-corelibs-foundation
    /// and libdispatch (the shim declares Darwin, Foundation and Dispatch
    /// instead).
    static let linuxOnly: Set<String> = [
        "Glibc.swiftmodule", "Foundation.swiftmodule", "FoundationEssentials.swiftmodule", "FoundationInternationalization.swiftmodule",
        "FoundationNetworking.swiftmodule", "FoundationXML.swiftmodule", "_FoundationCollections.swiftmodule", "_Testing_Foundation.swiftmodule",
        "XCTest.swiftmodule", "Dispatch.swiftmodule", "dispatch", "Block", "CoreFoundation", "_FoundationCShims", "_foundation_unicode",
    ]

    /// The package's minimum for `platform` (Package.swift's `platforms:`).
    static func minimum(_ platform: Platform, of package: PackageDescription) -> AppleAvailability.Version {
        AppleAvailability.Version(parts: package.minimums[platform.rawValue.lowercased()] ?? [1])
    }

    /// The module every file the check compiles imports: the standard
    /// library's types above the minimum, shadowed.
    static let availabilityModule = "AppleAvailability"

    /// The SDK for `platform` under `reading`, at `minimum`, in a fresh
    /// folder of `root`.
    static func make(_ platform: Platform, _ reading: Reading, minimum: AppleAvailability.Version, in root: String) throws -> AppleSDK {
        let fm = FileManager.default
        let sdk = laidOut(platform, reading, in: root)
        let folder = sdk.folder, resources = sdk.resourceFolder, cache = sdk.moduleCache
        for dir in [folder, resources + "/linux", cache] { try fm.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        let flags = reading == .strict ? ["-D KBBENCH_READING_STRICT"] : []
        for file in try fm.contentsOfDirectory(atPath: source).sorted() {
            if platform == .macOS && iOSOnly.contains(file) { continue }
            var text = try String(contentsOfFile: source + "/" + file, encoding: .utf8)
            if file.hasSuffix(".swiftinterface") {
                text = AppleAvailability.enforce(text, on: platform, minimum: minimum)
                if !flags.isEmpty {
                    text = text.replacingOccurrences(
                        of: #"(?m)^(// swift-module-flags: .*)$"#, with: "$1 " + flags.joined(separator: " "), options: .regularExpression)
                }
            }
            if file == "module.modulemap" && platform == .macOS {
                text = text.replacingOccurrences(of: #"(?s)module UIKit \[system\] \{.*?\n\}\n"#, with: "", options: .regularExpression)
            }
            try text.write(toFile: folder + "/" + file, atomically: true, encoding: .utf8)
        }
        // The toolchain's resource folder, Linux's platform modules left out.
        let toolchain = try toolchainResources()
        try AppleAvailability.standardLibraryShadows(in: toolchain, on: platform, minimum: minimum).write(
            toFile: folder + "/\(availabilityModule).swiftinterface", atomically: true, encoding: .utf8)
        for entry in try fm.contentsOfDirectory(atPath: toolchain) where entry != "linux" && !linuxOnly.contains(entry) {
            try fm.createSymbolicLink(atPath: resources + "/" + entry, withDestinationPath: toolchain + "/" + entry)
        }
        for entry in try fm.contentsOfDirectory(atPath: toolchain + "/linux") where !linuxOnly.contains(entry) {
            try fm.createSymbolicLink(atPath: resources + "/linux/" + entry, withDestinationPath: toolchain + "/linux/" + entry)
        }
        return sdk
    }

    /// Where ``make(_:_:minimum:in:)`` puts the SDK for `platform` and
    /// `reading` in `root`: a folder of its own.
    static func laidOut(_ platform: Platform, _ reading: Reading, in root: String) -> AppleSDK {
        let base = root + "/\(platform.rawValue)-\(reading.rawValue)"
        return AppleSDK(
            platform: platform, reading: reading, folder: base + "/sdk", resourceFolder: base + "/resources", moduleCache: base + "/cache")
    }

    /// The SDK ``make(_:_:minimum:in:)`` made in `root` earlier in the run,
    /// or a new one. Callers that run at once ask for different folders
    /// (a platform and a reading each).
    static func reused(_ platform: Platform, _ reading: Reading, minimum: AppleAvailability.Version, in root: String) throws -> AppleSDK {
        let sdk = laidOut(platform, reading, in: root)
        return FileManager.default.fileExists(atPath: sdk.folder) ? sdk : try make(platform, reading, minimum: minimum, in: root)
    }

    /// The compiler's resource folder (`swiftc -print-target-info`).
    static func toolchainResources() throws -> String {
        let r = ChildProcess.run("/usr/bin/env", ["swiftc", "-print-target-info"], in: Repository.root)
        guard r.status == 0, let info = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any],
            let paths = info["paths"] as? [String: Any], let path = paths["runtimeResourcePath"] as? String
        else { throw SwiftCompiler.Failure(what: "swiftc -print-target-info", diagnostics: [r.output]) }
        return path
    }
}
