import Foundation

/// What an `NSValue` in a keyboard payload holds, found through public API
/// only, without trapping.
///
/// Foundation's typed getters (`rectValue`, `cgRectValue`, `pointValue`)
/// trap on a value of another type, and some exist on one platform only, so
/// the kind is settled first and the value is then copied out:
/// - On Apple platforms, by the type encoding (`objCType`, a static C
///   string) and `getValue(_:size:)`, which checks the size it is given.
///   Neither needs UIKit or AppKit, so the same code serves iOS, Mac
///   Catalyst and macOS.
/// - On Linux, by reflection: swift-corelibs-foundation has no
///   `getValue(_:size:)`, and its `objCType` allocates a C string on every
///   call and never frees it. `Mirror` shows the value a corelibs `NSValue`
///   holds; a value it cannot see is reported as ``other(_:)``, never read.
///
/// An `NSNumber` (an `NSValue` subclass) is always ``other(_:)``.
enum NSValueContents {
    case rect(CGRect)
    case point(CGPoint)
    case size(CGSize)
    /// Anything else; the associated text names it for messages (Darwin's
    /// type encoding, or on Linux the Swift type found).
    case other(String)

    init(_ value: NSValue) {
        if value is NSNumber {
            self = .other("NSNumber")
            return
        }
        #if canImport(Darwin)
        let encoding = value.objCType
        func starts(_ prefix: StaticString) -> Bool {
            strncmp(encoding, UnsafeRawPointer(prefix.utf8Start).assumingMemoryBound(to: CChar.self), prefix.utf8CodeUnitCount) == 0
        }
        func read<T>(_ zero: T) -> T {
            var result = zero
            withUnsafeMutableBytes(of: &result) { value.getValue($0.baseAddress!, size: MemoryLayout<T>.size) }
            return result
        }
        if starts("{CGRect=") {
            self = .rect(read(CGRect.zero))
        } else if starts("{CGPoint=") {
            self = .point(read(CGPoint.zero))
        } else if starts("{CGSize=") {
            self = .size(read(CGSize.zero))
        } else {
            self = .other(String(cString: encoding))
        }
        #else
        switch Mirror(reflecting: value).children.first(where: { $0.label == "_value" })?.value {
        case let r as CGRect: self = .rect(r)
        case let p as CGPoint: self = .point(p)
        case let s as CGSize: self = .size(s)
        case let other?: self = .other(String(describing: Swift.type(of: other)))
        case nil: self = .other("?")
        }
        #endif
    }

    /// The contents as messages name them: Darwin's type encoding for the
    /// kinds payloads hold (on every platform, so messages read alike).
    var typeEncoding: String {
        switch self {
        case .rect: "{CGRect={CGPoint=dd}{CGSize=dd}}"
        case .point: "{CGPoint=dd}"
        case .size: "{CGSize=dd}"
        case .other(let name): name
        }
    }
}
