import Foundation
import KBTestSupport
import Testing

/// The module graph is true in three places at once: each target's
/// dependencies in `Package.swift` are exactly the modules its sources
/// import (none unused, none taken for granted through another module), and
/// docs/design.md's module table lists every module of `Sources/` with
/// exactly those dependencies, generated; only its last column, what each
/// module is, is written by hand.
@Suite("Module graph", .processTimeLimit)
struct ModuleGraphTests {
    /// Products of other packages that targets import by name.
    static let products: Set<String> = ["ArgumentParser", "SystemPackage"]

    @Test func everyTargetDependsOnExactlyWhatItsSourcesImport() throws {
        let package = try PackageDescription.current.get()
        let known = Set(package.targets.map(\.name)).union(Self.products)
        for target in package.targets where target.kind != .plugin {
            let used = try PackageDescription.imports(under: target.path, among: known).subtracting([target.name])
            for unused in target.dependencies.subtracting(used).sorted() {
                Issue.record("Package.swift: \(target.name) depends on \(unused), which none of its sources imports")
            }
            for missing in used.subtracting(target.dependencies).sorted() {
                Issue.record("Package.swift: \(target.name) imports \(missing) without depending on it")
            }
        }
    }

    /// A row of the table: the module, then what it is (kept from the
    /// document).
    static func row(_ target: PackageDescription.Target, description: String) -> String {
        let dependencies = target.dependencies.isEmpty ? "—" : target.dependencies.sorted().map { "`\($0)`" }.joined(separator: ", ")
        return "| `\(target.name)` | \(dependencies) | \(description) |"
    }

    @Test func theDesignDocumentsTableIsThePackagesGraph() throws {
        let package = try PackageDescription.current.get()
        let design = Repository.url("docs/design.md")
        let (page, table) = try GoldenFile.section(named: "modules", in: design)
        // What each module is, from the rows as written, in their order.
        var described: [(name: String, description: String)] = []
        for line in page[table].split(separator: "\n") {
            if let m = line.wholeMatch(of: #/\| `(\w+)` \| [^|]* \| (.*) \|/#) { described.append((String(m.output.1), String(m.output.2))) }
        }
        let modules = package.targets.filter(\.isSourceModule)
        let byName = Dictionary(modules.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var rows = ["| module | depends on | what it is |", "| --- | --- | --- |"]
        for (name, description) in described {
            if let target = byName[name] { rows.append(Self.row(target, description: description)) }
        }
        let undescribed = modules.map(\.name).filter { name in !described.contains { $0.name == name } }
        for name in undescribed {
            Issue.record(
                "docs/design.md's module table has no row for \(name): add `| `\(name)` | — | what it is |` (the dependencies are generated)")
        }
        let difference = try GoldenFile.sectionDifference(rows.joined(separator: "\n") + "\n", named: "modules", in: design)
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// The modules an app ships, and what they may use besides each other:
    /// the trace format the recorder writes. Nothing of the tools (no
    /// swift-system, no `ToolSupport`), so that an app links no tool code.
    static let shipped: Set<String> = [
        "KeyboardGeometry", "KeyboardAvoidance", "KeyboardAvoidanceFoundation", "KeyboardAvoidanceUIKit", "KeyboardAvoidanceSceneGeometry",
        "KeyboardAvoidanceSwiftUI", "KeyboardTraceCapture",
    ]
    static let shippedMayUse: Set<String> = ["KeyboardTrace", "KeyboardJSON"]

    @Test func whatAnAppLinksCarriesNoToolCode() throws {
        let package = try PackageDescription.current.get()
        let byName = Dictionary(package.targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let allowed = Self.shipped.union(Self.shippedMayUse)
        for name in Self.shipped.sorted() {
            let target = try #require(byName[name], "\(name) is not a module of Package.swift")
            // Every module it links, directly or through another.
            var linked: Set<String> = [], next = target.dependencies
            while let d = next.popFirst() {
                guard linked.insert(d).inserted else { continue }
                next.formUnion(byName[d]?.dependencies ?? [])
            }
            for extra in linked.subtracting(allowed).sorted() {
                Issue.record("Package.swift: \(name), which apps link, links \(extra): an app would carry tool code")
            }
        }
        // The check can fail: the tools do link what apps must not.
        let kbbench = try #require(byName["ToolSupport"])
        #expect(kbbench.dependencies.contains("SystemPackage"), "ToolSupport no longer uses swift-system: the check above reads nothing")
    }
}
