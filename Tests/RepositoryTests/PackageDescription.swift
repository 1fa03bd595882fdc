import Foundation
import KBTestSupport

/// The package's targets as SwiftPM reads `Package.swift`
/// (`swift package dump-package`): the one source of the module graph that
/// the tests below hold the sources and documents to.
struct PackageDescription: Sendable {
    struct Target: Sendable {
        enum Kind: String, Sendable {
            case regular, executable, test, plugin
        }

        var name: String
        var kind: Kind
        /// Target and product dependencies, by name.
        var dependencies: Set<String>
        /// Repository-relative.
        var path: String

        /// A module of `Sources/` (a library, a tool or a C target; not a
        /// plugin, not test support).
        var isSourceModule: Bool { (kind == .regular || kind == .executable) && path.hasPrefix("Sources/") }
    }

    var targets: [Target]

    /// Read once per test run.
    static let current: Result<PackageDescription, DumpFailed> = {
        // A scratch path of its own: `swift test` holds the lock on .build.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kbbench-dump-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let r = ChildProcess.swift(["package", "--scratch-path", scratch, "dump-package"])
        guard r.status == 0, let object = try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any],
            let targets = object["targets"] as? [[String: Any]]
        else { return .failure(DumpFailed(output: r.output)) }
        return .success(
            PackageDescription(
                targets: targets.compactMap { t in
                    guard let name = t["name"] as? String, let kind = (t["type"] as? String).flatMap(Target.Kind.init) else { return nil }
                    var dependencies = Set<String>()
                    for dependency in t["dependencies"] as? [[String: Any]] ?? [] {
                        for key in ["byName", "target", "product"] {
                            if let named = (dependency[key] as? [Any])?.first as? String { dependencies.insert(named) }
                        }
                    }
                    let path = t["path"] as? String ?? (kind == .test ? "Tests/" : "Sources/") + name
                    return Target(name: name, kind: kind, dependencies: dependencies, path: path)
                }))
    }()

    struct DumpFailed: Error, CustomStringConvertible {
        var output: String
        var description: String { "swift package dump-package failed: \(output)" }
    }

    /// The modules that the Swift files under `path` import, among `known`
    /// (`@testable`, `@preconcurrency` and other attributed imports too).
    static func imports(under path: String, among known: Set<String>) throws -> Set<String> {
        let root = Repository.url(path)
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var found = Set<String>()
        for case let url as URL in files where url.pathExtension == "swift" {
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                if let m = line.wholeMatch(of: #/\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(\w+).*/#), known.contains(String(m.output.1)) {
                    found.insert(String(m.output.1))
                }
            }
        }
        return found
    }
}
