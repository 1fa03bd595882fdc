import KBTestSupport
import KeyboardAvoidance
import KeyboardGeneration
import KeyboardGeometry
import KeyboardOracle
import KeyboardScenarios
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// Geometry that changes under a shown keyboard: a window moved or resized
/// (``FreeWindows``, ``KeyboardAfterWindowChange``), the app's own inset, the
/// view controller's additional safe area, the keyboard's height. What the
/// sources settle, and both readings of what they leave open, each tested.
@Suite("Simulator: geometry that changes under a shown keyboard", .tags(.heavyTier))
struct WindowChangeTests {
    /// A 13-inch iPad on iPadOS 26, a windowed app's window at (100, 100),
    /// 600 × 900, a field low in it.
    static func scenario(_ after: KeyboardAfterWindowChange = .nothing) -> Scenario {
        Scenario(
            device: DeviceCatalog.device(named: "ipad-pro-13-m4")!, profile: .ipados, systemVersion: 26, placement: .stageManager,
            window: KBRect(x: 100, y: 100, width: 600, height: 900), keyboardAfterWindowChange: after, contentHeight: 1500,
            fields: [KBRect(x: 16, y: 700, width: 280, height: 44)], actions: [])
    }

    static func notifications(_ lines: [TraceLine]) -> [KeyboardNotification] {
        lines.compactMap { if case .keyboard(let n) = $0.event { n } else { nil } }
    }

    /// The window the user placed is the trace's; one the system does not
    /// allow (past the screen's edge, under the minimum) is the placement's.
    /// A free window is 320 × 320 points at least (the estimate
    /// FreeWindows states): a point less either way is not allowed, and a
    /// smaller frame is kept at that size.
    @Test func aFreeWindowIsThreeHundredTwentyPointsEachWayAtLeast() {
        let screen = KBSize(width: 1_024, height: 1_366)
        #expect(FreeWindows.allows(KBRect(x: 0, y: 0, width: 320, height: 320), on: screen))
        #expect(!FreeWindows.allows(KBRect(x: 0, y: 0, width: 319, height: 320), on: screen))
        #expect(!FreeWindows.allows(KBRect(x: 0, y: 0, width: 320, height: 319), on: screen))
        #expect(FreeWindows.kept(KBRect(x: 10, y: 10, width: 100, height: 200), on: screen).size == KBSize(width: 320, height: 320))
    }

    /// A phone has no windows the user places: no placement allows one
    /// there, not even a frame that fills its screen.
    @Test func noPlacementAllowsAWindowOnAPhone() {
        let phone = KBSize(width: 390, height: 844)
        for placement in WindowPlacement.allCases {
            #expect(!placement.allowsWindow(KBRect(origin: .zero, size: phone), on: phone), "\(placement)")
            #expect(!placement.allowsWindow(KBRect(x: 0, y: 0, width: 320, height: 320), on: phone), "\(placement)")
        }
    }

    /// A window turned from a screen of no width or no height (no scale
    /// to take) is only kept on the new screen, as one turned from the
    /// same screen is; from any other screen, however small, it scales.
    @Test func aWindowTurnedFromAnEmptyScreenIsOnlyKept() {
        let frame = KBRect(x: 100, y: 100, width: 600, height: 700)
        let new = KBSize(width: 1_366, height: 1_024)
        let kept = FreeWindows.kept(frame, on: new)
        #expect(FreeWindows.rotated(frame, from: new, to: new) == kept)
        #expect(FreeWindows.rotated(frame, from: KBSize(width: 0, height: 1_366), to: new) == kept)
        #expect(FreeWindows.rotated(frame, from: KBSize(width: 1_024, height: 0), to: new) == kept)
        // Half of a one-point screen is half of the new one.
        let half = KBRect(x: 0, y: 0, width: 0.5, height: 0.5)
        #expect(FreeWindows.rotated(half, from: KBSize(width: 1, height: 1), to: new) == KBRect(x: 0, y: 0, width: 683, height: 512))
    }

