import KeyboardAvoidance
import KeyboardGeometry
import Testing

/// The points docs/contract.md settles, one test each.
@Suite("Contract")
struct ContractTests {
    static let phone = Fixtures.layout(375, 667, content: 2000)

    // MARK: Hides

    struct BadHide: Sendable, CustomStringConvertible {
        var description: String
        var notification: KeyboardNotification
        var animation: KeyboardAnimation
    }

    static let badHides: [BadHide] = [
        BadHide(
            description: "NaN frames",
            notification: KeyboardNotification(
                name: .willHide, frameBegin: KBRect(x: .nan, y: 0, width: 1, height: 1), frameEnd: KBRect(x: 0, y: .nan, width: 1, height: 1),
                duration: 0.4, curve: 7),
            animation: KeyboardAnimation(duration: 0.4, curve: 7)),
        BadHide(
            description: "infinite duration",
            notification: KeyboardNotification(name: .willHide, frameEnd: Fixtures.docked(375, 667, 216), duration: .infinity, curve: 7),
            animation: .systemDefault),
        BadHide(
            description: "NaN duration", notification: KeyboardNotification(name: .didHide, duration: .nan, curve: 3),
            animation: KeyboardAnimation(duration: 0.25, curve: 3)),
        BadHide(description: "negative duration", notification: KeyboardNotification(name: .willHide, duration: -1), animation: .systemDefault),
        BadHide(
            description: "absurd legacy keys",
            notification: KeyboardNotification(name: .willHide, bounds: KBSize(width: -1, height: 1e300), centerEnd: KBPoint(x: .infinity, y: 0)),
            animation: .systemDefault),
    ]

