import Foundation
import KeyboardAvoidance
import KeyboardGeometry

/// Decodes a keyboard notification's userInfo, as UIKit builds it (`NSValue`
/// rects, points and sizes; `NSNumber` duration, curve and isLocal), into a
/// ``KeyboardNotification``.
///
/// Rules:
/// - A missing key (or `NSNull`) decodes to nil: real payloads lack keys
///   (the legacy keys since iOS 3.2, isLocal before iOS 9).
/// - A value of the wrong kind is an error naming the key: an `NSValue`
///   holding a point where a rect belongs is caught by its `objCType`
///   before extraction (extracting it traps in Foundation).
/// - Numbers may be `NSNumber` or Swift numbers (`Double`, `Int`, `Bool`),
///   which is what a userInfo literal holds on Linux.
/// - Values are not range-checked here: NaN and infinities pass through,
///   and the engine rejects them with a typed reason.
public enum UserInfoDecoder {
    /// Decodes the notification named `name` with its `userInfo`.
    public static func decode(name: String, userInfo: [AnyHashable: Any]?) throws(UserInfoDecodingError) -> KeyboardNotification {
        guard let kind = KeyboardNotification.Name(rawValue: name) else {
            throw .unknownNotification(name: name)
        }
        let info = userInfo ?? [:]
        return KeyboardNotification(
            name: kind,
            frameBegin: try rect(info, .frameBegin),
            frameEnd: try rect(info, .frameEnd),
            bounds: try rect(info, .bounds)?.size,
            centerBegin: try point(info, .centerBegin),
            centerEnd: try point(info, .centerEnd),
            duration: try double(info, .animationDuration),
            curve: try integer(info, .animationCurve),
            isLocal: try bool(info, .isLocal)
        )
    }

    /// Decodes a posted `Notification`.
    public static func decode(_ notification: Notification) throws(UserInfoDecodingError) -> KeyboardNotification {
        try decode(name: notification.name.rawValue, userInfo: notification.userInfo)
    }

    // MARK: Values

    private static func value(_ info: [AnyHashable: Any], _ key: UserInfoKey) -> Any? {
        guard let v = info[key.rawValue] else { return nil }
        if v is NSNull { return nil }
        return v
    }

    /// What was found, by its dynamic type: `NSNumber(3)`,
    /// `NSValue({CGPoint=dd})`, or a Swift type name (`String`, `Double`).
    /// Swift values are named by type, not by what they bridge to.
    private static func describe(_ v: Any) -> String {
        let type = Swift.type(of: v)
        if type is NSNumber.Type, let number = v as? NSNumber { return "NSNumber(\(number))" }
        if type is NSValue.Type, let nsValue = v as? NSValue { return "NSValue(\(String(cString: nsValue.objCType)))" }
        return String(describing: type)
    }

    private static func nsValue(_ info: [AnyHashable: Any], _ key: UserInfoKey, typePrefix: String, expected: String) throws(UserInfoDecodingError) -> NSValue? {
        guard let v = value(info, key) else { return nil }
        guard let nsValue = v as? NSValue, !(v is NSNumber), String(cString: nsValue.objCType).hasPrefix(typePrefix) else {
            throw .wrongType(key: key, expected: expected, found: describe(v))
        }
        return nsValue
    }

    private static func rect(_ info: [AnyHashable: Any], _ key: UserInfoKey) throws(UserInfoDecodingError) -> Rect? {
        guard let v = try nsValue(info, key, typePrefix: "{CGRect", expected: "NSValue(CGRect)") else { return nil }
        let r = v.rectValue
        return Rect(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }

    private static func point(_ info: [AnyHashable: Any], _ key: UserInfoKey) throws(UserInfoDecodingError) -> Point? {
        guard let v = try nsValue(info, key, typePrefix: "{CGPoint", expected: "NSValue(CGPoint)") else { return nil }
        let p = v.pointValue
        return Point(x: Double(p.x), y: Double(p.y))
    }

    private static func double(_ info: [AnyHashable: Any], _ key: UserInfoKey) throws(UserInfoDecodingError) -> Double? {
        guard let v = value(info, key) else { return nil }
        if let d = v as? Double { return d }
        if let i = v as? Int { return Double(i) }
        if let n = v as? NSNumber, !(v is Bool) { return n.doubleValue }
        throw .wrongType(key: key, expected: "NSNumber(double)", found: describe(v))
    }

    private static func integer(_ info: [AnyHashable: Any], _ key: UserInfoKey) throws(UserInfoDecodingError) -> Int? {
        guard let v = value(info, key) else { return nil }
        if let i = v as? Int { return i }
        if let u = v as? UInt, let i = Int(exactly: u) { return i }
        if let n = v as? NSNumber, !(v is Bool), !(v is Double), let i = Int(exactly: n.doubleValue) { return i }
        throw .wrongType(key: key, expected: "NSNumber(integer)", found: describe(v))
    }

    private static func bool(_ info: [AnyHashable: Any], _ key: UserInfoKey) throws(UserInfoDecodingError) -> Bool? {
        guard let v = value(info, key) else { return nil }
        if let b = v as? Bool { return b }
        if let n = v as? NSNumber, !(v is Double) {
            let d = n.doubleValue
            if d == 0 || d == 1 { return d == 1 }
        }
        throw .wrongType(key: key, expected: "NSNumber(bool)", found: describe(v))
    }
}
