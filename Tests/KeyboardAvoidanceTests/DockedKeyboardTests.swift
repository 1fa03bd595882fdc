import KeyboardAvoidance
import KeyboardGeometry
import Testing

/// First focus on concrete devices: the inset is the keyboard's overlap
/// minus the safe area UIKit adds itself, and a field hidden by the keyboard
/// is scrolled to sit `distance` above it.
@Suite("Docked keyboards on concrete devices")
struct DockedKeyboardTests {
    struct Row: Sendable, CustomStringConvertible {
        var screen: KBSize
        var keyboard: Double
        var safe: KBEdgeInsets
        var inset: Double
        var offset: Double
        var description: String { "\(Int(screen.width))×\(Int(screen.height)) kb \(keyboard)" }
    }

    // Field: 44 pt tall at y = height − 100 in content of height + 200;
    // distance 10. Expected offset = field.maxY + 10 − (height − keyboard)
    // = keyboard − 46, worked out per row; expected inset = keyboard + 10
    // (the distance is in the inset) − the safe area's bottom.
    static let rows: [Row] = [
        Row(screen: KBSize(width: 320, height: 568), keyboard: 253, safe: .zero, inset: 263, offset: 207),
        Row(screen: KBSize(width: 375, height: 667), keyboard: 258, safe: .zero, inset: 268, offset: 212),
        Row(screen: KBSize(width: 414, height: 736), keyboard: 271, safe: .zero, inset: 281, offset: 225),
        Row(screen: KBSize(width: 375, height: 812), keyboard: 335, safe: KBEdgeInsets(top: 44, bottom: 34), inset: 311, offset: 289),
        Row(screen: KBSize(width: 768, height: 1024), keyboard: 313, safe: KBEdgeInsets(top: 20), inset: 323, offset: 267),
        Row(screen: KBSize(width: 1024, height: 1366), keyboard: 378, safe: KBEdgeInsets(top: 24, bottom: 20), inset: 368, offset: 332),
    ]

