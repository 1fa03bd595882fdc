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

extension FocusedField {
    /// Whether this field, read again, moved from `old`: its frame or its
    /// caret moved by half a point or more on any edge, or the caret
    /// appeared or went. Less is layout's rounding, not news: glue that
    /// reads the focused field again hands it on only when this holds.
    package func moved(from old: FocusedField) -> Bool {
        Self.rectMoved(from: old.frame, to: frame) || Self.caretMoved(from: old.caret, to: caret)
    }

    /// Whether a caret at `new` is a move from `old`: half a point or more
    /// on any edge, or one of the two missing.
    package static func caretMoved(from old: KBRect?, to new: KBRect?) -> Bool {
        switch (old, new) {
        case (nil, nil): return false
        case (let a?, let b?): return rectMoved(from: a, to: b)
        default: return true
        }
    }

    /// Whether any edge of `b` is half a point or more from `a`'s.
    private static func rectMoved(from a: KBRect, to b: KBRect) -> Bool {
        abs(a.minX - b.minX) >= 0.5 || abs(a.minY - b.minY) >= 0.5 || abs(a.maxX - b.maxX) >= 0.5 || abs(a.maxY - b.maxY) >= 0.5
    }
}
