/// The keyboard a field asks for: its type and its input accessory view.
/// Fields of one form differ, so a focus switch can change the keyboard's
/// height ([observed-sequences] in docs/sources.md).
public struct FieldKeyboard: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Text: the system keyboard in its current mode (standard,
        /// QuickType, emoji, a third-party keyboard).
        case text
        /// A number pad: no predictive bar on iPhone (the standard height);
        /// the full keyboard on iPad.
        case numberPad
    }

    public var kind: Kind
    /// The input accessory view's height (a toolbar above the keys), or 0.
    public var accessoryHeight: Double

    public init(kind: Kind = .text, accessoryHeight: Double = 0) {
        self.kind = kind
        self.accessoryHeight = accessoryHeight
    }

    /// A text field with no accessory.
    public static let plain = FieldKeyboard()
    /// The toolbar height common above keyboards (iOS 26 reports it in its
    /// hide frames, [iq-2124]).
    public static let toolbarHeight = 44.0
}
