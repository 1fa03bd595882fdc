import KeyboardAvoidance
import KeyboardGeneration
import KeyboardGeometry
import KeyboardHarness
import KeyboardOracle
import KeyboardScenarios
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// Pins the notification sequence of every action under every profile.
@Suite("Simulator: what iOS sends")
struct ScenarioSimulatorTests {
    /// An action's description prints whole points without a fraction and
    /// any other number as Swift prints it, past `Int`'s range too.
    @Test func anActionsNumbersPrintWholeWithoutAFraction() {
        #expect(UserAction.setAdditionalSafeArea(bottom: 49).description == "additionalSafeArea(49)")
        #expect(UserAction.resizeKeyboard(by: -0.5).description == "resizeKeyboard(-0.5)")
        #expect(UserAction.resizeKeyboard(by: 1e15).description == "resizeKeyboard(1000000000000000)")
        #expect(UserAction.resizeKeyboard(by: 1e20).description == "resizeKeyboard(1e+20)")
        #expect(UserAction.setOwnInset(KBEdgeInsets(top: 20, left: 0, bottom: 44.5, right: 0)).description == "ownInset(20,0,44.5,0)")
    }

    static func code(_ e: TraceEvent) -> String {
        switch e {
        case .focus: "focus"
        case .blur: "blur"
        case .layout: "layout"
        case .appear: "appear"
        case .disappear: "disappear"
        case .keyboard(let n):
            switch n.name {
            case .willShow: "WS"
            case .didShow: "DS"
            case .willHide: "WH"
            case .didHide: "DH"
            case .willChangeFrame: "WCF"
            case .didChangeFrame: "DCF"
            }
        }
    }

    static func device(_ name: String) -> Device { DeviceCatalog.device(named: name)! }

    static func scenario(
        _ device: String, _ profile: TraceProfile, version: Int? = nil, placement: WindowPlacement = .fullScreen,
        fields: [KBRect] = [KBRect(x: 16, y: 100, width: 280, height: 44), KBRect(x: 16, y: 300, width: 280, height: 44)]
    ) -> Scenario {
        Scenario(
            device: Self.device(device), profile: profile, systemVersion: version, placement: placement, contentHeight: 1500, fields: fields,
            actions: [])
    }

    /// Performs `actions` and returns the codes of what the last one sent.
    static func last(_ s: Scenario, _ actions: [UserAction]) -> [String] {
        var sim = ScenarioSimulator(s)
        var events: [TraceEvent] = []
        for a in actions {
            #expect(sim.isValid(a), "\(a) should be valid")
            events = sim.perform(a).map(\.event)
        }
        return events.map(code)
    }

    static let showModern = ["WCF", "WS", "DCF", "DS"]
    static let hideModern = ["WCF", "WH", "DCF", "DH"]

    struct Row: Sendable, CustomStringConvertible {
        var device: String
        var profile: TraceProfile
        var version: Int? = nil
        var placement: WindowPlacement = .fullScreen
        var actions: [UserAction]
        var expected: [String]
        var description: String { "\(profile.rawValue)\(version.map { " \($0)" } ?? "") \(actions.last.map { "\($0)" } ?? "")" }
    }

