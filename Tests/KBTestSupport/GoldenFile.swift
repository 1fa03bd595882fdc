import Foundation

/// A reviewed file that a test's output must equal byte for byte: a change
/// to what the output depends on shows up as a diff to read, not as a test
/// that still passes.
///
/// After an intended change, regenerate every pin with
/// `KBBENCH_UPDATE_GOLDEN=1 swift test` and read the diff before committing
/// it. The file is named by its path relative to the
/// calling test file (`#filePath`), so it lives beside the test that reads it
/// and the test target excludes its folder.
package enum GoldenFile {
    /// The one command that regenerates every pin.
    package static let regenerate = "`KBBENCH_UPDATE_GOLDEN=1 swift test`"

    /// Whether this run rewrites the pins (`KBBENCH_UPDATE_GOLDEN=1`), so a
    /// test that keeps a set of files removes those no longer produced.
    package static var isUpdating: Bool { ProcessInfo.processInfo.environment["KBBENCH_UPDATE_GOLDEN"] == "1" }

    /// Where `name` is, beside `testFile`.
    package static func url(_ name: String, besideTestFile testFile: String) -> URL {
        URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Nil when `text` equals the golden file at `url`; otherwise the first
    /// line that differs, numbered from 1, with both sides (a missing line
    /// shows as `<end>`). With `KBBENCH_UPDATE_GOLDEN=1` in the
    /// environment the file is written with `text` first, so the comparison
    /// passes and the diff is left for review.
    ///
    /// - Throws: when the golden file cannot be read (or written, when updating).
    package static func difference(_ text: String, from url: URL, updating: Bool = isUpdating) throws -> String? {
        if updating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let reviewed = try String(contentsOf: url, encoding: .utf8)
        return firstDifference(text, reviewed).map { "\(url.lastPathComponent) differs first at line \($0)" + advice }
    }

    /// Nil when every line of `sample` is a line of the golden file at
    /// `url`; otherwise the first that is not. The fast tier checks a pin
    /// this way on the part of its workload it runs (``TestTier``): a line
    /// holds its own key (a file, a range of scenarios), so a changed value
    /// is a line the pin lacks.
    ///
    /// - Throws: when the golden file cannot be read.
    package static func differenceOfSample(_ sample: [String], from url: URL) throws -> String? {
        let reviewed = Set(try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init))
        return sample.first { !reviewed.contains($0) }.map { "\(url.lastPathComponent) has no line \($0)" + advice }
    }

    private static let advice = " (if the change is meant, regenerate every pin with \(regenerate) and read the diff)"

    /// Nil when the texts are equal; otherwise where they first differ:
    /// "N: got …, reviewed …", the line numbered from 1 (a missing line
    /// shows as `<end>`).
    private static func firstDifference(_ text: String, _ reviewed: String) -> String? {
        guard text != reviewed else { return nil }
        func lines(_ s: String) -> [Substring] {
            let all = s.split(separator: "\n", omittingEmptySubsequences: false)
            return s.hasSuffix("\n") ? Array(all.dropLast()) : all
        }
        let got = lines(text), want = lines(reviewed)
        if got == want { return "\(got.count): the same lines, but one text lacks the final newline" }
        let line = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
        func side(_ lines: [Substring]) -> String { line < lines.count ? String(lines[line]) : "<end>" }
        return "\(line + 1): got \(side(got)), reviewed \(side(want))"
    }

    /// Like ``difference(_:from:)`` for a generated part of a hand-written
    /// document: the lines between `<!-- NAME:begin -->` and
    /// `<!-- NAME:end -->` in the file at `url` must equal `text` (which
    /// ends with a newline, or is empty). Updating rewrites only those
    /// lines; the rest of the document is never touched.
    ///
    /// - Throws: when the file cannot be read or written, or does not hold
    ///   both markers once, in order.
    package static func sectionDifference(_ text: String, named name: String, in url: URL, updating: Bool = isUpdating) throws -> String? {
        let (document, range) = try section(named: name, in: url)
        let reviewed = String(document[range])
        if updating, reviewed != text {
            try Data((document[..<range.lowerBound] + text + document[range.upperBound...]).utf8).write(to: url)
            return nil
        }
        return firstDifference(text, reviewed).map {
            "\(url.lastPathComponent)'s generated section '\(name)' differs first at its line \($0)" + advice
        }
    }

    /// The document at `url` and the range of its section `name`: the lines
    /// between `<!-- NAME:begin -->` and `<!-- NAME:end -->`.
    ///
    /// - Throws: when the file cannot be read, or does not hold both
    ///   markers once, in order.
    package static func section(named name: String, in url: URL) throws -> (document: String, range: Range<String.Index>) {
        let begin = "<!-- \(name):begin -->\n", end = "<!-- \(name):end -->"
        let document = try String(contentsOf: url, encoding: .utf8)
        guard let b = document.range(of: begin), let e = document.range(of: end, range: b.upperBound..<document.endIndex),
            document.ranges(of: begin).count == 1
        else { throw SectionMissing(file: url.lastPathComponent, name: name) }
        return (document, b.upperBound..<e.lowerBound)
    }

    /// A document lacks the markers of a generated section.
    package struct SectionMissing: Error, CustomStringConvertible {
        package var file: String
        package var name: String
        package var description: String { "\(file) has no '<!-- \(name):begin -->' … '<!-- \(name):end -->' section (once, in order)" }
    }
}
