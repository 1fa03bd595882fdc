import Foundation
import KBTestSupport
import Testing

/// A generated section of a hand-written document (``GoldenFile``): only the
/// lines between its markers are compared, and a document without both
/// markers is an error naming them. These compare without rewriting, also
/// when the run regenerates the pins.
@Suite("Generated sections of documents")
struct GoldenSectionTests {
    static func document(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kbbench-section-\(UUID().uuidString).md")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func onlyTheSectionIsCompared() throws {
        let url = try Self.document("# Title\n\nprose\n<!-- t:begin -->\n| a |\n| b |\n<!-- t:end -->\nmore prose\n")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try GoldenFile.sectionDifference("| a |\n| b |\n", named: "t", in: url, updating: false) == nil)
        let moved = try #require(try GoldenFile.sectionDifference("| a |\n| c |\n", named: "t", in: url, updating: false))
        #expect(moved.hasPrefix("\(url.lastPathComponent)'s generated section 't' differs first at its line 2: got | c |, reviewed | b |"))
        #expect(moved.contains(GoldenFile.regenerate))
        let longer = try #require(try GoldenFile.sectionDifference("| a |\n| b |\n| c |\n", named: "t", in: url, updating: false))
        #expect(longer.contains("its line 3: got | c |, reviewed <end>"))
    }

    @Test func aDocumentWithoutTheMarkersIsAnError() throws {
        for text in ["no markers\n", "<!-- t:end -->\n<!-- t:begin -->\n", "<!-- t:begin -->\n<!-- t:end -->\n<!-- t:begin -->\n"] {
            let url = try Self.document(text)
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(throws: GoldenFile.SectionMissing.self) { try GoldenFile.sectionDifference("", named: "t", in: url, updating: false) }
        }
    }
}
