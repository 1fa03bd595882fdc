import Foundation
import KeyboardResults
import Testing

/// Where a record says it was made: the CPU's model name, and a default
/// file name that sorts by time and names the commit. (The commit itself is
/// the binary's: kbbenchCLITests' `RecordProvenanceTests`.)
@Suite("Record environment")
struct RecordEnvironmentTests {
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
