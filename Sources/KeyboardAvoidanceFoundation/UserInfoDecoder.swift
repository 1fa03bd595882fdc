import Foundation
import KeyboardAvoidance
import KeyboardGeometry

/// Decodes a keyboard notification's userInfo, as UIKit builds it (`NSValue`
/// rects, points and sizes; `NSNumber` duration, curve and isLocal), into a
/// ``KeyboardNotification``, through Foundation's public API on every
/// platform.
///
/// Rules:
/// - A missing key (or `NSNull`) decodes to nil: real payloads lack keys
///   (the legacy keys since iOS 3.2, isLocal before iOS 9).
/// - A value of the wrong kind is an error naming the key: an `NSValue`
///   holding a point where a rect belongs is caught before anything is read
///   from it (``NSValueContents``).
/// - Numbers may be `NSNumber` or Swift numbers (`Double`, `Int`, `Bool`),
///   which is what a userInfo literal holds on Linux.
/// - Values are not range-checked here: NaN and infinities pass through,
///   and the engine rejects them with a typed reason.
/// - Entries are read in the dictionary's order; with several wrong values,
///   the error names the first one met.
public enum UserInfoDecoder {
    /// Decodes the notification named `name` with its `userInfo`.
    public static func decode(name: String, userInfo: [AnyHashable: Any]?) throws(UserInfoDecodingError) -> KeyboardNotification {
        guard let kind = notificationName(spelled: name) else {
            throw .unknownNotification(name: name)
        }
        var n = KeyboardNotification(name: kind)
        guard let userInfo else { return n }
        // One pass over the entries: reading each key once is cheaper than
        // eight lookups, each a generic equality check per probe.
        for (key, value) in userInfo {
            guard let spelling = key.base as? String, let k = UserInfoKey(spelling: spelling) else { continue }
            try read(value, as: k, into: &n)
        }
        return n
    }

    private static func read(_ value: Any, as k: UserInfoKey, into n: inout KeyboardNotification) throws(UserInfoDecodingError) {
        switch k {
        case .frameBegin: n.frameBegin = try rect(value, k)
        case .frameEnd: n.frameEnd = try rect(value, k)
        case .bounds: n.bounds = try rect(value, k)?.size
        case .centerBegin: n.centerBegin = try point(value, k)
        case .centerEnd: n.centerEnd = try point(value, k)
        case .animationDuration: n.duration = try double(value, k)
        case .animationCurve: n.curve = try integer(value, k)
        case .isLocal: n.isLocal = try bool(value, k)
        }
    }

    /// Decodes a posted `Notification`.
    public static func decode(_ notification: Notification) throws(UserInfoDecodingError) -> KeyboardNotification {
        try decode(name: notification.name.rawValue, userInfo: notification.userInfo)
    }

    /// The notification spelled exactly `name`: the length leaves at most
    /// two candidates (Show and Hide share theirs), each confirmed by one
    /// comparison; cheaper than hashing the name for a dictionary.
    static func notificationName(spelled name: String) -> KeyboardNotification.Name? {
        let candidates: (KeyboardNotification.Name, KeyboardNotification.Name?)
        switch name.utf8.count {
        case 30: candidates = (.willShow, .willHide)
        case 29: candidates = (.didShow, .didHide)
        case 37: candidates = (.willChangeFrame, nil)
        case 36: candidates = (.didChangeFrame, nil)
        default: return nil
        }
        if name == candidates.0.rawValue { return candidates.0 }
        if let second = candidates.1, name == second.rawValue { return second }
        return nil
    }

    // MARK: Values

    /// The error for a value of the wrong kind, or nil for `NSNull` (which
    /// UIKit never sends, and which reads as a missing key).
    private static func mismatch(_ v: Any, _ key: UserInfoKey, expected: String) -> UserInfoDecodingError? {
        v is NSNull ? nil : .wrongType(key: key, expected: expected, found: describe(v))
    }

    /// What was found, by its dynamic type: `NSNumber(3)`,
    /// `NSValue({CGPoint=dd})`, or a Swift type name (`String`, `Double`).
    /// Swift values are named by type, not by what they bridge to.
    private static func describe(_ v: Any) -> String {
        let type = Swift.type(of: v)
        if type is NSNumber.Type, let number = v as? NSNumber { return "NSNumber(\(number))" }
        if type is NSValue.Type, let nsValue = v as? NSValue { return "NSValue(\(NSValueContents(nsValue).typeEncoding))" }
        return String(describing: type)
    }

    /// What the `NSValue` in `v` holds, or nil when `v` is no `NSValue`
    /// (checked by class first: a cast of a Swift value would go through
    /// bridging).
    private static func contents(_ v: Any) -> NSValueContents? {
        guard Swift.type(of: v) is NSValue.Type, let nsValue = v as? NSValue else { return nil }
        return NSValueContents(nsValue)
    }

    private static func rect(_ value: Any, _ key: UserInfoKey) throws(UserInfoDecodingError) -> KBRect? {
        guard case .rect(let r)? = contents(value) else {
            if let error = mismatch(value, key, expected: "NSValue(CGRect)") { throw error }
            return nil
        }
        return KBRect(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }

    private static func point(_ value: Any, _ key: UserInfoKey) throws(UserInfoDecodingError) -> KBPoint? {
        guard case .point(let p)? = contents(value) else {
            if let error = mismatch(value, key, expected: "NSValue(CGPoint)") { throw error }
            return nil
        }
        return KBPoint(x: Double(p.x), y: Double(p.y))
    }

    /// The `doubleValue` of `v` when it is an `NSNumber` (checked by class,
    /// as UIKit sends them; a cast to a Swift number would bridge).
    private static func numberValue(_ v: Any) -> Double? {
        Swift.type(of: v) is NSNumber.Type ? (v as? NSNumber)?.doubleValue : nil
    }

    private static func double(_ v: Any, _ key: UserInfoKey) throws(UserInfoDecodingError) -> Double? {
        if let d = numberValue(v) { return d }
        if let d = v as? Double { return d }
        if let i = v as? Int { return Double(i) }
        if let n = v as? NSNumber, !(v is Bool) { return n.doubleValue }
        if let error = mismatch(v, key, expected: "NSNumber(double)") { throw error }
        return nil
    }

    private static func integer(_ v: Any, _ key: UserInfoKey) throws(UserInfoDecodingError) -> Int? {
        if let d = numberValue(v), let i = Int(exactly: d) { return i }
        if let i = v as? Int { return i }
        if let u = v as? UInt, let i = Int(exactly: u) { return i }
        if let n = v as? NSNumber, !(v is Bool), !(v is Double), let i = Int(exactly: n.doubleValue) { return i }
        if let error = mismatch(v, key, expected: "NSNumber(integer)") { throw error }
        return nil
    }

    private static func bool(_ v: Any, _ key: UserInfoKey) throws(UserInfoDecodingError) -> Bool? {
        if let d = numberValue(v), d == 0 || d == 1 { return d == 1 }
        if let b = v as? Bool { return b }
        if let n = v as? NSNumber, !(v is Double) {
            let d = n.doubleValue
            if d == 0 || d == 1 { return d == 1 }
        }
        if let error = mismatch(v, key, expected: "NSNumber(bool)") { throw error }
        return nil
    }
}
