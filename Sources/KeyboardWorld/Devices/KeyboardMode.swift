/// What kind of keyboard is on screen, which decides its height and
/// placement.
public enum KeyboardMode: String, Hashable, Sendable, CaseIterable {
    /// The system keyboard without the QuickType bar.
    case standard
    /// The system keyboard with the QuickType (predictive) bar.
    case quickType
    /// The emoji keyboard.
    case emoji
    /// A third-party keyboard (reported to announce itself with three
    /// WillShow notifications: heights 0, the standard height, then its own).
    case thirdParty
    /// A hardware keyboard is attached: iPads show only the shortcuts bar
    /// (a ~313 pt rect mostly below the screen); iPhones show nothing.
    case hardwareShortcutsBar
    /// iPad: undocked, floating mid-screen at full width.
    case undocked
    /// iPad: split in two halves, mid-screen.
    case split
    /// iPad: the floating mini keyboard.
    case floating
}
