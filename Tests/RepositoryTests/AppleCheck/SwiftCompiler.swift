import Foundation
import KBTestSupport

/// `swiftc` as the Apple check runs it: Swift 6 language mode, the package's
/// name for `package` access, and either an ``AppleSDK`` or Linux's own
/// toolchain. What it reports is the compiler's errors and warnings, each
/// with its file and line.
struct SwiftCompiler: Sendable {
    /// The SDK compiled against; nil for the toolchain as it is.
    var sdk: AppleSDK?
    /// Module search folders, after the SDK's.
    var searchPaths: [String]
    /// Modules every file imports without saying so (`-import-module`).
    var implicitImports: [String] = []
    /// Where modules built from interfaces are kept.
    var moduleCache: String
    /// The name `package` access is scoped by: what SwiftPM passes (the
    /// package's identity) when compiling against its build's modules.
    var packageName = "kbbench"
    /// C modules' module maps (`-fmodule-map-file`).
    var moduleMaps: [String] = []

    /// A compilation that did not succeed: what was compiled and what the
    /// compiler said.
    struct Failure: Error, CustomStringConvertible {
        var what: String
        var diagnostics: [String]
        var description: String { "\(what):\n" + diagnostics.joined(separator: "\n") }
    }

    /// Whether `files` need Objective-C interoperability (`@objc`,
    /// `#selector`). Only such files get it: on Linux the standard library
    /// is built without it, and under it a call to a C function taking a
    /// pointer does not compile, so a file with both cannot be checked.
    static func needsObjectiveC(_ files: [String]) throws -> Bool {
        try files.contains { file in
            let text = try String(contentsOfFile: file, encoding: .utf8)
            return text.contains("@objc") || text.contains("#selector")
        }
    }

    /// Whole-module: the driver starts one frontend for the module, where
    /// file by file it starts one per file in turn (each reloading the
    /// standard library and the shim), and that frontend still checks
    /// every function body (AppleCheckSelfTests holds it).
    private func arguments(objectiveC: Bool) -> [String] {
        var a = ["-wmo", "-swift-version", "6", "-package-name", packageName, "-module-cache-path", moduleCache]
        for map in moduleMaps { a += ["-Xcc", "-fmodule-map-file=" + map] }
        if let sdk {
            a += ["-resource-dir", sdk.resourceFolder, "-I", sdk.folder]
            a += ["-Xfrontend", "-import-module", "-Xfrontend", AppleSDK.availabilityModule]
        }
        for path in searchPaths { a += ["-I", path] }
        for module in implicitImports { a += ["-Xfrontend", "-import-module", "-Xfrontend", module] }
        if objectiveC { a += ["-Xfrontend", "-enable-objc-interop"] }
        return a
    }

    /// Compiles `files` as module `name` into `folder` (its
    /// `.swiftmodule`), type-checking every function body.
    func emitModule(_ name: String, files: [String], into folder: String, parseAsLibrary: Bool = true) throws {
        var a = ["swiftc", "-emit-module", "-module-name", name, "-emit-module-path", folder + "/\(name).swiftmodule"]
        if parseAsLibrary { a.append("-parse-as-library") }
        try run(a + arguments(objectiveC: try Self.needsObjectiveC(files)) + files, what: "module \(name)")
    }

    /// Type-checks `files` as one module named `name` (a test target, a
    /// snippet) without writing anything.
    func typecheck(_ name: String, files: [String], parseAsLibrary: Bool = true) throws {
        var a = ["swiftc", "-typecheck", "-module-name", name]
        if parseAsLibrary { a.append("-parse-as-library") }
        try run(a + arguments(objectiveC: try Self.needsObjectiveC(files)) + files, what: name)
    }

    /// Runs the compiler; throws its errors and warnings (warnings too: the
    /// package builds with none) when it fails or warns.
    private func run(_ arguments: [String], what: String) throws {
        let r = ChildProcess.run("/usr/bin/env", arguments, in: Repository.root)
        let diagnostics = Self.diagnostics(r.output)
        if r.status != 0 || !diagnostics.isEmpty {
            throw Failure(what: what, diagnostics: diagnostics.isEmpty ? [r.output] : diagnostics)
        }
    }

    /// The error and warning lines of a compiler's output (`FILE:LINE:COL:
    /// error: …`), each once, in order; notes and code excerpts left out.
    static func diagnostics(_ output: String) -> [String] {
        var seen = Set<String>(), lines: [String] = []
        for line in output.split(separator: "\n") where line.contains(": error: ") || line.contains(": warning: ") {
            let text = String(line)
            if seen.insert(text).inserted { lines.append(text) }
        }
        return lines
    }
}
