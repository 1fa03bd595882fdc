/// UIKit's `NSValue` additions (`NSValueUIGeometryExtensions`), over
/// swift-corelibs-foundation's `NSValue(rect:)`, `NSValue(point:)` and
/// `NSValue(size:)`, which hold the same `CGRect`, `CGPoint` and `CGSize`.
extension NSValue {
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }

    public convenience init(cgSize size: CGSize) { self.init(size: size) }

    public var cgRectValue: CGRect { rectValue }

    public var cgPointValue: CGPoint { pointValue }

    public var cgSizeValue: CGSize { sizeValue }
}
