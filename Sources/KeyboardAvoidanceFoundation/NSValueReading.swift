import Foundation

#if !canImport(Darwin)
@_spi(Reflection) import Swift
#endif

/// How the decoder tells what an `NSValue` holds (a rect, a point, a size or
/// something else) without trapping and without leaking.
///
/// Foundation's typed getters (`rectValue`, `pointValue`) trap on a value of
/// another type, so the type is always settled first:
/// - On Darwin, by the type encoding (`objCType`, a static C string).
/// - On Linux, swift-corelibs-foundation's `objCType` allocates a C string
///   on every call and never frees it, so it is never called. The values
///   UIKit-style payloads hold are instances of the internal class
///   `NSSpecialValue`, whose one stored property is an existential holding
///   the rect, point, size, range or edge insets. ``calibratedLayout`` reads
///   that existential's type word at an offset found and verified once per
///   process (``SpecialValueLayout``); when the verification fails (another
///   Foundation), ``reflection`` (`Mirror`, public API, about 1 µs per value)
///   is used instead.
///
/// Every reading gives exactly the same decoded values and errors; the
/// tests run the same payloads through each reading the platform has (on
/// Linux both; on Darwin only the type encoding works).
public enum NSValueReading: String, Sendable, CaseIterable {
    /// Darwin's type encoding.
    case typeEncoding = "type encoding"
    /// corelibs' stored type word, read at a calibrated offset.
    case calibratedLayout = "calibrated layout"
    /// Public API only: the stored value found by reflection.
    case reflection

    /// The reading the decoder uses in this process: the type encoding on
    /// Darwin; on Linux the calibrated layout when the start-up calibration
    /// verified it, else reflection.
    public static var current: NSValueReading {
        #if canImport(Darwin)
        return .typeEncoding
        #else
        return SpecialValueLayout.calibrated == nil ? .reflection : .calibratedLayout
        #endif
    }

    /// True when this reading works in this process. Reflection works only
    /// on Linux: Darwin's `NSValue` is an Objective-C object, whose stored
    /// value `Mirror` cannot see.
    public var isAvailable: Bool {
        switch self {
        #if canImport(Darwin)
        case .typeEncoding: true
        case .calibratedLayout, .reflection: false
        #else
        case .typeEncoding: false
        case .calibratedLayout: SpecialValueLayout.calibrated != nil
        case .reflection: true
        #endif
        }
    }

    /// `body` applied to the `NSValue` in `stored` when it holds a `kind`;
    /// nil otherwise. With the calibrated layout the object's class is
    /// compared before any cast (a cast costs more than the read), and with
    /// the existential reads the object is borrowed where it is stored, with
    /// no retain (`body` must not keep it).
    @inline(__always)
    func read<R>(
        in stored: StoredAny, holding kind: StoredValueKind, _ payload: ExistentialPayload? = .verified, _ body: (NSValue) -> R
    ) -> R? {
        #if !canImport(Darwin)
        if self == .calibratedLayout, let layout = SpecialValueLayout.calibrated {
            // Only the special class holds rects, points and sizes
            // (`kind(of:)` says `.other` for any other class).
            // With the existential reads, one class check both decides and
            // reads; without them, the runtime's type, then a cast.
            if let payload {
                return payload.withObject(in: stored, ofClass: layout.specialClass, as: NSValue.self) { object in
                    layout.kind(of: object) == kind ? body(object) : nil
                } ?? nil
            }
            let v = stored.value
            guard ObjectIdentifier(type(of: v)) == layout.specialClass, let object = v as? NSValue, layout.kind(of: object) == kind else {
                return nil
            }
            return body(object)
        }
        #endif
        guard let object = stored.value as? NSValue, self.kind(of: object) == kind else { return nil }
        return body(object)
    }

    /// The rect `value` holds; `value` must hold one (``read(in:holding:_:_:)``
    /// said so), or Foundation traps.
    static func rect(in value: NSValue) -> CGRect {
        #if canImport(Darwin)
        return value.rectValue
        #else
        return stored(in: value, startingFrom: CGRect.zero)
        #endif
    }

    /// The point `value` holds, under the same precondition as
    /// ``rect(in:)``.
    static func point(in value: NSValue) -> CGPoint {
        #if canImport(Darwin)
        return value.pointValue
        #else
        return stored(in: value, startingFrom: CGPoint.zero)
        #endif
    }

    #if !canImport(Darwin)
    /// The `T` that `value` holds, read with `getValue`: corelibs'
    /// `rectValue` and `pointValue` cast twice, while `getValue` writes the
    /// stored bytes directly. `value` must hold a `T` (it writes
    /// `MemoryLayout<T>.size` bytes unchecked).
    @inline(__always)
    private static func stored<T>(in value: NSValue, startingFrom zero: T) -> T {
        var result = zero
        withUnsafeMutableBytes(of: &result) { value.getValue($0.baseAddress!) }
        return result
    }
    #endif

    /// What `value` holds, as far as keyboard payloads go. An `NSNumber`
    /// (an `NSValue` subclass) is ``StoredValueKind/other``.
    func kind(of value: NSValue) -> StoredValueKind {
        switch self {
        case .typeEncoding:
            #if canImport(Darwin)
            if value is NSNumber { return .other }
            return StoredValueKind(typeEncoding: value.objCType)
            #else
            return .other
            #endif
        case .calibratedLayout:
            #if canImport(Darwin)
            return .other
            #else
            return SpecialValueLayout.calibrated?.kind(of: value) ?? .other
            #endif
        case .reflection:
            if value is NSNumber { return .other }
            switch Mirror(reflecting: value).children.first(where: { $0.label == "_value" })?.value {
            case is CGRect: return .rect
            case is CGPoint: return .point
            case is CGSize: return .size
            default: return .other
            }
        }
    }
}

