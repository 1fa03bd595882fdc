import Foundation
import KBTestSupport
import KeyboardAvoidance
import KeyboardGeometry
import Testing

@testable import KeyboardAvoidanceFoundation

/// What an `NSValue` holds is told apart through public API only, for every
/// kind a payload can carry, and rects and points come out bit for bit.
@Suite("NSValue contents")
struct NSValueContentsTests {
    /// An NSValue-backed kind, what it must read as, and the text an error
    /// names it by (built lazily: NSValue is not Sendable).
    struct Kind: Sendable, CustomStringConvertible {
        var description: String
        var value: @Sendable () -> Any
        /// The rect or point it holds, or nil when neither.
        var rect: CGRect?
        var point: CGPoint?
        /// How an error names it; nil where the platform decides the text
        /// (a kind payloads never hold).
        var found: String?
    }

    static let kinds: [Kind] = {
        var kinds = [
            Kind(
                description: "rect", value: { NSValue(rect: CGRect(x: 0, y: 409, width: 375, height: 258)) },
                rect: CGRect(x: 0, y: 409, width: 375, height: 258), found: rectEncoding),
            Kind(
                description: "negative-zero rect", value: { NSValue(rect: CGRect(x: -0.0, y: -0.0, width: 0, height: 0)) },
                rect: CGRect(x: -0.0, y: -0.0, width: 0, height: 0), found: rectEncoding),
            Kind(
                description: "point", value: { NSValue(point: CGPoint(x: 187.5, y: 538)) }, point: CGPoint(x: 187.5, y: 538),
                found: "NSValue({CGPoint=dd})"),
            Kind(description: "size", value: { NSValue(size: CGSize(width: 375, height: 258)) }, found: "NSValue({CGSize=dd})"),
            Kind(description: "range", value: { NSValue(range: NSRange(location: 3, length: 4)) }),
            Kind(
                description: "raw Int32 value",
                value: {
                    var i: Int32 = 7; return NSValue(bytes: &i, objCType: "i")
                }),
            Kind(description: "NSNumber", value: { NSNumber(value: 0.25) }, found: "NSNumber(0.25)"),
        ]
        #if os(Linux) || os(macOS)
        // NSEdgeInsets exists in corelibs and in macOS's Foundation only.
        kinds.append(Kind(description: "edge insets", value: { NSValue(edgeInsets: NSEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) }))
        #endif
        return kinds
    }()

    static let rectEncoding = "NSValue({CGRect={CGPoint=dd}{CGSize=dd}})"

