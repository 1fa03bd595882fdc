import Foundation
import KBTestSupport
import KeyboardAvoidance
import KeyboardGeometry
import Testing

@testable import KeyboardAvoidanceFoundation

/// Every way the decoder can tell what an `NSValue` holds gives the same
/// notification or the same error, for every kind of value a payload can
/// carry; and the fast reading is the one in use where it can be.
@Suite("NSValue readings")
struct NSValueReadingTests {
    /// The readings this platform has (the calibrated layout and reflection
    /// on Linux, the type encoding on Darwin).
    static let readings = NSValueReading.allCases.filter(\.isAvailable)

    /// Each reading, with the existential reads (``ExistentialPayload``) on
    /// and off, and the entries visited in place (``DictionaryEntries``) or
    /// iterated.
    static let decodings: [(reading: NSValueReading, payload: ExistentialPayload?, inPlace: Bool)] = readings.flatMap { reading in
        [(reading, ExistentialPayload.verified, true), (reading, ExistentialPayload.verified, false), (reading, nil, true), (reading, nil, false)]
    }

    @Test func theFastReadingIsInUseWhereItExists() {
        #if canImport(Darwin)
        #expect(NSValueReading.current == .typeEncoding)
        #expect(Self.readings == [.typeEncoding])
        #else
        // corelibs' layout was found and verified: if this fails, Foundation
        // changed and the decoder fell back to reflection (correct, but
        // about 1 µs per value slower).
        #expect(NSValueReading.current == .calibratedLayout)
        #expect(SpecialValueLayout.calibrated != nil)
        #expect(Self.readings == [.calibratedLayout, .reflection])
        #endif
    }

    /// Each kind of value a userInfo entry can hold, by name (built lazily:
    /// NSValue is not Sendable).
    static let kinds: [(name: String, value: @Sendable () -> Any)] = {
        var kinds = commonKinds
        #if os(Linux) || os(macOS)
        // NSEdgeInsets exists in corelibs and in macOS's Foundation only.
        kinds.append(("edge insets", { NSValue(edgeInsets: NSEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) }))
        #endif
        return kinds
    }()

    static let commonKinds: [(name: String, value: @Sendable () -> Any)] = [
        ("rect", { NSValue(rect: CGRect(x: 0, y: 409, width: 375, height: 258)) }),
        ("rect with NaN", { NSValue(rect: CGRect(x: CGFloat.nan, y: 409, width: 375, height: 258)) }),
        ("rect with infinities", { NSValue(rect: CGRect(x: -CGFloat.infinity, y: 0, width: .infinity, height: 1)) }),
        ("negative zero rect", { NSValue(rect: CGRect(x: -0.0, y: -0.0, width: 0, height: 0)) }),
        ("point", { NSValue(point: CGPoint(x: 187.5, y: 538)) }),
        ("point with NaN", { NSValue(point: CGPoint(x: 1, y: CGFloat.nan)) }),
        ("size", { NSValue(size: CGSize(width: 375, height: 258)) }),
        ("range", { NSValue(range: NSRange(location: 3, length: 4)) }),
        ("raw Int32 value", { var i: Int32 = 7; return NSValue(bytes: &i, objCType: "i") }),
        ("NSNumber double", { NSNumber(value: 0.25) }),
        ("NSNumber NaN", { NSNumber(value: Double.nan) }),
        ("NSNumber infinity", { NSNumber(value: Double.infinity) }),
        ("NSNumber integer", { NSNumber(value: 7) }),
        ("NSNumber huge", { NSNumber(value: 1e300) }),
        ("NSNumber Bool", { NSNumber(value: true) }),
        ("Swift Bool", { false }),
        ("Swift Double", { 0.4 }),
        ("Swift Int", { 7 }),
        ("Swift UInt", { UInt(3) }),
        ("NSNull", { NSNull() }),
        ("String", { "{{0, 409}, {375, 258}}" }),
        ("Array", { [1, 2] }),
    ]

    @Test(arguments: UserInfoKey.allCases)
    func everyKindDecodesAlikeUnderEveryReading(key: UserInfoKey) {
        for kind in Self.kinds {
            let info: [AnyHashable: Any] = [key.rawValue: kind.value()]
            let outcomes = Self.decodings.map { Outcome(name: "UIKeyboardWillShowNotification", info, $0.reading, $0.payload, inPlace: $0.inPlace) }
            #expect(Set(outcomes).count == 1, "\(key.rawValue) holding \(kind.name): \(outcomes)")
            // Keys that are not Swift Strings take the cast.
            let bridged: [AnyHashable: Any] = [AnyHashable(NSString(string: key.rawValue)): kind.value()]
            #expect(Outcome(name: "UIKeyboardWillShowNotification", bridged, .current, .verified, inPlace: true) == outcomes[0], "\(kind.name)")
        }
    }

