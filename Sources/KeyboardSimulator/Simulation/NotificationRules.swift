import KeyboardAvoidance
import KeyboardTrace

/// Which notifications each behaviour profile sends, situation by
/// situation. Each rule cites its source in docs/sources.md.
public enum NotificationRules {
    public typealias Name = KeyboardNotification.Name

    /// The keyboard appears. iPhone OS 3: WillShow, DidShow ([apple-2009]).
    /// iOS 5 and later add the WillChangeFrame/DidChangeFrame pair, in the
    /// order commonly observed ([observed-sequences]).
    public static func show(_ p: TraceProfile) -> [Name] {
        p == .iphoneos3 ? legacyShow : modernShow
    }

    // The sequences as constants: the simulator asks for them on every
    // action of every fuzz run.
    private static let legacyShow: [Name] = [.willShow, .didShow]
    private static let modernShow: [Name] = [.willChangeFrame, .willShow, .didChangeFrame, .didShow]
    private static let legacyHide: [Name] = [.willHide, .didHide]
    private static let modernHide: [Name] = [.willChangeFrame, .willHide, .didChangeFrame, .didHide]
    private static let legacySwitch: [Name] = [.willHide, .didShow]
    private static let modernSwitch: [Name] = [.willShow, .didShow]

    /// The keyboard goes away ([apple-2009]; the ChangeFrame pair since iOS 5,
    /// [observed-sequences]).
    public static func hide(_ p: TraceProfile) -> [Name] {
        p == .iphoneos3 ? legacyHide : modernHide
    }

    /// Focus moves to another field while the keyboard stays. iPhone OS 3
    /// sends WillHide to the old owner without DidHide, then DidShow again
    /// ([apple-2009]); later iOS repeats WillShow/DidShow
    /// ([observed-sequences]).
    public static func focusSwitch(_ p: TraceProfile) -> [Name] {
        p == .iphoneos3 ? legacySwitch : modernSwitch
    }

    /// The keyboard's height changes in place (input mode, QuickType bar):
    /// further WillShow and WillChangeFrame with the new height
    /// ([observed-sequences]).
    public static func heightChange(_ p: TraceProfile) -> [Name] {
        p == .iphoneos3 ? legacyShow : modernShow
    }

    /// iPad undocked and split keyboards move with frame changes only
    /// ([observed-sequences]: WillHide on undocking, then only ChangeFrame
    /// events).
    public static let frameChange: [Name] = [.willChangeFrame, .didChangeFrame]

    /// The floating (mini) keyboard sends only DidChangeFrame
    /// ([observed-sequences]).
    public static let floatingChange: [Name] = [.didChangeFrame]

    /// Undocking: WillHide, then frame changes ([observed-sequences]).
    public static let undock: [Name] = [.willHide, .willChangeFrame, .didChangeFrame]

    /// How many times a rotation's show pair is sent: twice on iPadOS
    /// ([observed-sequences]: iPad iOS 8.3 was reported to send the pair
    /// twice), else once.
    public static func rotationShowRepeats(_ p: TraceProfile) -> Int {
        p == .ipados ? 2 : 1
    }

    /// The animation duration the profile reports (0.25 s is usual,
    /// [uikit-keys]; iPhone OS 3's keyboard animated in 0.3 s, an estimate).
    public static func duration(_ p: TraceProfile) -> Double {
        p == .iphoneos3 ? 0.3 : 0.25
    }

    /// The animation curve: 7 (undocumented) since iOS 7
    /// ([observed-sequences]); ease in-out (0) before, an estimate.
    public static func curve(_ p: TraceProfile) -> Int {
        p == .iphoneos3 ? 0 : 7
    }

    /// Whether the profile sends `UIKeyboardIsLocalUserInfoKey` (iOS 9+).
    public static func sendsIsLocal(_ p: TraceProfile) -> Bool {
        p == .ios8 || p == .ipados
    }
}
