import Foundation
import KBTestSupport
import Testing

/// The tools call the platform's C library in one place: ToolSupport's
/// `SystemCall` (Sources/ToolSupport/System/SystemCalls.swift), on
/// swift-system. No other source file imports the C module, retries an
/// interrupted call by hand, or turns an error number into text.
@Suite("Platform calls", .processTimeLimit)
struct PlatformCallsTests {
    static let theOnePlace = "Sources/ToolSupport/System/SystemCalls.swift"

    /// A line that imports a platform's C module.
    nonisolated(unsafe) static let platformImport = #/\s*(?:@\w+\s+)?import\s+(?:Glibc|Musl|Darwin|ucrt)\b.*/#

    /// The lines of `text` that are code, not comments.
    static func codeLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
    }

    @Test func oneFileImportsThePlatformAndHandlesItsErrors() throws {
        let files = PackageDescription.swiftFiles(under: "Sources")
        #expect(files.count > 100, "only \(files.count) Swift files under Sources: the walk reads too little")
        var importing: [String] = [], handling: [String] = []
        for file in files {
            let code = Self.codeLines(try String(contentsOfFile: file, encoding: .utf8))
            let relative = String(file[file.range(of: "Sources/")!.lowerBound...])
            if code.contains(where: { $0.wholeMatch(of: Self.platformImport) != nil }) { importing.append(relative) }
            if code.contains(where: { $0.contains("EINTR") || $0.contains("strerror(") }) { handling.append(relative) }
        }
        // Both checks can fail: the one place does what the others must not.
        #expect(importing == [Self.theOnePlace], "import the platform's C module only in \(Self.theOnePlace)")
        #expect(handling == [Self.theOnePlace], "retry EINTR and describe errors (swift-system's Errno) only in \(Self.theOnePlace)")
    }

    /// The command-line fuzzer runs tools in process groups with ToolSupport,
    /// never with the keyboard harness.
    @Test func theCommandLineFuzzerLinksNoHarness() throws {
        let package = try PackageDescription.current.get()
        let byName = Dictionary(package.targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var linked: Set<String> = [], next = try #require(byName["CommandLineFuzzing"]).dependencies
        while let d = next.popFirst() {
            guard linked.insert(d).inserted else { continue }
            next.formUnion(byName[d]?.dependencies ?? [])
        }
        #expect(linked.contains("ToolSupport"), "the walk found CommandLineFuzzing's modules")
        #expect(!linked.contains("KeyboardHarness"), "CommandLineFuzzing links KeyboardHarness: \(linked.sorted())")
    }
}
