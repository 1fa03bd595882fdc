import KeyboardGeometry

/// The text field or text view being edited, in the scroll view's content
/// coordinates.
public struct FocusedField: Hashable, Sendable {
    /// The field's frame in content coordinates.
    public var frame: KBRect
    /// The caret's rect in content coordinates, for the
    /// ``TallFieldPolicy/caret`` policy.
    public var caret: KBRect?

    @inlinable
    public init(frame: KBRect, caret: KBRect? = nil) {
        self.frame = frame
        self.caret = caret
    }
}
