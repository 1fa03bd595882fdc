/// A width and a height, with CoreGraphics' meaning (`CGSize`).
///
/// Edge cases: a size may be negative (CoreGraphics allows it; a ``KBRect``
/// with a negative size is standardised by every geometric operation) or
/// non-finite; ``isFinite`` says whether both components are finite.
@frozen
public struct KBSize: Hashable, Sendable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// A size with the given extents.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size with no extent, (0, 0).
    @inlinable
    public static var zero: KBSize { KBSize(width: 0, height: 0) }

    /// True when both components are finite.
    @inlinable
    public var isFinite: Bool { width.isFinite && height.isFinite }

    /// The same size with width and height exchanged: a portrait screen's
    /// size seen in landscape.
    @inlinable
    public var transposed: KBSize { KBSize(width: height, height: width) }
}

extension KBSize: CustomStringConvertible {
    public var description: String { "(\(width) × \(height))" }
}
