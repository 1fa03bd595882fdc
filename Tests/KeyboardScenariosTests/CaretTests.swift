import KeyboardAvoidance
import KeyboardGeometry
import KeyboardScenarios
import KeyboardTrace
import KeyboardWorld
import Testing

/// Carets and typing (``FieldText``): a text view's focus carries its caret,
/// typing moves it line by line and grows a view that grows with its text,
/// and iOS sends nothing for any of it.
@Suite("Simulator: carets and typing")
struct CaretTests {
    /// A 200-pt text view (10 rows) at content y 300 with `lines` lines of
    /// text, a text field below it, on an iPhone 8 running iOS 13.
    static func scenario(lines: Int, grows: Bool) -> Scenario {
        Scenario(
            device: DeviceCatalog.device(named: "iphone8")!, profile: .ios13, contentHeight: 1500,
            fields: [KBRect(x: 16, y: 300, width: 280, height: 200), KBRect(x: 16, y: 600, width: 280, height: 44)],
            texts: [FieldText(lines: lines, grows: grows)], actions: [])
    }

    static func carets(_ events: [TraceLine]) -> [KBRect?] {
        events.compactMap { if case .focus(_, let c) = $0.event { c } else { nil } }
    }

    @Test func aTextViewsFocusCarriesItsCaretAfterItsLastLine() {
        var sim = ScenarioSimulator(Self.scenario(lines: 4, grows: false))
        let events = sim.perform(.focus(0))
        #expect(Self.carets(events) == [KBRect(x: 20, y: 360, width: 2, height: 20)], "line 4: 300 + 3 × 20")
        #expect(sim.features.contains(.caret))
        var field = ScenarioSimulator(Self.scenario(lines: 4, grows: false))
        #expect(Self.carets(field.perform(.focus(1))) == [nil], "a text field has none")
    }

    /// A view shows one row per 20 pt, rounded down, and at least one
    /// however short: a caret past the rows of a view shorter than two
    /// lines sits on its first, and so does a caret before the first line.
    @Test func aViewShowsARowPerLineAndAtLeastOne() {
        #expect(FieldText.rows(inHeight: 0) == 1)
        #expect(FieldText.rows(inHeight: 39.9) == 1)
        #expect(FieldText.rows(inHeight: 40) == 2)
        #expect(FieldText.rows(inHeight: 200) == 10)
        #expect(FieldText.caret(line: 3, in: KBRect(x: 16, y: 300, width: 280, height: 30)) == KBRect(x: 20, y: 300, width: 2, height: 20))
        // A line before the first (a recorded session's, say) sits on the first row too.
        let tall = KBRect(x: 16, y: 300, width: 280, height: 100)
        #expect(FieldText.caret(line: 0, in: tall) == KBRect(x: 20, y: 300, width: 2, height: 20))
        #expect(FieldText.caret(line: -2, in: tall) == FieldText.caret(line: 1, in: tall))
    }

    /// A text holds one line at least: fewer given are one.
    @Test func aTextHoldsOneLineAtLeast() {
        #expect([-3, 0, 1, 2].map { FieldText(lines: $0).lines } == [1, 1, 1, 2])
    }

    @Test func typingMovesTheCaretALineAtATimeAndSendsNoNotification() {
        var sim = ScenarioSimulator(Self.scenario(lines: 4, grows: false))
        _ = sim.perform(.focus(0))
        let events = sim.perform(.type(lines: 2))
        #expect(events.allSatisfy { if case .focus(0, _) = $0.event { true } else { false } }, "no keyboard notification, no layout")
        #expect(Self.carets(events).map { $0?.minY } == [380, 400])
        #expect(sim.features.contains(.caretMoves))
    }

