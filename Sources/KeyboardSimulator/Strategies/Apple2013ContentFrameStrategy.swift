import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

/// Apple's 2013 alternative (Listing 4-3, [apple-2013] in docs/sources.md),
/// reproduced as written.
///
/// On DidShow: grow the content view's frame (the active field's superview)
/// by `FrameEnd.size.height`, and set the content offset to
/// `(0, field.minY − kbSize.height)`. The listing has no hide handler, so
/// nothing is ever undone, and `setContentOffset` does not clamp: the offset
/// can leave the valid range. Growing the content view's frame does not
/// grow `contentSize`, so the scroll range is unchanged.
public struct Apple2013ContentFrameStrategy: AvoidanceStrategy {
    public static let name = "apple2013ContentFrame"

    public init(world: SimulatedWorld) {}

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard case .keyboard(let n) = event, n.name == .didShow else { return .ignored("notObserved") }
        let kbSize = n.frameEnd?.size ?? .zero
        scrollView.contentViewFrame.size.height += kbSize.height
        let field = world.focusedField?.frame ?? .zero
        scrollView.contentOffset = Point(x: 0, y: field.origin.y - kbSize.height)
        return StepOutcome(action: .apply, animation: StrategyAnimation(duration: 0.3, curve: .easeInOut))
    }
}
