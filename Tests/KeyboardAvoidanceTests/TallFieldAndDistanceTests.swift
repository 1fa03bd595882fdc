import KeyboardAvoidance
import KeyboardGeometry
import Testing

@Suite("Tall fields and the distance policy")
struct TallFieldAndDistanceTests {
    // 375 × 667, keyboard 216: the band is 0...451.
    let layout = Fixtures.layout(375, 667, content: 3000)
    let keyboard = Fixtures.note(.willShow, Fixtures.docked(375, 667, 216))

    @Test func topPolicyAlignsTheFieldsTopWithTheBand() {
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 10, tallField: .top))
        _ = avoider.focusBegan(Fixtures.field(1000, height: 600), in: layout)
        #expect(avoider.received(keyboard, in: layout).offsetY == 1000)
    }

    @Test func centrePolicyCentresTheField() {
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(tallField: .centre))
        _ = avoider.focusBegan(Fixtures.field(1000, height: 600), in: layout)
        #expect(avoider.received(keyboard, in: layout).offsetY == Double(1300 - 225.5))
    }

    @Test func caretPolicyKeepsTheCaretVisible() {
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 10, tallField: .caret))
        let field = FocusedField(frame: KBRect(x: 0, y: 1000, width: 375, height: 600), caret: KBRect(x: 40, y: 1500, width: 2, height: 20))
        _ = avoider.focusBegan(field, in: layout)
        #expect(avoider.received(keyboard, in: layout).offsetY == Double(1520 + 10 - 451))
        var noCaret = KeyboardAvoider(policy: AvoidancePolicy(tallField: .caret))
        _ = noCaret.focusBegan(Fixtures.field(1000, height: 600), in: layout)
        #expect(noCaret.received(keyboard, in: layout).offsetY == 1000, "without a caret, like top")
    }

    @Test func distanceShrinksWhenTheBandIsTight() {
        // A 440 pt field in a 451 pt band: only 11 pt of room, distance 30.
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 30))
        _ = avoider.focusBegan(Fixtures.field(1000, height: 440), in: layout)
        #expect(avoider.received(keyboard, in: layout).offsetY == Double(1440 + 11 - 451))
    }

    /// A field the keyboard's own inset cannot scroll clear is reached with
    /// more bottom inset: exactly what the offset needs, and never more than
    /// the view's height (I1's bound), however far past the content the
    /// field lies.
    @Test func aFieldPastTheContentsReachGetsTheInsetItNeedsUpToTheViewsHeight() {
        var avoider = KeyboardAvoider()
        let short = Fixtures.layout(375, 667, content: 700)
        _ = avoider.focusBegan(Fixtures.field(500), in: short)
        // Field 500…544 above the keyboard's top (451): offset 93; the
        // keyboard's inset (216) allows up to 700 + 216 − 667 = 249: enough.
        let first = avoider.received(keyboard, in: short)
        #expect(first.offsetY == 93 && first.appliedBottom == 216)
        var past = KeyboardAvoider()
        _ = past.focusBegan(Fixtures.field(900), in: short)
        // 944 − 451 = 493 needs a bottom inset of 493 + 667 − 700 = 460.
        let second = past.received(keyboard, in: short)
        #expect(second.offsetY == 493 && second.appliedBottom == 460)
        var far = KeyboardAvoider()
        _ = far.focusBegan(Fixtures.field(5000), in: short)
        // As far as the view's height of inset allows: the content's bottom
        // at the view's top.
        let third = far.received(keyboard, in: short)
        #expect(third.offsetY == 700 && third.appliedBottom == 667)
    }

    /// A field exactly as tall as the band (451 pt) fits with no room
    /// left, and is also a tall field. Where it can be shown whole, it is,
    /// though its caret's reading would move less (969, from 0).
    @Test func aFieldAsTallAsTheBandIsShownWholeWhereThatIsInReach() {
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 0, tallField: .caret))
        let field = FocusedField(frame: KBRect(x: 0, y: 1000, width: 375, height: 451), caret: KBRect(x: 40, y: 1400, width: 2, height: 20))
        _ = avoider.focusBegan(field, in: layout)
        #expect(avoider.received(keyboard, in: layout).offsetY == 1000)
    }

    /// Where showing it whole is out of reach (its top 20 pt above the
    /// content's, the view resting at offset 0), it is shown by its policy:
    /// the caret 30 pt above the keyboard (offset 4), not as far as the
    /// range goes (0, which leaves the caret 26 pt above it).
    @Test func aFieldAsTallAsTheBandOutOfReachWholeIsShownByItsPolicy() {
        var avoider = KeyboardAvoider(policy: AvoidancePolicy(distance: 30, tallField: .caret))
        let field = FocusedField(frame: KBRect(x: 0, y: -20, width: 375, height: 451), caret: KBRect(x: 40, y: 405, width: 2, height: 20))
        _ = avoider.focusBegan(field, in: layout)
        #expect(avoider.received(keyboard, in: layout).offsetY == Double(425 + 30 - 451))
    }
}
