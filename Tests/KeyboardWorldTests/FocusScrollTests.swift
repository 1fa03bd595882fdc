import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace
import KeyboardWorld
import Testing

/// UIKit's own scroll to a text field that becomes first responder
/// (``SimulatedWorld/scrollToFocusedTextField(_:)``): from iOS 8, a text
/// field only, the view on screen, with `scrollRectToVisible`'s rules.
@Suite("UIKit's scroll to a focused text field")
struct FocusScrollTests {
    /// A 320 × 568 phone; the scroll view fills it under a 64-pt top inset,
    /// content 2,000 tall at offset −64. Field 0 is a text field at 1,000
    /// (below the screen), field 1 a 300-pt text view at 1,200, field 2 a
    /// text field already in view.
    static func world(_ profile: TraceProfile, version: Int?) -> WorldReplay {
        let header = TraceHeader(
            profile: profile, screen: KBSize(width: 320, height: 568),
            scrollView: ScrollViewState(
                frame: KBRect(x: 0, y: 0, width: 320, height: 568), contentInset: KBEdgeInsets(top: 64),
                contentSize: KBSize(width: 320, height: 2000), contentOffset: KBPoint(x: 0, y: -64)),
            fields: [
                KBRect(x: 10, y: 1000, width: 300, height: 44), KBRect(x: 10, y: 1200, width: 300, height: 300),
                KBRect(x: 10, y: 100, width: 300, height: 44),
            ],
            systemVersion: version
        )
        return WorldReplay(Trace(header: header, events: [.focus(field: 0, caret: nil), .focus(field: 1, caret: nil), .focus(field: 2, caret: nil)]))
    }

    @Test(
        "from iOS 8 a focused text field is scrolled to the bounds' bottom edge; a text view and an iOS 7 field are not",
        arguments: [(TraceProfile.ios8, 8 as Int?, true), (.ios13, nil, true), (.ios8, nil, true), (.ios7, 7, false), (.ios7, nil, false)])
    func aFocusedTextFieldIsScrolledIntoView(profile: TraceProfile, version: Int?, scrolls: Bool) {
        var replay = Self.world(profile, version: version)
        _ = replay.advance()
        // Its bottom (1,044) at the bounds' bottom: 1,044 − 568 = 476.
        #expect(replay.scrollView.contentOffset.y == (scrolls ? 476 : -64))
        let afterField = replay.scrollView.contentOffset.y
        _ = replay.advance()
        #expect(replay.scrollView.contentOffset.y == afterField, "a text view is left alone")
        _ = replay.advance()
        // Back up to field 2: its top (100) under the 64-pt inset: 36.
        #expect(replay.scrollView.contentOffset.y == (scrolls ? 36 : -64))
    }

    /// The same field focused again is a caret move (how a recorder writes
    /// one): the field is first responder already, so UIKit does not scroll
    /// to it, in the world's scroll view nor in a second one.
    @Test func aCaretMoveIsNoNewFirstResponder() {
        var replay = Self.world(.ios13, version: 17)
        var world = replay.world
        world.apply(.focus(field: 0, caret: nil), scrollView: &replay.scrollView)
        #expect(replay.scrollView.contentOffset.y == 476)
        replay.scrollView.contentOffset.y = 900
        world.apply(.focus(field: 0, caret: KBRect(x: 12, y: 1010, width: 2, height: 20)), scrollView: &replay.scrollView)
        #expect(replay.scrollView.contentOffset.y == 900, "not scrolled back to the field")
        var twin = replay.scrollView
        world.applySystemChanges(of: .focus(field: 0, caret: nil), to: &twin)
        #expect(twin.contentOffset.y == 900)
    }

    @Test func nothingScrollsWhileTheViewIsOffScreen() {
        var replay = Self.world(.ios13, version: 17)
        var world = replay.world
        world.apply(.disappear, scrollView: &replay.scrollView)
        world.apply(.focus(field: 0, caret: nil), scrollView: &replay.scrollView)
        #expect(replay.scrollView.contentOffset.y == -64)
        world.apply(.appear, scrollView: &replay.scrollView)
        var twin = replay.scrollView
        world.applySystemChanges(of: .focus(field: 0, caret: nil), to: &twin)
        #expect(twin.contentOffset.y == 476, "a second scroll view gets the same system change")
    }
}
