import KeyboardGeometry
import KeyboardWorld
import Testing

@Suite("Field kinds")
struct FieldKindTests {
    @Test(
        "A field is a text view only when taller than 100 pt",
        arguments: [(44.0, FieldKind.textField), (100, .textField), (100.5, .textView), (150, .textView), (0, .textField)]
    )
    func kindIsDecidedByHeight(height: Double, kind: FieldKind) {
        #expect(FieldKind(frame: KBRect(x: 16, y: 300, width: 280, height: height)) == kind)
    }
}
