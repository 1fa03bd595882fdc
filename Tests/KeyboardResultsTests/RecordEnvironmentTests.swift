import Foundation
import KeyboardResults
import Testing

/// Where a record says it was made: the commit git names, the CPU's model
/// name, and a default file name that sorts by time and names the commit.
@Suite("Record environment")
struct RecordEnvironmentTests {
    /// The commit that the `.git` of this folder or the nearest one above
    /// names in its HEAD, read from the files (a loose ref or packed-refs;
    /// a `.git` file points to the folder), or nil when there is none.
    static func head() -> String? {
        var folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) {
            guard folder.path != "/" else { return nil }
            folder.deleteLastPathComponent()
        }
        var git = folder.appendingPathComponent(".git")
        func text(_ url: URL) -> String? {
            (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if let pointer = text(git), pointer.hasPrefix("gitdir: ") {
            git = URL(fileURLWithPath: String(pointer.dropFirst(8)), relativeTo: folder)
        }
        guard let head = text(git.appendingPathComponent("HEAD")) else { return nil }
        guard head.hasPrefix("ref: ") else { return head }
        let ref = String(head.dropFirst(5))
        if let loose = text(git.appendingPathComponent(ref)) { return loose }
        let packed = text(git.appendingPathComponent("packed-refs"))?.split(separator: "\n")
        return packed?.first { $0.hasSuffix(" " + ref) }.map { String($0.prefix(40)) }
    }

    @Test func theCommitIsWhatGitNamesOrUnknown() {
        let commit = RecordEnvironment.gitCommit()
        if let head = Self.head() {
            #expect(commit == head && commit.count == 40)
        } else {
            #expect(commit == "unknown")
        }
    }

    /// The CPU is the text after the colon of `model name`, without the
    /// key or the spaces around it.
    @Test func theCPUIsTheModelNameAlone() throws {
        let cpu = RecordEnvironment.machine().cpu
        #expect(!cpu.contains("model name") && !cpu.hasPrefix(" ") && !cpu.hasSuffix(" ") && !cpu.isEmpty)
        #if os(Linux)
        let info = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let line = try #require(info.split(separator: "\n").first { $0.hasPrefix("model name") })
        #expect(line.hasSuffix(cpu), "\(line)")
        #endif
    }

    /// `DIR/bench-<yyyyMMdd-HHmmss UTC>-<7 characters of the commit>.json`.
    @Test func theDefaultPathSortsByTimeAndNamesTheCommit() {
        let path = RecordEnvironment.defaultPath(directory: "out", commit: "0123456789abcdef")
        #expect(path.hasPrefix("out/bench-") && path.hasSuffix("-0123456.json"), "\(path)")
        let time = Array(path.dropFirst("out/bench-".count).dropLast("-0123456.json".count))
        #expect(
            time.count == 15 && time[8] == "-" && time.enumerated().allSatisfy { $0.offset == 8 || $0.element.isASCII && $0.element.isNumber },
            "\(path)")
    }
}