    @Test func aPlacedWindowIsTheTracesWhereTheSystemAllowsIt() {
        #expect(ScenarioSimulator(Self.scenario()).header().window == KBRect(x: 100, y: 100, width: 600, height: 900))
        var outside = Self.scenario()
        outside.window = KBRect(x: 900, y: 100, width: 600, height: 900)
        #expect(ScenarioSimulator(outside).header().window == WindowPlacement.stageManager.windowFrame(on: KBSize(width: 1032, height: 1376)))
        var tiny = Self.scenario()
        tiny.window = KBRect(x: 0, y: 0, width: 200, height: 900)
        #expect(ScenarioSimulator(tiny).header().window != tiny.window)
    }

    /// A move keeps the keyboard where it is on screen: the app hears a
    /// layout change with its new window (and the safe area that goes with
    /// it), and, as the scenario reads it, the keyboard's frame again.
    @Test(arguments: KeyboardAfterWindowChange.allCases)
    func aMovedWindowKeepsTheKeyboardWhereItIs(_ after: KeyboardAfterWindowChange) throws {
        var sim = ScenarioSimulator(Self.scenario(after))
        _ = sim.perform(.focus(0))
        let keyboard = try #require(sim.truth)
        let moved = KBRect(x: 400, y: 476, width: 600, height: 900)
        #expect(sim.isValid(.moveWindow(moved)))
        let lines = sim.perform(.moveWindow(moved))
        guard case .layout(let change) = lines.first?.event else {
            Issue.record("a move is a layout change first: \(lines)")
            return
        }
        #expect(change.window == moved && change.frame == nil, "the size is kept: the scroll view's frame in its window too")
        #expect(lines.allSatisfy { $0.truth == .shown(keyboard) }, "the keyboard does not move with the window")
        let sent = Self.notifications(lines)
        switch after {
        case .nothing: #expect(sent.isEmpty)
        case .frameAgain:
            #expect(sent.map(\.name) == [.willChangeFrame, .didChangeFrame] && sent.allSatisfy { $0.frameEnd == keyboard })
        }
        #expect(sim.features.contains(.windowMovedUnderKeyboard))
        #expect(sim.features.contains(.keyboardReportedAfterWindowChange) == (after == .frameAgain))
        #expect(sim.features.contains(.windowPartlyUnderKeyboard), "the window now reaches below the keyboard's top")
    }

    /// A window the docked keyboard covers whole (the keyboard's width,
    /// its top at or below the keyboard's) is under it, not partly under
    /// it.
    @Test(arguments: [10.0, 0])
    func aWindowUnderTheWholeKeyboardIsNotPartlyUnderIt(_ below: Double) throws {
        var clear = Self.scenario()
        clear.window = KBRect(x: 100, y: 100, width: 600, height: 500)
        var sim = ScenarioSimulator(clear)
        _ = sim.perform(.focus(0))
        let k = try #require(sim.truth)
        #expect(sim.features.contains(.windowClearOfKeyboard) && !sim.features.contains(.windowPartlyUnderKeyboard))
        let covered = KBRect(x: k.minX, y: k.minY + below, width: k.width, height: 1376 - k.minY - below)
        try #require(sim.isValid(.moveWindow(covered)), "\(covered) on a 1032 × 1376 screen, keyboard \(k)")
        _ = sim.perform(.moveWindow(covered))
        #expect(!sim.features.contains(.windowPartlyUnderKeyboard), "the keyboard \(k) covers the window \(covered) whole")
    }

