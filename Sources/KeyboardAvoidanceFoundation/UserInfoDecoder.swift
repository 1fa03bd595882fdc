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
///   holding a point where a rect belongs is caught before extraction
///   (extracting it traps in Foundation), by the ``NSValueReading`` in use.
/// - Numbers may be `NSNumber` or Swift numbers (`Double`, `Int`, `Bool`),
///   which is what a userInfo literal holds on Linux.
/// - Values are not range-checked here: NaN and infinities pass through,
///   and the engine rejects them with a typed reason.
public enum UserInfoDecoder {
    /// Decodes the notification named `name` with its `userInfo`.
    public static func decode(name: String, userInfo: [AnyHashable: Any]?) throws(UserInfoDecodingError) -> KeyboardNotification {
        try decode(name: name, userInfo: userInfo, reading: .current)
    }

    /// Decodes with a chosen ``NSValueReading`` (tests run every reading the
    /// platform has and compare; an unavailable reading finds no rects or
    /// points).
    package static func decode(
        name: String, userInfo: [AnyHashable: Any]?, reading: NSValueReading
    ) throws(UserInfoDecodingError) -> KeyboardNotification {
        try decode(name: name, userInfo: userInfo, reading: reading, payload: .verified)
    }

    /// Decodes with a chosen reading, with the existential reads on or off
    /// (`payload` nil: every key, number and value is found by `type(of:)`,
    /// `AnyHashable.base` and casts, as when the layout does not verify),
    /// and with the entries visited in place or iterated (`inPlace`). Tests
    /// compare every combination.
    static func decode(
        name: String, userInfo: [AnyHashable: Any]?, reading: NSValueReading, payload: ExistentialPayload?,
        inPlace: Bool = DictionaryEntries.verified
    ) throws(UserInfoDecodingError) -> KeyboardNotification {
        guard let kind = notificationName(spelled: name) else {
            throw .unknownNotification(name: name)
        }
        var n = KeyboardNotification(name: kind)
        guard let userInfo else { return n }
        // One pass over the entries: on Linux an `AnyHashable` lookup costs a
        // generic equality check per probe, so reading each key once beats
        // eight lookups. Where the storage allows, the entries are read
        // where they are, without copying a key or a value out.
        var visited = false
        if inPlace {
            visited = try DictionaryEntries.forEach(in: userInfo) { key, value throws(UserInfoDecodingError) in
                if let error = entry(key, value, into: &n, reading, payload) { throw error }
            }
        }
        if !visited {
            for (key, value) in userInfo {
                let error = withUnsafePointer(to: key) { key in
                    withUnsafePointer(to: value) { value in
                        entry(UnsafeRawPointer(key), StoredAny(UnsafeRawPointer(value)), into: &n, reading, payload)
                    }
                }
                if let error { throw error }
            }
        }
        return n
    }

    /// Decodes one entry into `n`: the `AnyHashable` at `key` and its
    /// `value`. Keys that are not one of the eight are skipped. Answers the
    /// entry's error, if any (as a value, so that it passes through the
    /// standard library's non-throwing closures).
    @inline(__always)
    private static func entry(
        _ key: UnsafeRawPointer, _ value: StoredAny, into n: inout KeyboardNotification, _ reading: NSValueReading,
        _ payload: ExistentialPayload?
    ) -> UserInfoDecodingError? {
        guard let name = payload?.string(atKey: key) ?? key.assumingMemoryBound(to: AnyHashable.self).pointee.base as? String,
            let k = UserInfoKey(spelling: name)
        else { return nil }
        do throws(UserInfoDecodingError) {
            try read(value, as: k, into: &n, reading, payload)
        } catch {
            return error
        }
        return nil
    }

    @inline(__always)
    private static func read(
        _ value: StoredAny, as k: UserInfoKey, into n: inout KeyboardNotification, _ reading: NSValueReading, _ payload: ExistentialPayload?
    ) throws(UserInfoDecodingError) {
        switch k {
        case .frameBegin: n.frameBegin = try rect(value, k, reading, payload)
        case .frameEnd: n.frameEnd = try rect(value, k, reading, payload)
        case .bounds: n.bounds = try rect(value, k, reading, payload)?.size
        case .centerBegin: n.centerBegin = try point(value, k, reading, payload)
        case .centerEnd: n.centerEnd = try point(value, k, reading, payload)
        case .animationDuration: n.duration = try double(value, k, payload)
        case .animationCurve: n.curve = try integer(value, k, payload)
        case .isLocal: n.isLocal = try bool(value, k, payload)
        }
    }

    /// True when keys, numbers and values are read from their existential
    /// containers (``ExistentialPayload`` verified its layout in this
    /// process); false when they are found by casts.
    package static var readsExistentialsInPlace: Bool { ExistentialPayload.verified != nil }

