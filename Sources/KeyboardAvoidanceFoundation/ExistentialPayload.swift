import Foundation

/// Reads what an `Any` holds without a dynamic cast, once its dynamic type
/// is known exactly: the decoder's fast path for the keys, numbers and
/// values of a userInfo dictionary.
///
/// An `Any` is an opaque existential container: a three-word value buffer,
/// then the type's metadata. A class reference and a `String` fit the
/// buffer and are stored inline at its start (Swift's existential layout),
/// so once `type(of: v)` is exactly `T`, the value is a `T` loaded from the
/// container's first bytes: an ordinary copy, retained like any other. A
/// dynamic cast costs 200–2,600 instructions on Linux (`as AnyObject` in a
/// generic context is the dearest); this costs a comparison and a load.
///
/// ``isVerified`` checks the layout once per process on sample values; if
/// it ever failed, every read here answers nil and the decoder casts.
enum ExistentialPayload {
    /// True when an `Any` holding a `String` and one holding an object read
    /// back exactly.
    static let isVerified: Bool = {
        let text = "UIKeyboardFrameEndUserInfoKey"
        let object = NSNumber(value: 0.25)
        let anyText: Any = text, anyObject: Any = object
        let readText = withUnsafePointer(to: anyText) { UnsafeRawPointer($0).load(as: String.self) }
        let readObject = withUnsafePointer(to: anyObject) { UnsafeRawPointer($0).load(as: AnyObject.self) }
        return readText == text && readObject === object
    }()

    /// The classes this Foundation gives `NSNumber(value:)` for doubles,
    /// integers and Booleans (`NSNumber` and `__NSCFBoolean` on Linux;
    /// `__NSCFNumber` and `__NSCFBoolean` on Darwin).
    static let numberClasses: [ObjectIdentifier] = {
        var ids: [ObjectIdentifier] = []
        for n in [NSNumber(value: 0.25), NSNumber(value: 7), NSNumber(value: true)] where !ids.contains(ObjectIdentifier(type(of: n))) {
            ids.append(ObjectIdentifier(type(of: n)))
        }
        return ids
    }()

    /// The `String` in `v` when `v` holds exactly a Swift `String`.
    @inline(__always)
    static func string(in v: Any) -> String? {
        guard type(of: v) == String.self, isVerified else { return nil }
        return withUnsafePointer(to: v) { UnsafeRawPointer($0).load(as: String.self) }
    }

    /// The object in `v` when its class is exactly the one `id` names; read
    /// as `T`, which that class must be or inherit from.
    @inline(__always)
    static func object<T: AnyObject>(in v: Any, ofClass id: ObjectIdentifier, as _: T.Type) -> T? {
        guard ObjectIdentifier(type(of: v)) == id, isVerified else { return nil }
        return withUnsafePointer(to: v) { UnsafeRawPointer($0).load(as: T.self) }
    }

    /// The `NSNumber` in `v` when its class is one of ``numberClasses``.
    @inline(__always)
    static func number(in v: Any) -> NSNumber? {
        let id = ObjectIdentifier(type(of: v))
        guard numberClasses.contains(id) else { return nil }
        return object(in: v, ofClass: id, as: NSNumber.self)
    }
}