    /// A window whose bottom touches the docked keyboard's top is clear of
    /// it; a point lower, it is partly under it.
    @Test func aWindowTouchingTheKeyboardsTopIsClearOfIt() throws {
        var probe = ScenarioSimulator(Self.scenario())
        _ = probe.perform(.focus(0))
        let k = try #require(probe.truth)
        // A window the keyboard covers whole carries neither label to start.
        var covered = Self.scenario()
        covered.window = KBRect(x: k.minX, y: k.minY + 10, width: k.width, height: 1376 - k.minY - 10)
        for (lower, clear) in [(0.0, true), (1, false)] {
            var sim = ScenarioSimulator(covered)
            _ = sim.perform(.focus(0))
            try #require(sim.truth == k && !sim.features.contains(.windowClearOfKeyboard) && !sim.features.contains(.windowPartlyUnderKeyboard))
            let window = KBRect(x: 100, y: k.minY + lower - 500, width: 600, height: 500)
            try #require(sim.isValid(.moveWindow(window)), "\(window), keyboard \(k)")
            _ = sim.perform(.moveWindow(window))
            #expect(sim.features.contains(.windowClearOfKeyboard) == clear, "\(lower) below: keyboard \(k), window \(window)")
            #expect(sim.features.contains(.windowPartlyUnderKeyboard) == !clear, "\(lower) below")
        }
    }

    /// The room a focused field has runs from the scroll view's top on the
    /// screen (its window's top, plus the bars above it, plus its safe
    /// area's top) to the docked keyboard's top: in a window 100 points
    /// down, under a 64-point bar, a field 10 points taller than that room
    /// is taller than the room, and one 10 points shorter is not.
    @Test func aFieldsRoomRunsFromTheScrollViewsTopInItsWindow() throws {
        var barred = Self.scenario()
        barred.topBar = 64
        try Self.expectRoom(in: barred) { k, safeTop in k.minY - (100 + 64 + safeTop) }
    }

    /// Holds `scenario`'s one field to the room `room` gives (of the
    /// focused keyboard and the scroll view's top safe area): `by` points
    /// taller than it, the field is taller than the room; `by` points
    /// shorter, it is not.
    static func expectRoom(in scenario: Scenario, by margin: Double = 10, room: (KBRect, Double) -> Double) throws {
        let (k, safeTop) = try focusedKeyboard(in: scenario)
        let room = room(k, safeTop)
        for (extra, taller) in [(margin, true), (-margin, false)] {
            let sim = try focused(scenario, field: KBRect(x: 16, y: 100, width: 280, height: room + extra), under: k)
            #expect(sim.features.contains(.fieldTallerThanRoom) == taller, "room \(room), field \(room + extra)")
        }
    }