    static let rows: [Row] = [
        // First focus: a text field's begin-editing comes first.
        Row(device: "iphone4s", profile: .iphoneos3, actions: [.focus(0)], expected: ["focus", "WS", "DS"]),
        Row(device: "iphone5", profile: .ios7, actions: [.focus(0)], expected: ["focus"] + showModern),
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0)], expected: ["focus"] + showModern),
        Row(device: "iphone15", profile: .ios13, actions: [.focus(0)], expected: ["focus"] + showModern),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0)], expected: ["focus"] + showModern),
        // Focus switch: WillHide without DidHide then DidShow ([apple-2009]);
        // nothing on iOS 11; WillShow/DidShow elsewhere.
        Row(device: "iphone4s", profile: .iphoneos3, actions: [.focus(0), .focus(1)], expected: ["focus", "WH", "DS"]),
        Row(device: "iphone5", profile: .ios7, actions: [.focus(0), .focus(1)], expected: ["focus", "WS", "DS"]),
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0), .focus(1)], expected: ["focus", "WS", "DS"]),
        Row(device: "iphone8", profile: .ios8, version: 11, actions: [.focus(0), .focus(1)], expected: ["focus"]),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .focus(1)], expected: ["focus", "WS", "DS"]),
        // Dismissal.
        Row(device: "iphone4s", profile: .iphoneos3, actions: [.focus(0), .dismiss], expected: ["blur", "WH", "DH"]),
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0), .dismiss], expected: ["blur"] + hideModern),
        Row(device: "iphone5", profile: .ios7, actions: [.focus(0), .dismiss], expected: ["blur"] + hideModern),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .dismiss], expected: ["blur"] + hideModern),
        // Interactive dismissal: the keyboard goes, then the field resigns.
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0), .dragToDismiss], expected: hideModern + ["blur"]),
        // Rotation: hide, layout, show; iPad iOS 8 sends the show pair twice.
        Row(device: "iphone4s", profile: .iphoneos3, actions: [.focus(0), .rotate(.landscapeLeft)], expected: ["WH", "DH", "layout", "WS", "DS"]),
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0), .rotate(.landscapeRight)], expected: hideModern + ["layout"] + showModern),
        Row(device: "iphone5", profile: .ios7, actions: [.focus(0), .rotate(.landscapeLeft)], expected: hideModern + ["layout"] + showModern),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .rotate(.landscapeLeft)], expected: hideModern + ["layout"] + showModern),
        Row(
            device: "ipad", profile: .ios8, version: 8, actions: [.focus(0), .rotate(.landscapeLeft)],
            expected: hideModern + ["layout"] + showModern + showModern),
        Row(
            device: "ipad", profile: .ios8, version: 9, actions: [.focus(0), .rotate(.landscapeLeft)], expected: hideModern + ["layout"] + showModern),
        Row(device: "iphone8", profile: .ios8, actions: [.rotate(.landscapeLeft)], expected: ["layout"]),
        // Input modes; third-party keyboards pair a WillChangeFrame with each
        // of their three WillShows.
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0), .changeInputMode(.standard)], expected: showModern),
        Row(device: "iphone5", profile: .ios7, actions: [.focus(0), .changeInputMode(.emoji)], expected: showModern),
        Row(
            device: "iphone8", profile: .ios8, actions: [.focus(0), .changeInputMode(.thirdParty)],
            expected: ["WCF", "WS", "WCF", "WS", "WCF", "WS", "DCF", "DS"]),
        Row(
            device: "ipad", profile: .ipados, actions: [.focus(0), .changeInputMode(.thirdParty)],
            expected: ["WCF", "WS", "WCF", "WS", "WCF", "WS", "DCF", "DS"]),
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0), .silentInputModeChange(.emoji)], expected: []),
        // iPad keyboards.
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .undock], expected: ["WH", "WCF", "DCF"]),
        Row(device: "ipad", profile: .ios7, actions: [.focus(0), .undockFromMenu], expected: ["WH", "WCF", "DCF"]),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .undock, .split], expected: ["WCF", "DCF"]),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .split], expected: ["WH", "WCF", "DCF"]),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .split, .merge], expected: ["WCF", "DCF"]),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .float], expected: ["DCF"]),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .float, .moveFloating], expected: ["DCF"]),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .undock, .dock], expected: showModern),
        // Undocked keyboards survive a dismiss: WillHide/DidHide, then the
        // next show sends frame changes only.
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .undock, .dismiss], expected: ["blur", "WH", "DH"]),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .undock, .dismiss, .focus(1)], expected: ["focus", "WCF", "DCF"]),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .float, .dismiss, .focus(1)], expected: ["focus", "DCF"]),
        // A form sheet that keeps its keyboard after resign sends nothing.
        Row(device: "ipad", profile: .ipados, placement: .formSheet, actions: [.focus(0), .dismiss], expected: ["blur"] + hideModern),
        // Hardware keyboards: the iPad keeps the shortcuts bar, the iPhone
        // and the iOS 7 iPad hide.
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .attachHardwareKeyboard], expected: showModern),
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0), .attachHardwareKeyboard], expected: hideModern),
        Row(device: "iphone8", profile: .ios8, actions: [.attachHardwareKeyboard, .focus(0)], expected: ["focus"]),
        Row(device: "ipad", profile: .ipados, actions: [.attachHardwareKeyboard, .focus(0), .detachHardwareKeyboard], expected: showModern),
        Row(device: "ipad", profile: .ios7, actions: [.focus(0), .attachHardwareKeyboard], expected: hideModern),
        // Someone else's keyboard: another app's needs another app beside ours.
        Row(
            device: "ipad", profile: .ipados, placement: .splitView, actions: [.keyboardFromElsewhere(shown: true, local: false)],
            expected: showModern),
        Row(
            device: "ipad", profile: .ipados, placement: .splitView,
            actions: [.keyboardFromElsewhere(shown: true, local: false), .keyboardFromElsewhere(shown: false, local: false)], expected: hideModern),
        Row(device: "iphone8", profile: .ios8, actions: [.keyboardFromElsewhere(shown: true, local: true)], expected: showModern),
        Row(device: "iphone4s", profile: .iphoneos3, actions: [.keyboardFromElsewhere(shown: true, local: true)], expected: ["WS", "DS"]),
        // Appearance, backgrounding.
        Row(device: "iphone8", profile: .ios8, actions: [.disappear], expected: ["disappear"]),
        Row(device: "iphone8", profile: .ios8, actions: [.disappear, .appear], expected: ["appear"]),
        Row(device: "iphone4s", profile: .iphoneos3, actions: [.disappear], expected: ["disappear"]),
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0), .background], expected: hideModern),
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0), .background, .foreground], expected: showModern),
        Row(device: "ipad", profile: .ipados, actions: [.reduceMotion(true)], expected: []),
        // Hostile timing: switches inside one show animation; a rotation
        // before the show's Did notifications.
        Row(
            device: "iphone8", profile: .ios8, actions: [.focusBurst([0, 1, 0])],
            expected: ["focus", "WCF", "WS", "focus", "WS", "focus", "WS", "DCF", "DS"]),
        Row(device: "iphone4s", profile: .iphoneos3, actions: [.focusBurst([0, 1])], expected: ["focus", "WS", "focus", "WH", "DS"]),
        Row(
            device: "iphone8", profile: .ios8, actions: [.focusDuringRotation(0, .landscapeLeft)],
            expected: ["focus", "WCF", "WS"] + hideModern + ["layout"] + showModern + ["DCF", "DS"]),
    ]

    @Test(arguments: rows)
    func eachActionSendsWhatTheProfileSends(row: Row) {
        var s = Self.scenario(row.device, row.profile, version: row.version, placement: row.placement)
        s.keepsKeyboardAfterResign = row.placement == .formSheet && row.expected == ["blur"]
        #expect(Self.last(s, row.actions) == row.expected)
    }

    @Test func aFormSheetThatKeepsItsKeyboardSendsNothingOnResign() {
        var s = Self.scenario("ipad", .ipados, placement: .formSheet)
        s.keepsKeyboardAfterResign = true
        #expect(Self.last(s, [.focus(0), .dismiss]) == ["blur"])
        var sim = ScenarioSimulator(s)
        _ = sim.perform(.focus(0))
        let resign = sim.perform(.dismiss)
        #expect(resign.last?.truth == .shown(sim.frame(.docked, .portrait)), "the keyboard stays up")
        #expect(Self.last(s, [.focus(0), .dismiss, .focus(1)]) == ["focus", "WS", "DS"], "the next focus is a switch")
    }

    /// A focus under the keyboard a form sheet kept is labelled a keyboard
    /// before the focus; a switch between fields under our own keyboard,
    /// and the first focus, are not.
    @Test func onlyAFocusUnderAKeyboardNoFieldRaisedIsLabelledKeyboardBeforeFocus() {
        var s = Self.scenario("ipad", .ipados, placement: .formSheet)
        s.keepsKeyboardAfterResign = true
        for (actions, labelled) in [([UserAction.focus(0), .focus(1)], false), ([.focus(0)], false), ([.focus(0), .dismiss, .focus(1)], true)] {
            var sim = ScenarioSimulator(s)
            for a in actions { _ = sim.perform(a) }
            #expect(sim.features.contains(.keyboardBeforeFocus) == labelled, "\(actions)")
        }
    }

    /// Any accessory view above the keys labels the focus, down to a
    /// hairline's (one point: a separator as the accessory); a field with
    /// none does not.
    @Test(arguments: [(0.0, false), (1, true), (44, true)])
    func aFieldWithAnAccessoryOfAnyHeightIsLabelled(height: Double, labelled: Bool) {
        var s = Self.scenario("ipad", .ipados)
        s.fieldKeyboards = [FieldKeyboard(accessoryHeight: height)]
        var sim = ScenarioSimulator(s)
        _ = sim.perform(.focus(0))
        #expect(sim.features.contains(.inputAccessory) == labelled)
    }

    /// A hardware keyboard detached brings the focused field's keyboard:
    /// after a burst, the last field's (the burst itself kept the first
    /// one's), with its accessory, labelled.
    @Test func aDetachedHardwareKeyboardBringsTheFocusedFieldsKeyboard() throws {
        var s = Self.scenario("iphone8", .ios8)
        s.fieldKeyboards = [.plain, FieldKeyboard(accessoryHeight: FieldKeyboard.toolbarHeight)]
        var sim = ScenarioSimulator(s)
        for action: UserAction in [.focusBurst([0, 1]), .attachHardwareKeyboard] {
            try #require(sim.isValid(action), "\(action)")
            _ = sim.perform(action)
        }
        #expect(sim.keyboardField == 0 && !sim.features.contains(.inputAccessory), "the burst kept the first field's keyboard")
        _ = sim.perform(.detachHardwareKeyboard)
        #expect(sim.focused == 1 && sim.keyboardField == 1)
        #expect(sim.truth == sim.frame(.docked, .portrait, field: 1) && sim.truth != sim.frame(.docked, .portrait, field: 0))
        #expect(sim.features.contains(.inputAccessory))
    }

    /// A scenario written by hand that names no policy asks for 10 points
    /// between its field and the keyboard, fields taller than the band at
    /// the top, and its trace's header says so.
    @Test func aScenarioThatNamesNoPolicyAsksForTenPoints() {
        let s = Self.scenario("iphone8", .ios8)
        #expect(s.policy == AvoidancePolicy(distance: 10, tallField: .top))
        #expect(ScenarioSimulator(s).header().policy == AvoidancePolicy(distance: 10, tallField: .top))
    }

    /// `switch.changesHeight` marks a focus switch whose keyboard differs
    /// in height (a field with an accessory bar after one without) and no
    /// other: a switch between alike fields keeps the keyboard's frame.
    @Test func aFocusSwitchIsLabelledAsChangingHeightExactlyWhenItDoes() {
        func switched(_ keyboards: [FieldKeyboard]) -> (ScenarioFeatures, [KeyboardNotification]) {
            var s = Self.scenario("iphone8", .ios8)
            s.fieldKeyboards = keyboards
            var sim = ScenarioSimulator(s)
            _ = sim.perform(.focus(0))
            let notes = sim.perform(.focus(1)).compactMap { if case .keyboard(let n) = $0.event { n } else { nil } }
            return (sim.features, notes)
        }
        let (alike, kept) = switched([.plain, .plain])
        #expect(!alike.contains(.focusSwitchChangesHeight))
        #expect(!kept.isEmpty && kept.allSatisfy { $0.frameBegin == $0.frameEnd }, "\(kept)")
        let (differ, changed) = switched([.plain, FieldKeyboard(accessoryHeight: FieldKeyboard.toolbarHeight)])
        #expect(differ.contains(.focusSwitchChangesHeight))
        #expect(changed.contains { $0.frameEnd.map(\.height) == $0.frameBegin.map { $0.height + FieldKeyboard.toolbarHeight } }, "\(changed)")
    }

    /// A setting's label is set exactly when it is there, however small:
    /// bars above of half a point, a policy's distance of half a point;
    /// none for a bar or distance of 0.
    @Test func aSettingsLabelsMarkEvenTheSmallestSetting() {
        var s = Self.scenario("iphone8", .ios13)
        s.policy = AvoidancePolicy(distance: 0)
        #expect(!s.settingFeatures.contains(.barsAbove) && !s.settingFeatures.contains(.distance))
        s.topBar = 0.5
        s.policy = AvoidancePolicy(distance: 0.5)
        #expect(s.settingFeatures.contains(.barsAbove) && s.settingFeatures.contains(.distance))
    }

    /// An action that is not valid when its turn comes is skipped and
    /// listed by its index; the rest are performed.
    @Test func anInvalidActionIsSkippedAndListed() {
        var s = Self.scenario("iphone8", .ios13)
        s.actions = [.type(lines: 1), .focus(0), .focus(0), .dismiss]
        let simulated = ScenarioSimulator.simulate(s)
        #expect(simulated.skipped == [0, 2], "typing before a focus, and a focus on the field already focused")
        #expect(simulated.trace.events.contains { $0.event == .focus(field: 0, caret: nil) })
    }

    @Test func aTextViewsWillNotificationsPrecedeItsBeginEditing() {
        let s = Self.scenario("iphone8", .ios8, fields: [KBRect(x: 16, y: 100, width: 280, height: 300)])
        #expect(Self.last(s, [.focus(0)]) == ["WCF", "WS", "focus", "DCF", "DS"])
    }

    @Test func framesAreInTheProfilesSpaceWithItsKeys() {
        func firstShow(
            _ device: String, _ profile: TraceProfile, _ o: InterfaceOrientation, version: Int? = nil, placement: WindowPlacement = .fullScreen
        ) -> KeyboardNotification? {
            var s = Self.scenario(device, profile, version: version, placement: placement)
            s.orientation = o
            var sim = ScenarioSimulator(s)
            for e in sim.perform(.focus(0)).map(\.event) { if case .keyboard(let n) = e, n.name == .willShow { return n } }
            return nil
        }
        // iOS 7, iPad landscapeRight: the fixed portrait space, no isLocal;
        // bounds and centres in the same space.
        let ios7 = firstShow("ipad", .ios7, .landscapeRight)
        #expect(ios7?.frameEnd == KBRect(x: 0, y: 0, width: 352, height: 1024))
        #expect(ios7?.bounds == KBSize(width: 352, height: 1024) && ios7?.centerEnd == KBPoint(x: 176, y: 512))
        #expect(ios7?.isLocal == nil && ios7?.curve == 7)
        // iOS 6 prints curve 0.
        #expect(firstShow("ipad", .ios7, .portrait, version: 6)?.curve == 0)
        // iPhone OS 3: bounds and centres only.
        let os3 = firstShow("iphone4s", .iphoneos3, .portrait)
        #expect(os3?.frameEnd == nil && os3?.bounds == KBSize(width: 320, height: 216) && os3?.centerEnd == KBPoint(x: 160, y: 372))
        #expect(os3?.curve == 0 && os3?.duration == 0.3)
        // iPhone OS 3 in landscape: the bounds as the interface sees them,
        // the centre in the fixed space.
        let os3Landscape = firstShow("iphone4s", .iphoneos3, .landscapeLeft)
        #expect(os3Landscape?.bounds == KBSize(width: 480, height: 162) && os3Landscape?.centerEnd == KBPoint(x: 239, y: 240))
        // iOS 8: oriented frames, isLocal, curve 7, QuickType height.
        let ios8 = firstShow("iphone8", .ios8, .landscapeLeft)
        #expect(ios8?.frameEnd == KBRect(x: 0, y: 375 - 194, width: 667, height: 194))
        #expect(ios8?.frameBegin == KBRect(x: 0, y: 375, width: 667, height: 194))
        #expect(ios8?.isLocal == true && ios8?.curve == 7 && ios8?.bounds == KBSize(width: 667, height: 194))
        // iOS 9–12 iPad in Slide Over: the key window's space, so the
        // keyboard spanning the screen starts left of the window's origin.
        let slideOver = firstShow("ipad", .ios8, .portrait, version: 10, placement: .slideOver)
        #expect(slideOver?.frameEnd == KBRect(x: -448, y: 1024 - 313, width: 768, height: 313))
        // iPadOS 13+: the screen's space.
        #expect(firstShow("ipad", .ipados, .portrait, placement: .slideOver)?.frameEnd == KBRect(x: 0, y: 1024 - 313, width: 768, height: 313))
    }

    @Test func anotherAppsKeyboardIsNotLocal() {
        var sim = ScenarioSimulator(Self.scenario("ipad", .ipados, placement: .splitView))
        let events = sim.perform(.keyboardFromElsewhere(shown: true, local: false)).map(\.event)
        #expect(events.allSatisfy { if case .keyboard(let n) = $0 { return n.isLocal == false } else { return false } })
    }

    /// A rotation re-announces the keyboard as it was: the app's own as
    /// local, another app's as not.
    @Test func aRotationKeepsWhoseKeyboardItIs() {
        func rotated(_ s: Scenario, after first: UserAction) -> [Bool?] {
            var sim = ScenarioSimulator(s)
            _ = sim.perform(first)
            let events = sim.perform(.rotate(.landscapeLeft)).map(\.event)
            let after = events.drop { if case .layout = $0 { false } else { true } }
            return after.compactMap { if case .keyboard(let n) = $0 { n.isLocal } else { nil } }
        }
        let own = rotated(Self.scenario("iphone8", .ios13), after: .focus(0))
        #expect(!own.isEmpty && own.allSatisfy { $0 == true }, "\(own)")
        let other = rotated(Self.scenario("ipad", .ipados, placement: .splitView), after: .keyboardFromElsewhere(shown: true, local: false))
        #expect(!other.isEmpty && other.allSatisfy { $0 == false }, "\(other)")
    }

    /// Each placement's view frame on a 12.9-inch iPad in portrait (1024 ×
    /// 1366): Slide Over 320 pt at the right edge, Split View half less
    /// the 10 pt divider's half, a Stage Manager window inset by 80/60 and
    /// 160/120, a form sheet of 540 × 620 centred.
    @Test func eachPlacementsFrameOnALargeIPad() {
        let screen = KBSize(width: 1024, height: 1366)
        #expect(WindowPlacement.fullScreen.viewFrame(on: screen) == KBRect(x: 0, y: 0, width: 1024, height: 1366))
        #expect(WindowPlacement.slideOver.viewFrame(on: screen) == KBRect(x: 704, y: 0, width: 320, height: 1366))
        #expect(WindowPlacement.splitView.viewFrame(on: screen) == KBRect(x: 0, y: 0, width: 507, height: 1366))
        #expect(WindowPlacement.stageManager.viewFrame(on: screen) == KBRect(x: 80, y: 60, width: 784, height: 1186))
        #expect(WindowPlacement.formSheet.viewFrame(on: screen) == KBRect(x: 242, y: 373, width: 540, height: 620))
    }

    @Test(arguments: Scenario.ReduceMotionHide.allCases)
    func reduceMotionHidesEndOffScreenAndTheTruthIsHidden(style: Scenario.ReduceMotionHide) {
        var s = Self.scenario("iphone8", .ios8)
        s.reduceMotionHide = style
        var sim = ScenarioSimulator(s)
        _ = sim.perform(.focus(0))
        _ = sim.perform(.reduceMotion(true))
        let expected = style == .emptyRect ? KBRect.zero : KBRect(x: 0, y: 667, width: 375, height: 71)
        let lines = sim.perform(.dismiss)
        #expect(lines.first?.event == .blur && lines.first?.truth != .hidden, "the field resigns before the keyboard goes")
        for line in lines.dropFirst() {
            #expect(line.truth == .hidden)
            if case .keyboard(let n) = line.event { #expect(n.frameEnd == expected) }
        }
    }

    @Test func rotationChangesScreenWindowFrameAndSafeArea() {
        var sim = ScenarioSimulator(Self.scenario("iphonex", .ios8))
        let events = sim.perform(.rotate(.landscapeLeft)).map(\.event)
        guard case .layout(let c)? = events.first else {
            Issue.record("expected a layout event")
            return
        }
        #expect(c.screen == KBSize(width: 812, height: 375))
        #expect(c.window == KBRect(x: 0, y: 0, width: 812, height: 375))
        #expect(c.safeArea == KBEdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
    }

    /// A third-party keyboard's three shows: from the keyboard that was
    /// up (the predictive one, 258 pt on an iPhone 8) to a zero-height strip
    /// along the screen's bottom, from there to the standard keyboard
    /// (216 pt), from there to its own height (the predictive one's).
    @Test func aThirdPartyKeyboardShowsThroughAZeroHeightStrip() throws {
        var sim = ScenarioSimulator(Self.scenario("iphone8", .ios8))
        let shown = sim.perform(.focus(0)).compactMap { line -> KBRect? in
            if case .keyboard(let n) = line.event, n.name == .didShow { n.frameEnd } else { nil }
        }
        let before = try #require(shown.last)
        #expect(before == KBRect(x: 0, y: 409, width: 375, height: 258))
        let notes = sim.perform(.changeInputMode(.thirdParty)).compactMap { line -> KeyboardNotification? in
            if case .keyboard(let n) = line.event { n } else { nil }
        }
        let strip = KBRect(x: 0, y: 667, width: 375, height: 0), standard = KBRect(x: 0, y: 451, width: 375, height: 216)
        #expect(notes.map(\.frameBegin) == [before, before, strip, strip, standard, standard, standard, standard])
        #expect(notes.map(\.frameEnd) == [strip, strip, standard, standard, before, before, before, before])
    }

    @Test func slideOverWindowsSitAtTheRight() {
        var s = Self.scenario("ipad", .ipados)
        s.placement = .slideOver
        #expect(ScenarioSimulator(s).header().window == KBRect(x: 448, y: 0, width: 320, height: 1024))
        #expect(WindowPlacement.slideOver.viewFrame(on: KBSize(width: 375, height: 667)) == KBRect(x: 0, y: 0, width: 375, height: 667))
    }

    /// A phone is offered full screen only, on every system; any other
    /// placement given a phone's screen (a landscape one 956 pt wide too)
    /// falls back to the whole screen.
    @Test(arguments: WindowPlacement.allCases)
    func phonesHaveTheWholeScreen(_ placement: WindowPlacement) throws {
        let phone = try #require(DeviceCatalog.device(named: "iphone16promax"))
        for version in phone.systemVersions {
            let era = SystemEra(profile: .ios13, version: version, family: .phone)
            #expect(placement.isAvailable(era: era, device: phone) == (placement == .fullScreen), "iOS \(version)")
        }
        for screen in [phone.screen(.portrait), phone.screen(.landscapeLeft)] {
            #expect(placement.viewFrame(on: screen) == KBRect(origin: .zero, size: screen), "\(screen)")
        }
    }

    @Test func iPhoneOS3CannotChangeInputModeUndockOrAttachAKeyboard() {
        let sim = ScenarioSimulator(Self.scenario("iphone4s", .iphoneos3))
        var shown = sim
        _ = shown.perform(.focus(0))
        #expect(!shown.isValid(.changeInputMode(.emoji)))
        #expect(!shown.isValid(.undock) && !shown.isValid(.float))
        #expect(!shown.isValid(.attachHardwareKeyboard) && !shown.isValid(.reduceMotion(true)))
    }

    /// An input mode is what the user picks from the globe key: a docked
    /// keyboard's placements (undocked, split, floating) and the hardware
    /// keyboard's bar are never one, on any device.
    @Test func placementsAreNoInputModes() {
        for (device, profile) in [("iphone16promax", TraceProfile.ios13), ("ipad", .ipados)] {
            var shown = ScenarioSimulator(Self.scenario(device, profile))
            _ = shown.perform(.focus(0))
            #expect(shown.isValid(.changeInputMode(.emoji)), "\(device): a docked keyboard up, emoji offered")
            for placement in [KeyboardMode.hardwareShortcutsBar, .undocked, .split, .floating] {
                #expect(!shown.isValid(.changeInputMode(placement)), "\(device): \(placement)")
            }
        }
    }

    @Test func invalidActionsAreRefused() {
        let sim = ScenarioSimulator(Self.scenario("iphone8", .ios8))
        #expect(!sim.isValid(.dismiss), "nothing focused")
        #expect(!sim.isValid(.undock), "no iPad")
        #expect(!sim.isValid(.rotate(.portrait)), "already portrait")
        #expect(!sim.isValid(.rotate(.portraitUpsideDown)), "phones do not turn upside down")
        #expect(!sim.isValid(.appear), "already visible")
    }

    @Test func everyDeviceCitesItsSources() {
        #expect(DeviceCatalog.all.count >= 10)
        for d in DeviceCatalog.all {
            #expect(!d.sources.isEmpty)
            #expect(d.keyboardHeight(.quickType, .portrait, version: 13) >= d.keyboardHeight(.standard, .portrait, version: 13))
        }
    }
}
