/// `UIResponder`: the responder chain (``next``) and first-responder status.
///
/// A window has at most one first responder (``UIWindow``); a responder
/// becomes it only while it is in a window and ``canBecomeFirstResponder``,
/// and the one before it resigns first. The text classes post UIKit's
/// editing notifications as they begin and end (``UITextField``,
/// ``UITextView``).
@MainActor
open class UIResponder: NSObject, AssociatedObjectHolding {
    /// The values the Objective-C runtime would associate with this object
    /// (see the stand-in's `ObjectiveC`).
    public nonisolated let associatedObjects = AssociatedObjects()

    public override init() { super.init() }

    /// The next responder: a view controller's root view answers its
    /// controller, any other view its superview, a controller its view's
    /// superview.
    open var next: UIResponder? { nil }

    /// Whether it can become first responder (text fields and text views
    /// can).
    open var canBecomeFirstResponder: Bool { false }

    /// Whether it is its window's first responder.
    open var isFirstResponder: Bool { false }

    /// Makes it its window's first responder; false when it cannot be.
    @discardableResult
    open func becomeFirstResponder() -> Bool { false }

    /// Gives up first-responder status.
    @discardableResult
    open func resignFirstResponder() -> Bool { true }
}
