import KeyboardGeometry

/// A scroll view whose bottom edge is pinned to an anchor of its window
/// that the keyboard moves: a keyboard layout guide's top (UIKit), or a
/// hosting view's safe area's bottom with the keyboard's region in it
/// (SwiftUI). Its top, left and right stay where the app put them; only its
/// height follows the anchor, and its insets stay the app's.
///
/// The app's own layout is the pin at rest: the scroll view ends `gap`
/// points above the resting anchor (0 when it ends on it, more with a bar
/// between). When the anchor rises above its resting place, the bottom
/// rises with it, the gap kept; an anchor at or below rest gives the app's
/// own frame exactly.
///
/// Properties (BottomPinTests): at rest the frame is the app's own, bit for
/// bit; the height never grows and never goes below 0; the bottom moves by
/// exactly what the anchor moved, until the frame has no height left.
public struct BottomPin: Hashable, Sendable {
    /// The anchor at rest, in the window's coordinates.
    public var restingAnchor: Double
    /// How far the app's own bottom sits above the resting anchor.
    public var gap: Double

    /// The pin of `own` (window coordinates) to an anchor resting at
    /// `restingAnchor`, or nil when `own` ends below it (it cannot be
    /// pinned there: Auto Layout would have moved it).
    public init?(own: KBRect, restingAnchor: Double) {
        let gap = restingAnchor - own.maxY
        guard gap >= -Rounding.lost(at: restingAnchor) else { return nil }
        self.restingAnchor = restingAnchor
        self.gap = Swift.max(0, gap)
    }

    /// The scroll view's frame with the anchor at `anchor`.
    public func frame(own: KBRect, anchor: Double) -> KBRect {
        guard anchor < restingAnchor else { return own }
        var frame = own
        frame.size.height = Swift.max(0, own.height - (restingAnchor - anchor))
        return frame
    }
}
