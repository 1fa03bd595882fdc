/// Where a view sits in its parent's coordinate space, for converting
/// rectangles between the two (`UIView.convert(_:from:)` without
/// transforms).
///
/// A window placed in the screen, a scroll view placed in its window, and a
/// scroll view's content (whose bounds origin is the content offset) are all
/// placements. Chains compose: screen → window → scroll view → content.
///
/// Properties: ``rectInParent(_:)`` inverts ``rectInView(fromParent:)``;
/// null stays null; results are standardized.
public struct ViewPlacement: Hashable, Sendable {
    /// The view's frame in its parent's space.
    public var frame: KBRect
    /// The origin of the view's bounds: the content offset for a scroll view,
    /// zero for other views.
    public var boundsOrigin: KBPoint

    @inlinable
    public init(frame: KBRect, boundsOrigin: KBPoint = .zero) {
        self.frame = frame
        self.boundsOrigin = boundsOrigin
    }

    /// A rectangle given in the parent's space, in the view's own space.
    @inlinable @inline(__always)
    public func rectInView(fromParent r: KBRect) -> KBRect {
        r.offsetBy(dx: boundsOrigin.x - frame.minX, dy: boundsOrigin.y - frame.minY)
    }

    /// A rectangle given in the view's space, in the parent's space.
    @inlinable @inline(__always)
    public func rectInParent(_ r: KBRect) -> KBRect {
        r.offsetBy(dx: frame.minX - boundsOrigin.x, dy: frame.minY - boundsOrigin.y)
    }

    /// The view's bounds: its own visible rectangle in its own space.
    @inlinable
    public var bounds: KBRect { KBRect(origin: boundsOrigin, size: KBSize(width: frame.width, height: frame.height)) }
}
