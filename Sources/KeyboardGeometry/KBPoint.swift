/// A point in a two-dimensional coordinate space, with CoreGraphics' meaning
/// (`CGPoint`): `x` grows to the right, `y` grows downwards (UIKit's
/// flipped space).
///
/// Coordinates are `Double`, the width of `CGFloat` on every 64-bit Apple
/// platform, so values round-trip exactly through `CGPoint` and `NSValue`.
///
/// Edge cases: any component may be non-finite; ``isFinite`` says whether
/// both are. Nothing in this module traps on NaN or infinity.
@frozen
public struct KBPoint: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate (downwards).
    public var y: Double

    /// A point with the given coordinates.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    @inlinable
    public static var zero: KBPoint { KBPoint(x: 0, y: 0) }

    /// True when both coordinates are finite (neither NaN nor infinite).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// This point moved by `dx`, `dy`.
    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> KBPoint {
        KBPoint(x: x + dx, y: y + dy)
    }
}

extension KBPoint: CustomStringConvertible {
    public var description: String { "(\(x), \(y))" }
}
