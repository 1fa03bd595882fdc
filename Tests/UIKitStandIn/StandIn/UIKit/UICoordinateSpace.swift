/// `UICoordinateSpace`: a view's bounds, or a screen's coordinate space.
/// Every conversion goes through the screen: a view's rect is carried up
/// its superviews (each adds its frame's origin less its bounds' origin,
/// which for a scroll view is its content offset) to its window, whose
/// frame is in the screen.
@MainActor
public protocol UICoordinateSpace: NSObjectProtocol {
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect
    var bounds: CGRect { get }
}

/// A screen's coordinate space (`UIScreen.coordinateSpace`): the
/// interface-oriented screen, its origin at the top left.
@MainActor
final class ScreenCoordinateSpace: NSObject, UICoordinateSpace {
    private unowned let screen: UIScreen

    init(screen: UIScreen) {
        self.screen = screen
    }

    var bounds: CGRect { screen.bounds }

    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        screenRect(rect, into: coordinateSpace)
    }
}

/// `rect`, given in the screen's space, in `space`.
@MainActor
func screenRect(_ rect: CGRect, into space: any UICoordinateSpace) -> CGRect {
    switch space {
    case let view as UIView: return view.rectFromScreen(rect)
    case is ScreenCoordinateSpace: return rect
    default: fatalError("the UIKit stand-in converts only between views and screens, not into \(type(of: space))")
    }
}
