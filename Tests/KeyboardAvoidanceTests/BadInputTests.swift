import KeyboardAvoidance
import KeyboardGeometry
import Testing

/// Bad input answers ignore with a typed reason and leaves the state exactly
/// as it was; nothing traps. (A hide is the exception: it is answered by its
/// name, see `ContractTests`.)
@Suite("Bad input")
struct BadInputTests {
    static let screen = Fixtures.layout(375, 667)

    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var notification: KeyboardNotification
        var reason: IgnoreReason
    }

    static let cases: [Case] = [
        Case(
            description: "NaN frameEnd", notification: Fixtures.note(.willShow, KBRect(x: 0, y: .nan, width: 375, height: 216)),
            reason: .invalid(.frameEnd, .nonFinite)),
        Case(
            description: "infinite frameEnd", notification: Fixtures.note(.willShow, KBRect(x: 0, y: 451, width: .infinity, height: 216)),
            reason: .invalid(.frameEnd, .nonFinite)),
        Case(
            description: "negative height", notification: Fixtures.note(.willShow, KBRect(x: 0, y: 451, width: 375, height: -216)),
            reason: .invalid(.frameEnd, .negative)),
        Case(
            description: "absurd origin", notification: Fixtures.note(.willShow, KBRect(x: 0, y: 1e12, width: 375, height: 216)),
            reason: .invalid(.frameEnd, .absurdMagnitude)),
        Case(
            description: "NaN frameBegin",
            notification: Fixtures.note(.willShow, Fixtures.docked(375, 667, 216), begin: KBRect(x: .nan, y: 0, width: 1, height: 1)),
            reason: .invalid(.frameBegin, .nonFinite)),
        Case(
            description: "NaN duration",
            notification: KeyboardNotification(name: .willShow, frameEnd: Fixtures.docked(375, 667, 216), duration: .nan),
            reason: .invalid(.duration, .nonFinite)),
        Case(
            description: "negative duration",
            notification: KeyboardNotification(name: .willShow, frameEnd: Fixtures.docked(375, 667, 216), duration: -1),
            reason: .invalid(.duration, .negative)),
        Case(
            description: "hour-long duration",
            notification: KeyboardNotification(name: .willShow, frameEnd: Fixtures.docked(375, 667, 216), duration: 3600),
            reason: .invalid(.duration, .absurdMagnitude)),
        Case(
            description: "NaN legacy center",
            notification: KeyboardNotification(name: .didShow, bounds: KBSize(width: 320, height: 216), centerEnd: KBPoint(x: .nan, y: 0)),
            reason: .invalid(.centerEnd, .nonFinite)),
        Case(
            description: "negative legacy bounds",
            notification: KeyboardNotification(name: .didShow, bounds: KBSize(width: -320, height: 216), centerEnd: KBPoint(x: 160, y: 372)),
            reason: .invalid(.bounds, .negative)),
        Case(description: "no frame at all", notification: KeyboardNotification(name: .willShow), reason: .missingFrame),
    ]

    @Test(arguments: cases)
    func badNotificationsAreIgnoredWithoutTouchingTheState(c: Case) {
        var avoider = KeyboardAvoider()
        _ = avoider.focusBegan(Fixtures.field(560), in: Self.screen)
        _ = avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: Self.screen)
        let before = avoider
        #expect(avoider.received(c.notification, in: Self.screen) == .ignore(c.reason))
        #expect(avoider == before)
    }

    @Test func badLayoutsAreIgnoredWithTheirKey() {
        var avoider = KeyboardAvoider()
        var layout = Self.screen
        layout.scrollView.frame.size.height = .nan
        #expect(avoider.layoutChanged(layout) == .ignore(.invalid(.scrollViewFrame, .nonFinite)))
        layout = Self.screen
        layout.scrollView.safeArea.bottom = -1
        #expect(avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: layout) == .ignore(.invalid(.safeArea, .negative)))
        layout = Self.screen
        layout.scrollView.contentSize.height = .infinity
        #expect(avoider.viewAppeared(in: layout) == .ignore(.invalid(.contentSize, .nonFinite)))
        layout = Self.screen
        layout.scrollView.contentOffset.y = -1e300
        #expect(avoider.focusEnded(in: layout) == .ignore(.invalid(.contentOffset, .absurdMagnitude)))
        #expect(avoider == KeyboardAvoider())
    }

    @Test func badFieldsAndPoliciesAreIgnored() {
        var avoider = KeyboardAvoider()
        #expect(
            avoider.focusBegan(FocusedField(frame: KBRect(x: 0, y: .nan, width: 1, height: 1)), in: Self.screen)
                == .ignore(.invalid(.field, .nonFinite)))
        #expect(
            avoider.focusBegan(
                FocusedField(frame: KBRect(x: 0, y: 0, width: 1, height: 1), caret: KBRect(x: 0, y: 0, width: -1, height: 1)), in: Self.screen)
                == .ignore(.invalid(.caret, .negative)))
        var bad = KeyboardAvoider(policy: AvoidancePolicy(distance: -5))
        #expect(bad.layoutChanged(Self.screen) == .ignore(.invalid(.distance, .negative)))
        #expect(avoider.focusedField == nil)
    }

    @Test func reasonsHaveStableCodes() {
        #expect(IgnoreReason.invalid(.frameEnd, .nonFinite).code == "invalid.frameEnd.nonFinite")
        #expect(IgnoreReason.missingFrame.code == "missingFrame")
        #expect(IgnoreReason.viewNotVisible.description == "viewNotVisible")
    }
}
