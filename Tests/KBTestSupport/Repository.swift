import Foundation
import SystemPackage
import Testing
import KeyboardJSON
import KeyboardTrace
import ToolSupport

/// Paths in this repository, found from this source file so that tests run
/// from any working directory: the one place every test finds the
/// repository's corpora, examples and documents.
package enum Repository {
    /// The repository's root (three levels above this file).
    package static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// An absolute path from a repository-relative one.
    package static func path(_ relative: String) -> String { root + "/" + relative }

    /// The same, as a URL.
    package static func url(_ relative: String) -> URL { URL(fileURLWithPath: path(relative)) }

    /// The text of a repository file.
    package static func text(_ relative: String) throws -> String { try String(contentsOfFile: path(relative), encoding: .utf8) }

    /// Every `*.kbtrace` under `corpora/<folder>`, sorted; the `malformed`
    /// folder (inputs that must be rejected) is left out. Finding none is a
    /// failure of the calling test (a walk that finds nothing checks
    /// nothing, and would pass).
    package static func traces(in folder: String, sourceLocation: SourceLocation = #_sourceLocation) -> [URL] {
        let dir = url("corpora/" + folder)
        let found =
            FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil).map { e in
                e.compactMap { $0 as? URL }.filter { $0.pathExtension == "kbtrace" && !$0.path.contains("/malformed/") }
                    .sorted { $0.path < $1.path }
            } ?? []
        if found.isEmpty { Issue.record("corpora/\(folder) holds no trace: the walk found nothing to check", sourceLocation: sourceLocation) }
        return found
    }

    /// The trace at `url`, read strictly.
    package static func trace(_ url: URL) throws -> Trace {
        try TraceReader.read(try String(contentsOf: url, encoding: .utf8), file: url.lastPathComponent)
    }

    /// True when the repository's root is a git checkout of its own (a
    /// clone, the team's working tree), not a copy of one: `scripts/mutants`
    /// runs the tests in a copy with no `.git`, where the tests that clone
    /// the repository or read its commit cannot run. `.ci/run` runs in a
    /// clone, so there they always run.
    package static let isGitCheckout: Bool = FileManager.default.fileExists(atPath: root + "/.git")

    /// True when `python3` runs here. `.ci/run` fails without it, so in CI
    /// the tests that need it always run.
    package static let hasPython: Bool = {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "command -v python3 >/dev/null"]
        do { try p.run() } catch { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }()

    /// A fresh empty directory under the system's temporary directory.
    package static func temporaryDirectory(_ label: String) throws -> String {
        let path = NSTemporaryDirectory() + "kbbench-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The processes whose command line contains `marker` (from /proc, read
    /// with `FileBytes`: corelibs' `FileManager.contents(atPath:)` leaks the
    /// buffer of a file that reports size 0, as /proc files do).
    package static func processes(containing marker: String) -> [Int32] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.compactMap { id -> Int32? in
            guard let pid = Int32(id), pid != getpid(),
                let data = try? FileBytes.read(FilePath("/proc/\(id)/cmdline"))
            else { return nil }
            let text = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return text.contains(marker) ? pid : nil
        }
    }
}