    /// A field the scenario gives no text holds one line: typing into
    /// either of two text views, when the scenario lists no text at all,
    /// gives it its second line and leaves the other at one.
    @Test func typingIntoAFieldWithoutAGivenTextStartsFromOneLine() {
        let untyped = Scenario(
            device: DeviceCatalog.device(named: "iphone8")!, profile: .ios13, contentHeight: 1500,
            fields: [KBRect(x: 16, y: 300, width: 280, height: 200), KBRect(x: 16, y: 600, width: 280, height: 200)], actions: [])
        var sim = ScenarioSimulator(untyped)
        _ = sim.perform(.focus(1))
        #expect(Self.carets(sim.perform(.type(lines: 1))).map { $0?.minY } == [620], "line 2: 600 + 1 × 20")
        #expect(sim.text(ofField: 1).lines == 2 && sim.text(ofField: 0).lines == 1)
        var first = ScenarioSimulator(untyped)
        _ = first.perform(.focus(0))
        #expect(Self.carets(first.perform(.type(lines: 1))).map { $0?.minY } == [320], "the first field: line 2 at 300 + 20")
    }

    /// A view that scrolls its own text keeps its caret on its last row.
    @Test func aTextViewThatScrollsKeepsItsCaretOnItsLastRow() {
        var sim = ScenarioSimulator(Self.scenario(lines: 10, grows: false))
        _ = sim.perform(.focus(0))
        let events = sim.perform(.type(lines: 3))
        #expect(Self.carets(events).map { $0?.minY } == [480, 480, 480], "row 10: 300 + 9 × 20")
        #expect(sim.fields[0].height == 200)
    }

    /// A view that grows with its text grows a line per line past its
    /// last row, moving the field below it and the content with it: a
    /// layout event with the new field list, then the caret.
    @Test func aTextViewThatGrowsPushesWhatIsBelowIt() throws {
        var sim = ScenarioSimulator(Self.scenario(lines: 10, grows: true))
        _ = sim.perform(.focus(0))
        let events = sim.perform(.type(lines: 2)).map(\.event)
        #expect(events.count == 4)
        guard case .layout(let first) = events[0], case .layout(let second) = events[2] else {
            Issue.record("\(events)")
            return
        }
        #expect(first.contentSize?.height == 1520 && second.contentSize?.height == 1540)
        #expect(sim.fieldLists.count == 2)
        #expect(sim.fieldLists.last == [KBRect(x: 16, y: 300, width: 280, height: 240), KBRect(x: 16, y: 640, width: 280, height: 44)])
        #expect(Self.carets(sim.perform(.moveCaret(line: 12))).map { $0?.minY } == [520], "row 12 of the grown view")
        #expect(sim.features.contains(.textViewGrows))
    }

