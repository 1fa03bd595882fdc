import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// Apple's 2013 recipe (Listing 4-1, [apple-2013] in docs/sources.md),
/// reproduced as written.
///
/// On DidShow: `kbSize = FrameEnd.size`; set the bottom content and indicator
/// insets to `kbSize.height` (the other edges to zero); if the active field's
/// *origin* is not inside `self.view.frame` shortened by `kbSize.height`,
/// `scrollRectToVisible` the field (animated). On WillHide, both insets to
/// `UIEdgeInsetsZero`.
///
/// Scope: iOS 5 to 12, when this guide was Apple's current advice (its
/// `FrameEnd` key came with iPhone OS 3.2), on iPhone and iPad, in a
/// full-screen window whose view is the scroll view, with no content inset of
/// the app's own (the listing sets every edge).
///
/// Its bugs, as the harness shows them inside that scope: the rect's raw
/// height is used (in iOS 5–7 landscape it is the screen's long side), the
/// safe area is counted twice on iOS 11 and 12, the origin test compares
/// content coordinates with view coordinates, and the DidShow changes come
/// after the keyboard has covered the field. The WillHide change runs inside
/// the keyboard's animation, so it animates with the keyboard.
public struct Apple2013Strategy: AvoidanceStrategy {
    public static let name = "apple2013"
    public static let summary = "Apple's 2013 guide, Listing 4-1: bottom inset = FrameEnd's height on DidShow"
    public static let scope = StrategyScope(
        profiles: [.ios7, .ios8], assumptions: [.fullScreenWindow, .scrollViewIsTheView, .noInsetsOfItsOwn, .noSafeAreaContribution],
        keyboard: [.docked]
    )

    public init(world: SimulatedWorld) {}

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard case .keyboard(let n) = event else { return .ignored(.notObserved) }
        switch n.name {
        case .didShow:
            let kbSize = n.frameEnd?.size ?? .zero
            let insets = KBEdgeInsets(top: 0, left: 0, bottom: kbSize.height, right: 0)
            scrollView.contentInset = insets
            scrollView.indicatorInsets = insets
            var aRect = world.viewFrame
            aRect.size.height -= kbSize.height
            let field = world.focusedField?.frame ?? .zero
            if !aRect.contains(field.origin) {
                scrollView.scrollRectToVisible(field)
            }
            return StepOutcome(action: .apply, animation: .uikitScroll)
        case .willHide:
            scrollView.contentInset = .zero
            scrollView.indicatorInsets = .zero
            return StepOutcome(action: .restore, animation: .keyboard(n))
        case .willShow, .didHide, .willChangeFrame, .didChangeFrame:
            return .ignored(.notObserved)
        }
    }
}
