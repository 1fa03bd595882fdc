import KeyboardGeometry

extension KBEdgeInsets {
    /// UIKit's safe area of a view: the part of its container's safe area
    /// (these insets, from the edges of a container of `size`: a screen's,
    /// a window's) that a view at `frame` (in the container's space) lies
    /// under. Each edge is how far the view reaches into that edge's inset,
    /// never negative: a view clear of an edge's inset has none there.
    ///
    /// The simulator's layout and the UIKit stand-in (Tests/UIKitStandIn)
    /// both take a view's safe area from here.
    package func safeArea(ofViewAt frame: KBRect, inContainerOf size: KBSize) -> KBEdgeInsets {
        KBEdgeInsets(
            top: Swift.max(0, top - frame.minY),
            left: Swift.max(0, left - frame.minX),
            bottom: Swift.max(0, frame.maxY - (size.height - bottom)),
            right: Swift.max(0, frame.maxX - (size.width - right))
        )
    }
}
