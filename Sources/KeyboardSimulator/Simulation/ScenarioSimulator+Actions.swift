import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

extension ScenarioSimulator {
    /// The whole scenario as a v1 trace.
    public static func trace(_ scenario: Scenario) -> Trace {
        var sim = ScenarioSimulator(scenario)
        var events: [TraceEvent] = []
        for action in scenario.actions where sim.isValid(action) {
            events += sim.perform(action)
        }
        return Trace(header: sim.header(), events: events)
    }

    /// Whether `action` makes sense now (the generator draws only valid ones;
    /// invalid ones are skipped when simulating).
    public func isValid(_ action: UserAction) -> Bool {
        let shownByUs = keyboard != .hidden && elsewhere == nil
        switch action {
        case .focus(let i): return visible && elsewhere == nil && scenario.fields.indices.contains(i) && focused != i
        case .dismiss: return focused != nil && visible
        case .rotate(let o): return o != orientation && !(device.family == .phone && o == .portraitUpsideDown)
        case .changeInputMode(let m):
            return shownByUs && keyboard == .docked && m != mode && profile != .iphoneos3
                && [KeyboardMode.standard, .quickType, .emoji, .thirdParty].contains(m)
        case .undock: return isPad && profile == .ipados && shownByUs && keyboard == .docked
        case .dock: return isPad && shownByUs && [.undocked, .split, .floating].contains(keyboard)
        case .split: return isPad && profile == .ipados && shownByUs && (keyboard == .undocked || keyboard == .docked)
        case .merge: return isPad && shownByUs && keyboard == .split
        case .float: return isPad && profile == .ipados && shownByUs && keyboard == .docked
        case .attachHardwareKeyboard: return !hardwareKeyboard && (keyboard == .hidden || keyboard == .docked) && elsewhere == nil
        case .detachHardwareKeyboard: return hardwareKeyboard && elsewhere == nil
        case .keyboardFromElsewhere(let shown, let local):
            if shown { return focused == nil && keyboard == .hidden && elsewhere == nil && !hardwareKeyboard && (local || profile == .ipados) }
            return elsewhere == local
        case .disappear: return visible && focused == nil
        case .appear: return !visible
        case .reduceMotion(let on): return on != reduceMotion
        case .focusBurst(let fields):
            return fields.count >= 2 && visible && elsewhere == nil && !hardwareKeyboard && keyboard == .hidden
                && fields.allSatisfy { scenario.fields.indices.contains($0) }
        case .focusDuringRotation(let i, let o):
            return visible && elsewhere == nil && !hardwareKeyboard && keyboard == .hidden && scenario.fields.indices.contains(i)
                && isValid(.rotate(o))
        }
    }

    /// Performs `action`, returning the events the app receives, in order.
    public mutating func perform(_ action: UserAction) -> [TraceEvent] {
        switch action {
        case .focus(let i): return focus(i)
        case .dismiss:
            focused = nil
            return [.blur] + hide()
        case .rotate(let o): return rotate(to: o)
        case .changeInputMode(let m): return changeMode(to: m)
        case .undock: return move(to: .undocked, names: NotificationRules.undock)
        case .dock:
            let from = currentFrame
            keyboard = .docked
            return sequence(NotificationRules.heightChange(profile), from: from, to: currentFrame)
        case .split:
            let names = keyboard == .docked ? NotificationRules.undock : NotificationRules.frameChange
            return move(to: .split, names: names)
        case .merge: return move(to: .undocked, names: NotificationRules.frameChange)
        case .float: return move(to: .floating, names: NotificationRules.floatingChange)
        case .attachHardwareKeyboard:
            hardwareKeyboard = true
            guard keyboard == .docked else { return [] }
            let from = currentFrame
            if hasShortcutsBar {
                keyboard = .shortcutsBar
                return sequence(NotificationRules.heightChange(profile), from: from, to: currentFrame)
            }
            keyboard = .hidden
            return sequence(NotificationRules.hide(profile), from: from, to: frame(.hidden, orientation))
        case .detachHardwareKeyboard:
            hardwareKeyboard = false
            guard focused != nil else { return [] }
            let from = keyboard == .hidden ? frame(.hidden, orientation) : currentFrame
            keyboard = .docked
            return sequence(NotificationRules.show(profile), from: from, to: currentFrame)
        case .keyboardFromElsewhere(let shown, let local):
            if shown {
                elsewhere = local
                keyboard = .docked
                return sequence(NotificationRules.show(profile), from: frame(.hidden, orientation), to: currentFrame, local: local)
            }
            elsewhere = nil
            let from = currentFrame
            keyboard = .hidden
            return sequence(NotificationRules.hide(profile), from: from, to: frame(.hidden, orientation), local: local)
        case .disappear:
            visible = false
            return [.disappear]
        case .appear:
            visible = true
            return [.appear]
        case .reduceMotion(let on):
            reduceMotion = on
            return []
        case .focusBurst(let fields):
            return focusBurst(fields)
        case .focusDuringRotation(let i, let o):
            return focusDuringRotation(i, o)
        }
    }

    // MARK: Situations

