import Foundation

/// A reviewed file that a test's output must equal byte for byte: a change
/// to what the output depends on shows up as a diff to read, not as a test
/// that still passes.
///
/// After an intended change, regenerate every golden file with
/// `KBBENCH_UPDATE_GOLDEN=1 swift test --filter <suite>` and read the diff
/// before committing it. The file is named by its path relative to the
/// calling test file (`#filePath`), so it lives beside the test that reads it
/// and the test target excludes its folder.
package enum GoldenFile {
    /// The one command that regenerates every pin.
    package static let regenerate = "`KBBENCH_UPDATE_GOLDEN=1 swift test`"

    /// Where `name` is, beside `testFile`.
    package static func url(_ name: String, besideTestFile testFile: String) -> URL {
        URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Nil when `text` equals the golden file at `url`; otherwise the first
    /// line that differs, numbered from 1, with both sides (a missing line
    /// shows as `<end of file>`). With `KBBENCH_UPDATE_GOLDEN=1` in the
    /// environment the file is written with `text` first, so the comparison
    /// passes and the diff is left for review.
    ///
    /// - Throws: when the golden file cannot be read (or written, when updating).
    package static func difference(_ text: String, from url: URL) throws -> String? {
        if ProcessInfo.processInfo.environment["KBBENCH_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let reviewed = try String(contentsOf: url, encoding: .utf8)
        guard text != reviewed else { return nil }
        let got = text.split(separator: "\n", omittingEmptySubsequences: false),
            want = reviewed.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
        func side(_ lines: [Substring]) -> String { line < lines.count ? String(lines[line]) : "<end of file>" }
        return "\(url.lastPathComponent) differs first at line \(line + 1): got \(side(got)), reviewed \(side(want)) "
            + "(if the change is meant, regenerate every pin with \(regenerate) and read the diff)"
    }
}
