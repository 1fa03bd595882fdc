import KeyboardGeometry
import KeyboardWorld

/// The text a field holds, which decides where its caret is.
///
/// A text field holds one line. A text view (``FieldKind/textView``) holds
/// `lines` lines of ``lineHeight`` points from its top; focusing it puts the
/// caret after its last line, as a tap below the text does. Typing a new
/// line moves the caret down one; a text view that `grows` (a self-sizing
/// `UITextView`, its scrolling off) grows by the line once its text passes
/// its bottom, pushing what lies below it and the content down with it;
/// one that does not grow scrolls its own text, so its caret stays on its
/// last visible line. iOS sends no keyboard notification for any of this:
/// the app reads the caret from `UITextInput`
/// (`caretRect(for: selectedTextRange.end)`, converted to the content) and
/// tells the engine of a caret move as a focus on the field focused
/// already ([uitextinput] in docs/sources.md).
public struct FieldText: Hashable, Sendable {
    /// The lines of text, at least 1.
    public var lines: Int
    /// The view grows with its text instead of scrolling it.
    public var grows: Bool

    public init(lines: Int = 1, grows: Bool = false) {
        self.lines = Swift.max(1, lines)
        self.grows = grows
    }

    /// One line in a view that does not grow: a text field's text.
    public static let oneLine = FieldText()

    /// The height of a line of text, in points (the system font's body
    /// line, rounded: an estimate).
    public static let lineHeight = 20.0

    /// The rows of text a view `height` points tall shows, at least 1.
    package static func rows(inHeight height: Double) -> Int {
        Swift.max(1, Int((height / lineHeight).rounded(.down)))
    }

    /// The caret at `line` (1-based) of a text view at `frame`, in content
    /// coordinates: a 2 pt bar one line tall, 4 pt in from the view's left;
    /// a line past the view's last row sits on that row (the view scrolls
    /// its own text to keep the caret in sight), and a line before the
    /// first sits on the first.
    package static func caret(line: Int, in frame: KBRect) -> KBRect {
        let row = Swift.min(Swift.max(1, line), rows(inHeight: frame.height))
        return KBRect(x: frame.minX + 4, y: frame.minY + Double(row - 1) * lineHeight, width: 2, height: lineHeight)
    }
}