    /// A hide's meaning is its name: its frames are never read, and an
    /// unusable duration falls back to the system's 0.25 s.
    @Test(arguments: badHides)
    func aHideRestoresWhateverItsPayloadCarries(c: BadHide) {
        var avoider = KeyboardAvoider()
        _ = avoider.focusBegan(Fixtures.field(560), in: Self.phone)
        _ = avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: Self.phone)
        let action = avoider.received(c.notification, in: Self.phone)
        #expect(action.isRestore)
        #expect(action.adjustment?.animation == c.animation)
        #expect(avoider.keyboard == .offScreen)
    }

    /// iOS 26 reports the input accessory's height in the frames around a
    /// hide; a frame change to a docked frame between WillHide and DidHide
    /// is part of the hide. After the DidHide, a docked frame change is a
    /// keyboard again (the shortcuts bar of a hardware keyboard).
    @Test func aDockedFrameChangeBetweenWillHideAndDidHideIsPartOfTheHide() {
        var avoider = KeyboardAvoider()
        let layout = Self.phone
        let accessory = KBRect(x: 0, y: 667 - 44, width: 375, height: 44)
        _ = avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: layout)
        #expect(avoider.received(Fixtures.note(.willChangeFrame, accessory), in: layout).appliedBottom == 44)
        #expect(avoider.received(Fixtures.note(.willHide, accessory), in: layout).isRestore)
        #expect(avoider.received(Fixtures.note(.didChangeFrame, accessory), in: layout).ignoreReason == .partOfHide)
        #expect(avoider.received(Fixtures.note(.didHide, accessory), in: layout).ignoreReason == .noKeyboard)
        #expect(avoider.keyboard == .offScreen)
        #expect(avoider.received(Fixtures.note(.willChangeFrame, accessory), in: layout).appliedBottom == 44, "after DidHide it is a keyboard again")
    }

    /// Undocking on iPad: WillHide, then frame changes to a mid-screen frame,
    /// which are honoured (no DidHide comes).
    @Test func aFloatingFrameChangeAfterWillHideIsHonoured() {
        var avoider = KeyboardAvoider()
        let layout = Fixtures.layout(768, 1024, content: 2000)
        _ = avoider.focusBegan(Fixtures.field(500), in: layout)
        _ = avoider.received(Fixtures.note(.willShow, Fixtures.docked(768, 1024, 264)), in: layout)
        _ = avoider.received(Fixtures.note(.willHide, nil), in: layout)
        let undocked = KBRect(x: 0, y: 480, width: 768, height: 264)
        _ = avoider.received(Fixtures.note(.willChangeFrame, undocked), in: layout)
        #expect(avoider.keyboard == .floating(undocked))
        // Docking again after the undock is a keyboard too.
        #expect(avoider.received(Fixtures.note(.willChangeFrame, Fixtures.docked(768, 1024, 264)), in: layout).appliedBottom == 264)
    }

    // MARK: Late Did notifications

    /// A rotation during the show overtakes three announcements (the show,
    /// the rotation's off-screen frame, its hide) before the new
    /// orientation's show; the first show's Did notifications arrive last,
    /// with the old orientation's frames, and are stale.
    @Test func aDidThreeAnnouncementsLateIsStale() {
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 10))
        let portrait = Fixtures.layout(320, 480, content: 1000)
        let p = KBRect(x: 0, y: 227, width: 320, height: 253)
        _ = avoider.focusBegan(Fixtures.field(140), in: portrait)
        _ = avoider.received(Fixtures.note(.willChangeFrame, p), in: portrait)
        _ = avoider.received(Fixtures.note(.willShow, p), in: portrait)
        _ = avoider.received(Fixtures.note(.willChangeFrame, KBRect(x: 0, y: 480, width: 320, height: 253)), in: portrait)
        _ = avoider.received(Fixtures.note(.willHide, nil), in: portrait)
        _ = avoider.received(Fixtures.note(.didHide, nil), in: portrait)
        let landscape = Fixtures.layout(480, 320, content: 1000, orientation: .landscapeRight)
        let l = KBRect(x: 0, y: 127, width: 480, height: 193)
        _ = avoider.received(Fixtures.note(.willChangeFrame, l), in: landscape)
        _ = avoider.received(Fixtures.note(.willShow, l), in: landscape)
        _ = avoider.received(Fixtures.note(.didShow, l), in: landscape)
        let before = avoider
        #expect(avoider.received(Fixtures.note(.didChangeFrame, p), in: landscape).ignoreReason == .stale)
        #expect(avoider.received(Fixtures.note(.didShow, p), in: landscape).ignoreReason == .stale)
        #expect(avoider == before)
        #expect(avoider.keyboard == .docked(l))
    }

    /// Without a rotation: a third-party keyboard announces three heights
    /// in a row, and the first one's Did arrives after the third was
    /// announced. The first was overtaken two announcements back; it is
    /// stale, and the keyboard stays the third (the engine remembers four).
    @Test func aDidTwoAnnouncementsLateIsStaleInTheSameOrientation() {
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 10))
        let layout = Self.phone
        _ = avoider.focusBegan(Fixtures.field(300), in: layout)
        let first = Fixtures.docked(375, 667, 216), second = Fixtures.docked(375, 667, 260), third = Fixtures.docked(375, 667, 300)
        _ = avoider.received(Fixtures.note(.willShow, first), in: layout)
        _ = avoider.received(Fixtures.note(.willShow, second), in: layout)
        #expect(avoider.received(Fixtures.note(.willShow, third), in: layout).appliedBottom == 310)
        let before = avoider
        #expect(avoider.received(Fixtures.note(.didShow, first), in: layout).ignoreReason == .stale)
        #expect(avoider == before)
        #expect(avoider.keyboard == .docked(third))
    }

    /// A hide overtaken by a show before its DidHide (the keyboard dismissed
    /// and a field tapped at once): the late DidHide is stale and must not
    /// take the new keyboard's inset away.
    @Test func aDidHideOvertakenByAShowIsStale() {
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 10))
        let layout = Self.phone
        let k = Fixtures.docked(375, 667, 216)
        _ = avoider.focusBegan(Fixtures.field(300), in: layout)
        _ = avoider.received(Fixtures.note(.willShow, k), in: layout)
        _ = avoider.received(Fixtures.note(.didShow, k), in: layout)
        #expect(avoider.received(Fixtures.note(.willHide, Fixtures.docked(375, 667, 0).offsetBy(dx: 0, dy: 216)), in: layout).isRestore)
        #expect(avoider.received(Fixtures.note(.willShow, k), in: layout).appliedBottom == 226)
        #expect(avoider.received(Fixtures.note(.didHide, nil), in: layout).ignoreReason == .stale)
        #expect(avoider.keyboard == .docked(k))
    }

    /// iOS ≤ 7 frames are in the fixed portrait space, whose conversion
    /// depends on the orientation; announcements are compared as sent, so a
    /// late Did is recognised across a rotation.
    @Test func aLateFixedSpaceDidIsStaleAcrossARotation() {
        var avoider = KeyboardAvoider(frameSpace: .fixedPortrait)
        let portrait = Fixtures.layout(768, 1024, content: 2000)
        let p = KBRect(x: 0, y: 760, width: 768, height: 264)
        _ = avoider.received(Fixtures.note(.willShow, p), in: portrait)
        _ = avoider.received(Fixtures.note(.willHide, nil), in: portrait)
        let landscape = Fixtures.layout(1024, 768, content: 2000, orientation: .landscapeRight)
        let l = KBRect(x: 0, y: 0, width: 352, height: 1024)
        #expect(avoider.received(Fixtures.note(.willShow, l), in: landscape).appliedBottom == 352)
        #expect(avoider.received(Fixtures.note(.didShow, p), in: landscape).ignoreReason == .stale)
    }

    /// A Did that no Will announced (the floating keyboard's
    /// DidChangeFrame) is honoured.
    @Test func aDidNoWillAnnouncedIsHonoured() {
        var avoider = KeyboardAvoider()
        let layout = Fixtures.layout(1024, 768, content: 2000)
        _ = avoider.received(Fixtures.note(.willShow, Fixtures.docked(1024, 768, 352)), in: layout)
        let mini = KBRect(x: 650, y: 400, width: 320, height: 250)
        _ = avoider.received(Fixtures.note(.didChangeFrame, mini), in: layout)
        #expect(avoider.keyboard == .floating(mini))
    }

    // MARK: Distance

    /// The distance is measured from the keyboard. With the app's own 44 pt
    /// bottom inset (a toolbar) and a keyboard covering only 30 pt, the
    /// toolbar's edge is 14 pt above the keyboard: it bounds the field, and
    /// no more distance is needed. With a keyboard covering 40 pt, the edge
    /// is 4 pt above it: 6 pt more are kept.
    @Test func theDistanceIsMeasuredFromTheKeyboardNotFromTheBand() {
        let layout = Fixtures.layout(375, 667, inset: KBEdgeInsets(bottom: 44), content: 2000)
        var a = KeyboardAvoider(policy: AvoidancePolicy(distance: 10))
        _ = a.focusBegan(Fixtures.field(600), in: layout)
        // The band ends at 667 − 44 = 623; the field (600…644) needs 644 − 623.
        #expect(a.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 30)), in: layout).offsetY == 21)
        var b = KeyboardAvoider(policy: AvoidancePolicy(distance: 10))
        _ = b.focusBegan(Fixtures.field(600), in: layout)
        #expect(b.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 40)), in: layout).offsetY == 27)
    }

    /// Continuity: a keyboard top a rounding error above or below the app's
    /// own inset edge asks for the same offset (the seed-42 counterexample
    /// turned on exactly this).
    @Test func theDistanceIsContinuousWhereTheKeyboardMeetsTheAppsInset() {
        let layout = Fixtures.layout(375, 667, inset: KBEdgeInsets(bottom: 44), content: 2000)
        var offsets: [Double] = []
        for height in [44 - 1e-9, 44, 44 + 1e-9] {
            var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 10))
            _ = avoider.focusBegan(Fixtures.field(600), in: layout)
            offsets.append(avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, height)), in: layout).offsetY ?? .nan)
        }
        #expect(offsets.allSatisfy { abs($0 - (644 + 10 - 623)) < 1e-6 }, "\(offsets)")
    }

    /// The distance applies to undocked and floating keyboards too: the field
    /// sits 10 pt above (or below) them.
    @Test func theDistanceAppliesToFloatingKeyboards() {
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 10))
        let layout = Fixtures.layout(768, 1024, content: 2000)
        _ = avoider.focusBegan(Fixtures.field(500), in: layout)
        let undocked = KBRect(x: 0, y: 520, width: 768, height: 264)
        #expect(avoider.received(Fixtures.note(.didChangeFrame, undocked), in: layout).offsetY == Double(544 + 10 - 520))
    }

    // MARK: Tall fields

    /// A tall field whose top is already visible, but lower in the band, is
    /// still moved: `top` aligns its top with the band's (the most of it is
    /// then shown), `centre` centres it. Showing only its top is not enough.
    @Test func aTallFieldIsAlignedNotMerelyShown() {
        // 375 × 667, keyboard 216: the band is 0…451; the field 600 pt tall.
        let layout = Fixtures.layout(375, 667, content: 3000, offset: 900)
        var top = KeyboardAvoider(policy: AvoidancePolicy(distance: 10, tallField: .top))
        _ = top.focusBegan(Fixtures.field(1000, height: 600), in: layout)
        // At offset 900 the field's top is at 100, inside the band.
        #expect(top.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: layout).offsetY == 1000)
        var centre = KeyboardAvoider(policy: AvoidancePolicy(tallField: .centre))
        _ = centre.focusBegan(Fixtures.field(1000, height: 600), in: layout)
        #expect(centre.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: layout).offsetY == Double(1300 - 225.5))
    }

    // MARK: Floating keyboards

    /// A floating keyboard across the field with as much room above as
    /// below: the band above wins the tie.
    @Test func aTieBetweenTheBandsGoesToTheBandAbove() {
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 10))
        let layout = Fixtures.layout(768, 1024, content: 3000, offset: 500)
        // The field is at 1000…1044 in content, 500…544 on screen; the
        // keyboard 480…564. Above: 544 + 10 − 480 = 74 down (offset 574);
        // below: 564 + 10 − 500 = 74 up (offset 426). Equally far.
        _ = avoider.focusBegan(Fixtures.field(1000), in: layout)
        let keyboard = KBRect(x: 0, y: 480, width: 768, height: 84)
        #expect(avoider.received(Fixtures.note(.didChangeFrame, keyboard), in: layout).offsetY == 574)
    }

    // MARK: Layout

    /// A layout change's content inset is the app's new own inset: the
    /// keyboard's inset is recomputed from it, never added to it.
    @Test func aLayoutsContentInsetIsTheAppsNewOwnInset() {
        var avoider = KeyboardAvoider()
        var layout = Self.phone
        _ = avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: layout)
        layout.scrollView.contentInset = KBEdgeInsets(top: 64, bottom: 300)
        guard case .apply(let a) = avoider.layoutChanged(layout) else {
            Issue.record("expected an apply")
            return
        }
        #expect(a.contentInset == KBEdgeInsets(top: 64, bottom: 300), "the app's 300 already clears the 216 pt keyboard")
        layout.scrollView.contentInset = KBEdgeInsets(top: 64, bottom: 10)
        #expect(avoider.layoutChanged(layout).appliedBottom == 216)
        #expect(avoider.received(Fixtures.note(.willHide, nil), in: layout).adjustment?.contentInset == KBEdgeInsets(top: 64, bottom: 10))
    }

    /// The app sets its own inset while ours is on (a toolbar shown under
    /// the keyboard, or the inset set again in a layout pass): UIKit now
    /// holds the app's, so ours is applied again, though it comes out as it
    /// was. A layout change alone with the same own inset changes nothing;
    /// where the app's inset is the answer, nothing is set.
    @Test func anOwnInsetSetUnderAShownKeyboardIsAppliedAgain() {
        var avoider = KeyboardAvoider()
        var layout = Self.phone
        let shown = avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: layout).appliedBottom
        #expect(shown == 216)
        layout.scrollView.contentInset = KBEdgeInsets(bottom: 44)
        #expect(avoider.ownInsetSet(in: layout).appliedBottom == 216, "the app's 44 pt replaced our 216 on the scroll view")
        #expect(avoider.layoutChanged(layout).ignoreReason == .unchanged, "a layout alone: ours is still on")
        #expect(avoider.ownInsetSet(in: layout).appliedBottom == 216, "the same 44 set again replaced ours again")
        layout.scrollView.contentInset = KBEdgeInsets(bottom: 300)
        #expect(avoider.ownInsetSet(in: layout).ignoreReason == .unchanged, "the app's 300 clear the keyboard: it is the answer")
        #expect(avoider.received(Fixtures.note(.willHide, nil), in: layout).adjustment?.contentInset == KBEdgeInsets(bottom: 300), "the app's own")
        #expect(avoider.ownInsetSet(in: layout).ignoreReason == .noKeyboard, "with no keyboard, the app's inset is all there is")
    }

    // MARK: Legacy keys

    /// iPhone OS 3 in landscape: the bounds are the keyboard's size as the
    /// interface sees it (480 × 162), the centre is in the fixed portrait
    /// space: (239, 240) is a 162 × 480 rect from x 158 to 320 there, which
    /// in landscapeLeft is the bottom 162 points of the 480 × 320 interface.
    /// Read without the transposition, the same payload was a 480 pt tall
    /// keyboard across the whole screen.
    @Test func iPhoneOS3BoundsAreTheInterfacesSizeInLandscape() {
        var avoider = KeyboardAvoider(frameSpace: .fixedPortrait)
        let layout = Fixtures.layout(480, 320, content: 1000, orientation: .landscapeLeft)
        let n = KeyboardNotification(name: .didShow, bounds: KBSize(width: 480, height: 162), centerEnd: KBPoint(x: 239, y: 240))
        #expect(avoider.received(n, in: layout).appliedBottom == 162)
        #expect(avoider.keyboard == .docked(KBRect(x: 0, y: 158, width: 480, height: 162)))
        var portrait = KeyboardAvoider(frameSpace: .fixedPortrait)
        let upright = KeyboardNotification(name: .didShow, bounds: KBSize(width: 320, height: 216), centerEnd: KBPoint(x: 160, y: 372))
        _ = portrait.received(upright, in: Fixtures.layout(320, 480, content: 1000))
        #expect(portrait.keyboard == .docked(KBRect(x: 0, y: 264, width: 320, height: 216)), "portrait: no transposition")
    }
}
