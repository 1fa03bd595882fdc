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
        let field = FocusedField(frame: Rect(x: 0, y: 1000, width: 375, height: 600), caret: Rect(x: 40, y: 1500, width: 2, height: 20))
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

    @Test func aFieldPastTheContentsReachIsScrolledAsFarAsAllowed() {
        var avoider = KeyboardAvoider()
        let short = Fixtures.layout(375, 667, content: 700)
        _ = avoider.focusBegan(Fixtures.field(900), in: short)
        #expect(avoider.received(keyboard, in: short).offsetY == Double(700 + 216 - 667))
    }
}