    /// Under each key, a kind decodes to its value exactly where it is the
    /// key's kind, and is otherwise an error naming the key and the kind.
    @Test(arguments: [UserInfoKey.frameBegin, .frameEnd, .bounds, .centerBegin, .centerEnd])
    func everyKindReadsAsWhatItHolds(key: UserInfoKey) throws {
        let wantsRect = [.frameBegin, .frameEnd, .bounds].contains(key)
        for kind in Self.kinds {
            let info: [AnyHashable: Any] = [key.rawValue: kind.value()]
            let result = Result { () throws(UserInfoDecodingError) in
                try UserInfoDecoder.decode(name: "UIKeyboardWillShowNotification", userInfo: info)
            }
            switch (wantsRect ? kind.rect.map { KBRect($0) } : nil, wantsRect ? nil : kind.point.map { KBPoint($0) }, result) {
            case (let r?, _, .success(let n)):
                let got = key == .frameBegin ? n.frameBegin : key == .frameEnd ? n.frameEnd : n.bounds.map { KBRect(origin: .zero, size: $0) }
                let want = key == .bounds ? KBRect(origin: .zero, size: r.size) : r
                #expect(got.map(Self.bits) == Self.bits(want), "\(key.rawValue) holding \(kind)")
            case (_, let p?, .success(let n)):
                #expect((key == .centerBegin ? n.centerBegin : n.centerEnd) == p, "\(key.rawValue) holding \(kind)")
            case (nil, nil, .failure(.wrongType(let k, _, let found))):
                #expect(k == key, "\(kind)")
                if let want = kind.found { #expect(found == want, "\(key.rawValue) holding \(kind)") }
                #expect(found.hasPrefix(kind.description == "NSNumber" ? "NSNumber(" : "NSValue("), "\(kind): \(found)")
            default:
                Issue.record("\(key.rawValue) holding \(kind): \(result)")
            }
        }
    }

    /// Real iOS sends all eight keys (the legacy Bounds and Center keys
    /// too); payloads drawn with NaN, infinities and signed zeros decode to
    /// exactly what was encoded, bit for bit, with String and NSString keys.
    @Test(arguments: TestSeeds.standard)
    func fullEightKeyPayloadsRoundTripBitForBit(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<500 {
            let n = Self.eightKeyNotification(&rng)
            let info = UserInfoEncoder.userInfo(for: n)
            #expect(info.count == 8)
            let decoded = try UserInfoDecoder.decode(name: n.name.rawValue, userInfo: info)
            #expect(Self.bits(decoded) == Self.bits(n), "seed \(seed): \(n) gave \(decoded)")
            let nsStringKeys = Dictionary(uniqueKeysWithValues: info.map { (AnyHashable(NSString(string: $0.key.base as! String)), $0.value) })
            let bridged = try UserInfoDecoder.decode(name: n.name.rawValue, userInfo: nsStringKeys)
            #expect(Self.bits(bridged) == Self.bits(n), "seed \(seed), NSString keys")
        }
    }

    @Test func notificationNamesAreFoundByTheirExactSpelling() {
        for name in KeyboardNotification.Name.allCases {
            #expect(UserInfoDecoder.notificationName(spelled: name.rawValue) == name)
            #expect(UserInfoDecoder.notificationName(spelled: String(name.rawValue.dropLast()) + "x") == nil)
            #expect(UserInfoDecoder.notificationName(spelled: name.rawValue.uppercased()) == nil)
        }
        #expect(UserInfoDecoder.notificationName(spelled: "UIKeyboardWillSlowNotification") == nil, "the length of WillShow, neither candidate")
        #expect(UserInfoDecoder.notificationName(spelled: "") == nil)
    }

    @Test func keysAreFoundByTheirExactSpelling() {
        for key in UserInfoKey.allCases {
            #expect(UserInfoKey(spelling: key.rawValue) == key)
            #expect(UserInfoKey(spelling: String(key.rawValue.dropLast()) + "x") == nil)
            #expect(UserInfoKey(spelling: key.rawValue.lowercased()) == nil)
            #expect(UserInfoKey(spelling: key.rawValue + " ") == nil)
        }
        #expect(Set(UserInfoKey.allCases.map(\.rawValue.utf8.count)).count == UserInfoKey.allCases.count)
        #expect(UserInfoKey(spelling: "") == nil)
    }

    // MARK: Helpers

    static func bits(_ r: KBRect) -> [UInt64] { [r.origin.x.bitPattern, r.origin.y.bitPattern, r.size.width.bitPattern, r.size.height.bitPattern] }

    /// A notification's values, comparable bit for bit (NaN equals NaN).
    static func bits(_ n: KeyboardNotification) -> [UInt64?] {
        func r(_ r: KBRect?) -> [UInt64?] { r.map(bits) ?? [nil, nil, nil, nil] }
        return r(n.frameBegin) + r(n.frameEnd) + [
            n.bounds?.width.bitPattern, n.bounds?.height.bitPattern, n.centerBegin?.x.bitPattern, n.centerBegin?.y.bitPattern,
            n.centerEnd?.x.bitPattern, n.centerEnd?.y.bitPattern, n.duration?.bitPattern, n.curve.map { UInt64(bitPattern: Int64($0)) },
            n.isLocal.map { $0 ? 1 : 0 }, UInt64(KeyboardNotification.Name.allCases.firstIndex(of: n.name)!),
        ]
    }

    static func eightKeyNotification(_ rng: inout SeededGenerator) -> KeyboardNotification {
        func v() -> Double {
            switch rng.next() % 12 {
            case 0: .nan
            case 1: .infinity
            case 2: -.infinity
            case 3: -0.0
            default: Double(Int64(rng.next() % 2_000_001) - 1_000_000) / 3
            }
        }
        func rect() -> KBRect { KBRect(x: v(), y: v(), width: v(), height: v()) }
        let names = KeyboardNotification.Name.allCases
        return KeyboardNotification(
            name: names[Int(rng.next() % UInt64(names.count))], frameBegin: rect(), frameEnd: rect(), bounds: KBSize(width: v(), height: v()),
            centerBegin: KBPoint(x: v(), y: v()), centerEnd: KBPoint(x: v(), y: v()), duration: v(), curve: Int(rng.next() % 8),
            isLocal: rng.next() % 2 == 0
        )
    }
}
