import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import KeyboardTrace
import Testing

/// Each rule of what iOS sends (``Impossibility/Rule``) on the smallest
/// trace that breaks it, next to the same trace mended or moved where the
/// rule does not apply: a rule that never fires, or fires on what iOS does
/// send, would let the shrinker keep (or drop) the wrong counterexamples.
/// That every generated trace breaks none is SimulatorFidelityTests'.
@Suite("Traces iOS could send")
struct PossibilityTests {
    /// The keyboard of a 320×568 iPhone in portrait, shown and hidden.
    static let up = KBRect(x: 0, y: 315, width: 320, height: 253)
    static let down = KBRect(x: 0, y: 568, width: 320, height: 253)

    static func header(_ profile: TraceProfile = .ios13, screen: KBSize = KBSize(width: 320, height: 568)) -> TraceHeader {
        TraceHeader(
            profile: profile, screen: screen,
            scrollView: ScrollViewState(frame: KBRect(origin: .zero, size: screen), contentSize: KBSize(width: screen.width, height: 1200)),
            fields: [KBRect(x: 10, y: 100, width: 300, height: 44), KBRect(x: 10, y: 400, width: 300, height: 44)]
        )
    }

    static func n(_ name: KeyboardNotification.Name, _ end: KBRect? = up) -> TraceEvent {
        .keyboard(KeyboardNotification(name: name, frameEnd: end))
    }

    static let show: [TraceEvent] = [n(.willChangeFrame), n(.willShow), n(.didChangeFrame), n(.didShow)]
    static let hide: [TraceEvent] = [n(.willChangeFrame, down), n(.willHide, down), n(.didChangeFrame, down), n(.didHide, down)]
    /// A focus switch on iOS 13: WillShow and DidShow, no frame change.
    static let switchToSecond: [TraceEvent] = [.focus(field: 1, caret: nil), n(.willShow), n(.didShow)]

    /// The rule and line of each problem (trace lines start at 2).
    static func problems(_ header: TraceHeader, _ events: [TraceEvent]) -> [String] {
        Trace(header: header, events: events).impossibilities.map { "\($0.rule.rawValue)@\($0.line.map(String.init) ?? "-")" }
    }

    @Test func aShowASwitchAndAHideAsIOSSendsThemBreakNoRule() {
        let events = [.focus(field: 0, caret: nil)] + Self.show + Self.switchToSecond + [.blur] + Self.hide
        #expect(Self.problems(Self.header(), events) == [])
        #expect(Self.problems(Self.header(.ios8), events) == [])
    }

    @Test func aNotificationWithoutItsEndFrameBreaksEraKeysFromIOS5() {
        let events = [.focus(field: 0, caret: nil)] + Self.show + [.focus(field: 1, caret: nil), Self.n(.willShow, nil), Self.n(.didShow)]
        #expect(Self.problems(Self.header(), events) == ["eraKeys@8"])
    }

    @Test func iPhoneOS3SendsNeitherFrameKeysNorFrameChanges() {
        let legacy = KeyboardNotification(name: .willShow, bounds: KBSize(width: 320, height: 216), centerEnd: KBPoint(x: 160, y: 372))
        var didShow = legacy
        didShow.name = .didShow
        let clean: [TraceEvent] = [.focus(field: 0, caret: nil), .keyboard(legacy), .keyboard(didShow)]
        let header = Self.header(.iphoneos3, screen: KBSize(width: 320, height: 480))
        #expect(Self.problems(header, clean) == [])
        var withFrame = legacy
        withFrame.frameEnd = KBRect(x: 0, y: 264, width: 320, height: 216)
        #expect(Self.problems(header, [clean[0], .keyboard(withFrame), clean[2]]) == ["eraKeys@3"])
        #expect(Self.problems(header, clean + [Self.n(.didChangeFrame, nil)]) == ["eraKeys@5", "didWithoutWill@5"])
    }