    /// True when a userInfo dictionary's entries are read where it stores
    /// them (``DictionaryEntries`` verified its layout in this process);
    /// false when it is iterated, copying each entry out.
    package static var readsEntriesInPlace: Bool { DictionaryEntries.verified }

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
    private static func mismatch(_ v: Any, _ key: UserInfoKey, expected: String, _ reading: NSValueReading = .current) -> UserInfoDecodingError? {
        v is NSNull ? nil : .wrongType(key: key, expected: expected, found: describe(v, reading))
    }

    /// The type encoding of an `NSValue` for messages, spelled as Darwin
    /// spells it for the kinds payloads hold; other stored values are named
    /// by type (found by reflection: messages are the slow path).
    private static func encoding(of nsValue: NSValue, _ reading: NSValueReading) -> String {
        if let known = reading.kind(of: nsValue).typeEncoding { return known }
        #if canImport(Darwin)
        return String(cString: nsValue.objCType)
        #else
        switch Mirror(reflecting: nsValue).children.first(where: { $0.label == "_value" })?.value {
        case let other?: return String(describing: Swift.type(of: other))
        case nil: return "?"
        }
        #endif
    }

    /// What was found, by its dynamic type: `NSNumber(3)`,
    /// `NSValue({CGPoint=dd})`, or a Swift type name (`String`, `Double`).
    /// Swift values are named by type, not by what they bridge to.
    private static func describe(_ v: Any, _ reading: NSValueReading) -> String {
        let type = Swift.type(of: v)
        if type is NSNumber.Type, let number = v as? NSNumber { return "NSNumber(\(number))" }
        if type is NSValue.Type, let nsValue = v as? NSValue { return "NSValue(\(encoding(of: nsValue, reading)))" }
        return String(describing: type)
    }

    /// The `doubleValue` of the `NSNumber` in `v`: read directly when its
    /// class is one this Foundation gives `NSNumber(value:)` (see
    /// ``ExistentialPayload``), else by a cast when it is any other
    /// `NSNumber`.
    @inline(__always)
    private static func numberValue(_ v: StoredAny, _ payload: ExistentialPayload?) -> Double? {
        if let d = payload?.numberValue(in: v, \.doubleValue) { return d }
        let any = v.value
        return type(of: any) is NSNumber.Type ? (any as? NSNumber)?.doubleValue : nil
    }

    private static func rect(
        _ value: StoredAny, _ key: UserInfoKey, _ reading: NSValueReading, _ payload: ExistentialPayload?
    ) throws(UserInfoDecodingError) -> KBRect? {
        guard let r = reading.read(in: value, holding: .rect, payload, NSValueReading.rect(in:)) else {
            if let error = mismatch(value.value, key, expected: "NSValue(CGRect)", reading) { throw error }
            return nil
        }
        return KBRect(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }

    private static func point(
        _ value: StoredAny, _ key: UserInfoKey, _ reading: NSValueReading, _ payload: ExistentialPayload?
    ) throws(UserInfoDecodingError) -> KBPoint? {
        guard let p = reading.read(in: value, holding: .point, payload, NSValueReading.point(in:)) else {
            if let error = mismatch(value.value, key, expected: "NSValue(CGPoint)", reading) { throw error }
            return nil
        }
        return KBPoint(x: Double(p.x), y: Double(p.y))
    }

    private static func double(_ stored: StoredAny, _ key: UserInfoKey, _ payload: ExistentialPayload?) throws(UserInfoDecodingError) -> Double? {
        // UIKit's NSNumber first: a class check, where a Swift-type cast
        // would go through bridging.
        if let d = numberValue(stored, payload) { return d }
        let v = stored.value
        if let d = v as? Double { return d }
        if let i = v as? Int { return Double(i) }
        if let n = v as? NSNumber, !(v is Bool) { return n.doubleValue }
        if let error = mismatch(v, key, expected: "NSNumber(double)") { throw error }
        return nil
    }

    private static func integer(_ stored: StoredAny, _ key: UserInfoKey, _ payload: ExistentialPayload?) throws(UserInfoDecodingError) -> Int? {
        if let d = numberValue(stored, payload), let i = Int(exactly: d) { return i }
        let v = stored.value
        if let i = v as? Int { return i }
        if let u = v as? UInt, let i = Int(exactly: u) { return i }
        if let n = v as? NSNumber, !(v is Bool), !(v is Double), let i = Int(exactly: n.doubleValue) { return i }
        if let error = mismatch(v, key, expected: "NSNumber(integer)") { throw error }
        return nil
    }

    private static func bool(_ stored: StoredAny, _ key: UserInfoKey, _ payload: ExistentialPayload?) throws(UserInfoDecodingError) -> Bool? {
        if let d = numberValue(stored, payload), d == 0 || d == 1 { return d == 1 }
        let v = stored.value
        if let b = v as? Bool { return b }
        if let n = v as? NSNumber, !(v is Double) {
            let d = n.doubleValue
            if d == 0 || d == 1 { return d == 1 }
        }
        if let error = mismatch(v, key, expected: "NSNumber(bool)") { throw error }
        return nil
    }
}
