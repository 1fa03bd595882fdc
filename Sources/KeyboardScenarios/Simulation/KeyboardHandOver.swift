/// How the keyboard passes between our app and another one beside it
/// (Slide Over, Split View, Stage Manager) when the user taps a field in
/// the app that does not own it.
///
/// The sources settle only part of it ([uikit-keys], [multitasking-keyboard]
/// in docs/sources.md): every visible app is notified when the keyboard
/// appears and disappears, `UIKeyboardIsLocalUserInfoKey` is true in the app
/// that raised it and false in the others, one keyboard spans the screen
/// across both apps, and only the app that last took keyboard input has
/// keyboard focus. What each app is sent when the keyboard changes hands,
/// and whether the app that loses it keeps its first responder, no source
/// says. The generator draws every combination, so that every campaign
/// searches both readings of each; the tests force each one.
public struct KeyboardHandOver: Hashable, Sendable, CaseIterable {
    /// What the keyboard does between its two owners.
    public enum Motion: String, Hashable, Sendable, CaseIterable {
        /// It stays up: the new owner's field gets the notifications of a
        /// focus switch (WillShow and DidShow, the ChangeFrame pair too when
        /// its height changes), as between two fields of one app.
        case staysUp
        /// The old owner's keyboard hides and the new owner's shows: a whole
        /// hide, then a whole show.
        case hidesThenShows
    }

    public var motion: Motion
    /// Our focused field resigns when another app takes the keyboard (its
    /// editing ends); otherwise it stays first responder, without the
    /// keyboard, until the user dismisses it or takes the keyboard back.
    public var ourFieldResigns: Bool

    public init(motion: Motion = .staysUp, ourFieldResigns: Bool = true) {
        self.motion = motion
        self.ourFieldResigns = ourFieldResigns
    }

    public static let allCases: [KeyboardHandOver] = Motion.allCases.flatMap { m in
        [true, false].map { KeyboardHandOver(motion: m, ourFieldResigns: $0) }
    }
}
