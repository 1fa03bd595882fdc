import Foundation

/// What UIKit's two text classes (``UITextField``, ``UITextView``) share
/// as they begin and end editing: first-responder status in their window,
/// and the editing notification, posted with the view as the object once
/// the status has changed.
extension UIView {
    /// Makes the view its window's first responder, runs `beforePosting`
    /// (a text field scrolls itself into view there), then posts `began`.
    /// Answers as `becomeFirstResponder()` does: true when it is (or
    /// already was) first responder, false out of a window or when the one
    /// before it would not resign; nothing is posted unless it just became
    /// first responder.
    func beginTextEditing(posting began: Notification.Name, beforePosting: () -> Void = {}) -> Bool {
        guard let window, !isFirstResponder else { return isFirstResponder }
        guard window.makeFirstResponder(self) else { return false }
        beforePosting()
        NotificationCenter.default.post(name: began, object: self)
        return true
    }

    /// Gives up first-responder status and posts `ended`; true, and
    /// nothing posted, when the view was not first responder.
    func endTextEditing(posting ended: Notification.Name) -> Bool {
        guard isFirstResponder, let window else { return true }
        window.firstResponder = nil
        NotificationCenter.default.post(name: ended, object: self)
        return true
    }
}
