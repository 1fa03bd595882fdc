import Foundation
import KBTestSupport
import Testing

/// A module past 3,500 lines of Swift holds more than one concern: split
/// it (the harness went past it once, with three copies of one batch
/// runner in it).
@Suite struct ModuleSizeTests {
    static let largestModule = 3_500

    @Test func everyModuleUnderSourcesStaysUnder3500Lines() throws {
        let root = Repository.url("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        var measured = 0
        for module in modules {
            let files = PackageDescription.swiftFiles(under: "Sources/\(module)")
            guard !files.isEmpty else { continue }
            let lines = try files.reduce(0) {
                $0 + (try String(contentsOfFile: $1, encoding: .utf8)).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            }
            #expect(lines <= Self.largestModule, "Sources/\(module): \(lines) lines of Swift, over \(Self.largestModule): split a concern out")
            measured += 1
        }
        // The walk can fail: it must find the modules of Package.swift.
        #expect(measured >= 20, "only \(measured) modules with Swift files under Sources")
    }
}
