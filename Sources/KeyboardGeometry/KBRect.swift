/// An axis-aligned rectangle with CoreGraphics' semantics (`CGRect`).
///
/// A rectangle is stored exactly as given (origin and size, possibly with a
/// negative size); every derived property and geometric operation works on
/// its ``standardized`` form, as CoreGraphics does.
///
/// Edge cases, each tested and each matching Foundation's `CGRect` on Linux
/// unless the operation's documentation says otherwise:
/// - ``null`` (origin at +∞, zero size) is the empty point set: the result of
///   intersecting disjoint rectangles. It is absorbed by ``union(_:)``,
///   contains no point, and is ``isEmpty``.
/// - A rectangle with zero width or height is *empty* but not null: it still
///   has a position, takes part in ``union(_:)`` and can be the result of an
///   intersection of rectangles that only touch.
/// - A rectangle with a NaN component is treated as null by every
///   operation (Foundation's `CGRect` traps on NaN in some of them; this type
///   never traps).
/// - Equality (`==`) compares the stored fields, not the standardized ones:
///   `KBRect(x: 10, y: 0, width: -10, height: 5)` is not `==` to
///   `KBRect(x: 0, y: 0, width: 10, height: 5)`, though they cover the same
///   points. Compare ``standardized`` values for geometric equality.
@frozen
public struct KBRect: Hashable, Sendable {
    /// The corner the size is measured from; the top-left corner once
    /// standardized.
    public var origin: KBPoint
    /// The extent, possibly negative.
    public var size: KBSize

    @inlinable
    public init(origin: KBPoint, size: KBSize) {
        self.origin = origin
        self.size = size
    }

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = KBPoint(x: x, y: y)
        self.size = KBSize(width: width, height: height)
    }

    /// A rectangle spanning the given edges; `maxX < minX` gives a negative
    /// width, as CoreGraphics would store it.
    @inlinable
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The rectangle at the origin with zero size (`CGRect.zero`): empty,
    /// but not null.
    @inlinable
    public static var zero: KBRect { KBRect(x: 0, y: 0, width: 0, height: 0) }

    /// The null rectangle (`CGRect.null`): origin at +∞, zero size. The
    /// result of intersecting rectangles that do not meet.
    @inlinable
    public static var null: KBRect { KBRect(x: .infinity, y: .infinity, width: 0, height: 0) }

    /// The infinite rectangle (`CGRect.infinite`), with Foundation's exact
    /// values, so that its edges stay finite.
    public static let infinite = KBRect(
        x: -Double.greatestFiniteMagnitude / 2, y: -Double.greatestFiniteMagnitude / 2,
        width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude
    )
}

extension KBRect {
    /// True for the null rectangle: an origin coordinate is +∞.
    ///
    /// A rectangle with a NaN component is not reported null here (it was not
    /// made null), but operations treat it as null: see ``isDegenerate``.
    @inlinable
    public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }

    /// True for a rectangle that operations treat as the empty point set:
    /// the null rectangle, or one with a NaN component.
    @inlinable
    public var isDegenerate: Bool {
        isNull || origin.x.isNaN || origin.y.isNaN || size.width.isNaN || size.height.isNaN
    }

    /// True when the rectangle covers no area: null, or zero width or height.
    @inlinable
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    /// True when all four stored components are finite.
    @inlinable
    public var isFinite: Bool { origin.isFinite && size.isFinite }

    /// The same point set with a non-negative size: a negative width moves
    /// the origin left by that width, likewise for height. Null stays null.
    @inlinable
    public var standardized: KBRect {
        if isNull { return .null }
        return KBRect(x: minX, y: minY, width: width, height: height)
    }

    /// The standardized width, `|size.width|` (0 for null).
    @inlinable
    public var width: Double { abs(size.width) }
    /// The standardized height, `|size.height|` (0 for null).
    @inlinable
    public var height: Double { abs(size.height) }

    /// The smallest x of the standardized rectangle: `origin.x + min(width, 0)`
    /// (+∞ for null).
    ///
    /// Each edge is computed from the stored origin and size in one addition,
    /// so the edge that *is* the origin is exact: `maxX` of a rectangle with a
    /// negative width is `origin.x` itself, not `minX + width` re-rounded.
    @inlinable
    public var minX: Double { origin.x + Swift.min(size.width, 0) }
    /// The smallest y: `origin.y + min(height, 0)`.
    @inlinable
    public var minY: Double { origin.y + Swift.min(size.height, 0) }
    /// The largest x: `origin.x + max(width, 0)`. Not part of the rectangle
    /// under ``contains(_:)-(KBPoint)``, which is half-open.
    @inlinable
    public var maxX: Double { origin.x + Swift.max(size.width, 0) }
    /// The largest y: `origin.y + max(height, 0)`.
    @inlinable
    public var maxY: Double { origin.y + Swift.max(size.height, 0) }
    /// The horizontal centre, `(minX + maxX) / 2`.
    @inlinable
    public var midX: Double { (minX + maxX) * 0.5 }
    /// The vertical centre, `(minY + maxY) / 2`.
    @inlinable
    public var midY: Double { (minY + maxY) * 0.5 }
}

extension KBRect: CustomStringConvertible {
    public var description: String {
        isNull ? "KBRect.null" : "(\(origin.x), \(origin.y), \(size.width), \(size.height))"
    }
}
