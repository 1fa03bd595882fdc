/// The userInfo keys of UIKit's keyboard notifications, spelled as UIKit
/// spells them (the values of the `UIKeyboard…UserInfoKey` constants).
public enum UserInfoKey: String, Hashable, Sendable, CaseIterable {
    case frameBegin = "UIKeyboardFrameBeginUserInfoKey"
    case frameEnd = "UIKeyboardFrameEndUserInfoKey"
    case animationDuration = "UIKeyboardAnimationDurationUserInfoKey"
    case animationCurve = "UIKeyboardAnimationCurveUserInfoKey"
    case isLocal = "UIKeyboardIsLocalUserInfoKey"
    /// iPhone OS 3; deprecated in 3.2.
    case bounds = "UIKeyboardBoundsUserInfoKey"
    /// iPhone OS 3; deprecated in 3.2.
    case centerBegin = "UIKeyboardCenterBeginUserInfoKey"
    /// iPhone OS 3; deprecated in 3.2.
    case centerEnd = "UIKeyboardCenterEndUserInfoKey"
}
