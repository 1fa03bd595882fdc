import Foundation

/// Reads what an `Any` or an `AnyHashable` holds without a dynamic cast and
/// without asking the runtime for its dynamic type: the decoder's fast path
/// for the keys, numbers and values of a userInfo dictionary.
///
/// An `Any` is an opaque existential container: a three-word value buffer,
/// then the type word, the metadata of the type the value was boxed as. A
/// class reference fits the buffer and is stored inline at its start
/// (Swift's existential layout). So when the type word is one of a few
/// class types (`NSObject`, `NSValue`, `NSNumber`, `AnyObject`, or a class
/// of ``numberClasses``), the first word is the object, and the object's
/// own first word is its dynamic class (Swift's object header on platforms
/// without Objective-C; on Darwin objects are never read this way).
///
/// An `AnyHashable` holding a `String` keeps the `String` (two words) at the
/// start of its own box, whose type word identifies a `String` key.
///
/// Each read is an ordinary copy (retained like any other) after a
/// comparison and a load or two. `type(of:)` on an `Any` costs about 60
/// instructions on Linux, `AnyHashable.base` several hundred, and a dynamic
/// cast 200–2,600.
///
/// None of this is public API, so ``verified`` checks every read once per
/// process on sample values (strings short and long, built at run time and
/// literal; numbers of each class; objects boxed as each class type). If
/// any check fails, it is nil, every read here answers nil, and the decoder
/// uses `type(of:)`, `AnyHashable.base` and casts.
struct ExistentialPayload: Sendable {
    /// The type word of an `AnyHashable` made from a `String`.
    let stringKeyBox: UInt
    /// The static types an object may be boxed as here, whose value buffer
    /// starts with the object: `NSObject`, `NSValue`, `NSNumber` and
    /// `AnyObject` (and the ``numberClasses``).
    let objectTypes: (UInt, UInt, UInt, UInt)
    /// The classes this Foundation gives `NSNumber(value:)` for doubles,
    /// integers and Booleans (`NSNumber` and `__NSCFBoolean` on Linux;
    /// `__NSCFNumber` and `__NSCFBoolean` on Darwin), repeats included.
    let numberClasses: (UInt, UInt, UInt)

    /// The layout, verified once per process; nil when any check failed.
    static let verified: ExistentialPayload? = calibrate()

    // MARK: Reads

    /// The `String` a dictionary key holds, when it was made from a Swift
    /// `String`. Any other key answers nil, unless the platform keeps it as
    /// the `String` it stands for (`AnyHashable` may do so for an
    /// `NSString`), in which case that `String` is read.
    @inline(__always)
    func string(inKey key: AnyHashable) -> String? {
        withUnsafePointer(to: key) { string(atKey: UnsafeRawPointer($0)) }
    }

    /// ``string(inKey:)`` for the `AnyHashable` at `key`, read where it is
    /// stored (a dictionary's key buffer) without copying it out.
    @inline(__always)
    func string(atKey key: UnsafeRawPointer) -> String? {
        Self.typeWord(key) == stringKeyBox ? key.load(as: String.self) : nil
    }

    /// The dynamic class of the object in `v` (the metadata word
    /// `ObjectIdentifier(type(of: v))` names), when `v` holds an object
    /// boxed as one of ``objectTypes``; nil for anything else, which the
    /// caller then asks the runtime about.
    @inline(__always)
    func objectClass(of v: Any) -> UInt? {
        withUnsafePointer(to: v) { objectClass(of: StoredAny(UnsafeRawPointer($0))) }
    }

    /// ``objectClass(of:)-(Any)`` for an `Any` where it is stored.
    @inline(__always)
    func objectClass(of v: StoredAny) -> UInt? {
        #if canImport(Darwin)
        // An Objective-C object's first word is not always its class, and a
        // small NSNumber is a tagged pointer that cannot be read at all.
        return nil
        #else
        let type = Self.typeWord(v.container)
        guard type == objectTypes.0 || type == objectTypes.1 || type == objectTypes.2 || type == objectTypes.3
            || isNumberClass(type)
        else { return nil }
        return v.container.load(as: UnsafeRawPointer.self).load(as: UInt.self)
        #endif
    }

    /// The object in `v`, as `T`, when its class is exactly `id`; `T` must
    /// be that class or one it inherits from.
    @inline(__always)
    func object<T: AnyObject>(in v: Any, ofClass id: ObjectIdentifier, as type: T.Type) -> T? {
        withUnsafePointer(to: v) { withObject(in: StoredAny(UnsafeRawPointer($0)), ofClass: id, as: type) { $0 } }
    }

    /// `body` applied to the object in `v` when its class is exactly `id`,
    /// without a retain and release around it: the storage keeps the
    /// object alive while `body` borrows it (`body` must not keep it).
    @inline(__always)
    func withObject<T: AnyObject, R>(in v: StoredAny, ofClass id: ObjectIdentifier, as _: T.Type, _ body: (T) -> R) -> R? {
        guard Self.dynamicClass(of: v, self) == UInt(bitPattern: id) else { return nil }
        return v.unretainedObject(as: T.self)._withUnsafeGuaranteedRef(body)
    }

