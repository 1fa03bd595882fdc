/// The keyboard a field asks for: its type and its input accessory view.
/// Fields of one form differ, so a focus switch can change the keyboard's
/// height ([observed-sequences] in docs/sources.md).
package struct FieldKeyboard: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Text: the system keyboard in its current mode (standard,
        /// QuickType, emoji, a third-party keyboard).
        case text
        /// A number pad: no predictive bar on iPhone (the standard height);
        /// the full keyboard on iPad.
        case numberPad
    }

    package var kind: Kind
    /// The input accessory view's height (a toolbar above the keys), or 0.
    package var accessoryHeight: Double

    package init(kind: Kind = .text, accessoryHeight: Double = 0) {
        self.kind = kind
        self.accessoryHeight = accessoryHeight
    }

    /// A text field with no accessory.
    package static let plain = FieldKeyboard()
    /// The toolbar height common above keyboards (iOS 26 reports it in its
    /// hide frames, [iq-2124]).
    package static let toolbarHeight = 44.0
}