    /// The true keyboard once `scenario`'s field 0 is focused, and the
    /// scroll view's top safe area.
    static func focusedKeyboard(in scenario: Scenario) throws -> (keyboard: KBRect, safeTop: Double) {
        var probe = ScenarioSimulator(scenario)
        _ = probe.perform(.focus(0))
        return (try #require(probe.truth), probe.header().scrollView.safeArea.top)
    }

    /// The simulator after focusing `field`, made `scenario`'s only field
    /// (with `texts` where given), under the keyboard `k` it must show.
    static func focused(_ scenario: Scenario, field: KBRect, texts: [FieldText]? = nil, under k: KBRect) throws -> ScenarioSimulator {
        var s = scenario
        s.fields = [field]
        if let texts { s.texts = texts }
        var sim = ScenarioSimulator(s)
        _ = sim.perform(.focus(0))
        try #require(sim.truth == k, "the same keyboard")
        return sim
    }

    /// The room's bottom edge is in the room: a text view exactly as tall
    /// as the room is not taller than it, and a caret whose bottom is
    /// exactly at the room's bottom is not below it; a line more is both.
    /// The app's own top inset makes the room a whole number of lines, so
    /// that both edges are exact.
    @Test func theRoomsBottomEdgeIsInTheRoom() throws {
        var scenario = Self.scenario()
        let (k, safeTop) = try Self.focusedKeyboard(in: scenario)
        let roomWithoutInset = k.minY - (100 + safeTop)
        let lines = (roomWithoutInset / FieldText.lineHeight).rounded(.down)
        scenario.contentInset = KBEdgeInsets(top: roomWithoutInset - lines * FieldText.lineHeight)
        let room = lines * FieldText.lineHeight
        for (extraLines, beyond) in [(0, false), (1, true)] {
            let field = KBRect(x: 16, y: 100, width: 280, height: room + Double(extraLines) * FieldText.lineHeight)
            let sim = try Self.focused(scenario, field: field, texts: [FieldText(lines: Int(lines) + extraLines)], under: k)
            #expect(sim.features.contains(.fieldTallerThanRoom) == beyond, "room \(room), \(extraLines) line(s) more")
            #expect(sim.features.contains(.caretBelowVisiblePart) == beyond, "room \(room), \(extraLines) line(s) more")
        }
    }

    /// On a phone, the room starts below the scroll view's safe area (the
    /// status bar's and the sensor housing's strip) and the app's own top
    /// inset: under a 20-point own inset, a field 10 points taller than
    /// the room left is taller than the room, and one 10 points shorter is
    /// not.
    @Test func aFieldsRoomStartsBelowTheSafeAreaAndTheAppsOwnInset() throws {
        let phone = Scenario(
            device: DeviceCatalog.device(named: "iphone16promax")!, profile: .ios13, systemVersion: 26, contentInset: KBEdgeInsets(top: 20),
            contentHeight: 2000, fields: [KBRect(x: 16, y: 100, width: 280, height: 44)], actions: [])
        try #require(ScenarioSimulator(phone).header().scrollView.safeArea.top > 10, "a safe area at the top")
        try Self.expectRoom(in: phone) { k, safeTop in k.minY - (20 + safeTop) }
    }

    /// The room never starts above the screen's top: under an own top
    /// inset of −100 (content pulled up under the bars, past the safe
    /// area), it runs from the screen's top to the keyboard's, to the half
    /// point.
    @Test func aFieldsRoomStartsNoHigherThanTheScreensTop() throws {
        let phone = Scenario(
            device: DeviceCatalog.device(named: "iphone16promax")!, profile: .ios13, systemVersion: 26, contentInset: KBEdgeInsets(top: -100),
            contentHeight: 2000, fields: [KBRect(x: 16, y: 100, width: 280, height: 44)], actions: [])
        try #require(ScenarioSimulator(phone).header().scrollView.safeArea.top < 100, "the inset reaches past the safe area")
        try Self.expectRoom(in: phone, by: 0.5) { k, _ in k.minY }
    }

    /// A floating keyboard is beside a window whose edge it touches
    /// exactly, as beside one a point away; not beside one it overlaps; on
    /// either side. Where it first floats, near the screen's right edge, a
    /// window fits on its left; dragged to the middle, on its right too.
    @Test(arguments: [false, true])
    func aFloatingKeyboardTouchingTheWindowsEdgeIsBesideIt(windowOnTheRight: Bool) throws {
        for (gap, beside) in [(0.0, true), (1, true), (-1, false)] {
            var sim = ScenarioSimulator(Self.scenario())
            _ = sim.perform(.focus(0))
            try #require(sim.isValid(.float))
            _ = sim.perform(.float)
            if windowOnTheRight { _ = sim.perform(.moveFloating) }
            let k = try #require(sim.truth)
            let x = windowOnTheRight ? k.maxX + gap : k.minX - gap - 320
            let window = KBRect(x: x, y: 100, width: 320, height: 500)
            try #require(sim.isValid(.moveWindow(window)), "no room for \(window) beside \(k)")
            _ = sim.perform(.moveWindow(window))
            #expect(sim.features.contains(.keyboardBesideWindow) == beside, "gap \(gap): keyboard \(k), window \(window)")
        }
    }

    /// A resize changes the scroll view's frame and the content's width;
    /// the window is kept on the screen and above the minimum (no such move
    /// is valid), and only placements the user sizes move at all.
    @Test func aResizeIsALayoutOfTheNewSizeAndOnlyAllowedFramesAreValid() throws {
        var sim = ScenarioSimulator(Self.scenario())
        _ = sim.perform(.focus(0))
        let lines = sim.perform(.moveWindow(KBRect(x: 100, y: 100, width: 400, height: 500)))
        guard case .layout(let change) = lines.first?.event else {
            Issue.record("a resize is a layout change: \(lines)")
            return
        }
        #expect(change.frame?.size == KBSize(width: 400, height: 500) && change.contentSize?.width == 400)
        #expect(sim.features.contains(.windowResizedUnderKeyboard))
        #expect(sim.features.contains(.windowClearOfKeyboard), "its bottom (600) above the keyboard's top")
        #expect(!sim.isValid(.moveWindow(KBRect(x: 800, y: 0, width: 400, height: 500))), "past the screen's right edge")
        #expect(!sim.isValid(.moveWindow(KBRect(x: 100, y: 1000, width: 400, height: 500))), "past the screen's bottom edge")
        #expect(!sim.isValid(.moveWindow(KBRect(x: 0, y: 0, width: 300, height: 500))), "under the minimum width")
        var full = Self.scenario()
        full.placement = .fullScreen
        full.window = nil
        #expect(!ScenarioSimulator(full).isValid(.moveWindow(KBRect(x: 0, y: 0, width: 600, height: 900))))
        var split = Self.scenario()
        split.placement = .splitView
        split.window = nil
        let third = FreeWindows.splitViewFrames(on: KBSize(width: 1032, height: 1376))[0]
        #expect(ScenarioSimulator(split).isValid(.moveWindow(third)), "Split View's divider: a third")
        #expect(!ScenarioSimulator(split).isValid(.moveWindow(KBRect(x: 0, y: 0, width: 600, height: 1376))), "not any width")
    }

    /// The app's own inset and the view controller's additional safe area
    /// are layout changes; a keyboard resized in place sends a height
    /// change's notifications, and keeps its height until the input mode
    /// changes or the interface rotates.
    @Test func ownInsetsSafeAreasAndKeyboardHeightsChangeUnderTheKeyboard() throws {
        var phone = Scenario(
            device: DeviceCatalog.device(named: "iphone16promax")!, profile: .ios13, systemVersion: 26, contentHeight: 2000,
            fields: [KBRect(x: 16, y: 300, width: 280, height: 44)], actions: [])
        phone.policy = AvoidancePolicy(distance: 0)
        var sim = ScenarioSimulator(phone)
        _ = sim.perform(.focus(0))
        let before = try #require(sim.truth)
        let inset = sim.perform(.setOwnInset(KBEdgeInsets(bottom: 44)))
        #expect(inset.map(\.event) == [.layout(LayoutChange(contentInset: KBEdgeInsets(bottom: 44)))])
        // An app's own inset is finite and within 1,000 points either way
        // on every edge, both bounds included.
        for edge in [\KBEdgeInsets.top, \.left, \.bottom, \.right] as [WritableKeyPath<KBEdgeInsets, Double>] {
            for sign in [1.0, -1.0] {
                var inset = KBEdgeInsets(bottom: 44)
                inset[keyPath: edge] = sign * 1000
                #expect(sim.isValid(.setOwnInset(inset)), "\(inset)")
                inset[keyPath: edge] = sign * 1000.0.nextUp
                #expect(!sim.isValid(.setOwnInset(inset)), "\(inset)")
            }
        }
        #expect(!sim.isValid(.setOwnInset(KBEdgeInsets(top: .infinity))) && !sim.isValid(.setOwnInset(KBEdgeInsets(left: .nan))))
        let safe = sim.perform(.setAdditionalSafeArea(bottom: 49))
        guard case .layout(let c) = safe.first?.event, let bottom = c.safeArea?.bottom else {
            Issue.record("the safe area is a layout change: \(safe)")
            return
        }
        #expect(bottom == 34 + 49, "the home indicator's 34 and the bar's 49")
        // A single point is added as well: the safe area is 35.
        let point = sim.perform(.setAdditionalSafeArea(bottom: 1))
        guard case .layout(let p) = point.first?.event else {
            Issue.record("the safe area is a layout change: \(point)")
            return
        }
        #expect(p.safeArea?.bottom == 35.0, "\(point)")
        // An additional safe area runs from 0 to 200 points, both included.
        #expect(sim.isValid(.setAdditionalSafeArea(bottom: 200)) && !sim.isValid(.setAdditionalSafeArea(bottom: 201)))
        #expect(sim.isValid(.setAdditionalSafeArea(bottom: 0)) && !sim.isValid(.setAdditionalSafeArea(bottom: -1)))
        let resized = Self.notifications(sim.perform(.resizeKeyboard(by: 44)))
        #expect(resized.map(\.name) == [.willChangeFrame, .willShow, .didChangeFrame, .didShow])
        #expect(resized.last?.frameEnd?.height == before.height + 44 && sim.truth?.height == before.height + 44)
        #expect(!sim.isValid(.resizeKeyboard(by: 2000)), "taller than the screen allows")
        #expect(!sim.isValid(.resizeKeyboard(by: 0)), "a resize by nothing is no action")
        #expect(sim.isValid(.resizeKeyboard(by: 1)) && sim.isValid(.resizeKeyboard(by: -1)), "a point either way is one")
        // The bounds are inclusive: a keyboard 100 points tall, or 100
        // short of the screen's height, and not a point beyond either.
        let now = try #require(sim.truth).height, screen = phone.device.screen(.portrait).height
        #expect(sim.isValid(.resizeKeyboard(by: 100 - now)) && !sim.isValid(.resizeKeyboard(by: 99 - now)))
        #expect(sim.isValid(.resizeKeyboard(by: screen - 100 - now)) && !sim.isValid(.resizeKeyboard(by: screen - 99 - now)))
        for f in [ScenarioFeature.ownInsetUnderKeyboard, .safeAreaUnderKeyboard, .keyboardResizesWhileUp] { #expect(sim.features.contains(f)) }
        _ = sim.perform(.rotate(.landscapeLeft))
        #expect(sim.keyboardHeightChange == 0, "a rotation lays the keyboard out at its usual height")
    }

    /// Forced to each reading, generated scenarios whose window moves or is
    /// resized under the keyboard stay traces iOS could send, and the engine
    /// keeps every invariant on them.
    @Test(arguments: KeyboardAfterWindowChange.allCases)
    func everyReadingGivesPossibleTracesTheEngineHandles(_ after: KeyboardAfterWindowChange) {
        let wanted = TestTier.size(fast: 150, heavy: 1_500)
        let drawn = GeneratedScenarios.first(wanted, seed: 20_261_202) {
            $0.contains(.windowMovedUnderKeyboard) || $0.contains(.windowResizedUnderKeyboard)
        }
        for (index, g) in drawn {
            var s = g.scenario
            s.keyboardAfterWindowChange = after
            let trace = ScenarioSimulator.trace(s)
            #expect(trace.isPossible, "scenario \(index): \(trace.impossibilities)")
            #expect(Self.windowsOutsideTheScreen(trace).isEmpty, "scenario \(index): windows \(Self.windowsOutsideTheScreen(trace))")
            let verdict = EngineStrategy.verdict(in: trace)
            #expect(verdict.violated.isEmpty, "scenario \(index): the engine violates \(verdict.violated)")
        }
        #expect(drawn.count == wanted, "only \(drawn.count) scenarios moved or resized a window under the keyboard")
    }

    /// The windows of `trace` (its header's, then each layout's) that do
    /// not lie on the screen of their moment.
    static func windowsOutsideTheScreen(_ trace: Trace) -> [KBRect] {
        var screen = trace.header.screen
        var outside: [KBRect] = []
        func check(_ w: KBRect) {
            if w.minX < 0 || w.minY < 0 || w.maxX > screen.width || w.maxY > screen.height { outside.append(w) }
        }
        check(trace.header.window)
        for e in trace.events {
            guard case .layout(let change) = e.event else { continue }
            if let s = change.screen { screen = s }
            if let w = change.window { check(w) }
        }
        return outside
    }
}