    /// The `NSNumber` in `v` when its class is one of ``numberClasses``.
    @inline(__always)
    func number(in v: Any) -> NSNumber? {
        withUnsafePointer(to: v) { numberValue(in: StoredAny(UnsafeRawPointer($0))) { $0 } }
    }

    /// `body` applied to the `NSNumber` in `v` when its class is one of
    /// ``numberClasses``, borrowed as in ``withObject(in:ofClass:as:_:)``.
    @inline(__always)
    func numberValue<R>(in v: StoredAny, _ body: (NSNumber) -> R) -> R? {
        guard isNumberClass(Self.dynamicClass(of: v, self)) else { return nil }
        return v.unretainedObject(as: NSNumber.self)._withUnsafeGuaranteedRef(body)
    }

    @inline(__always)
    private func isNumberClass(_ id: UInt) -> Bool {
        id == numberClasses.0 || id == numberClasses.1 || id == numberClasses.2
    }

    /// `v`'s dynamic type as a metadata word: read from the object when
    /// `payload` knows how, else asked of the runtime.
    @inline(__always)
    static func dynamicClass(of v: Any, _ payload: ExistentialPayload?) -> UInt {
        withUnsafePointer(to: v) { dynamicClass(of: StoredAny(UnsafeRawPointer($0)), payload) }
    }

    /// ``dynamicClass(of:_:)-(Any,_)`` for an `Any` where it is stored (the
    /// runtime is asked about a copy).
    @inline(__always)
    static func dynamicClass(of v: StoredAny, _ payload: ExistentialPayload?) -> UInt {
        payload?.objectClass(of: v) ?? metadataWord(type(of: v.value))
    }

    @inline(__always)
    private static func typeWord(_ container: UnsafeRawPointer) -> UInt {
        container.load(fromByteOffset: 3 * MemoryLayout<UInt>.stride, as: UInt.self)
    }

    static func metadataWord(_ type: Any.Type) -> UInt { UInt(bitPattern: ObjectIdentifier(type)) }

    // MARK: Calibration

    /// True where ``objectClass(of:)`` always answers nil (Darwin).
    private static var objectsAreNeverRead: Bool {
        #if canImport(Darwin)
        true
        #else
        false
        #endif
    }

    private static func calibrate() -> ExistentialPayload? {
        guard MemoryLayout<Any>.size == 4 * MemoryLayout<UInt>.stride,
            MemoryLayout<AnyHashable>.size >= 4 * MemoryLayout<UInt>.stride
        else { return nil }
        let numbers = [NSNumber(value: 0.25), NSNumber(value: 7), NSNumber(value: true)]
        let classes = numbers.map { metadataWord(type(of: $0)) }
        let payload = ExistentialPayload(
            stringKeyBox: withUnsafePointer(to: AnyHashable("UIKeyboardFrameEndUserInfoKey")) { typeWord(UnsafeRawPointer($0)) },
            objectTypes: (metadataWord(NSObject.self), metadataWord(NSValue.self), metadataWord(NSNumber.self), metadataWord(AnyObject.self)),
            numberClasses: (classes[0], classes[1], classes[2])
        )

        // Strings: literal and built at run time, small (inline) and large.
        let texts = ["UIKeyboardFrameEndUserInfoKey", "ab", "", String(repeating: "é", count: 40), "UIKeyboard" + String(7)]
        for text in texts {
            guard payload.string(inKey: AnyHashable(text)) == text else { return nil }
        }
        // Other keys are not read, or read as the String they stand for (a
        // platform may keep an NSString key as its String).
        let others: [(key: AnyHashable, text: String?)] = [
            (AnyHashable(Substring("ab")), "ab"), (AnyHashable(NSString(string: "ab")), "ab"), (AnyHashable(7), nil), (AnyHashable(0.25), nil),
        ]
        guard others.allSatisfy({ key, text in payload.string(inKey: key).map { $0 == text } ?? true }) else { return nil }

        // Objects: boxed as NSValue and NSNumber (as payloads are built),
        // the class must be read; boxed otherwise, it is read right or not
        // at all.
        let value = NSValue(rect: CGRect(x: 1, y: 2, width: 3, height: 4))
        let objects: [(object: AnyObject, boxed: Any, mustRead: Bool)] = [
            (value, value as Any, true), (numbers[0], numbers[0] as Any, true), (numbers[2], numbers[2] as Any, true),
            (value, value as NSObject as Any, false), (value, value as AnyObject as Any, false),
            (numbers[1], numbers[1] as NSObject as Any, false), (numbers[1], numbers[1] as AnyObject as Any, false),
        ]
        for (object, boxed, mustRead) in objects {
            let id = ObjectIdentifier(type(of: object))
            switch payload.objectClass(of: boxed) {
            case UInt(bitPattern: id)?: break
            case nil where !mustRead || Self.objectsAreNeverRead: break
            default: return nil
            }
            guard payload.object(in: boxed, ofClass: id, as: AnyObject.self) === object else { return nil }
        }
        guard payload.objectClass(of: 0.25 as Any) == nil, payload.objectClass(of: "ab" as Any) == nil,
            numbers.allSatisfy({ payload.number(in: $0 as Any) === $0 }),
            payload.number(in: value as Any) == nil, payload.number(in: 0.25 as Any) == nil
        else { return nil }
        return payload
    }
}
