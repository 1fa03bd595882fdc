import Foundation
import KeyboardJSON
import KeyboardTrace

/// Paths in this repository, for tests that run its example programs.
enum Repository {
    /// The repository's root (three levels above this file).
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// An absolute path from a repository-relative one.
    static func path(_ relative: String) -> String { root + "/" + relative }

    /// True when `python3` runs here. `.ci/run` fails without it, so in CI
    /// the tests that need it always run.
    static let hasPython: Bool = {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "command -v python3 >/dev/null"]
        do { try p.run() } catch { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }()

    /// A fresh empty directory under the system's temporary directory.
    static func temporaryDirectory(_ label: String) throws -> String {
        let path = NSTemporaryDirectory() + "kbbench-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The processes whose command line contains `marker` (from /proc, read
    /// with `FileBytes`: corelibs' `FileManager.contents(atPath:)` leaks the
    /// buffer of a file that reports size 0, as /proc files do).
    static func processes(containing marker: String) -> [Int32] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.compactMap { id -> Int32? in
            guard let pid = Int32(id), pid != getpid(),
                let data = try? FileBytes.read("/proc/\(id)/cmdline")
            else { return nil }
            let text = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return text.contains(marker) ? pid : nil
        }
    }
}
