import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// The cookbook recipe ([cookbook] in docs/sources.md), reproduced as written.
///
/// The view controller observes WillShow and WillHide from `viewWillAppear`
/// to `viewWillDisappear`. On WillShow: read the duration and FrameEnd;
/// convert the rect "from the window" into the view controller's view;
/// intersect with `self.view.frame`; inside `animateWithDuration:` (the
/// keyboard's duration) set the content inset to
/// `(0, 0, intersection.height, 0)` and `scrollRectToVisible` the text field.
/// On WillHide: animate the content inset back to zero.
///
/// Scope: iOS 5 to 12 (the book's iOS 7 edition and the years it was
/// copied), iPhone and iPad (it discusses the iPad's split keyboard), in a
/// full-screen window whose view is the scroll view, with no content inset of
/// the app's own.
///
/// Faithful details: the animation block is nested in the keyboard's (a
/// Will handler runs inside it), so it inherits the keyboard's curve and
/// duration rather than UIKit's default ease-in-out ([uikit-animation]).
/// The rect is treated as window-space: from iOS 8 to 12 it is (the key
/// window's space), so the conversion is right; since iOS 13 it is
/// screen-space, so an offset window (Slide Over, Stage Manager) puts the
/// keyboard in the wrong place; before iOS 8 the window is in the fixed
/// portrait space and the view carries the rotation, so the conversion is
/// right there too. A null intersection has height 0. The app's own insets
/// and the safe area are ignored; the indicator insets are never set. The
/// book scrolls its one text field; with several, the model scrolls the
/// focused one.
public struct CookbookStrategy: AvoidanceStrategy {
    public static let name = "cookbook"
    public static let summary = "The iOS 7 cookbook: bottom inset = keyboard ∩ view on WillShow, animated with the keyboard"
    public static let scope = StrategyScope(
        profiles: [.ios7, .ios8], assumptions: [.fullScreenWindow, .scrollViewIsTheView, .noInsetsOfItsOwn, .noSafeAreaContribution]
    )
    /// Observing: from `viewWillAppear` to `viewWillDisappear` (a trace
    /// starts with the view on screen).
    private var registered: Bool

    public init(world: SimulatedWorld) {
        registered = world.isVisible
    }

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        switch event {
        case .appear:
            registered = true
            return .ignored(.registered)
        case .disappear:
            registered = false
            return .ignored(.unregistered)
        case .focus, .blur, .layout:
            return .ignored(.notObserved)
        case .keyboard(let n):
            guard registered else { return .ignored(.notRegistered) }
            switch n.name {
            case .willShow:
                let raw = n.frameEnd ?? .zero
                let inView: KBRect
                switch world.profile.frameSpace {
                case .fixedPortrait:
                    inView = FixedScreenSpace(orientedSize: world.screen, orientation: world.orientation).orientedRect(fromFixed: raw)
                case .window, .oriented:
                    inView = raw
                }
                let overlap = world.viewFrame.intersection(inView)
                scrollView.contentInset = KBEdgeInsets(top: 0, left: 0, bottom: overlap.isNull ? 0 : overlap.height, right: 0)
                scrollView.scrollRectToVisible(world.focusedField?.frame ?? .zero)
                return StepOutcome(action: .apply, animation: .keyboard(n))
            case .willHide:
                scrollView.contentInset = .zero
                return StepOutcome(action: .restore, animation: .keyboard(n))
            case .didShow, .didHide, .willChangeFrame, .didChangeFrame:
                return .ignored(.notObserved)
            }
        }
    }
}
