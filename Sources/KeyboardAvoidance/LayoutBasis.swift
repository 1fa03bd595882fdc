import KeyboardGeometry

/// What a layout pass lays a scroll view out by: its frame's size and its
/// safe area. Offsets read in two states of one basis compare: a pass that
/// keeps it (a window moved, a half turn between the two landscapes, a
/// layout event that restates the values it had) moves no offset of a
/// transcript's own, and one that changes it (a rotation, a window
/// resized, a new safe area on any edge) lays the transcript out anew.
/// The engine reads a transcript by it, and the oracle judges one by it:
/// one rule for both.
///
/// Two bases are one within ``Rounding/betweenReadings`` on each value: a size or a safe
/// area read through containers at fractional offsets carries rounding
/// noise (a top safe area of 23.999999999999986 for 24), which lays
/// nothing out anew.
package struct LayoutBasis: Hashable, Sendable {
    package var frameSize: KBSize
    package var safeArea: KBEdgeInsets

    /// Whether `other` lays a scroll view out as this does: equal, or each
    /// size and safe-area edge within ``Rounding/betweenReadings`` (asked apart, so that
    /// the equal case, nearly every one, costs what equality costs).
    @inline(__always)
    package func isSame(as other: LayoutBasis) -> Bool { self == other || isNear(other) }

    @inline(never)
    private func isNear(_ other: LayoutBasis) -> Bool {
        let t = Rounding.betweenReadings
        return abs(frameSize.width - other.frameSize.width) <= t && abs(frameSize.height - other.frameSize.height) <= t
            && abs(safeArea.top - other.safeArea.top) <= t && abs(safeArea.left - other.safeArea.left) <= t
            && abs(safeArea.bottom - other.safeArea.bottom) <= t && abs(safeArea.right - other.safeArea.right) <= t
    }
}

extension ScrollViewState {
    /// The basis this state is laid out by.
    @inline(__always)
    package var layoutBasis: LayoutBasis { LayoutBasis(frameSize: frame.size, safeArea: safeArea) }
}
