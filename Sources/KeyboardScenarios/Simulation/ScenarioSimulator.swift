import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace
import KeyboardWorld

/// The model of iOS: turns a ``Scenario``'s actions into the events an app
/// receives (keyboard notifications in the profile's coordinate space, with
/// the keys its era sends; focus, layout and appearance events), each with
/// the keyboard's true frame after it, and so into a v1 trace.
///
/// The truth is kept here, from the simulator's own state, never from the
/// payloads it writes: where a payload misreports (a late Did, an iOS 26
/// hide's accessory frame, Reduce Motion's strip, the menu undock's
/// `y = −264`), the truth does not follow it.
package struct ScenarioSimulator: Sendable {
    package let scenario: Scenario
    package let era: SystemEra
    package internal(set) var orientation: InterfaceOrientation
    /// Where the keyboard is now.
    package internal(set) var keyboard: KeyboardState = .hidden
    /// The iPad keyboard's arrangement (docked, undocked, split, floating),
    /// remembered across hides: it comes back as it was.
    package internal(set) var arrangement: KeyboardState = .docked
    /// The software keyboard's mode, remembered across hides.
    package internal(set) var mode: KeyboardMode
    package internal(set) var hardwareKeyboard = false
    package internal(set) var reduceMotion = false
    package internal(set) var focused: Int?
    /// The field whose keyboard is up (the focused one, or the last one
    /// when a form sheet keeps the keyboard after its field resigns); nil
    /// from when a keyboard raised elsewhere comes until a field of ours
    /// gets its keyboard again. Set whenever a keyboard of ours is up.
    package internal(set) var keyboardField: Int?
    package internal(set) var visible = true
    /// A keyboard raised elsewhere is up (and whether it is local).
    package internal(set) var elsewhere: Bool?
    /// The app is in the background; the keyboard it had is remembered.
    package internal(set) var backgrounded = false
    var suspended: KeyboardState = .hidden
    /// Which of ``floatingPlaces`` the floating keyboard is at.
    package internal(set) var floatingPlace = 0
    /// The keyboard's true frame (oriented screen space), nil when hidden:
    /// what every event appended now carries as its truth.
    package internal(set) var truth: KBRect?
    /// The height of the keyboard last on screen: the next show starts
    /// below the screen at this height, so begin and end sizes can differ
    /// ([observed-sequences]).
    var lastHeight: Double
    /// The fields as the app lays them out now: a text view that grows
    /// with its text moves the fields below it (``FieldText``).
    package internal(set) var fields: [KBRect]
    /// The content's height now.
    package internal(set) var contentHeight: Double
    /// The text each field holds now, by index: the scenario's, as typing
    /// changed it; a field past its end holds ``FieldText/oneLine`` (so
    /// that thousands of fields cost nothing to start).
    private var texts: [FieldText]
    /// The focused text view's caret line (1-based).
    package internal(set) var caretLine = 1
    /// The field lists the layout events switch to, in order: the trace's
    /// ``Trace/fieldLists``.
    package internal(set) var fieldLists: [[KBRect]] = []
    /// What the actions performed so far exercised; with the scenario's
    /// own (``settingFeatures``), the labels of its trace.
    package internal(set) var features = ScenarioFeatures()
    /// The app's window as the user placed it, nil while it has the
    /// placement's own frame.
    package internal(set) var placedWindow: PlacedWindow?
    /// The window the scenario starts in: its ``Scenario/window`` where the
    /// placement allows it.
    private let initialWindow: PlacedWindow?
    /// The app's own content inset now.
    package internal(set) var ownInset: KBEdgeInsets
    /// The view controller's `additionalSafeAreaInsets.bottom` now.
    package internal(set) var additionalSafeBottom = 0.0
    /// How far the docked keyboard's height is from its mode's usual one
    /// (``UserAction/resizeKeyboard(by:)``); 0 again when the input mode
    /// changes or the interface rotates.
    package internal(set) var keyboardHeightChange = 0.0

    /// A window frame the user gave, with the size of the screen it was
    /// given on: on another screen (a rotation) it is turned to fit
    /// (``WindowPlacement/window(_:turnedFrom:to:)``).
    package struct PlacedWindow: Hashable, Sendable {
        package var frame: KBRect
        package var screen: KBSize
    }

    /// The keyboard's state.
    package enum KeyboardState: Hashable, Sendable {
        case hidden
        case docked
        case shortcutsBar
        case undocked
        case split
        case floating
    }

    package init(_ scenario: Scenario) {
        self.scenario = scenario
        self.era = SystemEra(profile: scenario.profile, version: scenario.systemVersion, family: scenario.device.family)
        self.orientation = scenario.orientation
        self.mode = era.hasQuickType ? .quickType : .standard
        self.lastHeight = scenario.device.keyboardHeight(mode, scenario.orientation, version: scenario.systemVersion)
        self.fields = scenario.fields
        self.contentHeight = scenario.contentHeight
        self.texts = scenario.texts
        self.ownInset = scenario.contentInset
        let screen = scenario.device.screen(scenario.orientation)
        initialWindow = scenario.window.flatMap { scenario.placement.allowsWindow($0, on: screen) ? PlacedWindow(frame: $0, screen: screen) : nil }
        placedWindow = initialWindow
    }

    var profile: TraceProfile { scenario.profile }
    var device: Device { scenario.device }
    var isPad: Bool { device.family == .pad }

    // MARK: Layout

    /// The layout for `orientation` now: screen, key window, scroll view
    /// frame (in the window: inside the view, below its bars and above its
    /// gap) and safe area (from iOS 11, which introduced safe areas).
    package func layout(_ o: InterfaceOrientation) -> (screen: KBSize, window: KBRect, frame: KBRect, safeArea: KBEdgeInsets) {
        layout(o, placed: placedWindow, additionalSafeBottom: additionalSafeBottom)
    }

    /// The layout for `orientation` with the window `placed` where the user
    /// put it (nil: the placement's frame) and the view controller's
    /// additional bottom safe area. The scroll view's safe area is passed
    /// down as UIKit passes it, each view's held to its container's: the
    /// window's is the screen's where it lies under it, the scroll view's
    /// the window's where it lies under that (so the part of a scroll view
    /// reaching past its window adds nothing), and, where it lies in the
    /// view's bottom band (the window's bottom inset under the view, plus
    /// the additional inset), that band's depth.
    private func layout(
        _ o: InterfaceOrientation, placed: PlacedWindow?, additionalSafeBottom: Double
    ) -> (screen: KBSize, window: KBRect, frame: KBRect, safeArea: KBEdgeInsets) {
        let screen = device.screen(o)
        let window = windowFrame(on: screen, placed: placed)
        let view = scenario.placement == .formSheet ? scenario.placement.viewFrame(on: screen) : window
        let frame = KBRect(
            x: view.minX - window.minX, y: view.minY - window.minY + scenario.topBar, width: view.width,
            height: Swift.max(0, view.height - scenario.topBar - scenario.bottomGap)
        )
        guard era.hasSafeAreas else { return (screen, window, frame, .zero) }
        let windowSafe = device.safeArea(o).safeArea(ofViewAt: window, inContainerOf: screen)
        var safe = windowSafe.safeArea(ofViewAt: frame, inContainerOf: window.size)
        if additionalSafeBottom > 0 {
            let viewInWindow = view.offsetBy(dx: -window.minX, dy: -window.minY)
            let viewBottom = windowSafe.safeArea(ofViewAt: viewInWindow, inContainerOf: window.size).bottom + additionalSafeBottom
            let band = Swift.min(frame.maxY, viewInWindow.maxY) - Swift.max(frame.minY, viewInWindow.maxY - viewBottom)
            safe.bottom = Swift.max(safe.bottom, band)
        }
        return (screen, window, frame, safe)
    }

    /// The app's window on a screen of `screen` size: where the user
    /// `placed` it, turned to this screen when it was placed on another, or
    /// the placement's own frame.
    private func windowFrame(on screen: KBSize, placed: PlacedWindow?) -> KBRect {
        guard let placed else { return scenario.placement.windowFrame(on: screen) }
        return placed.screen == screen ? placed.frame : scenario.placement.window(placed.frame, turnedFrom: placed.screen, to: screen)
    }

    /// The app's window now, in the oriented space of `orientation`.
    package var currentWindow: KBRect { windowFrame(on: device.screen(orientation), placed: placedWindow) }

    /// The text field `i` holds now.
    package func text(ofField i: Int) -> FieldText {
        texts.indices.contains(i) ? texts[i] : .oneLine
    }

    /// Types one new line into field `i`'s text.
    mutating func addLine(toField i: Int) {
        if texts.count <= i { texts += Array(repeating: .oneLine, count: i + 1 - texts.count) }
        texts[i].lines += 1
    }

    /// The caret of field `i` now: a text view's (``FieldText``), nil for
    /// a text field.
    func caret(of i: Int) -> KBRect? {
        guard fields.indices.contains(i), FieldKind(frame: fields[i]) == .textView else { return nil }
        return FieldText.caret(line: caretLine, in: fields[i])
    }

    /// The trace header the scenario starts from.
    package func header() -> TraceHeader {
        let l = layout(scenario.orientation, placed: initialWindow, additionalSafeBottom: 0)
        let contentSize = KBSize(width: l.frame.width, height: scenario.contentHeight)
        let safe = SafeAreaAdjustment(scenario.insetAdjustment, alwaysBounceVertical: scenario.alwaysBounceVertical)
            .contribution(safeArea: l.safeArea, frameSize: l.frame.size, contentSize: contentSize)
        let adjustedTop = scenario.contentInset.top + safe.top
        return TraceHeader(
            profile: profile, screen: l.screen, orientation: scenario.orientation, window: l.window,
            scrollView: ScrollViewState(
                frame: l.frame, safeArea: l.safeArea, contentInset: scenario.contentInset, insetAdjustment: scenario.insetAdjustment,
                alwaysBounceVertical: scenario.alwaysBounceVertical, contentSize: contentSize, contentOffset: KBPoint(x: 0, y: -adjustedTop)
            ),
            fields: scenario.fields, policy: scenario.policy, systemVersion: scenario.systemVersion
        )
    }

    // MARK: Keyboard frames (oriented screen space)

    /// The docked keyboard's height for the field whose keyboard is up: the
    /// mode's height (a number pad on iPhone has no predictive bar), plus the
    /// field's input accessory.
    func dockedHeight(_ o: InterfaceOrientation, field: Int?, mode m: KeyboardMode? = nil) -> Double {
        let kb = field.map(scenario.keyboard(forField:)) ?? .plain
        var effective = m ?? mode
        if kb.kind == .numberPad && !isPad { effective = .standard }
        return device.keyboardHeight(effective, o, version: era.version) + accessoryHeight(field) + keyboardHeightChange
    }

    /// The height of the input accessory field `i` asks for, where the era
    /// has input accessory views.
    func accessoryHeight(_ field: Int?) -> Double {
        guard era.hasInputAccessoryViews, let field else { return 0 }
        return scenario.keyboard(forField: field).accessoryHeight
    }

    /// The three places the floating keyboard is dragged to, each with the
    /// height it has there (it drops its predictive bar near the screen's
    /// edge: estimate).
    static let floatingPlaces: [(x: Double, bottomMargin: Double, height: Double)] = [
        (20, 120, 250), (-1, 400, 272), (20, 12, 240),
    ]

    /// The keyboard's frame for a state.
    package func frame(_ state: KeyboardState, _ o: InterfaceOrientation, field: Int? = nil, mode m: KeyboardMode? = nil) -> KBRect {
        let s = device.screen(o)
        let f = field ?? keyboardField
        switch state {
        case .hidden:
            return KBRect(x: 0, y: s.height, width: s.width, height: dockedHeight(o, field: f, mode: m))
        case .docked:
            let h = dockedHeight(o, field: f, mode: m)
            return KBRect(x: 0, y: s.height - h, width: s.width, height: h)
        case .shortcutsBar:
            let visible = device.keyboardHeight(.hardwareShortcutsBar, o, version: era.version)
            return KBRect(x: 0, y: s.height - visible, width: s.width, height: KeyboardHeights.shortcutsBarRectHeight)
        case .undocked:
            let h = device.keyboardHeight(.undocked, o, version: era.version)
            return KBRect(x: 0, y: ((s.height - h) / 2).rounded(.down), width: s.width, height: h)
        case .split:
            let h = device.keyboardHeight(.split, o, version: era.version)
            return KBRect(x: 0, y: (s.height * 0.4).rounded(.down), width: s.width, height: h)
        case .floating:
            let place = Self.floatingPlaces[floatingPlace]
            let w = KeyboardHeights.floatingSize.width
            let x = place.x < 0 ? ((s.width - w) / 2).rounded(.down) : Swift.max(0, s.width - w - place.x)
            return KBRect(x: x, y: Swift.max(0, s.height - place.height - place.bottomMargin), width: w, height: place.height)
        }
    }

    /// Where the keyboard is now (hidden: below the screen).
    var currentFrame: KBRect { frame(keyboard, orientation) }

    /// The frame a hidden keyboard starts a show from: below the screen, at
    /// the height of the keyboard last on screen.
    func showBegin(_ o: InterfaceOrientation) -> KBRect {
        let s = device.screen(o)
        return KBRect(x: 0, y: s.height, width: s.width, height: lastHeight)
    }

    /// The software keyboard's state when it shows: the shortcuts bar with a
    /// hardware keyboard on iPad from iOS 9; nothing on iPhone or older
    /// iPads; otherwise the remembered arrangement.
    var shownState: KeyboardState? {
        if hardwareKeyboard { return era.hasShortcutsBar ? .shortcutsBar : nil }
        return arrangement
    }

    /// A keyboard we raised is up.
    var shownByUs: Bool { keyboard != .hidden && elsewhere == nil }
}
