/// What iOS tells an app about the keyboard when the app's window moves or
/// is resized while the keyboard is up (a Stage Manager drag, an iPadOS 26
/// window resized, the Split View divider).
///
/// The keyboard's frames are in the screen's space and the keyboard does
/// not move with the window ([uikit-keys], [rn-48131] in
/// docs/sources.md), so its frame is the same after the change; the app
/// hears of its window through its layout and its scene's geometry
/// ([uikit-effective-geometry]). Whether iOS also posts the keyboard's frame
/// again, no source says. The generator draws both, so that every campaign
/// searches both readings; the tests force each one.
public enum KeyboardAfterWindowChange: String, Hashable, Sendable, CaseIterable {
    /// Nothing: the app's layout pass and its scene's geometry are all it
    /// hears.
    case nothing
    /// A WillChangeFrame and a DidChangeFrame with the keyboard's frame as it
    /// is, after the layout change.
    case frameAgain
}
