import KeyboardAvoidance
import KeyboardGeometry
import KeyboardSimulator
import KeyboardTrace
import Testing

/// Pins the notification sequence of every action under every profile.
@Suite("Simulator: what iOS sends")
struct ScenarioSimulatorTests {
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

    static func scenario(_ device: String, _ profile: TraceProfile, fields: [Rect] = [Rect(x: 16, y: 100, width: 280, height: 44), Rect(x: 16, y: 300, width: 280, height: 44)]) -> Scenario {
        Scenario(device: Self.device(device), profile: profile, contentHeight: 1500, fields: fields, actions: [])
    }

    /// Performs `actions` and returns the codes of what the last one sent.
    static func last(_ s: Scenario, _ actions: [UserAction]) -> [String] {
        var sim = ScenarioSimulator(s)
        var events: [TraceEvent] = []
        for a in actions {
            #expect(sim.isValid(a), "\(a) should be valid")
            events = sim.perform(a)
        }
        return events.map(code)
    }

    static let showModern = ["WCF", "WS", "DCF", "DS"]
    static let hideModern = ["WCF", "WH", "DCF", "DH"]

    struct Row: Sendable, CustomStringConvertible {
        var device: String
        var profile: TraceProfile
        var actions: [UserAction]
        var expected: [String]
        var description: String { "\(profile.rawValue) \(actions.last.map { "\($0)" } ?? "")" }
    }

