/// A console log as people paste it into code comments, issue threads and
/// Q&A pages, unwrapped line by line to what the console printed, so that
/// ``ConsoleLogScanner`` reads every shape the same way.
///
/// Each line loses, in this order:
/// - a trailing carriage return;
/// - its leading wrappers, repeatedly, each with the spaces and tabs before
///   it: a comment's `///`, `//`, `/*` or `*` (a `*` only when a space, a
///   tab or the line's end follows it, so `*/` and `**bold**` stay), and a
///   Markdown quote's `>` (nested quotes too);
/// - a trailing `*/`;
/// - one backtick at each end when it starts and ends with one (inline
///   code), and the whole line when it is a code fence (```` ``` ```` or
///   ```` ```swift ````);
/// - the backslashes of `\"` when it holds `AnyHashable(\"` or
///   `\"UIKeyboard`: a dump copied out of a string literal.
///
/// Lines are never joined or dropped: line N of the result is line N of
/// the paste, so every error still names the line the user sees. A line
/// none of this applies to comes back as it was.
package enum PastedText {
    package static func unwrapped(_ text: String) -> String {
        // Never stopped: the closure always says no.
        unwrapped(text) { false }.text ?? text
    }

    /// The same, asking `stopRequested` before each line: once it says yes,
    /// no text, and the 1-based line reached.
    package static func unwrapped(_ text: String, stopRequested: () -> Bool) -> (text: String?, stoppedAt: Int?) {
        // Bytes, not Characters: a log of megabytes is looked through at once.
        guard text.utf8.contains(where: { b in b == 0x2F || b == 0x2A || b == 0x3E || b == 0x60 || b == 0x5C || b == 0x0D }) else {
            return (text, nil)
        }
        var lines: [String] = []
        // Split on the byte, not the Character: `\r\n` is one Character.
        for (i, line) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if stopRequested() { return (nil, i + 1) }
            lines.append(unwrappedLine(Substring(line)))
        }
        return (lines.joined(separator: "\n"), nil)
    }

    static func unwrappedLine(_ raw: Substring) -> String {
        var line = raw
        if line.hasSuffix("\r") { line = line.dropLast() }
        while true {
            let rest = line.drop { $0 == " " || $0 == "\t" }
            if rest.hasPrefix("///") {
                line = rest.dropFirst(3)
            } else if rest.hasPrefix("//") || rest.hasPrefix("/*") {
                line = rest.dropFirst(2)
            } else if rest.hasPrefix("*"), !rest.hasPrefix("*/"), rest.dropFirst().first.map({ $0 == " " || $0 == "\t" }) ?? true {
                line = rest.dropFirst()
            } else if rest.hasPrefix(">") {
                line = rest.dropFirst()
            } else {
                break
            }
        }
        line = line.dropLast(line.reversed().prefix { $0 == " " || $0 == "\t" }.count)
        if line.hasSuffix("*/") { line = line.dropLast(2) }
        let code = line.drop { $0 == " " || $0 == "\t" }
        if code.hasPrefix("```") {
            // A fence (```` ``` ````, ```` ```swift ````) is no content; a
            // line wrapped in triple backticks is its content.
            guard code.count > 6, code.hasSuffix("```") else { return "" }
            line = code.dropFirst(3).dropLast(3)
        } else if code.count >= 2, code.hasPrefix("`"), code.hasSuffix("`") {
            line = code.dropFirst().dropLast()
        }
        return contains(line, "AnyHashable(\\\"") || contains(line, "\\\"UIKeyboard") ? unescapingQuotes(line) : String(line)
    }

    private static func contains(_ s: Substring, _ needle: String) -> Bool {
        let n = Array(needle.utf8), b = Array(s.utf8)
        guard b.count >= n.count else { return false }
        return (0...(b.count - n.count)).contains { b[$0..<$0 + n.count].elementsEqual(n) }
    }

    /// `\"` as `"`; every other byte as it was.
    private static func unescapingQuotes(_ s: Substring) -> String {
        var out: [UInt8] = []
        let b = Array(s.utf8)
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "\\"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "\"") { i += 1 }
            out.append(b[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