    @Test(arguments: rows)
    func firstFocusInsetsByTheOverlapAndScrollsTheFieldClear(row: Row) {
        let w = row.screen.width, h = row.screen.height
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 10))
        let layout = Fixtures.layout(w, h, safe: row.safe, offset: -row.safe.top)
        #expect(avoider.focusBegan(Fixtures.field(h - 100), in: layout).ignoreReason == .noKeyboard)
        let action = avoider.received(Fixtures.note(.willShow, Fixtures.docked(w, h, row.keyboard)), in: layout)
        #expect(action.appliedBottom == row.inset)
        #expect(action.offsetY == row.offset)
        #expect(action.adjustment?.indicatorInsets == action.adjustment?.contentInset)
        #expect(action.adjustment?.animation == KeyboardAnimation(duration: 0.25, curve: 7))
    }

    @Test(arguments: rows)
    func hidingRestoresTheAppsOwnInsetExactly(row: Row) {
        let w = row.screen.width, h = row.screen.height
        var avoider = KeyboardAvoider()
        let own = KBEdgeInsets(top: 64, left: 0, bottom: 12, right: 0)
        let layout = Fixtures.layout(w, h, safe: row.safe, inset: own)
        _ = avoider.focusBegan(Fixtures.field(40), in: layout)
        _ = avoider.received(Fixtures.note(.willShow, Fixtures.docked(w, h, row.keyboard)), in: layout)
        let hide = avoider.received(Fixtures.note(.willHide, Fixtures.docked(w, h, row.keyboard).offsetBy(dx: 0, dy: row.keyboard)), in: layout)
        #expect(hide.isRestore)
        #expect(hide.adjustment?.contentInset == own)
        #expect(hide.adjustment?.indicatorInsets == own)
        #expect(avoider.received(Fixtures.note(.didHide, nil), in: layout).ignoreReason == .noKeyboard)
    }

    @Test func safeAreaIsNotCountedTwice() {
        let layout = Fixtures.layout(375, 812, safe: KBEdgeInsets(top: 44, bottom: 34))
        var automatic = KeyboardAvoider()
        #expect(automatic.received(Fixtures.note(.willShow, Fixtures.docked(375, 812, 335)), in: layout).appliedBottom == 301)
        var never = KeyboardAvoider()
        var manual = layout
        manual.scrollView.insetAdjustment = .never
        #expect(never.received(Fixtures.note(.willShow, Fixtures.docked(375, 812, 335)), in: manual).appliedBottom == 335)
    }

    @Test func theAppsOwnBottomInsetIsKeptWhenLargerThanTheOverlap() {
        // A 100 pt toolbar inset and the iPad shortcuts bar (55 pt visible).
        let layout = Fixtures.layout(768, 1024, inset: KBEdgeInsets(bottom: 100))
        var avoider = KeyboardAvoider()
        #expect(!avoider.isAdjusted, "nothing of ours before a keyboard")
        let bar = KBRect(x: 0, y: 969, width: 768, height: 313)
        let action = avoider.received(Fixtures.note(.willShow, bar), in: layout)
        #expect(action.ignoreReason == .unchanged, "the inset is already the app's 100")
        #expect(avoider.isAdjusted)
    }

    @Test func hardwareShortcutsBarCountsOnlyItsVisiblePart() {
        let layout = Fixtures.layout(768, 1024, safe: KBEdgeInsets(bottom: 20))
        var avoider = KeyboardAvoider()
        // 313 pt rect of which 55 pt are on screen.
        let action = avoider.received(Fixtures.note(.willShow, KBRect(x: 0, y: 969, width: 768, height: 313)), in: layout)
        #expect(action.appliedBottom == 35, "55 visible minus the 20 pt safe area UIKit adds")
    }

    @Test func aRepeatedNotificationChangesNothing() {
        let layout = Fixtures.layout(375, 667)
        var avoider = KeyboardAvoider()
        _ = avoider.focusBegan(Fixtures.field(560), in: layout)
        let show = Fixtures.note(.willShow, Fixtures.docked(375, 667, 216))
        let first = avoider.received(show, in: layout)
        guard case .apply(let a) = first, let y = a.contentOffset?.y else {
            Issue.record("expected an apply with an offset, got \(first)")
            return
        }
        var after = layout
        after.scrollView.contentOffset.y = y
        #expect(avoider.received(show, in: after).ignoreReason == .unchanged)
        #expect(avoider.received(Fixtures.note(.didShow, Fixtures.docked(375, 667, 216)), in: after).ignoreReason == .unchanged)
        #expect(avoider.received(Fixtures.note(.didChangeFrame, Fixtures.docked(375, 667, 216)), in: after).ignoreReason == .unchanged)
    }

    @Test func thirdPartyKeyboardsTripleWillShowEndsAtTheLastHeight() {
        // Reported: WillShow three times with heights 0, 216, ~258.
        let layout = Fixtures.layout(375, 667)
        var avoider = KeyboardAvoider()
        #expect(avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 0)), in: layout).ignoreReason == .noKeyboard)
        #expect(avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: layout).appliedBottom == 216)
        #expect(avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 258)), in: layout).appliedBottom == 258)
        #expect(avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 258)), in: layout).ignoreReason == .unchanged)
    }

    @Test func inputModeChangeRecomputesAbsolutely() {
        // Emoji or QuickType: the same keyboard grows, then shrinks back. An
        // incremental recipe would drift; the inset follows the frame.
        let layout = Fixtures.layout(414, 736)
        var avoider = KeyboardAvoider()
        for height in [226.0, 271, 226, 271, 226] {
            let action = avoider.received(Fixtures.note(.willChangeFrame, Fixtures.docked(414, 736, height)), in: layout)
            #expect(action.appliedBottom == height)
        }
    }

    @Test func restoringPullsAnOutOfRangeOffsetBack() {
        var avoider = KeyboardAvoider()
        let layout = Fixtures.layout(375, 667, content: 800)
        _ = avoider.focusBegan(Fixtures.field(750), in: layout)
        let show = avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: layout)
        let y = show.offsetY ?? 0
        #expect(y == 343, "field bottom 794 at the keyboard's top, 451")
        let scrolled = Fixtures.layout(375, 667, content: 800, offset: y)
        let hide = avoider.received(Fixtures.note(.willHide, nil), in: scrolled)
        #expect(hide.isRestore)
        #expect(hide.offsetY == 133, "content 800 − bounds 667: the largest offset without the keyboard inset")
    }

    @Test func aVisibleFieldIsNotScrolled() {
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 10))
        let layout = Fixtures.layout(375, 667)
        _ = avoider.focusBegan(Fixtures.field(100), in: layout)
        let action = avoider.received(Fixtures.note(.willShow, Fixtures.docked(375, 667, 216)), in: layout)
        #expect(action.appliedBottom == 226, "the keyboard and the 10 pt distance")
        #expect(action.offsetY == nil)
    }
}
