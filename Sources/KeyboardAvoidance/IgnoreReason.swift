/// Why the avoider answered an event with ``AvoidanceAction/ignore(_:)``.
///
/// Each reason has a stable ``code`` used in traces and reports.
public enum IgnoreReason: Hashable, Sendable {
    /// An input value is unusable; the state is untouched.
    case invalid(InputKey, InputProblem)
    /// A show or frame-change notification carries neither
    /// `UIKeyboardFrameEndUserInfoKey` nor the legacy bounds and end center;
    /// the state is untouched.
    case missingFrame
    /// The view is not on screen (before `viewWillAppear` or after
    /// `viewWillDisappear`); the keyboard's state is remembered for when it
    /// appears.
    case viewNotVisible
    /// The scroll view already shows what the event asks for (a repeated
    /// notification, a DidShow after its WillShow, a layout pass that
    /// changed nothing).
    case unchanged
    /// A Did notification repeating what an overtaken Will notification
    /// announced: its animation was superseded by a newer one.
    case stale
    /// No keyboard is on screen and nothing of ours is applied, so there
    /// is nothing to do (a focus before the keyboard shows, a repeated hide).
    case noKeyboard
    /// A frame change to a docked frame between a WillHide and its DidHide:
    /// part of the hide, not a keyboard (iOS 26 reports the input
    /// accessory's height there though nothing stays on screen).
    case partOfHide
}

extension IgnoreReason: CustomStringConvertible {
    /// A stable, machine-readable code: `invalid.frameEnd.nonFinite`,
    /// `missingFrame`, `viewNotVisible`, `unchanged`, `noKeyboard`, `stale`,
    /// `partOfHide`.
    public var code: String {
        switch self {
        case .invalid(let key, let problem): "invalid.\(key.rawValue).\(problem.rawValue)"
        case .missingFrame: "missingFrame"
        case .viewNotVisible: "viewNotVisible"
        case .unchanged: "unchanged"
        case .noKeyboard: "noKeyboard"
        case .stale: "stale"
        case .partOfHide: "partOfHide"
        }
    }

    public var description: String { code }
}
