@testable import KeyboardTraceCapture
import Testing

/// What a paste's wrappers are, and what they are not.
@Suite("Pasted text")
struct PastedTextTests {
    @Test(arguments: [
        ("// name = X", " name = X"), ("    /// a", " a"), (" * UIKeyboardFoo = 1;", " UIKeyboardFoo = 1;"),
        (" *\tUIKeyboardFoo = 1;", "\tUIKeyboardFoo = 1;"),
        (" *", ""), ("/* note", " note"), ("}} */", "}} "), ("*/", ""), ("> > `x = 1`", "x = 1"), ("```swift", ""), ("```", ""),
        ("```name = A```", "name = A"), ("line\r", "line"),
        (#"let s = "AnyHashable(\"UIKeyboardFoo\"): 1""#, #"let s = "AnyHashable("UIKeyboardFoo"): 1""#),
    ])
    func wrappersComeOff(line: String, unwrapped: String) {
        #expect(PastedText.unwrappedLine(Substring(line)) == unwrapped)
    }

    /// Text that merely looks like a wrapper stays: emphasis, a pointer, a
    /// quote escaped in something that is not a keyboard dump, indentation.
    @Test(arguments: ["**bold**", "    UIKeyboardFoo = 1;", #"say \"hi\""#, "a // b", "x > y", "`"])
    func textThatIsNoWrapperStays(line: String) {
        #expect(PastedText.unwrappedLine(Substring(line)) == line)
    }

    /// Lines are never joined or dropped, so errors name the lines the user
    /// sees.
    @Test func everyLineKeepsItsNumber() {
        let text = "// a\n\n```\n> b\r\n * c\n"
        #expect(PastedText.unwrapped(text) == " a\n\n\n b\n c\n", "a line ending in \\r\\n is two lines' end, not one Character")
        #expect(PastedText.unwrapped("plain\ntext") == "plain\ntext")
    }
}
