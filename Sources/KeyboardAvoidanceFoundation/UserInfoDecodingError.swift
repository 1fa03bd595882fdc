/// Why a notification's userInfo could not be decoded. Each case names the
/// key and says what was found there.
public enum UserInfoDecodingError: Error, Hashable, Sendable {
    /// The notification's name is not one of the six keyboard notifications.
    case unknownNotification(name: String)
    /// The value under `key` is not of the kind UIKit puts there.
    /// `expected` is e.g. `NSValue(CGRect)`; `found` describes the value,
    /// e.g. `NSValue({CGPoint=dd})` or `String`.
    case wrongType(key: UserInfoKey, expected: String, found: String)
}

extension UserInfoDecodingError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unknownNotification(let name):
            "notification '\(name)' is not a keyboard notification"
        case .wrongType(let key, let expected, let found):
            "userInfo key \(key.rawValue): expected \(expected), found \(found)"
        }
    }
}
