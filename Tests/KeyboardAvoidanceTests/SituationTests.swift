import KeyboardAvoidance
import KeyboardGeometry
import Testing

/// The situations of docs/design.md beyond a plain docked keyboard.
@Suite("Keyboard situations")
struct SituationTests {
    @Test func aFrameBeforeTheFocusEventInsetsFirstThenScrolls() {
        var avoider = KeyboardAvoider()
        let layout = Fixtures.layout(375, 667)
        let early = avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: layout)
        #expect(early.appliedBottom == 216)
        #expect(early.offsetY == nil, "no field yet: nothing to scroll")
        let focus = avoider.focusBegan(Fixtures.field(500), in: layout)
        #expect(focus.appliedBottom == 216)
        #expect(focus.offsetY == Double(544 - 451))
    }

    @Test func switchingFocusScrollsOnlyWhenTheNewFieldIsHidden() {
        var avoider = KeyboardAvoider()
        var layout = Fixtures.layout(375, 667, content: 1400)
        _ = avoider.focusBegan(Fixtures.field(100), in: layout)
        _ = avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: layout)
        // iOS repeats WillShow/DidShow on a switch; the field below is hidden.
        let toHidden = avoider.focusBegan(Fixtures.field(900), in: layout)
        #expect(toHidden.offsetY == Double(944 - 451))
        layout.scrollView.contentOffset.y = 493
        #expect(avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: layout).ignoreReason == .unchanged)
        // Back up to a field that is visible at this offset: no scroll.
        let toVisible = avoider.focusBegan(Fixtures.field(700), in: layout)
        #expect(toVisible.ignoreReason == .unchanged)
        // Dozens of rapid switches end where the last one says.
        var last: AvoidanceAction = .ignore(.unchanged)
        for i in 0..<40 { last = avoider.focusBegan(Fixtures.field(i % 2 == 0 ? 50 : 1300), in: layout) }
        #expect(last.offsetY == Double(1344 - 451))
    }

    @Test func rotationHidesAndShowsWithTheNewGeometry() {
        var avoider = KeyboardAvoider()
        let portrait = Fixtures.layout(375, 667)
        _ = avoider.focusBegan(Fixtures.field(560), in: portrait)
        _ = avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: portrait)
        let landscape = Fixtures.layout(667, 375, content: 1000, orientation: .landscapeLeft)
        #expect(avoider.received(Fixtures.note(.willHide, nil), in: landscape).isRestore)
        #expect(avoider.received(Fixtures.note(.didHide, nil), in: landscape).ignoreReason == .noKeyboard)
        let show = avoider.received(Fixtures.note(.willShow, Fixtures.docked(667, 375, 162)), in: landscape)
        #expect(show.appliedBottom == 162)
        #expect(show.offsetY == Double(604 - 213))
        // iPad iOS 8.3 was reported to send the pair twice.
        var scrolled = landscape
        scrolled.scrollView.contentOffset.y = 391
        #expect(avoider.received(Fixtures.note(.willShow, Fixtures.docked(667, 375, 162)), in: scrolled).ignoreReason == .unchanged)
    }

    @Test func iOS7LandscapeFramesAreRotatedNotReadAsHeight() {
        // iPad landscapeRight on iOS 7: the keyboard arrives as a tall rect at
        // the fixed space's left edge; its "height" is 1024.
        var avoider = KeyboardAvoider(frameSpace: .fixedPortrait)
        let layout = Fixtures.layout(1024, 768, orientation: .landscapeRight)
        let action = avoider.received(Fixtures.note(.didShow, KBRect(x: 0, y: 0, width: 352, height: 1024)), in: layout)
        #expect(action.appliedBottom == 352)
        var left = KeyboardAvoider(frameSpace: .fixedPortrait)
        let leftLayout = Fixtures.layout(1024, 768, orientation: .landscapeLeft)
        #expect(left.received(Fixtures.note(.didShow, KBRect(x: 416, y: 0, width: 352, height: 1024)), in: leftLayout).appliedBottom == 352)
    }

    @Test func iPhoneOS3LegacyKeysPlaceTheKeyboardByItsCenter() {
        var avoider = KeyboardAvoider(frameSpace: .fixedPortrait)
        let layout = Fixtures.layout(320, 480)
        let n = KeyboardNotification(name: .didShow, bounds: KBSize(width: 320, height: 216), centerEnd: KBPoint(x: 160, y: 372))
        #expect(avoider.received(n, in: layout).appliedBottom == 216)
        // iPhone OS 3 sends WillHide without DidHide on an owner change.
        #expect(avoider.received(KeyboardNotification(name: .willHide, bounds: KBSize(width: 320, height: 216)), in: layout).isRestore)
        #expect(avoider.received(n, in: layout).appliedBottom == 216)
    }

    @Test func boundsAloneIsNotAFrame() {
        var avoider = KeyboardAvoider()
        let n = KeyboardNotification(name: .didShow, bounds: KBSize(width: 320, height: 216))
        #expect(avoider.received(n, in: Fixtures.layout(320, 480)).ignoreReason == .missingFrame)
    }

    @Test func undockedAndSplitKeyboardsGetNoInsetButTheFieldIsKeptClear() {
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 10))
        let layout = Fixtures.layout(768, 1024, content: 2000)
        _ = avoider.focusBegan(Fixtures.field(500), in: layout)
        _ = avoider.received(Fixtures.note(.willShow, Fixtures.docked(768, 1024, 264)), in: layout)
        // Undocking: WillHide, then frame changes with a mid-screen frame.
        #expect(avoider.received(Fixtures.note(.willHide, nil), in: layout).isRestore)
        let undocked = KBRect(x: 0, y: 480, width: 768, height: 264)
        let action = avoider.received(Fixtures.note(.didChangeFrame, undocked), in: layout)
        guard case .apply(let a) = action else {
            Issue.record("expected an apply, got \(action)")
            return
        }
        #expect(a.contentInset.bottom == 0, "a floating keyboard gets no bottom inset")
        // The field (500...544) overlaps 480...744: above needs 544 + 10 − 480
        // = 74; below needs 500 − 10 − 744 = −254 (reachable: offset ≥ 0 is
        // not, so above wins).
        #expect(a.contentOffset?.y == 74)
    }

    @Test func aFloatingKeyboardBesideTheFieldChangesNothing() {
        var avoider = KeyboardAvoider()
        let layout = Fixtures.layout(1024, 768, content: 2000)
        _ = avoider.focusBegan(FocusedField(frame: KBRect(x: 20, y: 500, width: 300, height: 44)), in: layout)
        // The mini keyboard floats at the right; it sends only DidChangeFrame.
        let mini = KBRect(x: 650, y: 400, width: 320, height: 250)
        #expect(avoider.received(Fixtures.note(.didChangeFrame, mini), in: layout).ignoreReason == .unchanged)
    }

    @Test func zeroFramesMeanNoKeyboard() {
        var avoider = KeyboardAvoider()
        let layout = Fixtures.layout(375, 667)
        _ = avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: layout)
        #expect(avoider.received(Fixtures.note(.willChangeFrame, .zero), in: layout).isRestore)
        #expect(avoider.keyboard == .offScreen)
    }

    @Test func reduceMotionHidesWithAnOnScreenFrameStillRestore() {
        var avoider = KeyboardAvoider()
        let layout = Fixtures.layout(375, 667)
        let frame = Fixtures.docked(375, 667, 216)
        _ = avoider.received(Fixtures.note(.willShow, frame), in: layout)
        #expect(avoider.received(Fixtures.note(.willHide, frame, begin: frame), in: layout).isRestore)
    }

    @Test func anotherAppsKeyboardInsetsButNeverScrolls() {
        var avoider = KeyboardAvoider()
        let layout = Fixtures.layout(1024, 768)
        let action = avoider.received(Fixtures.note(.willShow, Fixtures.docked(1024, 768, 352), isLocal: false), in: layout)
        #expect(action.appliedBottom == 352)
        #expect(action.offsetY == nil)
    }

    @Test func offScreenViewsAreNotMovedUntilTheyAppear() {
        var avoider = KeyboardAvoider(visible: false)
        let layout = Fixtures.layout(375, 667)
        _ = avoider.focusBegan(Fixtures.field(560), in: layout)
        #expect(avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: layout).ignoreReason == .viewNotVisible)
        let appear = avoider.viewAppeared(in: layout)
        #expect(appear.appliedBottom == 216)
        #expect(avoider.viewDisappeared(in: layout).isRestore)
        #expect(avoider.received(Fixtures.note(.willHide, nil), in: layout).ignoreReason == .viewNotVisible)
        #expect(avoider.viewAppeared(in: layout).ignoreReason == .noKeyboard)
    }

    @Test func slideOverWindowsAreConvertedFromScreenSpace() {
        // A 320-wide Slide Over window at the right of a landscape iPad.
        var avoider = KeyboardAvoider()
        let window = KBRect(x: 704, y: 0, width: 320, height: 768)
        let layout = Fixtures.layout(1024, 768, window: window)
        #expect(avoider.received(Fixtures.note(.willShow, Fixtures.docked(1024, 768, 352)), in: layout).appliedBottom == 352)
    }

    /// A docked keyboard lies across the view only when their columns
    /// overlap: one that ends where the view begins, or begins where it
    /// ends (side by side, touching), covers nothing of it.
    @Test func aKeyboardBesideTheViewTouchingItGetsNoInset() {
        let left = KBRect(x: 0, y: 0, width: 512, height: 768), right = KBRect(x: 512, y: 0, width: 512, height: 768)
        for (window, keyboard) in [(right, KBRect(x: 0, y: 416, width: 512, height: 352)), (left, KBRect(x: 512, y: 416, width: 512, height: 352))] {
            var avoider = KeyboardAvoider()
            let layout = Fixtures.layout(1024, 768, window: window)
            #expect(avoider.received(Fixtures.note(.willShow, keyboard), in: layout).ignoreReason == .unchanged, "window \(window)")
            // One point of overlap is across it.
            let across = keyboard.offsetBy(dx: window == right ? 1 : -1, dy: 0)
            var other = KeyboardAvoider()
            #expect(other.received(Fixtures.note(.willShow, across), in: layout).appliedBottom == 352, "window \(window)")
        }
    }

    @Test func aScrollViewAboveTheKeyboardGetsNoInset() {
        // A form sheet ending at y = 700 on a 1024-tall screen; keyboard top 760.
        var avoider = KeyboardAvoider()
        let layout = Fixtures.layout(768, 1024, window: KBRect(x: 0, y: 100, width: 768, height: 600))
        #expect(avoider.received(Fixtures.note(.willShow, Fixtures.docked(768, 1024, 264)), in: layout).ignoreReason == .unchanged)
    }

    @Test func windowOffsetMovesTheOverlap() {
        // A form sheet from 100 to 900: the keyboard (top 760) covers 140 pt of it.
        var avoider = KeyboardAvoider()
        let layout = Fixtures.layout(768, 1024, window: KBRect(x: 84, y: 100, width: 600, height: 800))
        #expect(avoider.received(Fixtures.note(.willShow, Fixtures.docked(768, 1024, 264)), in: layout).appliedBottom == 140)
    }
}
