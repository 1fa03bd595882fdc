import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// Apple's 2009 recipe ("Managing the Keyboard", iPhone OS 3; [apple-2009] in
/// docs/sources.md), reproduced as written, bugs included.
///
/// On DidShow, unless `keyboardShown` is set: read the keyboard's size from
/// `UIKeyboardBoundsUserInfoKey`, shrink the scroll view's frame by its
/// height, and `scrollRectToVisible` the active field; set the flag. On
/// DidHide: grow the frame back by the bounds height; clear the flag.
///
/// Scope: iPhone OS 3 on iPhone (the guide's platform), with the scroll view
/// reaching the screen's bottom (shrinking it by the keyboard's height is
/// only right there) and no content inset of the app's own (the recipe
/// never reads one; `automaticallyAdjustsScrollViewInsets` came with iOS 7).
///
/// Faithful details: the recipe resizes the frame rather than setting a
/// content inset, so how iPhone OS 3's `scrollRectToVisible` treated
/// `contentInset` does not matter to it (see ``ScrollViewModel``); outside
/// its era the bounds key is absent, and Objective-C's `[nil CGRectValue]`
/// gives a zero size (so nothing shrinks); `[nil frame]` for a missing active
/// field is the zero rect, which `scrollRectToVisible` ignores; the frame
/// change is immediate (a Did handler runs after the keyboard's animation),
/// and the scroll animates with UIKit's default scrolling animation.
public struct Apple2009Strategy: AvoidanceStrategy {
    public static let name = "apple2009"
    public static let summary = "Apple's iPhone OS 3 guide: shrink the scroll view by the keyboard's bounds on DidShow"
    public static let scope = StrategyScope(profiles: [.iphoneos3], families: [.phone], assumptions: [.flushWithScreenBottom, .noInsetsOfItsOwn])
    private var keyboardShown = false

    public init(world: SimulatedWorld) {}

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard case .keyboard(let n) = event else { return .ignored(.notObserved) }
        switch n.name {
        case .didShow:
            if keyboardShown { return .ignored(.keyboardShown) }
            let size = n.bounds ?? .zero
            scrollView.frame.size.height -= size.height
            scrollView.scrollRectToVisible(world.focusedField?.frame ?? .zero)
            keyboardShown = true
            return StepOutcome(action: .apply, animation: .uikitScroll)
        case .didHide:
            let size = n.bounds ?? .zero
            scrollView.frame.size.height += size.height
            keyboardShown = false
            return StepOutcome(action: .restore)
        case .willShow, .willHide, .willChangeFrame, .didChangeFrame:
            return .ignored(.notObserved)
        }
    }
}