    /// The edge of the rule above: a field flush under the growing view
    /// (its top on the view's bottom) is below it too, and moves with it;
    /// one beside the view, above its bottom, stays. No two fields come to
    /// overlap.
    @Test func aFieldFlushUnderAGrowingViewMovesWithIt() {
        var s = Self.scenario(lines: 10, grows: true)
        s.fields = [
            KBRect(x: 16, y: 300, width: 280, height: 200), KBRect(x: 16, y: 500, width: 280, height: 44),
            KBRect(x: 300, y: 400, width: 60, height: 44),
        ]
        var sim = ScenarioSimulator(s)
        _ = sim.perform(.focus(0))
        _ = sim.perform(.type(lines: 1))
        #expect(
            sim.fieldLists.last
                == [
                    KBRect(x: 16, y: 300, width: 280, height: 220), KBRect(x: 16, y: 520, width: 280, height: 44),
                    KBRect(x: 300, y: 400, width: 60, height: 44),
                ])
    }

    @Test func aTapMovesTheCaretToTheLineTapped() {
        var sim = ScenarioSimulator(Self.scenario(lines: 6, grows: false))
        _ = sim.perform(.focus(0))
        #expect(sim.isValid(.moveCaret(line: 2)))
        #expect(!sim.isValid(.moveCaret(line: 6)), "it is there already")
        #expect(!sim.isValid(.moveCaret(line: 7)), "the text has six lines")
        #expect(sim.isValid(.moveCaret(line: 1)) && !sim.isValid(.moveCaret(line: 0)), "lines count from 1")
        #expect(Self.carets(sim.perform(.moveCaret(line: 2))).map { $0?.minY } == [320])
    }

    @Test func onlyAFocusedTextViewIsTypedInto() {
        var sim = ScenarioSimulator(Self.scenario(lines: 2, grows: false))
        #expect(!sim.isValid(.type(lines: 1)), "nothing focused")
        _ = sim.perform(.focus(1))
        #expect(!sim.isValid(.type(lines: 1)), "a text field")
        #expect(!sim.isValid(.moveCaret(line: 1)))
        _ = sim.perform(.focus(0))
        #expect(sim.isValid(.type(lines: 1)), "the text view")
        #expect(!sim.isValid(.type(lines: 0)), "typing no line is no action")
    }

    /// The simulator after focusing a 600-pt text view 300 points down
    /// 2,000 points of content, holding `lines` lines (its caret after the
    /// last): a view taller than the room above the keyboard.
    static func focusedTallView(lines: Int) -> ScenarioSimulator {
        var s = scenario(lines: lines, grows: false)
        s.fields[0] = KBRect(x: 16, y: 300, width: 280, height: 600)
        s.contentHeight = 2000
        var sim = ScenarioSimulator(s)
        _ = sim.perform(.focus(0))
        return sim
    }

    /// The caret low in a view taller than the room above the keyboard is
    /// labelled, as is the view.
    @Test func aCaretBelowTheRoomAboveTheKeyboardIsLabelled() {
        let sim = Self.focusedTallView(lines: 30)
        #expect(sim.features.contains(.fieldTallerThanRoom))
        #expect(sim.features.contains(.caretBelowVisiblePart))
        #expect(sim.features.contains(ScenarioFeature.tallField(sim.scenario.policy.tallField)))
    }

    /// A caret moved below the room is labelled at the move: the iPad's
    /// 800-pt text view of 40 lines focused under an undocked keyboard
    /// (where no room is judged), the keyboard docked, then the caret moved
    /// up a line, still far below the room above the keyboard.
    @Test func aCaretMovedBelowTheRoomIsLabelledAtTheMove() {
        var s = Scenario(
            device: DeviceCatalog.device(named: "ipad")!, profile: .ipados, contentHeight: 2000,
            fields: [KBRect(x: 16, y: 300, width: 280, height: 800), KBRect(x: 16, y: 1200, width: 280, height: 44)],
            texts: [FieldText(lines: 40)], actions: [])
        s.systemVersion = 17
        var sim = ScenarioSimulator(s)
        for action in [UserAction.focus(1), .undock, .focus(0), .dock] {
            #expect(sim.isValid(action), "\(action)")
            _ = sim.perform(action)
        }
        #expect(!sim.features.contains(.caretBelowVisiblePart), "no room judged under an undocked keyboard")
        _ = sim.perform(.moveCaret(line: 39))
        #expect(sim.features.contains(.caretBelowVisiblePart))
    }

    /// Typing that takes the caret below the room is labelled at the
    /// typing: in the tall view, from its first line down 25 more (500
    /// points, past the room above the iPhone 8's keyboard).
    @Test func aCaretTypedBelowTheRoomIsLabelledAtTheTyping() {
        var sim = Self.focusedTallView(lines: 1)
        #expect(!sim.features.contains(.caretBelowVisiblePart))
        #expect(sim.isValid(.type(lines: 25)))
        _ = sim.perform(.type(lines: 25))
        #expect(sim.features.contains(.caretBelowVisiblePart))
    }

    /// The caret's depth in its view is held against the room, not its
    /// place in the content: in the same tall view 300 points down the
    /// content, a caret on the first line is not labelled.
    @Test func aCaretOnTheFirstLineOfATallViewIsInTheRoom() {
        let sim = Self.focusedTallView(lines: 1)
        #expect(sim.features.contains(.fieldTallerThanRoom))
        #expect(!sim.features.contains(.caretBelowVisiblePart))
    }

    /// Every generated scenario with typing stays a trace iOS could send.
    @Test func typedTracesArePossible() {
        var s = Self.scenario(lines: 9, grows: true)
        s.actions = [.focus(0), .type(lines: 3), .moveCaret(line: 2), .focus(1), .focus(0), .type(lines: 1), .dismiss]
        let t = ScenarioSimulator.trace(s)
        #expect(t.impossibilities.isEmpty, "\(t.impossibilities)")
    }
}
