import Foundation
import KBTestSupport
import Testing

/// `kbbench import` end to end: every console-log sample imports with the
/// options it needs, as the reviewed trace in `Golden/imports/` (see
/// `GoldenFile`: a change to what a pasted log becomes is a diff to read),
/// and its trace replays; damage exits 65 naming its line, or is left out
/// and named with `--skip-damaged`.
@Suite("kbbench import, end to end", .processTimeLimit)
struct ImportCommandTests {
    typealias K = KbbenchProcess

    /// Each sample and the options it needs (a userInfo alone needs its
    /// name; an iOS 7 or earlier log its profile).
    static let samples: [(log: String, options: [String])] = [
        ("nslog-ios11", []), ("po-ios4", ["--profile", "ios7"]), ("swift-print", []),
        ("userinfo-swift", ["--name", "UIKeyboardWillShowNotification"]), ("userinfo-objc", ["--name", "UIKeyboardWillShowNotification"]),
        ("comment-stars-objc", []), ("comment-slashes-swift", []), ("markdown-quote", []), ("string-literal", []),
        ("swift2-print", ["--name", "UIKeyboardWillShowNotification"]), ("rxswift", []),
        ("nsdictionary-keys", ["--name", "UIKeyboardWillShowNotification"]), ("swift-pretty", ["--name", "UIKeyboardWillShowNotification"]),
        ("lldb-po-swift", []), ("ipad-ios5-sequence", ["--profile", "ios7"]), ("partial-frames", []),
        ("ipad-upside-down-ios6", ["--profile", "ios7", "--screen", "768x1024"]),
    ]

    /// Every sample in corpora/console-logs is in the list above (the
    /// damaged one has its own test).
    @Test func everySampleIsImported() throws {
        let logs = try FileManager.default.contentsOfDirectory(atPath: Repository.path("corpora/console-logs")).filter { $0.hasSuffix(".log") }
        #expect(Set(logs.map { String($0.dropLast(4)) }) == Set(Self.samples.map(\.log) + ["damaged"]))
    }

    @Test(arguments: samples.map(\.log))
    func eachSampleImportsAndReplays(_ log: String) throws {
        let options = Self.samples.first { $0.log == log }!.options
        let trace = try K.temporaryDirectory() + "/\(log).kbtrace"
        let imported = K.kbbench(
            ["import", "corpora/console-logs/\(log).log"] + options + ["--field", "16,300,343,44", "--focus", "0", "--output", trace])
        #expect(imported.status == 0, "\(imported.output)")
        #expect(imported.stderr.contains("imported "), "the summary: \(imported.stderr)")
        let difference = try GoldenFile.difference(
            try String(contentsOfFile: trace, encoding: .utf8), from: GoldenFile.url("Golden/imports/\(log).kbtrace", besideTestFile: #filePath))
        #expect(difference == nil, "\(difference ?? "")")
        let replayed = K.kbbench("replay", trace)
        #expect(replayed.status <= 1, "the imported trace does not replay: \(replayed.status): \(replayed.output)")
    }

    /// A truncated rect exits 65 naming its line and key, and says how to
    /// import around it.
    @Test func aTruncatedRectNamesItsLineAndKey() throws {
        let dir = try K.temporaryDirectory()
        let text = try Repository.text("corpora/console-logs/nslog-ios11.log")
            .replacingOccurrences(of: "{{0, 521}, {375, 291}}\";\n", with: "{{0, 521}, {375\";\n")
        try text.write(toFile: dir + "/broken.log", atomically: true, encoding: .utf8)
        let r = K.kbbench("import", dir + "/broken.log")
        #expect(r.status == 65 && r.stderr.contains("broken.log:9: key 'UIKeyboardFrameEndUserInfoKey'"), "\(r.status): \(r.output)")
        #expect(r.stderr.contains("--skip-damaged"))
    }

    /// Damage: exit 65 naming the garbled line; `--skip-damaged` leaves
    /// both damaged notifications out and says so, names the partial one's
    /// missing keys, and imports the rest.
    @Test func damageIsNamedOrSkipped() throws {
        let strict = K.kbbench("import", "corpora/console-logs/damaged.log")
        #expect(strict.status == 65 && strict.stderr.contains("damaged.log:14:"), "\(strict.status): \(strict.output)")
        let trace = try K.temporaryDirectory() + "/damaged.kbtrace"
        let r = K.kbbench("import", "corpora/console-logs/damaged.log", "--skip-damaged", "--output", trace)
        #expect(r.status == 0, "\(r.output)")
        #expect(r.stderr.components(separatedBy: "left out, damaged").count - 1 == 2, "\(r.stderr)")
        #expect(r.stderr.contains("damaged.log:17: UIKeyboardWillHideNotification has no UIKeyboardAnimationDurationUserInfoKey"), "\(r.stderr)")
        #expect(try String(contentsOfFile: trace, encoding: .utf8).components(separatedBy: #""event":"keyboard""#).count - 1 == 2)
    }

    /// `--system-version` goes into the trace's header and the summary; a
    /// version outside the profile is a usage error naming the range.
    @Test func theSystemVersionIsKeptOrRefused() throws {
        let trace = try K.temporaryDirectory() + "/ios11.kbtrace"
        let r = K.kbbench("import", "corpora/console-logs/nslog-ios11.log", "--system-version", "11", "--output", trace)
        #expect(r.status == 0 && r.stderr.contains("profile ios8, iOS 11"), "\(r.output)")
        #expect(
            try String(contentsOfFile: trace, encoding: .utf8).hasPrefix(#"{"schemaVersion":1,"kind":"kbtrace","profile":"ios8","systemVersion":11,"#)
        )
        let refused = K.kbbench("import", "corpora/console-logs/nslog-ios11.log", "--system-version", "17")
        #expect(refused.status == 64 && refused.stderr.contains("iOS 17 is not a system of profile ios8"), "\(refused.status): \(refused.output)")
        #expect(refused.stderr.contains("--system-version 8…12"), "\(refused.output)")
    }

    /// With `--name`, finding nothing says what was looked for, not "add
    /// --name".
    @Test func nothingFoundSaysWhatWasLookedFor() throws {
        let dir = try K.temporaryDirectory()
        try "just an app log line\n".write(toFile: dir + "/empty.log", atomically: true, encoding: .utf8)
        let plain = K.kbbench("import", dir + "/empty.log")
        #expect(plain.status == 66 && plain.stderr.contains("add --name"), "\(plain.status): \(plain.output)")
        let named = K.kbbench("import", dir + "/empty.log", "--name", "UIKeyboardWillShowNotification")
        #expect(
            named.status == 66 && !named.stderr.contains("add --name") && named.stderr.contains("UIKeyboardWillShowNotification"), "\(named.output)")
    }
}
