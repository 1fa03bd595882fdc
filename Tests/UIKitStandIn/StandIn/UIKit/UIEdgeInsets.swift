import KeyboardGeometry

/// `UIEdgeInsets`, as UIKit's C struct and its Swift overlay declare it.
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = UIEdgeInsets()
}

// The stand-in's own conversions between UIKit's values and the simulator's,
// labelled `kb` (the glue has its own, unlabelled, which are what it is
// tested through: the bridge never uses them).
extension UIEdgeInsets {
    public init(kb e: KBEdgeInsets) {
        self.init(top: CGFloat(e.top), left: CGFloat(e.left), bottom: CGFloat(e.bottom), right: CGFloat(e.right))
    }

    public var kb: KBEdgeInsets { KBEdgeInsets(top: Double(top), left: Double(left), bottom: Double(bottom), right: Double(right)) }
}

extension CGRect {
    public init(kb r: KBRect) {
        self.init(x: CGFloat(r.origin.x), y: CGFloat(r.origin.y), width: CGFloat(r.size.width), height: CGFloat(r.size.height))
    }

    public var kb: KBRect {
        KBRect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height))
    }
}

extension CGPoint {
    public init(kb p: KBPoint) { self.init(x: CGFloat(p.x), y: CGFloat(p.y)) }

    public var kb: KBPoint { KBPoint(x: Double(x), y: Double(y)) }
}

extension CGSize {
    public init(kb s: KBSize) { self.init(width: CGFloat(s.width), height: CGFloat(s.height)) }

    public var kb: KBSize { KBSize(width: Double(width), height: Double(height)) }
}
