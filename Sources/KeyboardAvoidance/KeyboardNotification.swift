import KeyboardGeometry

/// One keyboard notification as UIKit posts it: its name and the userInfo
/// values, each optional exactly as real payloads lack keys.
///
/// Edge cases:
/// - ``frameBegin`` and ``frameEnd`` are in the fixed portrait screen space
///   up to iOS 7 and in the interface-oriented screen space since iOS 8; the
///   avoider's ``KeyboardFrameSpace`` says which.
/// - The legacy iPhone OS 3 keys: ``bounds`` is a size only (the rect's
///   origin is always zero and must never be intersected); with
///   ``centerEnd`` it places the keyboard.
/// - Values are not checked on construction: the avoider validates them and
///   answers ``AvoidanceAction/ignore(_:)`` with a reason for NaN,
///   infinities, negative sizes and absurd magnitudes.
public struct KeyboardNotification: Hashable, Sendable {
    /// Which of the six notifications this is.
    public var name: Name
    /// `UIKeyboardFrameBeginUserInfoKey`: the keyboard's frame before the
    /// animation.
    public var frameBegin: KBRect?
    /// `UIKeyboardFrameEndUserInfoKey`: the keyboard's frame after the
    /// animation.
    public var frameEnd: KBRect?
    /// `UIKeyboardBoundsUserInfoKey` (iPhone OS 3, deprecated in 3.2): the
    /// keyboard's size.
    public var bounds: KBSize?
    /// `UIKeyboardCenterBeginUserInfoKey` (iPhone OS 3).
    public var centerBegin: KBPoint?
    /// `UIKeyboardCenterEndUserInfoKey` (iPhone OS 3).
    public var centerEnd: KBPoint?
    /// `UIKeyboardAnimationDurationUserInfoKey`, in seconds.
    public var duration: Double?
    /// `UIKeyboardAnimationCurveUserInfoKey`: a `UIViewAnimationCurve` raw
    /// value, usually the undocumented 7.
    public var curve: Int?
    /// `UIKeyboardIsLocalUserInfoKey` (iOS 9+): false when another app in
    /// Split View or Slide Over raised the keyboard.
    public var isLocal: Bool?

    public init(
        name: Name,
        frameBegin: KBRect? = nil,
        frameEnd: KBRect? = nil,
        bounds: KBSize? = nil,
        centerBegin: KBPoint? = nil,
        centerEnd: KBPoint? = nil,
        duration: Double? = nil,
        curve: Int? = nil,
        isLocal: Bool? = nil
    ) {
        self.name = name
        self.frameBegin = frameBegin
        self.frameEnd = frameEnd
        self.bounds = bounds
        self.centerBegin = centerBegin
        self.centerEnd = centerEnd
        self.duration = duration
        self.curve = curve
        self.isLocal = isLocal
    }
}

extension KeyboardNotification {
    /// The six keyboard notifications. Raw values are UIKit's names, as
    /// traces and `NotificationCenter` spell them.
    public enum Name: String, Hashable, Sendable, CaseIterable {
        case willShow = "UIKeyboardWillShowNotification"
        case didShow = "UIKeyboardDidShowNotification"
        case willHide = "UIKeyboardWillHideNotification"
        case didHide = "UIKeyboardDidHideNotification"
        case willChangeFrame = "UIKeyboardWillChangeFrameNotification"
        case didChangeFrame = "UIKeyboardDidChangeFrameNotification"

        /// True for WillHide and DidHide: the keyboard is going away whatever
        /// its frames say (Reduce Motion and iOS 26 hides report on-screen
        /// frames).
        @inlinable
        public var isHide: Bool {
            switch self {
            case .willHide, .didHide: true
            case .willShow, .didShow, .willChangeFrame, .didChangeFrame: false
            }
        }

        /// True for the notifications sent before the animation runs.
        @inlinable
        public var isWill: Bool {
            switch self {
            case .willShow, .willHide, .willChangeFrame: true
            case .didShow, .didHide, .didChangeFrame: false
            }
        }
    }
}
