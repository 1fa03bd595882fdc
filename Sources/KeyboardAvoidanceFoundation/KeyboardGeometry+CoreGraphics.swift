import Foundation
import KeyboardGeometry

// The engine's geometry and Core Graphics' (through Foundation on every
// platform), one way and the other: what both adapters read their
// frameworks' values with, so that neither depends on the other for it.

extension KBRect {
    /// The same rect, as doubles.
    public init(_ r: CGRect) { self.init(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height)) }
}

extension KBSize {
    /// The same size, as doubles.
    public init(_ s: CGSize) { self.init(width: Double(s.width), height: Double(s.height)) }
}

extension KBPoint {
    /// The same point, as doubles.
    public init(_ p: CGPoint) { self.init(x: Double(p.x), y: Double(p.y)) }
}

extension CGRect {
    /// The same rect, as `CGFloat`s.
    public init(_ r: KBRect) {
        self.init(x: CGFloat(r.origin.x), y: CGFloat(r.origin.y), width: CGFloat(r.size.width), height: CGFloat(r.size.height))
    }
}
