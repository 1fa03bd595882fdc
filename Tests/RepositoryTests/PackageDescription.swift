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
    /// Library products: name → the targets they vend.
    var libraries: [String: [String]] = [:]
    /// The oldest system each declared platform supports (`platforms:`),
    /// by SwiftPM's name (`ios`, `macos`): `[13, 0]` for `.v13`.
    var minimums: [String: [Int]] = [:]

    /// The target called `name`.
    func target(_ name: String) -> Target? { targets.first { $0.name == name } }

    /// `names` and every target they depend on, in an order where each comes
    /// after its dependencies (products of other packages left out).
    func closure(_ names: [String]) -> [Target] {
        var ordered: [Target] = [], visited = Set<String>()
        func visit(_ name: String) {
            guard !visited.contains(name), let t = target(name) else { return }
            visited.insert(name)
            for d in t.dependencies.sorted() { visit(d) }
            ordered.append(t)
        }
        for name in names { visit(name) }
        return ordered
    }

    /// Whether `name` is `other` or depends on it, directly or not.
    func depends(_ name: String, on other: String) -> Bool { closure([name]).contains { $0.name == other } }

    /// Read once per test run.
    static let current = dump()

    /// The package at `packagePath` (repository-relative; nil: the
    /// repository's own), as SwiftPM reads it. Target paths are relative to
    /// that package.
    static func dump(packagePath: String? = nil) -> Result<PackageDescription, DumpFailed> {
        // A scratch path of its own: `swift test` holds the lock on .build.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kbbench-dump-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let r = ChildProcess.swift(["package", "--scratch-path", scratch] + (packagePath.map { ["--package-path", $0] } ?? []) + ["dump-package"])
        guard r.status == 0, let object = try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any],
            let targets = object["targets"] as? [[String: Any]]
        else { return .failure(DumpFailed(output: r.output)) }
        var libraries: [String: [String]] = [:]
        for product in object["products"] as? [[String: Any]] ?? [] {
            guard let name = product["name"] as? String, let type = product["type"] as? [String: Any], type["library"] != nil else { continue }
            libraries[name] = product["targets"] as? [String] ?? []
        }
        var minimums: [String: [Int]] = [:]
        for platform in object["platforms"] as? [[String: Any]] ?? [] {
            guard let name = platform["platformName"] as? String, let version = platform["version"] as? String else { continue }
            minimums[name] = version.split(separator: ".").compactMap { Int($0) }
        }
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
                }, libraries: libraries, minimums: minimums))
    }

    struct DumpFailed: Error, CustomStringConvertible {
        var output: String
        var description: String { "swift package dump-package failed: \(output)" }
    }

    /// The name SwiftPM scopes `package` access by when it builds the
    /// package checked out at `root`: the root package's identity (its
    /// folder's name, lower-cased) as a C identifier, every other character
    /// an underscore (a clone in `ci.AbC` builds as `ci_abc`).
    static func packageName(ofCheckoutAt root: String) -> String {
        let identity = URL(fileURLWithPath: root).lastPathComponent.lowercased()
        var name = String(identity.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
        if name.first?.isNumber ?? true { name = "_" + name }
        return name
    }

    /// The Swift files under `path` (repository-relative), sorted, as
    /// absolute paths.
    /// The Swift files under `path`, a folder or a link to one (corelibs'
    /// enumerator yields nothing through a link used as its root, so the
    /// link is resolved first), build folders (`.build*`) under it left out.
    /// Only the part below `path` is read for those: the repository itself
    /// may sit in one (the mutation runs' copy is in `.build-mutants/src`).
    static func swiftFiles(under path: String) -> [String] {
        let root = Repository.url(path).resolvingSymlinksInPath()
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return files.compactMap { item -> String? in
            guard let url = item as? URL, url.pathExtension == "swift" else { return nil }
            return url.path.dropFirst(root.path.count).contains("/.build") ? nil : url.path
        }.sorted()
    }

    /// The modules that the Swift files under `path` import, among `known`
    /// (`@testable`, `@preconcurrency` and other attributed imports too).
    static func imports(under path: String, among known: Set<String>) throws -> Set<String> {
        let root = Repository.url(path).resolvingSymlinksInPath()
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var found = Set<String>()
        // Built once: a regex literal is parsed again each time it is evaluated.
        let importLine = #/\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(\w+).*/#
        for case let url as URL in files where url.pathExtension == "swift" {
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                if let m = line.wholeMatch(of: importLine), known.contains(String(m.output.1)) {
                    found.insert(String(m.output.1))
                }
            }
        }
        return found
    }
}
