import Foundation
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardGeometry
import Testing

@Suite("userInfo decoding")
struct UserInfoDecoderTests {
    static let full = KeyboardNotification(
        name: .willShow, frameBegin: KBRect(x: 0, y: 667, width: 375, height: 258),
        frameEnd: KBRect(x: 0, y: 409, width: 375, height: 258), duration: 0.25, curve: 7, isLocal: true
    )

    @Test(arguments: KeyboardNotification.Name.allCases)
    func encodedPayloadsDecodeToTheSameNotification(name: KeyboardNotification.Name) throws {
        var n = Self.full
        n.name = name
        #expect(try UserInfoDecoder.decode(UserInfoEncoder.notification(for: n)) == n)
    }

    @Test func legacyKeysDecode() throws {
        let n = KeyboardNotification(
            name: .didShow, bounds: KBSize(width: 320, height: 216), centerBegin: KBPoint(x: 160, y: 588), centerEnd: KBPoint(x: 160, y: 372)
        )
        #expect(try UserInfoDecoder.decode(UserInfoEncoder.notification(for: n)) == n)
    }

    @Test func missingKeysDecodeToNil() throws {
        let n = try UserInfoDecoder.decode(name: "UIKeyboardDidHideNotification", userInfo: nil)
        #expect(n == KeyboardNotification(name: .didHide))
        let m = try UserInfoDecoder.decode(name: "UIKeyboardWillShowNotification", userInfo: ["UIKeyboardFrameEndUserInfoKey": NSNull()])
        #expect(m.frameEnd == nil)
    }

    @Test func swiftNumbersAreAcceptedAsUIKitsNSNumbers() throws {
        let info: [AnyHashable: Any] = [
            "UIKeyboardAnimationDurationUserInfoKey": 0.4, "UIKeyboardAnimationCurveUserInfoKey": 7,
            "UIKeyboardIsLocalUserInfoKey": false,
        ]
        let n = try UserInfoDecoder.decode(name: "UIKeyboardWillShowNotification", userInfo: info)
        #expect(n.duration == 0.4 && n.curve == 7 && n.isLocal == false)
    }

    /// isLocal given as a Swift integer (a test or a Swift caller posting its
    /// own notification) reads as the flag it spells: 1 true, 0 false; any
    /// other integer is no flag at all.
    @Test(arguments: [(1, true), (0, false)])
    func isLocalAsASwiftIntegerReadsAsItsFlag(value: Int, flag: Bool) throws {
        for number in [value as Any, UInt8(value) as Any] {
            let n = try UserInfoDecoder.decode(name: "UIKeyboardWillShowNotification", userInfo: ["UIKeyboardIsLocalUserInfoKey": number])
            #expect(n.isLocal == flag, "\(Swift.type(of: number)) \(value)")
        }
        #expect(throws: UserInfoDecodingError.self) {
            try UserInfoDecoder.decode(name: "UIKeyboardWillShowNotification", userInfo: ["UIKeyboardIsLocalUserInfoKey": 2])
        }
    }

    struct WrongCase: Sendable, CustomStringConvertible {
        var description: String
        var key: UserInfoKey
        // Built lazily: NSValue is not Sendable.
        var value: @Sendable () -> Any
        var found: String
    }

    static let wrong: [WrongCase] = [
        WrongCase(
            description: "point where a rect belongs", key: .frameEnd, value: { NSValue(point: CGPoint(x: 1, y: 2)) }, found: "NSValue({CGPoint=dd})"),
        WrongCase(description: "string rect", key: .frameBegin, value: { "{{0,0},{1,1}}" }, found: "String"),
        WrongCase(description: "number rect", key: .frameEnd, value: { NSNumber(value: 3) }, found: "NSNumber(3)"),
        WrongCase(description: "rect center", key: .centerEnd, value: { NSValue(rect: .zero) }, found: "NSValue({CGRect={CGPoint=dd}{CGSize=dd}})"),
        WrongCase(description: "string duration", key: .animationDuration, value: { "0.25" }, found: "String"),
        WrongCase(description: "fractional curve", key: .animationCurve, value: { 7.5 }, found: "Double"),
        // An NSNumber takes another path than a Swift Double: it must not be
        // truncated to 7 (`intValue`), nor wrap when huge.
        WrongCase(description: "fractional NSNumber curve", key: .animationCurve, value: { NSNumber(value: 7.5) }, found: "NSNumber(7.5)"),
        WrongCase(description: "huge NSNumber curve", key: .animationCurve, value: { NSNumber(value: 1e300) }, found: "NSNumber(1e+300)"),
        WrongCase(
            description: "rect duration", key: .animationDuration, value: { NSValue(rect: .zero) }, found: "NSValue({CGRect={CGPoint=dd}{CGSize=dd}})"
        ),
        WrongCase(description: "isLocal 2", key: .isLocal, value: { NSNumber(value: 2) }, found: "NSNumber(2)"),
        WrongCase(description: "array bounds", key: .bounds, value: { [1, 2] }, found: "Array<Int>"),
    ]

    @Test(arguments: wrong)
    func wrongTypesAreErrorsNamingTheKey(c: WrongCase) {
        let info: [AnyHashable: Any] = [c.key.rawValue: c.value()]
        #expect(throws: UserInfoDecodingError.self) { try UserInfoDecoder.decode(name: "UIKeyboardWillShowNotification", userInfo: info) }
        do {
            _ = try UserInfoDecoder.decode(name: "UIKeyboardWillShowNotification", userInfo: info)
        } catch {
            guard case .wrongType(let key, _, let found) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(key == c.key)
            #expect(found == c.found)
            #expect(error.description.contains(c.key.rawValue))
        }
    }

    @Test func nonKeyboardNotificationsAreRejected() {
        #expect(throws: UserInfoDecodingError.unknownNotification(name: "UIApplicationDidBecomeActiveNotification")) {
            try UserInfoDecoder.decode(name: "UIApplicationDidBecomeActiveNotification", userInfo: [:])
        }
    }

    @Test func nanAndInfinityPassThroughForTheEngineToReject() throws {
        let info: [AnyHashable: Any] = ["UIKeyboardFrameEndUserInfoKey": NSValue(rect: CGRect(x: 0, y: CGFloat.nan, width: 1, height: 1))]
        let n = try UserInfoDecoder.decode(name: "UIKeyboardWillShowNotification", userInfo: info)
        var avoider = KeyboardAvoider()
        let layout = LayoutSnapshot(
            screen: KBSize(width: 375, height: 667),
            scrollView: ScrollViewState(frame: KBRect(x: 0, y: 0, width: 375, height: 667), contentSize: KBSize(width: 375, height: 667)))
        #expect(avoider.received(n, in: layout) == .ignore(.invalid(.frameEnd, .nonFinite)))
    }
}
