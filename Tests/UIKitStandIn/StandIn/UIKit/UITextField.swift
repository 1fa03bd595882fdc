/// `UIControl`.
@MainActor
open class UIControl: UIView {}

/// `UITextField`: a one-line field. Becoming first responder, it scrolls
/// itself into view in the nearest scroll view around it (UIKit's own
/// scroll, from iOS 8: the simulator's rule, `SimulatedWorld`'s
/// `scrollToFocusedTextField`), then posts
/// ``textDidBeginEditingNotification``; resigning, it posts
/// ``textDidEndEditingNotification``. Both with the field as the object.
@MainActor
open class UITextField: UIControl {
    open var text: String?

    nonisolated public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    nonisolated public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")

    open override var canBecomeFirstResponder: Bool { true }

    open override var isFirstResponder: Bool { window?.firstResponder === self }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        beginTextEditing(posting: Self.textDidBeginEditingNotification) {
            if let scrollView = enclosingScrollView { scrollView.scrollRectToVisible(convert(bounds, to: scrollView), animated: true) }
        }
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool { endTextEditing(posting: Self.textDidEndEditingNotification) }

    /// The nearest scroll view among the superviews.
    private var enclosingScrollView: UIScrollView? {
        var v = superview
        while let current = v {
            if let scrollView = current as? UIScrollView { return scrollView }
            v = current.superview
        }
        return nil
    }
}
