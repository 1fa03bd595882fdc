import KeyboardAvoidance
import KeyboardTrace

/// The engine, driven as an app would drive it: every event becomes the
/// matching ``KeyboardAvoider`` call with the world's layout, and the
/// returned action is performed on the scroll view.
public struct EngineStrategy: AvoidanceStrategy {
    public static let name = "engine"
    public private(set) var avoider: KeyboardAvoider

    public init(world: SimulatedWorld) {
        avoider = KeyboardAvoider(policy: world.policy, frameSpace: world.profile.frameSpace, visible: world.isVisible)
    }

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        let layout = world.snapshot(offset: scrollView.contentOffset)
        avoider.policy = world.policy
        let action: AvoidanceAction
        switch event {
        case .keyboard(let n): action = avoider.received(n, in: layout)
        case .focus:
            guard let field = world.focusedField else { return .ignored("noSuchField") }
            action = avoider.focusBegan(field, in: layout)
        case .blur: action = avoider.focusEnded(in: layout)
        case .layout: action = avoider.layoutChanged(layout)
        case .appear: action = avoider.viewAppeared(in: layout)
        case .disappear: action = avoider.viewDisappeared(in: layout)
        }
        return Self.perform(action, on: &scrollView)
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
            return .ignored(reason.code)
        }
    }
}