    /// A text view (a field taller than 100 pt) gets its keyboard frame
    /// before its begin-editing callback (DESIGN §1); a text field after.
    private mutating func focus(_ i: Int) -> [TraceEvent] {
        let wasFocused = focused != nil
        focused = i
        let focusEvent = TraceEvent.focus(field: i, caret: nil)
        if wasFocused, keyboard != .hidden {
            if keyboard != .docked && keyboard != .shortcutsBar { return [focusEvent] }
            return [focusEvent] + sequence(NotificationRules.focusSwitch(profile), from: currentFrame, to: currentFrame)
        }
        guard let state = shownState else { return [focusEvent] }
        let from = frame(.hidden, orientation)
        keyboard = state
        let shows = sequence(NotificationRules.show(profile), from: from, to: currentFrame)
        return scenario.fields[i].height > 100 ? shows + [focusEvent] : [focusEvent] + shows
    }

    /// The show sequence split into its Will part (sent as the animation
    /// starts) and its Did part (sent when it ends).
    private func showParts(from: Rect, to: Rect) -> (will: [TraceEvent], did: [TraceEvent]) {
        let names = NotificationRules.show(profile)
        let will = names.filter(\.isWill), did = names.filter { !$0.isWill }
        return (sequence(will, from: from, to: to), sequence(did, from: from, to: to))
    }

    /// Every field after the first is tapped between the show's Will and Did
    /// notifications, each with the focus-switch notifications' Will part.
    private mutating func focusBurst(_ fields: [Int]) -> [TraceEvent] {
        let from = frame(.hidden, orientation)
        keyboard = .docked
        let to = currentFrame
        let parts = showParts(from: from, to: to)
        var events: [TraceEvent] = [.focus(field: fields[0], caret: nil)] + parts.will
        for f in fields.dropFirst() {
            events.append(.focus(field: f, caret: nil))
            events += sequence(NotificationRules.focusSwitch(profile).filter(\.isWill), from: to, to: to)
        }
        focused = fields.last
        return events + parts.did
    }

    /// The show starts, the interface rotates (its own hide, layout and show),
    /// and the first show's Did notifications arrive last, with the old
    /// orientation's frames.
    private mutating func focusDuringRotation(_ i: Int, _ o: InterfaceOrientation) -> [TraceEvent] {
        focused = i
        let from = frame(.hidden, orientation)
        keyboard = .docked
        let parts = showParts(from: from, to: currentFrame)
        return [.focus(field: i, caret: nil)] + parts.will + rotate(to: o) + parts.did
    }

    /// Hides whatever keyboard is up. With Reduce Motion the keyboard fades
    /// in place: the end frame is the on-screen frame (DESIGN §1).
    private mutating func hide() -> [TraceEvent] {
        guard keyboard != .hidden else { return [] }
        let from = currentFrame
        let to = reduceMotion ? from : frame(.hidden, orientation)
        keyboard = .hidden
        return sequence(NotificationRules.hide(profile), from: from, to: to)
    }

    /// Rotation: WillHide + DidHide with the old frames, the layout change,
    /// then WillShow + DidShow with the new frames (seed 001).
    private mutating func rotate(to o: InterfaceOrientation) -> [TraceEvent] {
        let old = keyboard
        var events: [TraceEvent] = []
        if old == .docked || old == .shortcutsBar {
            let from = currentFrame
            events += sequence(NotificationRules.hide(profile), from: from, to: frame(.hidden, orientation))
        }
        orientation = o
        let l = layout(o)
        events.append(.layout(LayoutChange(
            screen: l.screen, orientation: o, window: l.window, frame: l.frame, safeArea: l.safeArea,
            contentSize: Size(width: l.frame.width, height: scenario.contentHeight)
        )))
        switch old {
        case .docked, .shortcutsBar:
            for _ in 0..<NotificationRules.rotationShowRepeats(profile) {
                events += sequence(NotificationRules.show(profile), from: frame(.hidden, o), to: frame(old, o))
            }
        case .undocked, .split, .floating:
            events += sequence(NotificationRules.frameChange, from: frame(old, o), to: frame(old, o))
        case .hidden:
            break
        }
        return events
    }

    /// An input-mode change: third-party keyboards announce themselves with
    /// three WillShow notifications, heights 0, standard, their own (DESIGN §1).
    private mutating func changeMode(to m: KeyboardMode) -> [TraceEvent] {
        let from = currentFrame
        mode = m
        let to = currentFrame
        guard m == .thirdParty else { return sequence(NotificationRules.heightChange(profile), from: from, to: to) }
        let s = device.screen(orientation)
        let zero = Rect(x: 0, y: s.height, width: s.width, height: 0)
        let standard = frame(.docked, orientation, mode: .standard)
        return [
            notification(.willShow, from: from, to: zero), notification(.willShow, from: zero, to: standard),
            notification(.willShow, from: standard, to: to), notification(.didShow, from: standard, to: to),
        ]
    }

    private mutating func move(to state: KeyboardState, names: [KeyboardNotification.Name]) -> [TraceEvent] {
        let from = currentFrame
        keyboard = state
        return sequence(names, from: from, to: currentFrame)
    }
}
