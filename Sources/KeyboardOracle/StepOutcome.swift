import KeyboardAvoidance

/// What a strategy did with one event.
public struct StepOutcome: Hashable, Sendable {
    /// `apply`, `restore` or `ignore`.
    public var action: Kind
    /// Why it ignored the event, or nil.
    public var reason: Reason?
    /// How its change is animated, or nil for an immediate change.
    public var animation: StrategyAnimation?

    public enum Kind: String, Hashable, Sendable {
        case apply
        case restore
        case ignore
    }

    /// Why a strategy changed nothing. Reports, `replay --json` and
    /// storyboards write ``description``.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The engine's own reason.
        case engine(IgnoreReason)
        /// The strategy does not act on this kind of event.
        case notObserved
        /// A focus on a field the world does not have.
        case noSuchField
        /// The cookbook registers for notifications in `viewWillAppear` and
        /// unregisters in `viewWillDisappear`: the registration itself, and
        /// a notification that arrives while unregistered.
        case registered, unregistered, notRegistered
        /// Apple's 2009 recipe: its `keyboardShown` flag is set.
        case keyboardShown
        /// IQKeyboardManager: a notification that changes nothing it reads
        /// (`unchanged`, `sameHeight`), no view to move, editing ended.
        case unchanged, sameHeight, nothingToMove, endEditing
        /// An external strategy replied with no operation.
        case noOps
        /// An audited app left the scroll view as it was (see `TraceAudit`).
        case observedUnchanged
        /// A team's own strategy, in its own words.
        case own(String)

        /// The reason in one word: the engine's ``IgnoreReason/code``, or
        /// the case's name, or the strategy's own words.
        public var description: String {
            switch self {
            case .engine(let r): r.code
            case .notObserved: "notObserved"
            case .noSuchField: "noSuchField"
            case .registered: "registered"
            case .unregistered: "unregistered"
            case .notRegistered: "notRegistered"
            case .keyboardShown: "keyboardShown"
            case .unchanged: "unchanged"
            case .sameHeight: "sameHeight"
            case .nothingToMove: "nothingToMove"
            case .endEditing: "endEditing"
            case .noOps: "noOps"
            case .observedUnchanged: "observedUnchanged"
            case .own(let words): words
            }
        }
    }

    public init(action: Kind, reason: Reason? = nil, animation: StrategyAnimation? = nil) {
        self.action = action
        self.reason = reason
        self.animation = animation
    }

    /// Nothing changed, for `reason`.
    public static func ignored(_ reason: Reason) -> StepOutcome { StepOutcome(action: .ignore, reason: reason) }
}
