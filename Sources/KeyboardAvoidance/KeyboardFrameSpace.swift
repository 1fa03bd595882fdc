/// The coordinate space keyboard frames arrive in, which depends on the iOS
/// version the app runs on.
public enum KeyboardFrameSpace: Hashable, Sendable {
    /// Up to iOS 7: the fixed, unrotated portrait screen space. In landscape
    /// a keyboard's rect is tall and narrow: its `height` is the screen's
    /// long side (1024 on an iPad).
    case fixedPortrait
    /// Since iOS 8: the interface-oriented screen space.
    case oriented
}
