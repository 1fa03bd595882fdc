import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

/// Apple's 2009 recipe ("Managing the Keyboard", iPhone OS 3; [apple-2009] in
/// docs/sources.md),
/// reproduced as written, bugs included.
///
/// On DidShow, unless `keyboardShown` is set: read the keyboard's size from
/// `UIKeyboardBoundsUserInfoKey`, shrink the scroll view's frame by its
/// height, and `scrollRectToVisible` the active field; set the flag. On
/// DidHide: grow the frame back by the bounds height; clear the flag.
///
/// Faithful details: the bounds key was deprecated in iPhone OS 3.2 and is
/// absent from later payloads, where Objective-C's `[nil CGRectValue]`
/// gives a zero size (so nothing shrinks); `[nil frame]` for a missing active
/// field is the zero rect; the frame change is not animated, and the scroll
/// animates with UIKit's default scrolling animation (0.3 s, ease-in-out, an
/// estimate).
public struct Apple2009Strategy: AvoidanceStrategy {
    public static let name = "apple2009"
    private var keyboardShown = false

    public init(world: SimulatedWorld) {}

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard case .keyboard(let n) = event else { return .ignored("notObserved") }
        switch n.name {
        case .didShow:
            if keyboardShown { return .ignored("keyboardShown") }
            let size = n.bounds ?? .zero
            scrollView.frame.size.height -= size.height
            scrollView.scrollRectToVisible(world.focusedField?.frame ?? .zero)
            keyboardShown = true
            return StepOutcome(action: .apply, animation: StrategyAnimation(duration: 0.3, curve: .easeInOut))
        case .didHide:
            let size = n.bounds ?? .zero
            scrollView.frame.size.height += size.height
            keyboardShown = false
            return StepOutcome(action: .restore)
        case .willShow, .willHide, .willChangeFrame, .didChangeFrame:
            return .ignored("notObserved")
        }
    }
}
