/// The set operations and transformations of CoreGraphics, on standardized
/// rectangles, never trapping.
extension Rect {
    /// The rectangle common to both (`CGRectIntersection`).
    ///
    /// - Rectangles that only touch along an edge intersect in a rectangle of
    ///   zero width or height at that edge (not null): this is what
    ///   CoreGraphics and Foundation return.
    /// - Disjoint rectangles, a null operand, or a NaN component give ``null``.
    ///
    /// Properties: commutative; `a ∩ a == a.standardized` for non-degenerate
    /// `a`; the result is contained in both operands.
    @inlinable
    public func intersection(_ other: Rect) -> Rect {
        if isDegenerate || other.isDegenerate { return .null }
        let x1 = Swift.max(minX, other.minX)
        let x2 = Swift.min(maxX, other.maxX)
        if x2 < x1 { return .null }
        let y1 = Swift.max(minY, other.minY)
        let y2 = Swift.min(maxY, other.maxY)
        if y2 < y1 { return .null }
        return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// Replaces this rectangle with its intersection with `other`.
    @inlinable
    public mutating func formIntersection(_ other: Rect) {
        self = intersection(other)
    }

    /// True when ``intersection(_:)`` is not null, so rectangles that only
    /// touch along an edge *do* intersect (Foundation's answer).
    @inlinable
    public func intersects(_ other: Rect) -> Bool {
        !intersection(other).isNull
    }

    /// The smallest rectangle containing both (`CGRectUnion`).
    ///
    /// A null (or NaN) operand is ignored; empty but non-null rectangles take
    /// part with their position.
    @inlinable
    public func union(_ other: Rect) -> Rect {
        if isDegenerate { return other.isDegenerate ? .null : other.standardized }
        if other.isDegenerate { return standardized }
        let x1 = Swift.min(minX, other.minX)
        let x2 = Swift.max(maxX, other.maxX)
        let y1 = Swift.min(minY, other.minY)
        let y2 = Swift.max(maxY, other.maxY)
        return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// Replaces this rectangle with its union with `other`.
    @inlinable
    public mutating func formUnion(_ other: Rect) {
        self = union(other)
    }

    /// True when `point` lies inside, half-open: `minX ≤ x < maxX` and
    /// `minY ≤ y < maxY` (`CGRectContainsPoint`). So an empty rectangle
    /// contains no point, and a NaN point is in no rectangle.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        if isDegenerate { return false }
        return point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// True when every point of `other` lies in this rectangle, edges
    /// included (`CGRectContainsRect`).
    ///
    /// The null rectangle, as the empty point set, is contained in every
    /// non-null rectangle; a null rectangle contains nothing. An empty but
    /// non-null `other` must still lie within the edges.
    @inlinable
    public func contains(_ other: Rect) -> Bool {
        if isDegenerate { return false }
        if other.isDegenerate { return true }
        return other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// This rectangle shrunk by `dx` on the left and right and `dy` on the
    /// top and bottom (negative values grow it), after standardizing
    /// (`CGRectInset`). A result with negative width or height is ``null``;
    /// zero is kept.
    @inlinable
    public func insetBy(dx: Double, dy: Double) -> Rect {
        if isDegenerate { return .null }
        let result = Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
        if result.size.width < 0 || result.size.height < 0 { return .null }
        return result
    }

    /// This rectangle shrunk by `insets` (`UIEdgeInsetsInsetRect`); a
    /// negative resulting extent gives ``null``.
    @inlinable
    public func inset(by insets: EdgeInsets) -> Rect {
        if isDegenerate { return .null }
        let result = Rect(
            x: minX + insets.left, y: minY + insets.top,
            width: width - insets.left - insets.right, height: height - insets.top - insets.bottom
        )
        if result.size.width < 0 || result.size.height < 0 { return .null }
        return result
    }

    /// The standardized rectangle moved by `dx`, `dy` (`CGRectOffset`);
    /// null stays null.
    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        if isDegenerate { return .null }
        return Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// Splits the standardized rectangle into a slice `distance` thick along
    /// `edge` and the remainder (`CGRectDivide`).
    ///
    /// `distance` is clamped to `0...extent`: a negative distance gives an
    /// empty slice, an excessive one gives the whole rectangle and an empty
    /// remainder at the opposite edge's origin. A null rectangle splits into
    /// two nulls.
    @inlinable
    public func divided(atDistance distance: Double, from edge: RectEdge) -> (slice: Rect, remainder: Rect) {
        if isDegenerate { return (.null, .null) }
        let r = standardized
        switch edge {
        case .minXEdge:
            let d = Swift.min(Swift.max(distance, 0), r.size.width)
            return (
                Rect(x: r.origin.x, y: r.origin.y, width: d, height: r.size.height),
                Rect(x: r.origin.x + d, y: r.origin.y, width: r.size.width - d, height: r.size.height)
            )
        case .maxXEdge:
            let d = Swift.min(Swift.max(distance, 0), r.size.width)
            return (
                Rect(x: r.maxX - d, y: r.origin.y, width: d, height: r.size.height),
                Rect(x: r.origin.x, y: r.origin.y, width: r.size.width - d, height: r.size.height)
            )
        case .minYEdge:
            let d = Swift.min(Swift.max(distance, 0), r.size.height)
            return (
                Rect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: d),
                Rect(x: r.origin.x, y: r.origin.y + d, width: r.size.width, height: r.size.height - d)
            )
        case .maxYEdge:
            let d = Swift.min(Swift.max(distance, 0), r.size.height)
            return (
                Rect(x: r.origin.x, y: r.maxY - d, width: r.size.width, height: d),
                Rect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height - d)
            )
        }
    }
}
