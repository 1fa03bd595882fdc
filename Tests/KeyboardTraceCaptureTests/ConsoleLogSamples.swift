import Foundation

/// Console output in the shapes people paste, in `corpora/console-logs/`:
/// written from the formats as consoles print them (not captured from a
/// device). ConsoleLogImportTests says what each one must give; `.ci/run`
/// imports and replays them with the command line.
enum ConsoleLogSamples {
    /// Objective-C `NSLog(@"%@", note)` on a modern iPhone: NSLog prefixes,
    /// quoted values, other log lines and a notification that is not the
    /// keyboard's around it.
    static let objectiveCQuoted = load("nslog-ios11")
    /// The debugger's `po note` on iOS 4: bare values, no NSLog prefix, no
    /// isLocal key.
    static let objectiveCBare = load("po-ios4")
    /// Swift's `print(note)`: one line per notification, keys in hash order,
    /// values with all seventeen digits, a name printed as
    /// `NSNotificationName(_rawValue:)`.
    static let swift = load("swift-print")
    /// A userInfo printed alone, in Swift's dictionary syntax and in
    /// Objective-C's.
    static let bareSwift = load("userinfo-swift")
    static let bareObjectiveC = load("userinfo-objc")

    /// The same show and hide (iPhone 8, iOS 13) as people paste them:
    /// an NSLog dump in a `/* … */` block behind ` * ` and ` *<TAB>`, with
    /// the author's notes between and after the entries; Swift `print`
    /// lines behind `///` and `//` with notes between; a Markdown quote with
    /// a backtick-wrapped line, a nested quote, a code fence and a label
    /// before the dump; and dumps copied out of string literals, quotes
    /// escaped.
    static let pasted = ["comment-stars-objc", "comment-slashes-swift", "markdown-quote", "string-literal"]

    /// Swift 2's `print(note.userInfo)`: bare keys, no `AnyHashable`
    /// (iPhone 6 Plus); a userInfo alone, so it needs `--name`.
    static let swift2 = load("swift2-print")
    /// RxSwift's `next(name = …, userInfo = Optional([…]))`, with no space
    /// after the keys' colons, between app log lines.
    static let rxSwift = load("rxswift")

    /// Damage: a complete WillShow; a DidShow with a garbled entry (line
    /// 14); a WillHide with both frames only (line 17); a DidHide cut off by
    /// a truncated last line (line 21).
    static let damaged = load("damaged")

    /// NSDictionary-like text with bare values, for `--name`: behind a
    /// `userInfo == {` prefix with `;` between entries and the closing
    /// brace on its own line, then only the key lines, `,` between them,
    /// no braces.
    static let nsDictionaryKeys = load("nsdictionary-keys")

    /// A Swift dictionary pretty-printed one entry a line (the debugger's
    /// `po`, `▿ Optional([` … `])`), then one whose opening bracket was not
    /// pasted, closed by `])` on its last entry's line; for `--name`.
    static let swiftPretty = load("swift-pretty")

    /// The debugger's `po notification` of a Swift `Notification`: the
    /// one-line print hard-wrapped every 100 columns (inside keys too), then
    /// the same entries again as a mirror tree. One notification.
    static let lldbSwift = load("lldb-po-swift")

    /// An iPad on iOS 5 (profile ios7, fixed-portrait frames): a show, a
    /// text field's notification whose object description runs on, the
    /// Did with the same address as the Will, then a rotation's DidHide and
    /// DidShow without duration or curve, the landscape keyboard at a
    /// negative origin.
    static let iPadIOS5 = load("ipad-ios5-sequence")

    /// A partial paste (iPhone 11, iOS 14): a WillShow with its begin frame,
    /// duration, curve and `UIKeyboardFrameChangedByUserInteraction`, and a
    /// WillHide with its begin frame alone.
    static let partialFrames = load("partial-frames")
    /// An upside-down iPad on iOS 6: the keyboard slides down from above
    /// the unrotated portrait screen, at negative origins.
    static let iPadUpsideDown = load("ipad-upside-down-ios6")

    static func load(_ name: String) -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("corpora/console-logs/\(name).log")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? "missing \(url.path)"
    }
}