    @Test func aDidWithNoWillOfItsKindBeforeIt() {
        let events = [.focus(field: 0, caret: nil)] + Self.show + [Self.n(.didChangeFrame, Self.down), Self.n(.didHide, Self.down)]
        #expect(Self.problems(Self.header(), events) == ["didWithoutWill@8"])
    }

    @Test func anIPhonesFrameChangeNeedsItsShowOrHideWithTheSameEndFrame() {
        let alone = [.focus(field: 0, caret: nil)] + Self.show + [Self.n(.willChangeFrame, Self.down)]
        #expect(Self.problems(Self.header(), alone) == ["changeFrameAlone@7"])
        let otherFrame: [TraceEvent] = [
            .focus(field: 0, caret: nil), Self.n(.willChangeFrame, KBRect(x: 0, y: 359, width: 320, height: 209)), Self.n(.willShow),
        ]
        #expect(Self.problems(Self.header(), otherFrame) == ["changeFrameAlone@3"])
        // An iPad's undocked keyboard moves with frame changes alone.
        let pad = Self.header(screen: KBSize(width: 768, height: 1024))
        #expect(Self.problems(pad, [.focus(field: 0, caret: nil), Self.n(.willChangeFrame), Self.n(.didChangeFrame)]) == [])
    }

    @Test func anIPhonesShowFromHiddenAndEveryHideComeWithTheirFrameChange() {
        let bare: [TraceEvent] = [.focus(field: 0, caret: nil), Self.n(.willShow), Self.n(.didShow)]
        #expect(Self.problems(Self.header(), bare) == ["showOrHideAlone@3"])
        let bareHide = [.focus(field: 0, caret: nil)] + Self.show + [.blur, Self.n(.willHide, Self.down)]
        #expect(Self.problems(Self.header(), bareHide) == ["showOrHideAlone@8"])
        let bareDidHide =
            [.focus(field: 0, caret: nil)] + Self.show + [
                .blur, Self.n(.willChangeFrame, Self.down), Self.n(.willHide, Self.down), Self.n(.didHide, Self.down),
            ]
        #expect(Self.problems(Self.header(), bareDidHide) == ["showOrHideAlone@10"])
        // iPhone OS 3 has no frame changes; an iPad undocks with WillHide alone.
        #expect(Self.problems(Self.header(screen: KBSize(width: 768, height: 1024)), bare) == [])
    }

    @Test func aFocusWithTheKeyboardUpIsAnsweredExceptWhereIOS11MayBeSilent() {
        let unanswered = [.focus(field: 0, caret: nil)] + Self.show + [.focus(field: 1, caret: nil), .blur] + Self.hide
        #expect(Self.problems(Self.header(), unanswered) == ["unansweredFocus@7"])
        #expect(Self.problems(Self.header(), Array(unanswered.prefix(6))) == ["unansweredFocus@7"], "at the trace's end")
        // The ios8 profile covers iOS 11, which switches silently; iPads
        // with an undocked keyboard do too.
        #expect(Self.problems(Self.header(.ios8), unanswered) == [])
        #expect(Self.problems(Self.header(screen: KBSize(width: 768, height: 1024)), unanswered) == [])
        // A focus with the keyboard down is answered by a show, or by nothing.
        #expect(Self.problems(Self.header(), [.focus(field: 0, caret: nil), .blur]) == [])
    }

