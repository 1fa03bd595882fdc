import KeyboardGeometry

/// What kind of text input a trace's field is. A trace names its fields by
/// their frames alone, so the world decides by height: a field taller than
/// ``textViewMinimumHeight`` is a multi-line text view (a `UITextView`,
/// which scrolls its own text, as UIKit makes one), any other a one-line
/// text field. The generator draws text fields 44 pt tall and text views
/// 150–600 pt.
///
/// Two places read it: the simulator, which orders a focus's notifications
/// by it (a text view's Will notifications come before its begin-editing,
/// [observed-sequences] in docs/sources.md), and the recipes that treat a
/// scrollable text view apart (the IQKeyboardManager model's layout guide
/// and scroll).
package enum FieldKind: Hashable, Sendable {
    case textField
    case textView

    /// The height a field must exceed to be a text view, in points.
    package static let textViewMinimumHeight = 100.0

    /// The kind of the field at `frame`: a text view when taller than
    /// ``textViewMinimumHeight``, a text field otherwise (exactly that
    /// height included).
    package init(frame: KBRect) {
        self = frame.height > Self.textViewMinimumHeight ? .textView : .textField
    }
}
