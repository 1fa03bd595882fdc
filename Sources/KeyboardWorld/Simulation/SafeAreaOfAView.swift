import KeyboardGeometry

extension KBEdgeInsets {
    /// UIKit's safe area of a view: the part of its container's safe area
    /// (these insets, from the edges of a container of `size`: a screen's,
    /// a window's) that a view at `frame` (in the container's space) lies
    /// under. Each edge is how far the view reaches into that edge's inset,
    /// never negative, and never more than the container's inset on that
    /// edge: a view clear of an edge's inset has none there, and the part of
    /// a view that reaches past its container's edge adds nothing (UIKit
    /// does not extend a safe area beyond the container's:
    /// [uikit-safe-area] in docs/sources.md).
    ///
    /// The simulator's layout and the UIKit stand-in (Tests/UIKitStandIn)
    /// both take a view's safe area from here.
    package func safeArea(ofViewAt frame: KBRect, inContainerOf size: KBSize) -> KBEdgeInsets {
        KBEdgeInsets(
            top: Self.reach(top - frame.minY, into: top),
            left: Self.reach(left - frame.minX, into: left),
            bottom: Self.reach(frame.maxY - (size.height - bottom), into: bottom),
            right: Self.reach(frame.maxX - (size.width - right), into: right)
        )
    }

    /// The inset a container has on an edge where a view in it has
    /// `viewInset` and lies `gap` points clear of the container's edge
    /// (negative where it reaches past it): the inverse of
    /// ``safeArea(ofViewAt:inContainerOf:)`` on one edge. A view with no
    /// inset there says nothing of its container's, read as none; a view
    /// reaching past the edge has the container's whole inset.
    package static func containerInset(under viewInset: Double, clearOfEdgeBy gap: Double) -> Double {
        viewInset > 0 ? viewInset + Swift.max(0, gap) : 0
    }

    /// How far a view reaching `depth` points into an edge's band of
    /// `inset` points lies under it: `depth` held to `0...inset`.
    private static func reach(_ depth: Double, into inset: Double) -> Double {
        Swift.min(Swift.max(0, depth), Swift.max(0, inset))
    }
}
