import KeyboardWorld

/// What a strategy did with one event.
public struct StepOutcome: Hashable, Sendable {
    /// `apply`, `restore` or `ignore`.
    public var action: Kind
    /// Why it ignored the event, or nil.
    public var reason: String?
    /// How its change is animated, or nil for an immediate change.
    public var animation: StrategyAnimation?

    public enum Kind: String, Hashable, Sendable {
        case apply
        case restore
        case ignore
    }

    public init(action: Kind, reason: String? = nil, animation: StrategyAnimation? = nil) {
        self.action = action
        self.reason = reason
        self.animation = animation
    }

    public static func ignored(_ reason: String) -> StepOutcome { StepOutcome(action: .ignore, reason: reason) }
}
