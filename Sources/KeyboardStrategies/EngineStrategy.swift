import KeyboardAvoidance
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// The engine, driven as an app would drive it: every event becomes the
/// matching ``KeyboardAvoider`` call with the world's layout, and the
/// returned action is performed on the scroll view.
public struct EngineStrategy: AvoidanceStrategy {
    public static let name = "engine"
    public static let summary = "kbbench's engine (KeyboardAvoidance), with the app's policy"

    /// The app's policy: its distance and tall-field rule.
    public static func promise(for header: TraceHeader) -> VisibilityPromise {
        VisibilityPromise(policy: header.policy)
    }
    public private(set) var avoider: KeyboardAvoider

    public init(world: SimulatedWorld) {
        avoider = KeyboardAvoider(policy: world.policy, frameSpace: world.profile.frameSpace, visible: world.isVisible)
    }

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        avoider.policy = world.policy
        guard let action = Self.send(event, to: &avoider, world: world, layout: world.snapshot(offset: scrollView.contentOffset)) else {
            return .ignored(.noSuchField)
        }
        return Self.perform(action, on: &scrollView)
    }

    /// Passes a trace event to an avoider as the matching call, with `layout`;
    /// nil for a focus on a field the world does not have.
    public static func send(_ event: TraceEvent, to avoider: inout KeyboardAvoider, world: SimulatedWorld, layout: LayoutSnapshot) -> AvoidanceAction?
    {
        event.avoiderEvent(focusedField: world.focusedField).map { avoider.handle($0, in: layout) }
    }

    /// Performs an engine action on the scroll view model, as an app does.
    public static func perform(_ action: AvoidanceAction, on scrollView: inout ScrollViewModel) -> StepOutcome {
        switch action {
        case .apply(let a), .restore(let a):
            scrollView.contentInset = a.contentInset
            scrollView.indicatorInsets = a.indicatorInsets
            if let o = a.contentOffset { scrollView.contentOffset = o }
            let animation = StrategyAnimation(duration: a.animation.duration, curve: AnimationCurve(rawCurve: a.animation.curve))
            if case .restore = action { return StepOutcome(action: .restore, animation: animation) }
            return StepOutcome(action: .apply, animation: animation)
        case .ignore(let reason):
            return .ignored(.engine(reason))
        }
    }
}
