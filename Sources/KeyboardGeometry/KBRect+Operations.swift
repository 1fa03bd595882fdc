/// The set operations and transformations of CoreGraphics, on standardized
/// rectangles, never trapping.
extension KBRect {
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
    public func intersection(_ other: KBRect) -> KBRect {
        if isDegenerate || other.isDegenerate { return .null }
        // Edges of the standardized rectangles, as Foundation computes them.
        let a = standardized, b = other.standardized
        guard let (x, width) = Self.overlap(a.minX, a.maxX, a.width, b.minX, b.maxX, b.width),
            let (y, height) = Self.overlap(a.minY, a.maxY, a.height, b.minY, b.maxY, b.height)
        else { return .null }
        return KBRect(x: x, y: y, width: width, height: height)
    }

    /// The overlap of the closed spans `a0...a1` and `b0...b1` as (start,
    /// length), or nil when they are disjoint. When one span lies wholly in
    /// the other, its own length is returned rather than a re-rounded
    /// difference, so a contained rectangle comes back exactly.
    @inlinable
    static func overlap(
        _ a0: Double, _ a1: Double, _ aLength: Double, _ b0: Double, _ b1: Double, _ bLength: Double
    ) -> (Double, Double)? {
        let start = Swift.max(a0, b0)
        let end = Swift.min(a1, b1)
        if end < start { return nil }
        if start == a0 && end == a1 { return (start, aLength) }
        if start == b0 && end == b1 { return (start, bLength) }
        return (start, end - start)
    }

    /// Replaces this rectangle with its intersection with `other`.
    @inlinable
    public mutating func formIntersection(_ other: KBRect) {
        self = intersection(other)
    }

    /// True when ``intersection(_:)`` is not null, so rectangles that only
    /// touch along an edge *do* intersect (Foundation's answer).
    @inlinable
    public func intersects(_ other: KBRect) -> Bool {
        !intersection(other).isNull
    }

    /// True when the two rectangles share an area (a positive width *and*
    /// height): `!intersection(other).isEmpty`, without building the
    /// intersection. Degenerate (null or NaN) operands share nothing.
    ///
    /// Property: `overlaps(b) == !intersection(b).isEmpty` for every pair.
    @inlinable @inline(__always)
    public func overlaps(_ other: KBRect) -> Bool {
        if isDegenerate || other.isDegenerate { return false }
        return Swift.max(minX, other.minX) < Swift.min(maxX, other.maxX) && Swift.max(minY, other.minY) < Swift.min(maxY, other.maxY)
    }

    /// The smallest rectangle containing both (`CGRectUnion`).
    ///
    /// A null (or NaN) operand is ignored; empty but non-null rectangles take
    /// part with their position. The result is always standardized (a
    /// deliberate difference from Foundation, which returns the other operand
    /// as stored when one is null).
    @inlinable
    public func union(_ other: KBRect) -> KBRect {
        if isDegenerate { return other.isDegenerate ? .null : other.standardized }
        if other.isDegenerate { return standardized }
        let a = standardized, b = other.standardized
        let x1 = Swift.min(a.minX, b.minX)
        let x2 = Swift.max(a.maxX, b.maxX)
        let y1 = Swift.min(a.minY, b.minY)
        let y2 = Swift.max(a.maxY, b.maxY)
        return KBRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// Replaces this rectangle with its union with `other`.
    @inlinable
    public mutating func formUnion(_ other: KBRect) {
        self = union(other)
    }

    /// True when `point` lies inside, half-open: `minX ≤ x < maxX` and
    /// `minY ≤ y < maxY` (`CGRectContainsPoint`). So an empty rectangle
    /// contains no point, and a NaN point is in no rectangle.
    @inlinable
    public func contains(_ point: KBPoint) -> Bool {
        if isDegenerate { return false }
        return point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// True when every point of `other` lies in this rectangle, edges
    /// included (`CGRectContainsRect`).
    ///
    /// The null rectangle, as the empty point set, is contained in every
    /// rectangle (null included); a null rectangle contains no other. An
    /// empty but non-null `other` must still lie within the edges.
    ///
    /// Edges are compared exactly: a deliberate difference from Foundation,
    /// which compares a re-rounded union with `self` and so can deny that a
    /// rectangle contains one that lies inside it.
    @inlinable
    public func contains(_ other: KBRect) -> Bool {
        if other.isDegenerate { return true }
        if isDegenerate { return false }
        return other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// This rectangle shrunk by `dx` on the left and right and `dy` on the
    /// top and bottom (negative values grow it), after standardizing
    /// (`CGRectInset`). A result with negative width or height is ``null``;
    /// zero is kept.
    @inlinable
    public func insetBy(dx: Double, dy: Double) -> KBRect {
        if isDegenerate { return .null }
        let result = KBRect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
        if result.size.width < 0 || result.size.height < 0 { return .null }
        return result
    }

    /// This rectangle shrunk by `insets` (`UIEdgeInsetsInsetRect`); a
    /// negative resulting extent gives ``null``.
    @inlinable
    public func inset(by insets: KBEdgeInsets) -> KBRect {
        if isDegenerate { return .null }
        let result = KBRect(
            x: minX + insets.left, y: minY + insets.top,
            width: width - insets.left - insets.right, height: height - insets.top - insets.bottom
        )
        if result.size.width < 0 || result.size.height < 0 { return .null }
        return result
    }

    /// The standardized rectangle moved by `dx`, `dy` (`CGRectOffset`);
    /// null stays null.
    @inlinable @inline(__always)
    public func offsetBy(dx: Double, dy: Double) -> KBRect {
        if isDegenerate { return .null }
        return KBRect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// Splits the standardized rectangle into a slice `distance` thick along
    /// `edge` and the remainder (`CGRectDivide`).
    ///
    /// `distance` is clamped to `0...extent`: a negative distance gives an
    /// empty slice, an excessive one gives the whole rectangle and an empty
    /// remainder at the opposite edge's origin. A null rectangle splits into
    /// two nulls.
    @inlinable
    public func divided(atDistance distance: Double, from edge: RectEdge) -> (slice: KBRect, remainder: KBRect) {
        if isDegenerate { return (.null, .null) }
        // Split at a distance from the min edge; for the max edges, the
        // complement. The first part keeps the min edge.
        let vertical = edge == .minYEdge || edge == .maxYEdge
        let extent = vertical ? height : width
        let fromMin = edge == .minXEdge || edge == .minYEdge
        let split = Swift.min(Swift.max(fromMin ? distance : extent - distance, 0), extent)
        let r = standardized
        var first = r
        var second = r
        if vertical {
            first.size.height = split
            second.origin.y = first.maxY
            second.size.height = r.size.height - split
        } else {
            first.size.width = split
            second.origin.x = first.maxX
            second.size.width = r.size.width - split
        }
        return fromMin ? (first, second) : (second, first)
    }
}
