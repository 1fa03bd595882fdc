import KeyboardJSON
import KeyboardTrace

/// Finds the keyboard notifications people paste from a console, amid any
/// other log lines, in the three shapes consoles print them:
///
/// - Objective-C's `NSLog(@"%@", note)` and the debugger's `po note`:
///   `NSConcreteNotification 0x… {name = NAME; userInfo = {` then one
///   `KEY = VALUE;` per line and `}}`, behind an optional NSLog prefix;
///   values quoted (`"NSRect: {{0, 264}, {320, 216}}"`) or bare.
/// - Swift's `print(note)`: `name = NAME, object = nil, userInfo =
///   Optional([AnyHashable("KEY"): VALUE, …])`, or Swift 2's bare keys
///   (`[UIKeyboardFrameEndUserInfoKey: NSRect: …]`); the name may also
///   print as `NSNotificationName(_rawValue: NAME)`, and the whole inside a
///   wrapper (RxSwift's `next(name = …, userInfo = Optional([…]))`).
/// - A userInfo printed alone (either dictionary syntax), when the caller
///   names the notification (`bareName`).
///
/// Before scanning, the text is unwrapped (``PastedText``): a dump inside
/// code comments, Markdown quotes or backticks, or copied out of a string
/// literal reads as the console printed it. Lines that are none of these
/// are skipped. Every notification found is
/// returned, keyboard or not; the importer keeps the keyboard ones.
package struct ConsoleLogScanner {
    private let bytes: [UInt8]
    private let file: String
    /// Byte offset of each line's start.
    private let lineStarts: [Int]

    /// `text` is read as ``PastedText`` unwraps it (comment markers, quote
    /// prefixes, backticks, escaped quotes), line for line.
    package init(text: String, file: String) {
        self.init(unwrapped: PastedText.unwrapped(text), file: file)
    }

    /// The same, asking `stopRequested` before each line is unwrapped: nil
    /// once it says yes.
    package init?(text: String, file: String, stopRequested: () -> Bool) {
        guard let unwrapped = PastedText.unwrapped(text, stopRequested: stopRequested).text else { return nil }
        self.init(unwrapped: unwrapped, file: file)
    }

    private init(unwrapped: String, file: String) {
        bytes = Array(unwrapped.utf8)
        self.file = file
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
        lineStarts = starts
    }

    /// Every notification in the log, in order, and with `skipDamaged` the
    /// damaged ones apart: each error is kept and the scan goes on at the
    /// next line, so every complete notification around it is still found.
    /// Without `skipDamaged`, the first damage is thrown.
    /// `stopRequested` is asked before each line: once it says yes, the scan
    /// ends there, and `stoppedAt` names the line (1-based) it had reached.
    package func scan(
        bareName: String?, skipDamaged: Bool, stopRequested: () -> Bool = { false }
    ) throws(MalformedInput) -> (found: [PrintedNotification], damaged: [MalformedInput], stoppedAt: Int?) {
        var found: [PrintedNotification] = [], damaged: [MalformedInput] = []
        var lineIndex = 0
        while lineIndex < lineStarts.count {
            if stopRequested() { return (found, damaged, lineIndex + 1) }
            let (start, end) = lineRange(lineIndex)
            do throws(MalformedInput) {
                if let note = try notification(in: start..<end, lineIndex: lineIndex, bareName: bareName) {
                    found.append(note.0)
                    lineIndex = line(of: note.end) + 1
                } else {
                    lineIndex += 1
                }
            } catch {
                guard skipDamaged else { throw error }
                damaged.append(error)
                lineIndex += 1
            }
        }
        return (found, damaged, nil)
    }

    /// The notification starting on the line `start..<end`, in whichever
    /// shape it is printed; nil when none starts there.
    private func notification(in line: Range<Int>, lineIndex: Int, bareName: String?) throws(MalformedInput) -> (PrintedNotification, end: Int)? {
        if let n = find("NSConcreteNotification", in: line), let note = try objectiveC(at: n, lineEnd: line.upperBound) { return note }
        if let n = find("name = ", in: line), find("userInfo = ", in: n..<line.upperBound) != nil,
            let note = try swift(at: n, lineEnd: line.upperBound)
        {
            return note
        }
        if let bareName { return try bare(in: line, lineIndex: lineIndex, name: bareName) }
        return nil
    }

    // MARK: The three shapes

    /// `NSConcreteNotification 0x… {name = NAME; [object = …;] userInfo = {…}}`.
    private func objectiveC(at marker: Int, lineEnd: Int) throws(MalformedInput) -> (PrintedNotification, end: Int)? {
        guard let n = find("{name = ", in: marker..<lineEnd) else { return nil }
        let nameStart = n + 8
        var nameEnd = nameStart
        while nameEnd < lineEnd, bytes[nameEnd] != UInt8(ascii: ";"), bytes[nameEnd] != UInt8(ascii: "}") { nameEnd += 1 }
        let name = text(nameStart..<nameEnd)
        let startLine = line(of: marker) + 1
        guard let u = find("userInfo = ", in: nameEnd..<lineEnd) else {
            return (PrintedNotification(name: name, line: startLine, entries: []), lineEnd)
        }
        var open = u + 11
        while open < lineEnd, bytes[open] == UInt8(ascii: " ") { open += 1 }
        guard open < lineEnd, bytes[open] == UInt8(ascii: "{") else {
            // `userInfo = (null)` or similar: no payload.
            return (PrintedNotification(name: name, line: startLine, entries: []), lineEnd)
        }
        let close = try matching(open, what: "the userInfo of \(name)")
        return (PrintedNotification(name: name, line: startLine, entries: try objectiveCEntries(open + 1..<close)), close)
    }

    /// `name = NAME, object = …, userInfo = Optional([…])` or `userInfo = nil`.
    private func swift(at n: Int, lineEnd: Int) throws(MalformedInput) -> (PrintedNotification, end: Int)? {
        var name = text(n + 7..<(find(",", in: n..<lineEnd) ?? lineEnd)).trimmed
        let raw = "NSNotificationName(_rawValue: "
        if name.hasPrefix(raw) {
            // The raw value holds no ", ": the whole printed name is on the
            // line up to the closing parenthesis.
            guard let close = find(")", in: n..<lineEnd) else { return nil }
            name = text(n + 7 + raw.utf8.count..<close).trimmed
        }
        guard !name.isEmpty, !name.contains(" ") else { return nil }
        guard let u = find("userInfo = ", in: n..<lineEnd) else { return nil }
        let startLine = line(of: n) + 1
        let after = u + 11
        // `Optional([`, however it is spaced; anything else (`nil`) is no payload.
        guard let open = find("[", in: after..<lineEnd), text(after..<open).trimmed == "Optional(" else {
            return (PrintedNotification(name: name, line: startLine, entries: []), lineEnd)
        }
        let close = try matching(open, what: "the userInfo of \(name)")
        return (PrintedNotification(name: name, line: startLine, entries: try swiftEntries(open + 1..<close)), close)
    }

    /// A userInfo alone: `[AnyHashable("UIKeyboard…"): …]` (or Swift 2's
    /// `[UIKeyboard…: …]`) on this line; a line ending in `{` (after any
    /// prefix: `userInfo == {`) followed by `UIKeyboard…UserInfoKey = …;`
    /// lines; or a run of such lines with no braces at all.
    private func bare(in range: Range<Int>, lineIndex: Int, name: String) throws(MalformedInput) -> (PrintedNotification, end: Int)? {
        if let k = find("[AnyHashable(\"UIKeyboard", in: range) ?? find("[UIKeyboard", in: range) {
            let close = try matching(k, what: "the userInfo")
            return (PrintedNotification(name: name, line: lineIndex + 1, entries: try swiftEntries(k + 1..<close)), close)
        }
        let trimmedLine = text(range).trimmed
        if trimmedLine.hasSuffix("["), lineIndex + 1 < lineStarts.count, isSwiftKeyLine(lineIndex + 1) {
            // Pretty-printed, one entry a line: `[` (or `Optional([`) ends
            // this line.
            var open = range.upperBound - 1
            while bytes[open] != UInt8(ascii: "[") { open -= 1 }
            let close = try matching(open, what: "the userInfo")
            return (PrintedNotification(name: name, line: lineIndex + 1, entries: try swiftEntries(open + 1..<close)), close)
        }
        if isSwiftKeyLine(lineIndex) {
            // Pretty-printed with its opening bracket lost: the run of entry
            // lines, up to a closing `]` or `])`.
            var last = lineIndex
            while last + 1 < lineStarts.count, isSwiftKeyLine(last + 1) { last += 1 }
            var end = lineRange(last).1
            while end > range.lowerBound, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ")"), UInt8(ascii: "\r")].contains(bytes[end - 1]) {
                end -= 1
            }
            if end > range.lowerBound, bytes[end - 1] == UInt8(ascii: "]") { end -= 1 }
            let body = range.lowerBound..<end
            return (PrintedNotification(name: name, line: lineIndex + 1, entries: try swiftEntries(body)), lineRange(last).1)
        }
        if isKeyLine(lineIndex) {
            // Only the key lines, no braces: the run of them is the userInfo.
            var last = lineIndex
            while last + 1 < lineStarts.count, isKeyLine(last + 1) { last += 1 }
            let body = range.lowerBound..<lineRange(last).1
            return (PrintedNotification(name: name, line: lineIndex + 1, entries: try objectiveCEntries(body)), body.upperBound)
        }
        let trimmed = text(range).trimmed
        guard trimmed.hasSuffix("{"), lineIndex + 1 < lineStarts.count else { return nil }
        let next = text(lineRange(lineIndex + 1).0..<lineRange(lineIndex + 1).1).trimmed
        guard next.hasPrefix("UIKeyboard") || next.hasPrefix("\"UIKeyboard"), next.contains(" = ") else { return nil }
        var open = range.upperBound - 1
        while bytes[open] != UInt8(ascii: "{") { open -= 1 }
        let close = try matching(open, what: "the userInfo")
        return (PrintedNotification(name: name, line: lineIndex + 1, entries: try objectiveCEntries(open + 1..<close)), close)
    }

    /// A line that starts a Swift entry: `AnyHashable("UIKeyboard…`, or
    /// Swift 2's `UIKeyboard…Key: ` (a colon before any space).
    private func isSwiftKeyLine(_ index: Int) -> Bool {
        let (start, end) = lineRange(index)
        guard let first = firstNonSpace(start..<end) else { return false }
        if text(first..<Swift.min(end, first + 23)) == "AnyHashable(\"UIKeyboard" { return true }
        guard text(first..<Swift.min(end, first + 10)) == "UIKeyboard", let colon = find(":", in: first..<end) else { return false }
        return find(" ", in: first..<colon) == nil
    }

    /// A line that is one `UIKeyboard…Key = VALUE` entry (the key quoted or
    /// not), as a userInfo's lines are printed.
    private func isKeyLine(_ index: Int) -> Bool {
        let (start, end) = lineRange(index)
        guard let first = firstNonSpace(start..<end) else { return false }
        let key = bytes[first] == UInt8(ascii: "\"") ? first + 1 : first
        return text(key..<Swift.min(end, key + 10)) == "UIKeyboard" && find(" = ", in: key..<end) != nil
    }

    // MARK: Entries

    /// `KEY = VALUE;` entries, separated by `;` or `,` outside quotes and
    /// brackets (a printed rect's or point's commas are inside its braces).
    private func objectiveCEntries(_ body: Range<Int>) throws(MalformedInput) -> [PrintedNotification.Entry] {
        var entries: [PrintedNotification.Entry] = []
        for part in split(body, at: [UInt8(ascii: ";"), UInt8(ascii: ",")]) {
            guard var start = firstNonSpace(part) else { continue }
            // The author's own notes between entries (a line with no ` = `
            // before the entry's line) are not part of the entry.
            while let lineEnd = find("\n", in: start..<part.upperBound), find(" = ", in: start..<lineEnd) == nil,
                let next = firstNonSpace(lineEnd..<part.upperBound)
            {
                start = next
            }
            let entry = start..<part.upperBound
            // A note after the last entry names no key: it is skipped. A
            // damaged entry still names one, and is an error.
            if find(" = ", in: entry) == nil, find("UIKeyboard", in: entry) == nil { continue }
            guard let eq = find(" = ", in: entry) else {
                throw MalformedInput(
                    file: file, line: line(of: start) + 1,
                    problem: .inconsistent("expected KEY = VALUE in the userInfo, found '\(text(entry).trimmed)'"))
            }
            var key = text(start..<eq).trimmed
            if key.count >= 2, key.hasPrefix("\""), key.hasSuffix("\"") { key = String(key.dropFirst().dropLast()) }
            entries.append(.init(key: key, value: text(eq + 3..<entry.upperBound).trimmed, line: line(of: start) + 1))
        }
        return entries
    }

    /// `AnyHashable("KEY"): VALUE` entries (Swift 3 and later), or
    /// `KEY: VALUE` with the key bare (Swift 2), separated by `,` outside
    /// quotes and brackets, the space after the colon optional; `[:]` is
    /// empty.
    private func swiftEntries(_ body: Range<Int>) throws(MalformedInput) -> [PrintedNotification.Entry] {
        if text(body).trimmed == ":" { return [] }
        var entries: [PrintedNotification.Entry] = []
        for part in split(body, at: [UInt8(ascii: ",")]) {
            guard let start = firstNonSpace(part) else { continue }
            // A one-line print wrapped by a terminal or a web page breaks
            // anywhere, inside a key too: an entry is read with its line
            // breaks taken out, and named by the line it starts on.
            let entry = bytes[start..<part.upperBound].filter { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
            let wrapped = Array("AnyHashable(\"".utf8), closing = Array("\"):".utf8), colon = UInt8(ascii: ":")
            func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
            let key: ArraySlice<UInt8>, value: ArraySlice<UInt8>
            // The closing `"):` is looked for after the opening `AnyHashable("`
            // (whose own quote could otherwise start it): an empty key reads
            // as empty, never as a range that ends before it starts.
            if entry.starts(with: wrapped), let close = entry.indices.dropFirst(wrapped.count).first(where: { entry[$0...].starts(with: closing) }) {
                (key, value) = (entry[wrapped.count..<close], entry[(close + closing.count)...])
            } else if entry.starts(with: "UIKeyboard".utf8), let c = entry.firstIndex(of: colon), !entry[..<c].contains(UInt8(ascii: " ")) {
                (key, value) = (entry[..<c], entry[(c + 1)...])
            } else {
                throw MalformedInput(
                    file: file, line: line(of: start) + 1,
                    problem: .inconsistent("expected AnyHashable(\"KEY\"): VALUE in the userInfo, found '\(text(entry[...]).trimmed)'"))
            }
            entries.append(.init(key: text(key), value: text(value).trimmed, line: line(of: start) + 1))
        }
        return entries
    }

    // MARK: Scanning

    /// The index of the bracket closing the one at `open` (`{`, `[` or
    /// `(`), skipping quoted text; an unterminated one is an error naming the
    /// line it opened on.
    private func matching(_ open: Int, what: String) throws(MalformedInput) -> Int {
        let closing = walk(open..<bytes.count) { _, b, depth in !(depth == 0 && Self.closers.contains(b)) }
        guard let closing else {
            throw MalformedInput(file: file, line: line(of: open) + 1, problem: .inconsistent("\(what) is cut off: its bracket never closes"))
        }
        return closing
    }

    /// `range` split at each of `separators` that is outside quotes and
    /// brackets.
    private func split(_ range: Range<Int>, at separators: [UInt8]) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        _ = walk(range) { i, b, depth in
            if depth == 0, separators.contains(b) {
                parts.append(start..<i)
                start = i + 1
            }
            return true
        }
        parts.append(start..<range.upperBound)
        return parts
    }

    private static let openers: Set<UInt8> = [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "(")]
    private static let closers: Set<UInt8> = [UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")")]

    /// Walks `range` as the printed values nest: quoted text (with its
    /// backslash escapes) is skipped, and `visit` gets each other byte's
    /// index, the byte and the bracket depth after it. Returns the index
    /// where `visit` said stop (false), or nil at the end of `range`.
    private func walk(_ range: Range<Int>, _ visit: (Int, UInt8, Int) -> Bool) -> Int? {
        var depth = 0, quoted = false, i = range.lowerBound
        while i < range.upperBound {
            let b = bytes[i]
            if quoted {
                if b == UInt8(ascii: "\\") { i += 1 } else if b == UInt8(ascii: "\"") { quoted = false }
            } else if b == UInt8(ascii: "\"") {
                quoted = true
            } else {
                if Self.openers.contains(b) { depth += 1 } else if Self.closers.contains(b) { depth -= 1 }
                if !visit(i, b, depth) { return i }
            }
            i += 1
        }
        return nil
    }

    private func firstNonSpace(_ r: Range<Int>) -> Int? {
        r.first { b in
            !(bytes[b] == UInt8(ascii: " ") || bytes[b] == UInt8(ascii: "\n") || bytes[b] == UInt8(ascii: "\t") || bytes[b] == UInt8(ascii: "\r"))
        }
    }

    private func find(_ needle: String, in range: Range<Int>) -> Int? {
        let n = Array(needle.utf8)
        guard range.count >= n.count else { return nil }
        var i = range.lowerBound
        while i + n.count <= range.upperBound {
            if bytes[i] == n[0], bytes[i..<i + n.count].elementsEqual(n) { return i }
            i += 1
        }
        return nil
    }

    private func lineRange(_ index: Int) -> (Int, Int) {
        let start = lineStarts[index]
        let end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
        return (start, end)
    }

    /// The 0-based line holding byte `offset`.
    private func line(of offset: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    private func text(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
}

extension String {
    /// Without leading and trailing spaces, tabs and line ends.
    var trimmed: String {
        let s = unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(String.UnicodeScalarView(s.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }.reversed()))
    }
}
