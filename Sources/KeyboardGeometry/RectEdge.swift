/// One edge of a rectangle, as CoreGraphics' `CGRectEdge` names them, for
/// ``KBRect/divided(atDistance:from:)``.
@frozen
public enum RectEdge: Hashable, Sendable, CaseIterable {
    case minXEdge
    case minYEdge
    case maxXEdge
    case maxYEdge
}
