import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

/// The model of iOS: turns a ``Scenario``'s actions into the events an app
/// receives (keyboard notifications in the profile's coordinate space, with
/// the keys the profile sends; focus, layout and appearance events), and so
/// into a v1 trace.
public struct ScenarioSimulator: Sendable {
    public let scenario: Scenario
    public internal(set) var orientation: InterfaceOrientation
    public internal(set) var keyboard: KeyboardState = .hidden
    /// The software keyboard's mode, remembered across hides.
    public internal(set) var mode: KeyboardMode = .quickType
    public internal(set) var hardwareKeyboard = false
    public internal(set) var reduceMotion = false
    public internal(set) var focused: Int?
    public internal(set) var visible = true
    /// A keyboard raised elsewhere is up (and whether it is local).
    public internal(set) var elsewhere: Bool?

    /// The keyboard's state.
    public enum KeyboardState: Hashable, Sendable {
        case hidden
        case docked
        case shortcutsBar
        case undocked
        case split
        case floating
    }

    public init(_ scenario: Scenario) {
        self.scenario = scenario
        self.orientation = scenario.orientation
        // The QuickType bar arrived with iOS 8.
        self.mode = scenario.profile == .ios8 || scenario.profile == .ipados ? .quickType : .standard
    }

    var profile: TraceProfile { scenario.profile }
    var device: Device { scenario.device }
    var isPad: Bool { device.family == .pad }

    // MARK: Layout

    /// The layout for `orientation`: screen, window, scroll view frame (in
    /// the window) and safe area (zero before iOS 11's safe areas: the
    /// `iphoneos3` and `ios7` profiles).
    public func layout(_ o: InterfaceOrientation) -> (screen: Size, window: Rect, frame: Rect, safeArea: EdgeInsets) {
        let screen = device.screen(o)
        let window = scenario.placement.frame(on: screen)
        let frame = Rect(x: 0, y: scenario.topBar, width: window.width, height: Swift.max(0, window.height - scenario.topBar - scenario.bottomGap))
        guard profile == .ios8 || profile == .ipados else { return (screen, window, frame, .zero) }
        let deviceSafe = device.safeArea(o)
        let onScreen = frame.offsetBy(dx: window.minX, dy: window.minY)
        let safe = EdgeInsets(
            top: Swift.max(0, deviceSafe.top - onScreen.minY),
            left: Swift.max(0, deviceSafe.left - onScreen.minX),
            bottom: Swift.max(0, onScreen.maxY - (screen.height - deviceSafe.bottom)),
            right: Swift.max(0, onScreen.maxX - (screen.width - deviceSafe.right))
        )
        return (screen, window, frame, safe)
    }

    /// The trace header the scenario starts from.
    public func header() -> TraceHeader {
        let l = layout(scenario.orientation)
        let adjustedTop = scenario.contentInset.top + (scenario.insetAdjustment == .automatic ? l.safeArea.top : 0)
        return TraceHeader(
            profile: profile, screen: l.screen, orientation: scenario.orientation, window: l.window,
            scrollView: ScrollViewSetup(
                frame: l.frame, safeArea: l.safeArea, contentInset: scenario.contentInset, insetAdjustment: scenario.insetAdjustment,
                contentSize: Size(width: l.frame.width, height: scenario.contentHeight), contentOffset: Point(x: 0, y: -adjustedTop)
            ),
            fields: scenario.fields, policy: scenario.policy
        )
    }

    // MARK: Keyboard frames

    /// The keyboard's frame in the oriented space for a state.
    public func frame(_ state: KeyboardState, _ o: InterfaceOrientation, mode: KeyboardMode? = nil) -> Rect {
        let s = device.screen(o)
        let m = mode ?? self.mode
        switch state {
        case .hidden:
            let h = device.keyboardHeight(m, o)
            return Rect(x: 0, y: s.height, width: s.width, height: h)
        case .docked:
            let h = device.keyboardHeight(m, o)
            return Rect(x: 0, y: s.height - h, width: s.width, height: h)
        case .shortcutsBar:
            return Rect(x: 0, y: s.height - device.keyboardHeight(.hardwareShortcutsBar, o), width: s.width, height: KeyboardHeights.shortcutsBarRectHeight)
        case .undocked:
            let h = device.keyboardHeight(.undocked, o)
            return Rect(x: 0, y: ((s.height - h) / 2).rounded(.down), width: s.width, height: h)
        case .split:
            let h = device.keyboardHeight(.split, o)
            return Rect(x: 0, y: (s.height * 0.4).rounded(.down), width: s.width, height: h)
        case .floating:
            let f = KeyboardHeights.floatingSize
            return Rect(x: Swift.max(0, s.width - f.width - 20), y: Swift.max(0, s.height - f.height - 120), width: f.width, height: f.height)
        }
    }

    /// A notification as the profile sends it, from `begin` to `end`
    /// (oriented frames), converted to the profile's space and keys.
    func notification(_ name: KeyboardNotification.Name, from begin: Rect, to end: Rect, local: Bool = true) -> TraceEvent {
        var n = KeyboardNotification(name: name, duration: NotificationRules.duration(profile), curve: NotificationRules.curve(profile))
        let fixed = FixedScreenSpace(orientedSize: device.screen(orientation), orientation: orientation)
        switch profile {
        case .iphoneos3:
            let b = fixed.fixedRect(fromOriented: begin), e = fixed.fixedRect(fromOriented: end)
            n.bounds = Size(width: end.width, height: end.height)
            n.centerBegin = Point(x: b.midX, y: b.midY)
            n.centerEnd = Point(x: e.midX, y: e.midY)
        case .ios7:
            n.frameBegin = fixed.fixedRect(fromOriented: begin)
            n.frameEnd = fixed.fixedRect(fromOriented: end)
        case .ios8, .ipados:
            n.frameBegin = begin
            n.frameEnd = end
        }
        if NotificationRules.sendsIsLocal(profile) { n.isLocal = local }
        return .keyboard(n)
    }


    /// The frame the keyboard is at now (hidden: below the screen).
    var currentFrame: Rect { frame(keyboard, orientation) }

    /// The software keyboard's state when it shows: the shortcuts bar with a
    /// hardware keyboard on iPadOS (the bar arrived with iOS 9, an
    /// estimate); nothing on iPhone or older iPads.
    var shownState: KeyboardState? {
        if hardwareKeyboard { return hasShortcutsBar ? .shortcutsBar : nil }
        return .docked
    }

    var hasShortcutsBar: Bool { isPad && profile == .ipados }
}
