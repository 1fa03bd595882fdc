import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

/// Apple's 2013 recipe (Listing 4-1, [apple-2013] in docs/sources.md),
/// reproduced as written.
///
/// On DidShow: `kbSize = FrameEnd.size`; set the bottom content and indicator
/// insets to `kbSize.height` (the other edges to zero); if the active field's
/// *origin* is not inside `self.view.frame` shortened by `kbSize.height`,
/// `scrollRectToVisible` the field. On WillHide: both insets to zero.
///
/// Its bugs, as the harness shows them: the rect's raw height is used (in
/// iOS 7 landscape it is the screen's long side), the app's own insets are
/// overwritten (and "restored" to zero), the safe area is counted twice, the
/// origin test compares content coordinates with view coordinates, and
/// nothing is animated with the keyboard (the scroll animates after it).
public struct Apple2013Strategy: AvoidanceStrategy {
    public static let name = "apple2013"

    public init(world: SimulatedWorld) {}

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard case .keyboard(let n) = event else { return .ignored("notObserved") }
        switch n.name {
        case .didShow:
            let kbSize = n.frameEnd?.size ?? .zero
            let insets = EdgeInsets(top: 0, left: 0, bottom: kbSize.height, right: 0)
            scrollView.contentInset = insets
            scrollView.indicatorInsets = insets
            var aRect = world.viewFrame
            aRect.size.height -= kbSize.height
            let field = world.focusedField?.frame ?? .zero
            if !aRect.contains(field.origin) {
                scrollView.scrollRectToVisible(field)
            }
            return StepOutcome(action: .apply, animation: StrategyAnimation(duration: 0.3, curve: .easeInOut))
        case .willHide:
            scrollView.contentInset = .zero
            scrollView.indicatorInsets = .zero
            return StepOutcome(action: .restore)
        case .willShow, .didHide, .willChangeFrame, .didChangeFrame:
            return .ignored("notObserved")
        }
    }
}