    /// Real iOS sends all eight keys (the legacy Bounds and Center keys
    /// too); payloads drawn with NaN, infinities and signed zeros decode to
    /// exactly what was encoded, bit for bit, under every reading.
    @Test(arguments: TestSeeds.standard)
    func fullEightKeyPayloadsRoundTripUnderEveryReading(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<500 {
            let n = Self.eightKeyNotification(&rng)
            let info = UserInfoEncoder.userInfo(for: n)
            #expect(info.count == 8)
            for (reading, payload, inPlace) in Self.decodings {
                let decoded = try UserInfoDecoder.decode(
                    name: n.name.rawValue, userInfo: info, reading: reading, payload: payload, inPlace: inPlace
                )
                let how = "\(reading), existential reads \(payload == nil ? "off" : "on"), entries \(inPlace ? "in place" : "iterated")"
                #expect(Outcome.bits(decoded) == Outcome.bits(n), "seed \(seed), \(how): \(n) gave \(decoded)")
            }
        }
    }

    /// A payload with several wrong values, unknown keys and keys that are
    /// not Strings fails with the same error (the first wrong entry in the
    /// dictionary's order) however it is decoded, and without the wrong
    /// values it decodes alike.
    @Test(arguments: TestSeeds.standard)
    func mixedPayloadsDecodeAlikeHoweverTheEntriesAreRead(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<300 {
            var info = UserInfoEncoder.userInfo(for: Self.eightKeyNotification(&rng))
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let kind = Self.kinds[Int.random(in: 0..<Self.kinds.count, using: &rng)]
                info[UserInfoKey.allCases[Int.random(in: 0..<UserInfoKey.allCases.count, using: &rng)].rawValue] = kind.value()
            }
            for extra in 0..<Int.random(in: 0...12, using: &rng) {
                info[Bool.random(using: &rng) ? AnyHashable("UIKeyboardExtra\(extra)Key") : AnyHashable(extra)] = NSNumber(value: extra)
            }
            let outcomes = Self.decodings.map { Outcome(name: "UIKeyboardDidChangeFrameNotification", info, $0.reading, $0.payload, inPlace: $0.inPlace) }
            #expect(Set(outcomes).count == 1, "seed \(seed), \(info.count) entries: \(outcomes)")
        }
    }

    /// On Linux the entries are read where the dictionary stores them: the
    /// layout verified, and a visit gives exactly what iteration gives, for
    /// dictionaries of every size up to 300 entries, after removals, and
    /// with keys that are not Strings.
    @Test func dictionaryEntriesAreVisitedExactlyAsIterated() throws {
        #if canImport(Darwin)
        #expect(!DictionaryEntries.verified, "a dictionary may be a bridged NSDictionary: never read in place")
        #else
        #expect(DictionaryEntries.verified, "the storage layout verifies on this platform's Swift")
        final class Marker {}
        for size in Array(0...40) + [100, 300] {
            var d: [AnyHashable: Any] = [:]
            for i in 0..<size { d[i % 3 == 0 ? AnyHashable(i) : AnyHashable("UIKeyboardKey\(i)")] = Marker() }
            for i in stride(from: 0, to: size, by: 4) { d.removeValue(forKey: i % 3 == 0 ? AnyHashable(i) : AnyHashable("UIKeyboardKey\(i)")) }
            var visited: [(AnyHashable, ObjectIdentifier)] = []
            let read = DictionaryEntries.forEach(in: d) { key, value in
                visited.append((key.assumingMemoryBound(to: AnyHashable.self).pointee, ObjectIdentifier(value.value as AnyObject)))
            }
            #expect(read, "\(size) entries")
            let iterated = d.map { ($0.key, ObjectIdentifier($0.value as AnyObject)) }
            #expect(visited.map(\.0) == iterated.map(\.0), "the same keys in the same order, \(size) entries")
            #expect(visited.map(\.1) == iterated.map(\.1), "the very same values, \(size) entries")
        }
        #endif
    }

    @Test func anUnavailableReadingFindsNoRects() {
        guard let unavailable = NSValueReading.allCases.first(where: { !$0.isAvailable }) else { return }
        let info: [AnyHashable: Any] = [UserInfoKey.frameEnd.rawValue: NSValue(rect: .zero)]
        #expect(throws: UserInfoDecodingError.self) {
            try UserInfoDecoder.decode(name: "UIKeyboardWillShowNotification", userInfo: info, reading: unavailable)
        }
    }

    /// The cast-free reads answer only for exactly the type they read, and
    /// read it exactly.
    @Test func existentialPayloadsAreReadOnlyForTheirExactType() throws {
        let payload = try #require(ExistentialPayload.verified, "the layout verifies on this platform's Swift")
        #expect(payload.string(inKey: AnyHashable(UserInfoKey.frameEnd.rawValue)) == UserInfoKey.frameEnd.rawValue)
        let built = String(repeating: "UIKeyboard", count: 3) + "FrameEndUserInfoKey"
        #expect(payload.string(inKey: AnyHashable(built)) == built, "a key built at run time (heap storage)")
        #expect(payload.string(inKey: AnyHashable("ab")) == "ab", "a small string, stored inline")
        #expect([nil, "ab"].contains(payload.string(inKey: AnyHashable(Substring("ab")))), "not read, or read right")
        #expect([nil, "ab"].contains(payload.string(inKey: AnyHashable(NSString(string: "ab")))), "not read, or read right")
        #expect(payload.string(inKey: AnyHashable(7)) == nil)
        let number = NSNumber(value: 0.25)
        #expect(payload.number(in: number as Any) === number)
        #expect(payload.number(in: NSNumber(value: true) as Any)?.boolValue == true)
        #expect(payload.number(in: NSNumber(value: 7) as Any)?.intValue == 7)
        #expect(payload.number(in: NSNumber(value: 7) as NSObject as Any)?.intValue == 7, "boxed as NSObject")
        #expect(payload.number(in: 0.25 as Any) == nil, "a Swift Double is not an NSNumber here")
        #expect(payload.number(in: NSValue(rect: .zero) as Any) == nil)
        let value = NSValue(point: CGPoint(x: 1, y: 2))
        let valueClass = ObjectIdentifier(type(of: value))
        #expect(payload.object(in: value as Any, ofClass: valueClass, as: NSValue.self) === value)
        #expect(payload.object(in: value as AnyObject as Any, ofClass: valueClass, as: NSValue.self) === value)
        #expect(payload.object(in: number as Any, ofClass: valueClass, as: NSValue.self) == nil)
        #expect(payload.object(in: "ab" as Any, ofClass: valueClass, as: NSValue.self) == nil)
        #if canImport(Darwin)
        #expect(payload.objectClass(of: value as Any) == nil, "Objective-C objects are never read")
        #else
        #expect(payload.objectClass(of: value as Any) == UInt(bitPattern: valueClass))
        #endif
        #expect(payload.objectClass(of: 0.25 as Any) == nil, "not an object: the runtime is asked")
        #expect(payload.objectClass(of: [1, 2] as Any) == nil)
        for v: Any in [value, number, 0.25, "ab", [1, 2], NSNull()] {
            #expect(ExistentialPayload.dynamicClass(of: v, payload) == ExistentialPayload.metadataWord(type(of: v)), "\(v)")
            #expect(ExistentialPayload.dynamicClass(of: v, nil) == ExistentialPayload.metadataWord(type(of: v)), "\(v)")
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

    /// A decode's result, comparable bit for bit (NaN equals NaN).
    struct Outcome: Hashable, CustomStringConvertible {
        var bits: [UInt64?]
        var error: UserInfoDecodingError?

        init(name: String, _ info: [AnyHashable: Any], _ reading: NSValueReading, _ payload: ExistentialPayload?, inPlace: Bool) {
            do {
                bits = Self.bits(try UserInfoDecoder.decode(name: name, userInfo: info, reading: reading, payload: payload, inPlace: inPlace))
                error = nil
            } catch {
                bits = []
                self.error = error
            }
        }

        static func bits(_ n: KeyboardNotification) -> [UInt64?] {
            func r(_ r: KBRect?) -> [UInt64?] { [r?.origin.x.bitPattern, r?.origin.y.bitPattern, r?.size.width.bitPattern, r?.size.height.bitPattern] }
            return r(n.frameBegin) + r(n.frameEnd) + [
                n.bounds?.width.bitPattern, n.bounds?.height.bitPattern, n.centerBegin?.x.bitPattern, n.centerBegin?.y.bitPattern,
                n.centerEnd?.x.bitPattern, n.centerEnd?.y.bitPattern, n.duration?.bitPattern, n.curve.map { UInt64(bitPattern: Int64($0)) },
                n.isLocal.map { $0 ? 1 : 0 }, UInt64(KeyboardNotification.Name.allCases.firstIndex(of: n.name)!),
            ]
        }

        var description: String { error.map { "\($0)" } ?? "\(bits)" }
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
