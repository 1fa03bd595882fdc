/// The coordinate space keyboard frames arrive in, which depends on the iOS
/// version the app runs on ([uikit-keys] and niw/KeyboardGuide in
/// docs/sources.md).
public enum KeyboardFrameSpace: Hashable, Sendable {
    /// Up to iOS 7: the fixed, unrotated portrait screen space. In landscape
    /// a keyboard's rect is tall and narrow: its `height` is the screen's
    /// long side (1024 on an iPad).
    case fixedPortrait
    /// iOS 8 to 12: the interface-oriented space of the app's key window.
    /// For a window that fills the screen this is the screen's space; in
    /// iPad Slide Over and Split View the frame is relative to the window's
    /// origin (a keyboard spanning the screen starts at x = −window.minX).
    case window
    /// Since iOS 13: the interface-oriented screen space.
    case oriented
}
