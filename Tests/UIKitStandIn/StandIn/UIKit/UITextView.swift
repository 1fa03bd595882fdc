/// A place in a text view's text (a UTF-16 offset).
@MainActor
open class UITextPosition: NSObject {
    let offset: Int

    init(offset: Int) {
        self.offset = offset
        super.init()
    }
}

/// A range of a text view's text.
@MainActor
open class UITextRange: NSObject {
    public let start: UITextPosition
    public let end: UITextPosition

    init(start: Int, end: Int) {
        self.start = UITextPosition(offset: start)
        self.end = UITextPosition(offset: end)
        super.init()
    }
}

/// `UITextView`: a multi-line text view (a scroll view).
///
/// Its caret is where the simulated world puts it (``worldCaret``:
/// stand-in only, where the user tapped or typed), or, once the app sets a
/// selection (`selectedRange`, `selectedTextRange`), where the stand-in's
/// text layout puts the selection's end (``StandInTextLayout``). With
/// neither it has no selection, as a text view never edited. Becoming first
/// responder it posts ``textDidBeginEditingNotification`` and does not
/// scroll (no source settles what UIKit does for a text view); resigning,
/// ``textDidEndEditingNotification``. It never posts
/// ``textDidChangeNotification`` itself: that is the user typing, which a
/// caller posts.
@MainActor
open class UITextView: UIScrollView {
    open var text: String! = ""
    private var selection: NSRange?
    /// Where the simulated world puts the caret, in the text view's own
    /// space (stand-in only); setting a selection clears it.
    public var worldCaret: CGRect?

    nonisolated public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    nonisolated public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")

    open var selectedRange: NSRange {
        get { selection ?? NSRange(location: 0, length: 0) }
        set {
            selection = newValue
            worldCaret = nil
        }
    }

    open var selectedTextRange: UITextRange? {
        get {
            if let s = selection { return UITextRange(start: s.location, end: s.location + s.length) }
            return worldCaret.map { _ in UITextRange(start: 0, end: 0) }
        }
        set {
            selection = newValue.map { NSRange(location: $0.start.offset, length: $0.end.offset - $0.start.offset) }
            worldCaret = nil
        }
    }

    /// The caret at `position`, in the text view's own space.
    open func caretRect(for position: UITextPosition) -> CGRect {
        worldCaret ?? StandInTextLayout.caretRect(at: position.offset, in: text ?? "")
    }

    open override var canBecomeFirstResponder: Bool { true }

    open override var isFirstResponder: Bool { window?.firstResponder === self }

    @discardableResult
    open override func becomeFirstResponder() -> Bool { beginTextEditing(posting: Self.textDidBeginEditingNotification) }

    @discardableResult
    open override func resignFirstResponder() -> Bool { endTextEditing(posting: Self.textDidEndEditingNotification) }
}

/// The stand-in's text layout: a monospaced font, every character
/// ``advance`` points wide, lines ``lineHeight`` apart, inside UIKit's
/// default text container inset (8 points above) and line fragment
/// padding (5 points at the left). A stand-in's simplification: where
/// the caret is matters to the glue, not how text really lays out.
public enum StandInTextLayout {
    public static let lineHeight = 20.0
    public static let advance = 9.0
    public static let topInset = 8.0
    public static let leftPadding = 5.0
    public static let caretWidth = 2.0

    /// The caret before the UTF-16 offset `offset` of `text` (clamped to
    /// the text), in the text view's own space.
    public static func caretRect(at offset: Int, in text: String) -> CGRect {
        let units = Array(text.utf16.prefix(max(0, offset)))
        let newline = UInt16(UInt8(ascii: "\n"))
        let line = units.filter { $0 == newline }.count
        let column = units.count - ((units.lastIndex(of: newline)).map { $0 + 1 } ?? 0)
        return CGRect(
            x: leftPadding + Double(column) * advance, y: topInset + Double(line) * lineHeight, width: caretWidth, height: lineHeight)
    }
}
