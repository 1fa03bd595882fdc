import Foundation
import KBTestSupport
import Testing

/// A test that starts a process, opens a file of a kind that can block, or
/// waits for a signal can hang; with a time limit, the hang fails that test
/// by name (`processTimeLimit`). Every suite of a test file that does any
/// of these, and every suite of the test targets that run kbbench's own
/// processes, carries one: the files are found by what they call.
@Suite("Hang guards", .processTimeLimit)
struct HangGuardTests {
    /// What starts a process, opens a FIFO or waits on another process.
    static let markers = [
        "ChildProcess.", "KbbenchProcess.", "RunningKbbench", "PackageDescription.current", "PackageDescription.dump", "SwiftCompiler",
        "mkfifo", "\"exec:", "ExternalStrategy", "BrokenTool", "Process()", "AppleSDK.",
    ]
    /// Test targets whose every suite runs a process of kbbench's.
    static let processTargets = ["kbbenchCLITests", "CommandLineFuzzingTests", "UIKitGlueTests"]

    @Test func everySuiteThatCanHangHasATimeLimit() throws {
        var guarded: [String] = []
        for file in PackageDescription.swiftFiles(under: "Tests")
        where !file.contains("/UIKitStandIn/") && !file.contains("/KBTestSupport/") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let inTarget = Self.processTargets.contains { file.contains("Tests/\($0)/") }
            let suites = Self.suiteAttributes(in: text)
            guard !suites.isEmpty, inTarget || Self.markers.contains(where: text.contains) else { continue }
            for suite in suites {
                #expect(
                    suite.contains(".processTimeLimit") || suite.contains(".timeLimit("),
                    "\(file): \(suite.prefix(80))… can hang: give it `.processTimeLimit` (KBTestSupport)")
            }
            guarded.append(file)
        }
        // The walk can fail: it must find the suites known to start processes.
        #expect(guarded.count >= 20, "only \(guarded.count) files found: the walk reads too little")
        for known in ["Tests/kbbenchCLITests/FuzzCommandTests.swift", "Tests/ToolSupportTests/FileBytesTests.swift"] {
            #expect(guarded.contains { $0.hasSuffix(known) }, "\(known) was not found by the walk")
        }
    }

    /// Each `@Suite` attribute in `text` (one that starts a line), with its
    /// arguments.
    static func suiteAttributes(in text: String) -> [Substring] {
        var found: [Substring] = []
        var rest = text[...]
        while let start = rest.range(of: "@Suite") {
            let lineStart = rest[..<start.lowerBound].lastIndex(of: "\n").map { rest.index(after: $0) } ?? rest.startIndex
            guard rest[lineStart..<start.lowerBound].allSatisfy(\.isWhitespace) else {
                rest = rest[start.upperBound...]
                continue
            }
            var end = start.upperBound
            if end < rest.endIndex, rest[end] == "(" {
                var depth = 0
                var i = end
                while i < rest.endIndex {
                    if rest[i] == "(" { depth += 1 }
                    if rest[i] == ")" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    i = rest.index(after: i)
                }
                end = i < rest.endIndex ? rest.index(after: i) : i
            }
            found.append(rest[start.lowerBound..<end])
            rest = rest[end...]
        }
        return found
    }
}