    static let rows: [Row] = [
        // First focus: a text field's begin-editing comes first.
        Row(device: "iphone4s", profile: .iphoneos3, actions: [.focus(0)], expected: ["focus", "WS", "DS"]),
        Row(device: "iphone5", profile: .ios7, actions: [.focus(0)], expected: ["focus"] + showModern),
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0)], expected: ["focus"] + showModern),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0)], expected: ["focus"] + showModern),
        // Focus switch: WillHide without DidHide then DidShow ([apple-2009]); later WillShow/DidShow.
        Row(device: "iphone4s", profile: .iphoneos3, actions: [.focus(0), .focus(1)], expected: ["focus", "WH", "DS"]),
        Row(device: "iphone5", profile: .ios7, actions: [.focus(0), .focus(1)], expected: ["focus", "WS", "DS"]),
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0), .focus(1)], expected: ["focus", "WS", "DS"]),
        // Dismissal.
        Row(device: "iphone4s", profile: .iphoneos3, actions: [.focus(0), .dismiss], expected: ["blur", "WH", "DH"]),
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0), .dismiss], expected: ["blur"] + hideModern),
        // Rotation: hide, layout, show; iPadOS sends the show pair twice.
        Row(device: "iphone4s", profile: .iphoneos3, actions: [.focus(0), .rotate(.landscapeLeft)], expected: ["WH", "DH", "layout", "WS", "DS"]),
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0), .rotate(.landscapeRight)], expected: hideModern + ["layout"] + showModern),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .rotate(.landscapeLeft)], expected: hideModern + ["layout"] + showModern + showModern),
        Row(device: "iphone8", profile: .ios8, actions: [.rotate(.landscapeLeft)], expected: ["layout"]),
        // Input modes.
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0), .changeInputMode(.standard)], expected: showModern),
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0), .changeInputMode(.thirdParty)], expected: ["WS", "WS", "WS", "DS"]),
        // iPad keyboards.
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .undock], expected: ["WH", "WCF", "DCF"]),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .undock, .split], expected: ["WCF", "DCF"]),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .split], expected: ["WH", "WCF", "DCF"]),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .split, .merge], expected: ["WCF", "DCF"]),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .float], expected: ["DCF"]),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .undock, .dock], expected: showModern),
        // Hardware keyboards: the iPad keeps the shortcuts bar, the iPhone hides.
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .attachHardwareKeyboard], expected: showModern),
        Row(device: "iphone8", profile: .ios8, actions: [.focus(0), .attachHardwareKeyboard], expected: hideModern),
        Row(device: "iphone8", profile: .ios8, actions: [.attachHardwareKeyboard, .focus(0)], expected: ["focus"]),
        Row(device: "ipad", profile: .ipados, actions: [.attachHardwareKeyboard, .focus(0), .detachHardwareKeyboard], expected: showModern),
        // Someone else's keyboard; appearance.
        Row(device: "ipad", profile: .ipados, actions: [.keyboardFromElsewhere(shown: true, local: false)], expected: showModern),
        Row(device: "ipad", profile: .ipados, actions: [.keyboardFromElsewhere(shown: true, local: false), .keyboardFromElsewhere(shown: false, local: false)], expected: hideModern),
        Row(device: "iphone8", profile: .ios8, actions: [.disappear], expected: ["disappear"]),
        Row(device: "iphone8", profile: .ios8, actions: [.disappear, .appear], expected: ["appear"]),
        // The remaining profile × action pairs.
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .focus(1)], expected: ["focus", "WS", "DS"]),
        Row(device: "iphone5", profile: .ios7, actions: [.focus(0), .dismiss], expected: ["blur"] + hideModern),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .dismiss], expected: ["blur"] + hideModern),
        Row(device: "iphone5", profile: .ios7, actions: [.focus(0), .rotate(.landscapeLeft)], expected: hideModern + ["layout"] + showModern),
        Row(device: "iphone5", profile: .ios7, actions: [.focus(0), .changeInputMode(.emoji)], expected: showModern),
        Row(device: "ipad", profile: .ipados, actions: [.focus(0), .changeInputMode(.thirdParty)], expected: ["WS", "WS", "WS", "DS"]),
        Row(device: "ipad", profile: .ios7, actions: [.focus(0), .attachHardwareKeyboard], expected: hideModern),
        Row(device: "iphone4s", profile: .iphoneos3, actions: [.focus(0), .attachHardwareKeyboard], expected: ["WH", "DH"]),
        Row(device: "iphone8", profile: .ios8, actions: [.keyboardFromElsewhere(shown: true, local: true)], expected: showModern),
        Row(device: "iphone4s", profile: .iphoneos3, actions: [.keyboardFromElsewhere(shown: true, local: true)], expected: ["WS", "DS"]),
        Row(device: "iphone4s", profile: .iphoneos3, actions: [.disappear], expected: ["disappear"]),
        Row(device: "ipad", profile: .ipados, actions: [.reduceMotion(true)], expected: []),
        // Hostile timing: switches inside one show animation; a rotation
        // before the show's Did notifications.
        Row(device: "iphone8", profile: .ios8, actions: [.focusBurst([0, 1, 0])], expected: ["focus", "WCF", "WS", "focus", "WS", "focus", "WS", "DCF", "DS"]),
        Row(device: "iphone4s", profile: .iphoneos3, actions: [.focusBurst([0, 1])], expected: ["focus", "WS", "focus", "WH", "DS"]),
        Row(device: "iphone8", profile: .ios8, actions: [.focusDuringRotation(0, .landscapeLeft)],
            expected: ["focus", "WCF", "WS"] + hideModern + ["layout"] + showModern + ["DCF", "DS"]),
    ]

    @Test(arguments: rows)
    func eachActionSendsWhatTheProfileSends(row: Row) {
        #expect(Self.last(Self.scenario(row.device, row.profile), row.actions) == row.expected)
    }

    @Test func aTextViewGetsItsFrameBeforeItsBeginEditing() {
        let s = Self.scenario("iphone8", .ios8, fields: [Rect(x: 16, y: 100, width: 280, height: 300)])
        #expect(Self.last(s, [.focus(0)]) == Self.showModern + ["focus"])
    }

    @Test func framesAreInTheProfilesSpaceWithItsKeys() {
        func firstShow(_ device: String, _ profile: TraceProfile, _ o: InterfaceOrientation) -> KeyboardNotification? {
            var s = Self.scenario(device, profile)
            s.orientation = o
            var sim = ScenarioSimulator(s)
            for e in sim.perform(.focus(0)) { if case .keyboard(let n) = e, n.name == .willShow { return n } }
            return nil
        }
        // iOS 7, iPad landscapeRight: the fixed portrait space, no isLocal.
        let ios7 = firstShow("ipad", .ios7, .landscapeRight)
        #expect(ios7?.frameEnd == Rect(x: 0, y: 0, width: 352, height: 1024))
        #expect(ios7?.isLocal == nil)
        // iPhone OS 3: bounds and centers only.
        let os3 = firstShow("iphone4s", .iphoneos3, .portrait)
        #expect(os3?.frameEnd == nil && os3?.bounds == Size(width: 320, height: 216) && os3?.centerEnd == Point(x: 160, y: 372))
        #expect(os3?.curve == 0 && os3?.duration == 0.3)
        // iOS 8: oriented frames, isLocal, curve 7, QuickType height.
        let ios8 = firstShow("iphone8", .ios8, .landscapeLeft)
        #expect(ios8?.frameEnd == Rect(x: 0, y: 375 - 194, width: 667, height: 194))
        #expect(ios8?.frameBegin == Rect(x: 0, y: 375, width: 667, height: 194))
        #expect(ios8?.isLocal == true && ios8?.curve == 7)
    }

    @Test func anotherAppsKeyboardIsNotLocal() {
        var sim = ScenarioSimulator(Self.scenario("ipad", .ipados))
        let events = sim.perform(.keyboardFromElsewhere(shown: true, local: false))
        #expect(events.allSatisfy { if case .keyboard(let n) = $0 { return n.isLocal == false } else { return false } })
    }

    @Test func reduceMotionHidesReportAnOnScreenFrame() {
        var sim = ScenarioSimulator(Self.scenario("iphone8", .ios8))
        _ = sim.perform(.focus(0))
        _ = sim.perform(.reduceMotion(true))
        for e in sim.perform(.dismiss) {
            if case .keyboard(let n) = e { #expect(n.frameEnd == n.frameBegin && n.frameEnd == Rect(x: 0, y: 409, width: 375, height: 258)) }
        }
    }

    @Test func rotationChangesScreenWindowFrameAndSafeArea() {
        var sim = ScenarioSimulator(Self.scenario("iphonex", .ios8))
        let events = sim.perform(.rotate(.landscapeLeft))
        guard case .layout(let c)? = events.first else {
            Issue.record("expected a layout event")
            return
        }
        #expect(c.screen == Size(width: 812, height: 375))
        #expect(c.window == Rect(x: 0, y: 0, width: 812, height: 375))
        #expect(c.safeArea == EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
    }

    @Test func slideOverWindowsSitAtTheRight() {
        var s = Self.scenario("ipad", .ipados)
        s.placement = .slideOver
        #expect(ScenarioSimulator(s).header().window == Rect(x: 448, y: 0, width: 320, height: 1024))
        #expect(WindowPlacement.slideOver.frame(on: Size(width: 375, height: 667)) == Rect(x: 0, y: 0, width: 375, height: 667))
    }

    @Test func iPhoneOS3CannotChangeInputModeOrUndock() {
        let sim = ScenarioSimulator(Self.scenario("iphone4s", .iphoneos3))
        var shown = sim
        _ = shown.perform(.focus(0))
        #expect(!shown.isValid(.changeInputMode(.emoji)))
        #expect(!shown.isValid(.undock) && !shown.isValid(.float))
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
            #expect(d.keyboardHeight(.quickType, .portrait) >= d.keyboardHeight(.standard, .portrait))
        }
    }
}
