import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

extension ScenarioSimulator {
    /// The whole scenario as a v1 trace.
    public static func trace(_ scenario: Scenario) -> Trace {
        var sim = ScenarioSimulator(scenario)
        var events: [TraceEvent] = []
        for action in scenario.actions where sim.isValid(action) {
            sim.perform(action, into: &events)
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
                && (m == .standard || m == .quickType || m == .emoji || m == .thirdParty)
        case .undock: return isPad && profile == .ipados && shownByUs && keyboard == .docked
        case .dock: return isPad && shownByUs && (keyboard == .undocked || keyboard == .split || keyboard == .floating)
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
        var events: [TraceEvent] = []
        perform(action, into: &events)
        return events
    }

    /// Performs `action`, appending the events the app receives, in order,
    /// to `out` (no intermediate arrays: the generator calls this for every
    /// action of every fuzz run).
    public mutating func perform(_ action: UserAction, into out: inout [TraceEvent]) {
        switch action {
        case .focus(let i): focus(i, into: &out)
        case .dismiss:
            focused = nil
            out.append(.blur)
            hide(into: &out)
        case .rotate(let o): rotate(to: o, into: &out)
        case .changeInputMode(let m): changeMode(to: m, into: &out)
        case .undock: move(to: .undocked, names: NotificationRules.undock, into: &out)
        case .dock:
            let from = currentFrame
            keyboard = .docked
            emit(NotificationRules.heightChange(profile), from: from, to: currentFrame, into: &out)
        case .split:
            let names = keyboard == .docked ? NotificationRules.undock : NotificationRules.frameChange
            move(to: .split, names: names, into: &out)
        case .merge: move(to: .undocked, names: NotificationRules.frameChange, into: &out)
        case .float: move(to: .floating, names: NotificationRules.floatingChange, into: &out)
        case .attachHardwareKeyboard:
            hardwareKeyboard = true
            guard keyboard == .docked else { return }
            let from = currentFrame
            if hasShortcutsBar {
                keyboard = .shortcutsBar
                emit(NotificationRules.heightChange(profile), from: from, to: currentFrame, into: &out)
            } else {
                keyboard = .hidden
                emit(NotificationRules.hide(profile), from: from, to: frame(.hidden, orientation), into: &out)
            }
        case .detachHardwareKeyboard:
            hardwareKeyboard = false
            guard focused != nil else { return }
            let from = keyboard == .hidden ? frame(.hidden, orientation) : currentFrame
            keyboard = .docked
            emit(NotificationRules.show(profile), from: from, to: currentFrame, into: &out)
        case .keyboardFromElsewhere(let shown, let local):
            if shown {
                elsewhere = local
                keyboard = .docked
                emit(NotificationRules.show(profile), from: frame(.hidden, orientation), to: currentFrame, local: local, into: &out)
            } else {
                elsewhere = nil
                let from = currentFrame
                keyboard = .hidden
                emit(NotificationRules.hide(profile), from: from, to: frame(.hidden, orientation), local: local, into: &out)
            }
        case .disappear:
            visible = false
            out.append(.disappear)
        case .appear:
            visible = true
            out.append(.appear)
        case .reduceMotion(let on):
            reduceMotion = on
        case .focusBurst(let fields):
            focusBurst(fields, into: &out)
        case .focusDuringRotation(let i, let o):
            focusDuringRotation(i, o, into: &out)
        }
    }

    /// Appends `names`, each as the profile sends it, from `begin` to `end`.
    func emit(
        _ names: [KeyboardNotification.Name], from begin: Rect, to end: Rect, local: Bool = true, willOnly: Bool = false,
        didOnly: Bool = false, into out: inout [TraceEvent]
    ) {
        for name in names where !(willOnly && !name.isWill) && !(didOnly && name.isWill) {
            out.append(notification(name, from: begin, to: end, local: local))
        }
    }

    // MARK: Situations

    /// A text view (a field taller than 100 pt) gets its keyboard frame
    /// before its begin-editing callback ([observed-sequences]); a text field
    /// after.
    private mutating func focus(_ i: Int, into out: inout [TraceEvent]) {
        let wasFocused = focused != nil
        focused = i
        let focusEvent = TraceEvent.focus(field: i, caret: nil)
        if wasFocused, keyboard != .hidden {
            out.append(focusEvent)
            if keyboard == .docked || keyboard == .shortcutsBar {
                emit(NotificationRules.focusSwitch(profile), from: currentFrame, to: currentFrame, into: &out)
            }
            return
        }
        guard let state = shownState else {
            out.append(focusEvent)
            return
        }
        let from = frame(.hidden, orientation)
        keyboard = state
        let textView = scenario.fields[i].height > 100
        if !textView { out.append(focusEvent) }
        emit(NotificationRules.show(profile), from: from, to: currentFrame, into: &out)
        if textView { out.append(focusEvent) }
    }

    /// Every field after the first is tapped between the show's Will and Did
    /// notifications, each with the focus-switch notifications' Will part.
    private mutating func focusBurst(_ fields: [Int], into out: inout [TraceEvent]) {
        let from = frame(.hidden, orientation)
        keyboard = .docked
        let to = currentFrame
        out.append(.focus(field: fields[0], caret: nil))
        emit(NotificationRules.show(profile), from: from, to: to, willOnly: true, into: &out)
        for f in fields.dropFirst() {
            out.append(.focus(field: f, caret: nil))
            emit(NotificationRules.focusSwitch(profile), from: to, to: to, willOnly: true, into: &out)
        }
        focused = fields.last
        emit(NotificationRules.show(profile), from: from, to: to, didOnly: true, into: &out)
    }

    /// The show starts, the interface rotates (its own hide, layout and show),
    /// and the first show's Did notifications arrive last, with the old
    /// orientation's frames.
    private mutating func focusDuringRotation(_ i: Int, _ o: InterfaceOrientation, into out: inout [TraceEvent]) {
        focused = i
        let from = frame(.hidden, orientation)
        keyboard = .docked
        let to = currentFrame
        out.append(.focus(field: i, caret: nil))
        // The Did part keeps the frames (and the space) of the orientation
        // the show began in: build it before rotating.
        var late: [TraceEvent] = []
        emit(NotificationRules.show(profile), from: from, to: to, didOnly: true, into: &late)
        emit(NotificationRules.show(profile), from: from, to: to, willOnly: true, into: &out)
        rotate(to: o, into: &out)
        out += late
    }

    /// Hides whatever keyboard is up. With Reduce Motion the keyboard fades
    /// in place: the end frame is the on-screen frame (docs/design.md).
    private mutating func hide(into out: inout [TraceEvent]) {
        guard keyboard != .hidden else { return }
        let from = currentFrame
        let to = reduceMotion ? from : frame(.hidden, orientation)
        keyboard = .hidden
        emit(NotificationRules.hide(profile), from: from, to: to, into: &out)
    }

    /// Rotation: WillHide + DidHide with the old frames, the layout change,
    /// then WillShow + DidShow with the new frames ([apple-2009]).
    private mutating func rotate(to o: InterfaceOrientation, into out: inout [TraceEvent]) {
        let old = keyboard
        if old == .docked || old == .shortcutsBar {
            emit(NotificationRules.hide(profile), from: currentFrame, to: frame(.hidden, orientation), into: &out)
        }
        orientation = o
        let l = layout(o)
        out.append(.layout(LayoutChange(
            screen: l.screen, orientation: o, window: l.window, frame: l.frame, safeArea: l.safeArea,
            contentSize: Size(width: l.frame.width, height: scenario.contentHeight)
        )))
        switch old {
        case .docked, .shortcutsBar:
            for _ in 0..<NotificationRules.rotationShowRepeats(profile) {
                emit(NotificationRules.show(profile), from: frame(.hidden, o), to: frame(old, o), into: &out)
            }
        case .undocked, .split, .floating:
            emit(NotificationRules.frameChange, from: frame(old, o), to: frame(old, o), into: &out)
        case .hidden:
            break
        }
    }

    /// An input-mode change: third-party keyboards announce themselves with
    /// three WillShow notifications, heights 0, standard, their own
    /// ([observed-sequences]).
    private mutating func changeMode(to m: KeyboardMode, into out: inout [TraceEvent]) {
        let from = currentFrame
        mode = m
        let to = currentFrame
        guard m == .thirdParty else {
            emit(NotificationRules.heightChange(profile), from: from, to: to, into: &out)
            return
        }
        let s = device.screen(orientation)
        let zero = Rect(x: 0, y: s.height, width: s.width, height: 0)
        let standard = frame(.docked, orientation, mode: .standard)
        out.append(notification(.willShow, from: from, to: zero))
        out.append(notification(.willShow, from: zero, to: standard))
        out.append(notification(.willShow, from: standard, to: to))
        out.append(notification(.didShow, from: standard, to: to))
    }

    private mutating func move(to state: KeyboardState, names: [KeyboardNotification.Name], into out: inout [TraceEvent]) {
        let from = currentFrame
        keyboard = state
        emit(names, from: from, to: currentFrame, into: &out)
    }
}
