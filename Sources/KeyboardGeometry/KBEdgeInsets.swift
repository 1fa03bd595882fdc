/// Distances inward from each edge of a rectangle, with UIKit's meaning
/// (`UIEdgeInsets`): top, left, bottom, right.
///
/// Edge cases: negative insets grow a rectangle (as UIKit allows);
/// ``isFinite`` says whether all four are finite.
///
/// Properties: `a + b - b == a` for finite values of moderate size;
/// ``zero`` is the identity of `+`.
@frozen
public struct KBEdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    @inlinable
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any edge (`UIEdgeInsetsZero`).
    @inlinable
    public static var zero: KBEdgeInsets { KBEdgeInsets() }

    /// True when all four distances are finite.
    @inlinable
    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }

    /// The edge-by-edge sum: how UIKit combines `contentInset` and the safe
    /// area into `adjustedContentInset`.
    @inlinable
    public static func + (lhs: KBEdgeInsets, rhs: KBEdgeInsets) -> KBEdgeInsets {
        KBEdgeInsets(
            top: lhs.top + rhs.top, left: lhs.left + rhs.left,
            bottom: lhs.bottom + rhs.bottom, right: lhs.right + rhs.right
        )
    }

    /// The edge-by-edge difference.
    @inlinable
    public static func - (lhs: KBEdgeInsets, rhs: KBEdgeInsets) -> KBEdgeInsets {
        KBEdgeInsets(
            top: lhs.top - rhs.top, left: lhs.left - rhs.left,
            bottom: lhs.bottom - rhs.bottom, right: lhs.right - rhs.right
        )
    }

    /// The same insets with `bottom` replaced.
    @inlinable
    public func withBottom(_ bottom: Double) -> KBEdgeInsets {
        KBEdgeInsets(top: top, left: left, bottom: bottom, right: right)
    }
}

extension KBEdgeInsets: CustomStringConvertible {
    public var description: String { "[\(top), \(left), \(bottom), \(right)]" }
}
