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

extension UserInfoKey {
    /// The key spelled exactly `spelling`, or nil. The eight spellings have
    /// eight different lengths, so the length picks the one candidate and a
    /// single comparison confirms it (a `rawValue` lookup compares against
    /// each spelling in turn, and the decoder runs this for every entry).
    public init?(spelling: String) {
        let candidate: UserInfoKey
        switch spelling.utf8.count {
        case 31: candidate = .frameBegin
        case 29: candidate = .frameEnd
        case 38: candidate = .animationDuration
        case 35: candidate = .animationCurve
        case 28: candidate = .isLocal
        case 27: candidate = .bounds
        case 32: candidate = .centerBegin
        case 30: candidate = .centerEnd
        default: return nil
        }
        guard spelling == candidate.rawValue else { return nil }
        self = candidate
    }
}
