/// Conversion between the fixed, unrotated portrait screen space (the space
/// of keyboard frames up to iOS 7) and the interface-oriented screen space
/// (the space of keyboard frames since iOS 8, and of every layout value in
/// this project).
///
/// With `W × H` the portrait size of the screen, a point `(x, y)` of the
/// fixed space is, in the oriented space:
/// - portrait: `(x, y)`
/// - portraitUpsideDown: `(W − x, H − y)`
/// - landscapeLeft (home button left): `(H − y, x)`
/// - landscapeRight (home button right): `(y, W − x)`
///
/// Properties: ``orientedRect(fromFixed:)`` and ``fixedRect(fromOriented:)``
/// are inverse for finite rectangles (exactly, for values whose sums are
/// exact, such as integers and halves); both return standardized rectangles;
/// null stays null; widths and heights are exchanged in landscape.
public struct FixedScreenSpace: Hashable, Sendable {
    /// The screen's size in portrait (`W × H`); the width is not required
    /// to be the smaller side.
    public var portraitSize: KBSize
    /// The interface orientation that maps the fixed space to the oriented one.
    public var orientation: InterfaceOrientation

    @inlinable
    public init(portraitSize: KBSize, orientation: InterfaceOrientation) {
        self.portraitSize = portraitSize
        self.orientation = orientation
    }

    /// A fixed space from the screen's size as the interface sees it (the
    /// form in which traces give it): in landscape, the sides are exchanged.
    @inlinable
    public init(orientedSize: KBSize, orientation: InterfaceOrientation) {
        self.init(portraitSize: orientation.isLandscape ? orientedSize.transposed : orientedSize, orientation: orientation)
    }

    /// The screen's size in the oriented space.
    @inlinable
    public var orientedSize: KBSize { orientation.isLandscape ? portraitSize.transposed : portraitSize }

    /// A fixed-space point in the oriented space.
    @inlinable
    public func orientedPoint(fromFixed p: KBPoint) -> KBPoint {
        let w = portraitSize.width, h = portraitSize.height
        switch orientation {
        case .portrait: return p
        case .portraitUpsideDown: return KBPoint(x: w - p.x, y: h - p.y)
        case .landscapeLeft: return KBPoint(x: h - p.y, y: p.x)
        case .landscapeRight: return KBPoint(x: p.y, y: w - p.x)
        }
    }

    /// An oriented-space point in the fixed space.
    @inlinable
    public func fixedPoint(fromOriented p: KBPoint) -> KBPoint {
        let w = portraitSize.width, h = portraitSize.height
        switch orientation {
        case .portrait: return p
        case .portraitUpsideDown: return KBPoint(x: w - p.x, y: h - p.y)
        case .landscapeLeft: return KBPoint(x: p.y, y: h - p.x)
        case .landscapeRight: return KBPoint(x: w - p.y, y: p.x)
        }
    }

    /// A fixed-space rectangle in the oriented space, standardized.
    @inlinable
    public func orientedRect(fromFixed r: KBRect) -> KBRect {
        if r.isNull { return .null }
        let a = orientedPoint(fromFixed: KBPoint(x: r.minX, y: r.minY))
        let b = orientedPoint(fromFixed: KBPoint(x: r.maxX, y: r.maxY))
        return KBRect(minX: Swift.min(a.x, b.x), minY: Swift.min(a.y, b.y), maxX: Swift.max(a.x, b.x), maxY: Swift.max(a.y, b.y))
    }

    /// An oriented-space rectangle in the fixed space, standardized.
    @inlinable
    public func fixedRect(fromOriented r: KBRect) -> KBRect {
        if r.isNull { return .null }
        let a = fixedPoint(fromOriented: KBPoint(x: r.minX, y: r.minY))
        let b = fixedPoint(fromOriented: KBPoint(x: r.maxX, y: r.maxY))
        return KBRect(minX: Swift.min(a.x, b.x), minY: Swift.min(a.y, b.y), maxX: Swift.max(a.x, b.x), maxY: Swift.max(a.y, b.y))
    }
}
