import Foundation
import KBTestSupport
import Testing

/// Every script the documents tell people to run is run somewhere that
/// fails when it breaks: by `.ci/run`, by a workflow, or by `scripts/smoke`
/// (which `.ci/run` runs). A script nobody runs breaks silently, as
/// `scripts/fuzz-instructions` once did for days.
@Suite("Scripts")
struct ScriptsTests {
    /// The executable scripts under scripts/ (folders and data files aside).
    static func scripts() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Repository.path("scripts")).filter { name in
            let path = Repository.path("scripts/\(name)")
            // A folder lists; a script does not.
            return (try? FileManager.default.contentsOfDirectory(atPath: path)) == nil && FileManager.default.isExecutableFile(atPath: path)
        }.sorted()
    }

    /// Where scripts are run: `.ci/run`, the workflows, `scripts/smoke`.
    static func runners() throws -> [(name: String, text: String)] {
        let workflows = try FileManager.default.contentsOfDirectory(atPath: Repository.path(".github/workflows")).sorted()
        return try [(".ci/run", Repository.text(".ci/run")), ("scripts/smoke", Repository.text("scripts/smoke"))]
            + workflows.map { (".github/workflows/\($0)", try Repository.text(".github/workflows/\($0)")) }
    }

    @Test func everyDocumentedScriptIsRunSomewhere() throws {
        let documents =
            try FileManager.default.contentsOfDirectory(atPath: Repository.path("docs")).filter { $0.hasSuffix(".md") }
            .map { try Repository.text("docs/\($0)") } + [try Repository.text("README.md")]
        let runners = try Self.runners()
        let scripts = try Self.scripts()
        var checked = 0
        #expect(scripts.count > 5 && documents.count > 5 && runners.count > 2, "the walk read too little: \(scripts)")
        for script in scripts where script != "smoke" {
            let named = documents.contains { $0.contains("scripts/\(script)") }
            guard named else { continue }
            checked += 1
            // A runner runs it when a line that is not a comment invokes it.
            let ranBy = runners.filter { runner in
                runner.text.split(separator: "\n").contains { line in
                    let code = line.trimmingCharacters(in: .whitespaces)
                    return !code.hasPrefix("#") && code.contains("scripts/\(script)")
                }
            }
            #expect(!ranBy.isEmpty, "scripts/\(script) is in the docs but nothing runs it: add it to scripts/smoke on a tiny workload")
        }
        #expect(checked > 3, "only \(checked) documented scripts found: the docs no longer name them as scripts/NAME?")
    }

    @Test func ciRunsTheSmoke() throws {
        #expect(try Repository.text(".ci/run").contains("scripts/smoke"))
    }
}
