import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

/// The cookbook recipe ([cookbook] in docs/sources.md), reproduced as written.
///
/// On WillShow: read the duration and FrameEnd; convert the rect "from the
/// window" into the view controller's view; intersect with `self.view.frame`;
/// inside an animation of the keyboard's duration (UIKit's default curve,
/// ease-in-out), set the content inset to `(0, 0, intersection.height, 0)`
/// and `scrollRectToVisible` the field. On WillHide: animate the content inset
/// back to zero.
///
/// Faithful details: the rect is treated as window-space. From iOS 8 to 12
/// it is (the key window's space), so the conversion is right there; since
/// iOS 13 it is screen-space, so a window offset in the screen (Slide Over,
/// Stage Manager) puts the keyboard in the wrong place; a form sheet's view
/// is offset in a window that fills the screen, so the recipe's
/// intersection with the view's own frame is wrong in every era; before
/// iOS 8 the window is in the fixed portrait space and the view carries the
/// rotation, so the conversion is right there. A null intersection has height 0. The app's own insets and
/// the safe area are ignored; the indicator insets are never set.
public struct CookbookStrategy: AvoidanceStrategy {
    public static let name = "cookbook"

    public init(world: SimulatedWorld) {}

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard case .keyboard(let n) = event else { return .ignored("notObserved") }
        let animation = StrategyAnimation(duration: n.duration ?? 0, curve: .easeInOut)
        switch n.name {
        case .willShow:
            let raw = n.frameEnd ?? .zero
            let inView: Rect
            switch world.profile.frameSpace {
            case .fixedPortrait:
                inView = FixedScreenSpace(orientedSize: world.screen, orientation: world.orientation).orientedRect(fromFixed: raw)
            case .window, .oriented:
                inView = raw
            }
            let overlap = world.viewFrame.intersection(inView)
            scrollView.contentInset = EdgeInsets(top: 0, left: 0, bottom: overlap.isNull ? 0 : overlap.height, right: 0)
            scrollView.scrollRectToVisible(world.focusedField?.frame ?? .zero)
            return StepOutcome(action: .apply, animation: animation)
        case .willHide:
            scrollView.contentInset = .zero
            return StepOutcome(action: .restore, animation: animation)
        case .didShow, .didHide, .willChangeFrame, .didChangeFrame:
            return .ignored("notObserved")
        }
    }
}
