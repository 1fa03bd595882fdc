import KeyboardGeometry

/// What a layout pass lays a scroll view out by: its frame's size and its
/// safe area. Offsets read in two states of one basis compare: a pass that
/// keeps it (a window moved, a half turn between the two landscapes, a
/// layout event that restates the values it had) moves no offset of a
/// transcript's own, and one that changes it (a rotation, a window
/// resized, a new safe area on any edge) lays the transcript out anew.
/// The engine reads a transcript by it, and the oracle judges one by it:
/// one rule for both.
package struct LayoutBasis: Hashable, Sendable {
    package var frameSize: KBSize
    package var safeArea: KBEdgeInsets
}

extension ScrollViewState {
    /// The basis this state is laid out by.
    @inline(__always)
    package var layoutBasis: LayoutBasis { LayoutBasis(frameSize: frame.size, safeArea: safeArea) }
}
