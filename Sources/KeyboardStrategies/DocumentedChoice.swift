import KeyboardOracle

/// A behaviour a strategy's own source or documentation says it chose, which
/// the oracle still judges: the shootout counts the scenarios whose every
/// violation falls where such a choice applies apart from the others (its
/// "by choice" column), so a reader can tell a library's deliberate
/// trade-off from its bugs.
public enum DocumentedChoice: String, Hashable, Sendable, CaseIterable {
    /// A floating keyboard (narrower than the screen, clear of its bottom)
    /// is read as hidden: nothing moves for it, and what was moved for a
    /// docked keyboard is put back. Applies on every step judged with a
    /// floating keyboard on screen.
    case floatingKeyboardIsHidden
    /// An undocked, split or floating keyboard (on screen, clear of its
    /// bottom edge) is read as off screen: nothing moves for it. Applies on
    /// every step judged with such a keyboard on screen.
    case undockedKeyboardIsIgnored
    /// Only a keyboard that one of its own fields is editing under is
    /// handled: with none of them focused, the content is left under the
    /// keyboard. Applies to steps judged with no field focused that violate
    /// only I10 (the content's end out of reach).
    case onlyItsFieldsKeyboardIsHandled

    /// Whether the choice applies to `step`.
    public func applies(to step: ReplayReport.Step) -> Bool {
        switch self {
        case .floatingKeyboardIsHidden: step.keyboardFloating
        case .undockedKeyboardIsIgnored: step.keyboardUndocked
        case .onlyItsFieldsKeyboardIsHandled: !step.fieldFocused && step.violations.allSatisfy { $0 == .contentReachable }
        }
    }

    /// The choice in words.
    public var summary: String {
        switch self {
        case .floatingKeyboardIsHidden: "a floating keyboard is read as hidden"
        case .undockedKeyboardIsIgnored: "an undocked, split or floating keyboard is read as off screen"
        case .onlyItsFieldsKeyboardIsHandled: "a keyboard with none of its fields editing is left alone"
        }
    }
}