    @Test func theTruthMovesOnlyWhereIOSTellsTheApp() {
        let lines = [
            TraceLine(line: 2, event: .focus(field: 0, caret: nil), truth: .shown(Self.up)),
            TraceLine(line: 3, event: Self.n(.willChangeFrame), truth: .shown(Self.up)),
            TraceLine(line: 4, event: Self.n(.willShow), truth: .shown(Self.up)),
        ]
        let trace = Trace(header: Self.header(), lines: lines)
        #expect(trace.impossibilities.map(\.rule) == [.truthAtRest])
        #expect(trace.impossibilities.first?.line == 2)
        #expect(
            Trace(header: Self.header(), lines: lines.map { TraceLine(line: $0.line, event: $0.event, truth: $0.line == 2 ? .hidden : $0.truth) })
                .isPossible)
        // A layout change moves a keyboard that is up; it never raises one.
        let raised =
            [TraceLine(line: 2, event: .layout(LayoutChange(contentSize: KBSize(width: 320, height: 900))), truth: .shown(Self.up))]
            + lines.dropFirst()
        #expect(Trace(header: Self.header(), lines: raised).impossibilities.map(\.rule) == [.truthAtRest])
        #expect(Trace(header: Self.header(), lines: raised).unannouncedTruthChange?.line == 2)
    }

    /// On a chat screen the user looks before a message arrives (a layout
    /// of the content alone), so Did notifications that misplace the
    /// keyboard there are at rest, even when a second show puts it right next; on a
    /// screen of fields, the layout pass that follows it comes first, and
    /// the same trace is one iOS could send.
    @Test func aChatScreenIsAtRestBeforeAMessageArrives() {
        let misplaced = KBRect(x: 0, y: 300, width: 320, height: 268)
        var events: [TraceEvent] = [.focus(field: 0, caret: nil)] + Self.show
        events[3] = Self.n(.didChangeFrame, misplaced)
        events[4] = Self.n(.didShow, misplaced)
        events += [.layout(LayoutChange(contentSize: KBSize(width: 320, height: 1300)))] + Self.show
        let lines = events.enumerated().map { i, event in TraceLine(line: i + 2, event: event, truth: i == 0 ? .hidden : .shown(Self.up)) }
        var chat = Self.header()
        chat.composer = Composer(height: 50)
        let problems = Trace(header: chat, lines: lines).impossibilities
        #expect(problems.map(\.rule) == [.truthAtRest] && problems.first?.line == 6, "\(problems)")
        let onFields = Trace(header: Self.header(), lines: lines).impossibilities
        #expect(onFields.isEmpty, "\(onFields)")
    }

    /// A keyboard with no height or no width has no width to get wrong: an
    /// empty frame of another width is not a missing rotation.
    @Test func anEmptyKeyboardOfAnotherWidthIsNoWidthProblem() {
        for empty in [KBRect(x: 0, y: 568, width: 100, height: 0), KBRect(x: 0, y: 315, width: 0, height: 253)] {
            let hide = [Self.n(.willChangeFrame, empty), Self.n(.willHide, empty), Self.n(.didChangeFrame, empty), Self.n(.didHide, empty)]
            #expect(
                !Self.problems(Self.header(), [.focus(field: 0, caret: nil)] + Self.show + hide).contains { $0.hasPrefix("keyboardWidth") },
                "\(empty)")
        }
        let narrow = KBRect(x: 0, y: 315, width: 100, height: 253)
        let hide = [Self.n(.willChangeFrame, narrow), Self.n(.willHide, narrow), Self.n(.didChangeFrame, narrow), Self.n(.didHide, narrow)]
        #expect(Self.problems(Self.header(), [.focus(field: 0, caret: nil)] + Self.show + hide).contains("keyboardWidth@8"))
    }

    /// A landscape keyboard on a portrait iPad, reported by a late DidShow
    /// after a rotation's layout change was dropped: the keyboard can reach
    /// below an iPad's screen (the shortcuts bar), never past its sides.
    @Test func anIPadsTrueKeyboardLiesBetweenItsScreensSides() {
        let screen = KBSize(width: 1024, height: 1366)
        let landscape = KBRect(x: 0, y: 553, width: 1366, height: 471), portrait = KBRect(x: 0, y: 988, width: 1024, height: 378)
        let lines = [
            TraceLine(line: 2, event: .focus(field: 0, caret: nil), truth: .hidden),
            TraceLine(line: 3, event: Self.n(.willShow, portrait), truth: .shown(portrait)),
            TraceLine(line: 4, event: Self.n(.didShow, landscape), truth: .shown(landscape)),
        ]
        let problems = Trace(header: Self.header(.ipados, screen: screen), lines: lines).impossibilities
        #expect(problems.map(\.rule) == [.truthAtRest] && problems.first?.line == 4, "\(problems)")
        let bar = KBRect(x: 0, y: 1311, width: 1024, height: 313)
        let below = [lines[0], TraceLine(line: 3, event: Self.n(.willShow, bar), truth: .shown(bar))]
        #expect(Trace(header: Self.header(.ipados, screen: screen), lines: below).impossibilities.isEmpty, "the shortcuts bar reaches below")
    }

    /// A landscape keyboard on a portrait iPhone: what is left when a
    /// rotation's layout change is dropped (rules truthAtRest, with the
    /// truth, and keyboardWidth).
    @Test func anIPhonesTrueKeyboardIsOnItsScreen() {
        let landscape = KBRect(x: 0, y: 406, width: 568, height: 162)
        let lines = [
            TraceLine(line: 2, event: .focus(field: 0, caret: nil), truth: .hidden),
            TraceLine(line: 3, event: Self.n(.willChangeFrame, landscape), truth: .shown(landscape)),
            TraceLine(line: 4, event: Self.n(.willShow, landscape), truth: .shown(landscape)),
            TraceLine(line: 5, event: Self.n(.didChangeFrame, landscape), truth: .shown(landscape)),
            TraceLine(line: 6, event: Self.n(.didShow, landscape), truth: .shown(landscape)),
        ]
        let problems = Trace(header: Self.header(), lines: lines).impossibilities
        #expect(problems.map(\.rule) == [.truthAtRest, .keyboardWidth])
        #expect(problems.first?.detail.contains("not on the iPhone's screen") == true, "\(problems)")
        // Without truth, the payload alone says it.
        #expect(Self.problems(Self.header(), lines.map(\.event)) == ["keyboardWidth@4"])
        let portrait = lines.map { line in
            guard case .keyboard(var n) = line.event else { return line }
            n.frameEnd = Self.up
            return TraceLine(line: line.line, event: .keyboard(n), truth: .shown(Self.up))
        }
        #expect(Trace(header: Self.header(), lines: portrait).impossibilities == [])
    }

    @Test func aHideNeedsAKeyboardUpWhereTheTruthIsRecorded() {
        func lines(_ events: [(TraceEvent, KeyboardTruth)]) -> [TraceLine] {
            events.enumerated().map { TraceLine(line: $0.offset + 2, event: $0.element.0, truth: $0.element.1) }
        }
        let up = KeyboardTruth.shown(Self.up)
        let showAndHide = lines([
            (.focus(field: 0, caret: nil), .hidden), (Self.n(.willChangeFrame), up), (Self.n(.willShow), up), (Self.n(.didChangeFrame), up),
            (Self.n(.didShow), up), (.blur, up), (Self.n(.willChangeFrame, Self.down), .hidden), (Self.n(.willHide, Self.down), .hidden),
            (Self.n(.didChangeFrame, Self.down), .hidden), (Self.n(.didHide, Self.down), .hidden),
        ])
        #expect(Trace(header: Self.header(), lines: showAndHide).impossibilities == [])
        let hideOnly = Array(showAndHide.dropFirst(6)).enumerated().map {
            TraceLine(line: $0.offset + 2, event: $0.element.event, truth: $0.element.truth)
        }
        #expect(Trace(header: Self.header(), lines: hideOnly).impossibilities.map(\.rule) == [.hideWithoutKeyboard])
        #expect(Trace(header: Self.header(), lines: hideOnly).impossibilities.first?.line == 3)
        // Without truth the trace may start with the keyboard up.
        #expect(Self.problems(Self.header(), hideOnly.map(\.event)) == [])
    }

    @Test func aProblemReadsAsItsLineAndDetail() {
        let p = Impossibility(line: 7, rule: .changeFrameAlone, detail: "x")
        #expect(p.description == "line 7: x")
        #expect(Impossibility(line: nil, rule: .truthAtRest, detail: "y").description == "y")
    }
}
