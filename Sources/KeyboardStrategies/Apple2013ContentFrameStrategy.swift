import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// Apple's 2013 alternative (Listing 4-3, [apple-2013] in docs/sources.md),
/// exactly as printed: a *fragment*, not a whole strategy.
///
/// On DidShow: grow the content view's frame (the active field's superview)
/// by `FrameEnd.size.height`, and set the content offset to
/// `(0, field.minY − kbSize.height)`. The listing shows no hide handler, so
/// nothing is ever undone; its restoration failures are the fragment's, and
/// ``Apple2013ContentFrameWithHideStrategy`` judges it with the obvious one.
/// `setContentOffset` does not clamp: the offset can leave the valid range.
/// Growing the content view's frame does not grow `contentSize`, so the
/// scroll range is unchanged.
///
/// Scope: Listing 4-1's (``Apple2013Strategy``).
public struct Apple2013ContentFrameStrategy: AvoidanceStrategy {
    public static let name = "apple2013ContentFrame"
    public static let summary = "Listing 4-3 as printed (a fragment: no hide handler): grow the content view, set the offset"
    public static let scope = Apple2013Strategy.scope

    public init(world: SimulatedWorld) {}

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard case .keyboard(let n) = event, n.name == .didShow else { return .ignored(.notObserved) }
        return Self.keyboardWasShown(n, world: world, scrollView: &scrollView)
    }

    /// The listing's `keyboardWasShown:`.
    static func keyboardWasShown(_ n: KeyboardNotification, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        let kbSize = n.frameEnd?.size ?? .zero
        scrollView.contentViewFrame.size.height += kbSize.height
        let field = world.focusedField?.frame ?? .zero
        scrollView.contentOffset = KBPoint(x: 0, y: field.origin.y - kbSize.height)
        return StepOutcome(action: .apply, animation: .uikitScroll)
    }
}

/// Listing 4-3 completed with the obvious inverse hide handler, in the style
/// of Listing 4-1's: on WillHide, shrink the content view's frame by that
/// notification's `FrameEnd.size.height` (inside the keyboard's animation).
/// Not Apple's text: a clearly named variant, so that the fragment is not
/// scored on the handler it never had.
public struct Apple2013ContentFrameWithHideStrategy: AvoidanceStrategy {
    public static let name = "apple2013ContentFrameWithHide"
    public static let summary = "Listing 4-3 with the inverse hide handler added (our completion, not Apple's text)"
    public static let scope = Apple2013Strategy.scope

    public init(world: SimulatedWorld) {}

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard case .keyboard(let n) = event else { return .ignored(.notObserved) }
        switch n.name {
        case .didShow:
            return Apple2013ContentFrameStrategy.keyboardWasShown(n, world: world, scrollView: &scrollView)
        case .willHide:
            scrollView.contentViewFrame.size.height -= n.frameEnd?.size.height ?? 0
            return StepOutcome(action: .restore, animation: .keyboard(n))
        case .willShow, .didHide, .willChangeFrame, .didChangeFrame:
            return .ignored(.notObserved)
        }
    }
}
