import Foundation
import KeyboardJSON
import KeyboardTrace
import SystemPackage
import Testing
import ToolSupport

/// Every file of `corpora/malformed/traces` is rejected with an error that
/// names the file and the expected line (EXPECTED-LINES.json); none crashes.
@Suite("Malformed trace corpus")
struct MalformedCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("corpora/malformed/traces")

    static func expectedLines() throws -> [String: Int] {
        let data = try Data(contentsOf: folder.appendingPathComponent("EXPECTED-LINES.json"))
        guard case .object(let o) = try JSONParser.parse(bytes: Array(data)) else { return [:] }
        var lines: [String: Int] = [:]
        for (k, v) in o { if case .number(let d) = v { lines[k] = Int(d) } }
        return lines
    }

    @Test func everyFileIsRejectedAtItsLine() throws {
        let expected = try Self.expectedLines()
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".kbtrace") }.sorted()
        #expect(files.count >= 50)
        #expect(Set(files.map { String($0.dropLast(".kbtrace".count)) }) == Set(expected.keys), "EXPECTED-LINES.json lists every file")
        for name in files {
            let bytes = try FileBytes.read(FilePath(Self.folder.appendingPathComponent(name).path))
            do {
                _ = try TraceReader.read(bytes: bytes, file: name)
                Issue.record("\(name) was accepted")
            } catch {
                let stem = String(name.dropLast(".kbtrace".count))
                #expect(error.line == expected[stem], "\(name): \(error)")
                #expect(error.description.hasPrefix(name + ":"), "\(error)")
            }
        }
    }

    @Test func aHundredMegabyteLineIsRejectedWithoutCrashing() {
        let header =
            #"{"schemaVersion":1,"kind":"kbtrace","screen":[320,480],"scrollView":{"frame":[0,0,320,480],"contentSize":[320,480]},"fields":[]}"#
        var bytes = Array((header + "\n{\"event\":\"").utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 100_000_000)
        do {
            _ = try TraceReader.read(bytes: bytes, file: "huge.kbtrace")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 2)
            #expect(error.problem.description.contains("unterminated string"))
        }
    }
}