/// What an `NSValue` holds, as far as keyboard payloads go.
enum StoredValueKind: Sendable {
    case rect, point, size, other

    /// The type encoding Darwin reports for this kind (used in messages on
    /// every platform, so they read alike).
    var typeEncoding: String? {
        switch self {
        case .rect: "{CGRect={CGPoint=dd}{CGSize=dd}}"
        case .point: "{CGPoint=dd}"
        case .size: "{CGSize=dd}"
        case .other: nil
        }
    }

    #if canImport(Darwin)
    init(typeEncoding: UnsafePointer<CChar>) {
        func starts(_ prefix: StaticString) -> Bool {
            strncmp(typeEncoding, UnsafeRawPointer(prefix.utf8Start).assumingMemoryBound(to: CChar.self), prefix.utf8CodeUnitCount) == 0
        }
        self = starts("{CGRect=") ? .rect : starts("{CGPoint=") ? .point : starts("{CGSize=") ? .size : .other
    }
    #endif
}

#if !canImport(Darwin)
/// Where swift-corelibs-foundation's `NSSpecialValue` keeps the type of the
/// value it holds, found and verified once per process.
///
/// Calibration (``calibrated``):
/// 1. `NSValue(rect:)`, `(point:)`, `(size:)`, `(range:)` and
///    `(edgeInsets:)` must all be instances of one class, which is neither
///    `NSValue` itself nor `NSNumber`'s class nor the class of an
///    `NSValue(bytes:objCType:)` holding an `Int32`.
/// 2. That class must have exactly one stored field, named `_value`, an
///    existential (the runtime's own field records say where it is, so the
///    read below stays inside the object).
/// 3. For each of the five samples, the existential's type word (three
///    words into it) must be exactly the metadata of the type it was built
///    from, and the public getter must give back the sample's value.
///
/// Any failure leaves ``calibrated`` nil and the decoder reads by
/// reflection. Reading one word of an object of the verified class, kept
/// alive for the read, can neither trap nor leak.
struct SpecialValueLayout: Sendable {
    let specialClass: ObjectIdentifier
    let typeWordOffset: Int
    let rectType: UInt
    let pointType: UInt
    let sizeType: UInt

    static let calibrated: SpecialValueLayout? = calibrate()

    func kind(of value: NSValue) -> StoredValueKind {
        guard ObjectIdentifier(type(of: value)) == specialClass else { return .other }
        let word = withExtendedLifetime(value) {
            Unmanaged.passUnretained(value).toOpaque().load(fromByteOffset: typeWordOffset, as: UInt.self)
        }
        switch word {
        case rectType: return .rect
        case pointType: return .point
        case sizeType: return .size
        default: return .other
        }
    }

    private static func calibrate() -> SpecialValueLayout? {
        let rect = CGRect(x: 1.25, y: -2.5, width: 3.75, height: 5.125)
        let point = CGPoint(x: 7.5, y: -8.25)
        let size = CGSize(width: 9.5, height: 10.75)
        let samples: [(value: NSValue, type: Any.Type)] = [
            (NSValue(rect: rect), CGRect.self), (NSValue(point: point), CGPoint.self), (NSValue(size: size), CGSize.self),
            (NSValue(range: NSRange(location: 11, length: 12)), NSRange.self),
            (NSValue(edgeInsets: NSEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)), NSEdgeInsets.self),
        ]
        let special: AnyClass = type(of: samples[0].value)
        var int32: Int32 = 13
        let concrete = NSValue(bytes: &int32, objCType: "i")
        guard samples.allSatisfy({ type(of: $0.value) == special }), special != NSValue.self,
            special != type(of: NSNumber(value: 1)), special != type(of: concrete)
        else { return nil }

        // `_EachFieldOptions.classType` (a static var the compiler cannot
        // prove safe in Swift 6 mode): walk a class's fields.
        let classType = _EachFieldOptions(rawValue: 1 << 0)
        var fields = 0
        var existentialOffset: Int?
        let walked = _forEachField(of: special, options: classType) { name, offset, _, kind in
            fields += 1
            if String(cString: name) == "_value", kind == .existential { existentialOffset = offset }
            return true
        }
        guard walked, fields == 1, let existentialOffset else { return nil }
        let layout = SpecialValueLayout(
            specialClass: ObjectIdentifier(special),
            typeWordOffset: existentialOffset + 3 * MemoryLayout<UInt>.stride,
            rectType: ExistentialPayload.metadataWord(CGRect.self), pointType: ExistentialPayload.metadataWord(CGPoint.self),
            sizeType: ExistentialPayload.metadataWord(CGSize.self)
        )
        for sample in samples {
            let word = withExtendedLifetime(sample.value) {
                Unmanaged.passUnretained(sample.value).toOpaque().load(fromByteOffset: layout.typeWordOffset, as: UInt.self)
            }
            guard word == ExistentialPayload.metadataWord(sample.type) else { return nil }
        }
        guard layout.kind(of: samples[0].value) == .rect, samples[0].value.rectValue == rect,
            layout.kind(of: samples[1].value) == .point, samples[1].value.pointValue == point,
            layout.kind(of: samples[2].value) == .size, samples[2].value.sizeValue == size,
            layout.kind(of: samples[3].value) == .other, layout.kind(of: samples[4].value) == .other
        else { return nil }
        return layout
    }
}
#endif
