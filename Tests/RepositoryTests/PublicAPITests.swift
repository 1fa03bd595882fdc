import Foundation
import KBTestSupport
import Testing

/// The public API of every module, as a baseline under docs/api/: one
/// sorted line per public declaration, read from the symbol graph of the
/// build the tests run in (`swift-symbolgraph-extract` on its modules). A
/// change to the public API is a change to docs/api/, made by the command
/// that regenerates every pin and read in review. The baseline is Linux's
/// API: the UIKit adapter's Apple-only declarations are not in it.
@Suite("Public API", .processTimeLimit)
struct PublicAPITests {
    /// Names that are internals (the JSON parser and writer, file I/O, the
    /// workloads, the generator): public in no module.
    static let internals = ["JSONParser", "JSONValue", "JSONWriter", "JSONObjectReader", "FileBytes", "Workload", "ScenarioGenerator", "AtomicFile"]

    /// Where the build the tests run in keeps its modules.
    static var modulesFolder: URL { URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Modules") }

    static var triple: String {
        #if arch(x86_64)
        "x86_64-unknown-linux-gnu"
        #else
        "aarch64-unknown-linux-gnu"
        #endif
    }

    /// The module maps of the dependencies' C modules (swift-system's
    /// CSystem), kept in their checkouts, as SwiftPM passes them to every
    /// compile that imports a module built on one.
    static var dependencyModuleMaps: [String] {
        var scratch = modulesFolder.deletingLastPathComponent()
        while scratch.path != "/" && !FileManager.default.fileExists(atPath: scratch.appendingPathComponent("checkouts").path) {
            scratch.deleteLastPathComponent()
        }
        let checkouts = scratch.appendingPathComponent("checkouts").path
        let maps = (try? FileManager.default.subpathsOfDirectory(atPath: checkouts))?.filter {
            $0.hasSuffix("/include/module.modulemap") && $0.contains("/Sources/")
        }
        return (maps ?? []).map { checkouts + "/" + $0 }.sorted()
    }

    /// The modules with a baseline: every Swift module of `Sources/` but
    /// the underscored and the executables, whether or not it declares
    /// anything public today (an empty one has no file).
    static func modules() throws -> [String] {
        try PackageDescription.current.get().targets
            .filter { $0.kind == .regular && $0.isSourceModule && !$0.name.hasPrefix("_") }
            .map(\.name)
            .filter { FileManager.default.fileExists(atPath: modulesFolder.appendingPathComponent("\($0).swiftmodule").path) }
    }

    /// `module`'s public declarations, one line each:
    /// `[extends Other] Path.to.symbol: declaration`, sorted.
    static func declarations(of module: String, into folder: String) throws -> [String] {
        let r = ChildProcess.run(
            "/usr/bin/env",
            [
                "swift-symbolgraph-extract", "-module-name", module, "-I", modulesFolder.path, "-target", triple, "-minimum-access-level", "public",
                "-output-dir", folder,
            ] + dependencyModuleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] }, in: Repository.root)
        guard r.status == 0 else { throw ExtractFailed(module: module, output: r.output) }
        var lines = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasPrefix(module) && file.hasSuffix(".symbols.json") {
            var extended = String(file.dropFirst(module.count).dropLast(".symbols.json".count))
            if extended.hasPrefix("@") { extended.removeFirst() }
            let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))) as? [String: Any]
            for symbol in graph?["symbols"] as? [[String: Any]] ?? [] {
                let fragments = symbol["declarationFragments"] as? [[String: Any]] ?? []
                let declaration = fragments.compactMap { $0["spelling"] as? String }.joined()
                let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
                let words = declaration.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                lines.insert((extended.isEmpty ? "" : "[extends \(extended)] ") + "\(path): \(words)")
            }
        }
        return lines.sorted()
    }

    /// The top-level public types of `module`, by name, read from its
    /// baseline (docs/api): what an app can write unqualified.
    static func publicTypes(of module: String) throws -> [String] {
        let path = Repository.path("docs/api/\(module).txt")
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let typeDeclaration = #/\b(struct|class|enum|protocol|typealias|actor) /#
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
            guard !line.hasPrefix("["), let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon], declaration = line[line.index(after: colon)...]
            guard !name.contains("."), declaration.contains(typeDeclaration) else { return nil }
            return String(name)
        }
    }

    struct ExtractFailed: Error, CustomStringConvertible {
        var module: String
        var output: String
        var description: String { "swift-symbolgraph-extract failed on \(module): \(output)" }
    }

    @Test func everyModulesPublicAPIIsItsBaseline() throws {
        let modules = try Self.modules()
        try #require(modules.contains("KeyboardAvoidance"), "no modules in \(Self.modulesFolder.path)")
        let folder = try Repository.temporaryDirectory("symbolgraph")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var baselines = Set<String>()
        for module in modules {
            let lines = try Self.declarations(of: module, into: folder)
            for name in Self.internals where lines.contains(where: { $0.split(separator: ":")[0].split(separator: ".")[0].hasSuffix(name) }) {
                Issue.record("\(module) makes the internal \(name) public API")
            }
            guard !lines.isEmpty else { continue }
            baselines.insert("\(module).txt")
            let difference = try GoldenFile.difference(lines.joined(separator: "\n") + "\n", from: Repository.url("docs/api/\(module).txt"))
            #expect(difference == nil, "\(difference ?? "")")
        }
        for stale in Set(try FileManager.default.contentsOfDirectory(atPath: Repository.path("docs/api"))).subtracting(baselines).sorted() {
            if GoldenFile.isUpdating {
                try FileManager.default.removeItem(at: Repository.url("docs/api/\(stale)"))
            } else {
                Issue.record("docs/api/\(stale) is the baseline of no module with public API (regenerate every pin with \(GoldenFile.regenerate))")
            }
        }
    }
}
