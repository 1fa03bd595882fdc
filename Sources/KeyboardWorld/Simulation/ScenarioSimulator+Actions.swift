import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace

extension ScenarioSimulator {
    /// The whole scenario as a v1 trace, every event with its truth.
    package static func trace(_ scenario: Scenario) -> Trace {
        var sim = ScenarioSimulator(scenario)
        var lines: [TraceLine] = []
        for action in scenario.actions where sim.isValid(action) {
            sim.perform(action, into: &lines)
        }
        return Trace(header: sim.header(), lines: lines)
    }

    /// Performs `action`, returning the events the app receives, in order
    /// (numbered from line 2).
    package mutating func perform(_ action: UserAction) -> [TraceLine] {
        var lines: [TraceLine] = []
        perform(action, into: &lines)
        return lines
    }

    /// Performs `action`, appending the events the app receives, in order,
    /// to `out`, numbered as lines of a file that holds only `out` (the
    /// generator renumbers them).
    package mutating func perform(_ action: UserAction, into out: inout [TraceLine]) {
        switch action {
        case .focus(let i): focus(i, into: &out)
        case .dismiss:
            focused = nil
            append(.blur, into: &out)
            // A form sheet keeps the keyboard after its field resigns.
            if scenario.keepsKeyboardAfterResign && keyboard != .hidden { return }
            hide(into: &out)
        case .dragToDismiss:
            // The keyboard follows the finger down, then the field resigns
            // (the remaining 0.2 s and curve 0 are an estimate).
            hide(animation: .custom(duration: 0.2, curve: 0), into: &out)
            focused = nil
            append(.blur, into: &out)
        case .rotate(let o): rotate(to: o, into: &out)
        case .changeInputMode(let m): changeMode(to: m, into: &out)
        case .silentInputModeChange(let m):
            // The keyboard changes; nothing tells the app, so the truth stays
            // where iOS last reported it.
            mode = m
        case .undock: move(to: .undocked, names: NotificationRules.undock, into: &out)
        case .undockFromMenu: undockFromMenu(into: &out)
        case .dock:
            let from = currentFrame
            keyboard = .docked
            arrangement = .docked
            settle()
            emit(NotificationRules.heightChange(era), from: from, to: currentFrame, into: &out)
        case .split:
            let names = keyboard == .docked ? NotificationRules.undock : NotificationRules.frameChange
            move(to: .split, names: names, into: &out)
        case .merge: move(to: .undocked, names: NotificationRules.frameChange, into: &out)
        case .float: move(to: .floating, names: NotificationRules.floatingChange, into: &out)
        case .moveFloating:
            let from = currentFrame
            floatingPlace = (floatingPlace + 1) % Self.floatingPlaces.count
            settle()
            emit(NotificationRules.floatingChange, from: from, to: currentFrame, into: &out)
        case .attachHardwareKeyboard: attachHardwareKeyboard(into: &out)
        case .detachHardwareKeyboard:
            hardwareKeyboard = false
            guard focused != nil else { return }
            let from = keyboard == .hidden ? showBegin(orientation) : currentFrame
            keyboard = .docked
            arrangement = .docked
            settle()
            emit(NotificationRules.show(era), from: from, to: currentFrame, into: &out)
        case .keyboardFromElsewhere(let shown, let local):
            if shown {
                elsewhere = local
                keyboardField = nil
                keyboard = .docked
                settle()
                emit(NotificationRules.show(era), from: showBegin(orientation), to: currentFrame, local: local, into: &out)
            } else {
                elsewhere = nil
                let from = currentFrame
                keyboard = .hidden
                truth = nil
                emit(NotificationRules.hide(era), from: from, to: frame(.hidden, orientation), local: local, into: &out)
            }
        case .disappear:
            visible = false
            append(.disappear, into: &out)
        case .appear:
            visible = true
            append(.appear, into: &out)
        case .reduceMotion(let on):
            reduceMotion = on
        case .background:
            suspended = shownByUs ? keyboard : .hidden
            hide(into: &out)
            backgrounded = true
        case .foreground:
            backgrounded = false
            if suspended != .hidden { show(suspended, focusEvent: nil, textView: false, into: &out) }
            suspended = .hidden
        case .focusBurst(let fields):
            focusBurst(fields, into: &out)
        case .focusDuringRotation(let i, let o):
            focusDuringRotation(i, o, into: &out)
        }
    }

    /// The keyboard is where its state says: the truth follows, and the next
    /// show starts from its height.
    mutating func settle() {
        let f = currentFrame
        truth = keyboard == .hidden ? nil : f
        if keyboard == .docked { lastHeight = f.height }
    }

    /// Appends the Will notifications of `names`, then `event` (if any),
    /// then the Did notifications when `textView` (a text view's Will
    /// notifications precede its begin-editing, its Did ones follow,
    /// [observed-sequences]); otherwise `event` first. The truth moves to
    /// the keyboard's new state with the first notification sent (Will or
    /// Did), when iOS tells the app, not before: an event ahead of it still
    /// sees the keyboard where it was.
    mutating func around(
        _ event: TraceEvent?, textView: Bool, _ names: [KeyboardNotification.Name], from: KBRect, to: KBRect, into out: inout [TraceLine]
    ) {
        var settled = false
        func send(_ name: KeyboardNotification.Name, _ sim: inout ScenarioSimulator) {
            if !settled {
                sim.settle()
                settled = true
            }
            sim.append(.keyboard(sim.payload(name, begin: from, end: to)), into: &out)
        }
        if let event, !textView { append(event, into: &out) }
        for name in names where name.isWill { send(name, &self) }
        if let event, textView { append(event, into: &out) }
        for name in names where !name.isWill { send(name, &self) }
    }

    // MARK: Situations

    /// A tap on a field: the keyboard shows, or focus switches while it is
    /// up (a switch to a field with another keyboard changes its height).
    private mutating func focus(_ i: Int, into out: inout [TraceLine]) {
        let previous = keyboardField
        let textView = FieldKind(frame: scenario.fields[i]) == .textView
        let event = TraceEvent.focus(field: i, caret: nil)
        focused = i
        keyboardField = i
        if shownByUs {
            guard keyboard == .docked else { return append(event, into: &out) }
            let old = frame(.docked, orientation, field: previous)
            let new = currentFrame
            let names = old == new ? NotificationRules.focusSwitch(era) : NotificationRules.heightChange(era)
            around(event, textView: textView, names, from: old, to: new, into: &out)
            return
        }
        guard let state = shownState else { return append(event, into: &out) }
        show(state, focusEvent: event, textView: textView, into: &out)
    }

    /// The keyboard shows in `state`: a docked keyboard or the shortcuts bar
    /// with a show's notifications; undocked and split keyboards, which
    /// survive a dismiss, with frame changes only; the floating keyboard
    /// with DidChangeFrame only ([observed-sequences]).
    mutating func show(_ state: KeyboardState, focusEvent: TraceEvent?, textView: Bool, into out: inout [TraceLine]) {
        let begin = showBegin(orientation)
        keyboard = state
        let names: [KeyboardNotification.Name]
        switch state {
        case .docked, .shortcutsBar, .hidden: names = NotificationRules.show(era)
        case .undocked, .split: names = NotificationRules.frameChange
        case .floating: names = NotificationRules.floatingChange
        }
        around(focusEvent, textView: textView, names, from: begin, to: currentFrame, into: &out)
    }

    /// Hides our keyboard: a hide's notifications, or for an undocked,
    /// split or floating keyboard WillHide and DidHide; the end frame as the
    /// era reports it (``reportedHideEnd(from:)``); the arrangement stays.
    mutating func hide(animation: PayloadAnimation = .standard, into out: inout [TraceLine]) {
        guard shownByUs else { return }
        let from = currentFrame
        let names: [KeyboardNotification.Name]
        switch keyboard {
        case .undocked, .split, .floating: names = NotificationRules.undockedDismiss
        case .docked, .shortcutsBar, .hidden: names = NotificationRules.hide(era)
        }
        let end = reportedHideEnd(from: from)
        keyboard = .hidden
        truth = nil
        emit(names, from: from, to: end, animation: animation, into: &out)
    }

    /// Every field after the first is tapped between the show's Will and Did
    /// notifications, each with the focus-switch notifications' Will part.
    private mutating func focusBurst(_ fields: [Int], into out: inout [TraceLine]) {
        let from = showBegin(orientation)
        focused = fields[0]
        keyboardField = fields[0]
        keyboard = .docked
        let to = currentFrame
        append(.focus(field: fields[0], caret: nil), into: &out)
        settle()
        for name in NotificationRules.show(era) where name.isWill { append(.keyboard(payload(name, begin: from, end: to)), into: &out) }
        for f in fields.dropFirst() {
            append(.focus(field: f, caret: nil), into: &out)
            for name in NotificationRules.focusSwitch(era) where name.isWill { append(.keyboard(payload(name, begin: to, end: to)), into: &out) }
        }
        focused = fields.last
        for name in NotificationRules.show(era) where !name.isWill { append(.keyboard(payload(name, begin: from, end: to)), into: &out) }
    }

    /// The show starts, the interface rotates (its own hide, layout and
    /// show), and the first show's Did notifications arrive last, with the
    /// old orientation's frames; the truth is the new orientation's keyboard.
    private mutating func focusDuringRotation(_ i: Int, _ o: InterfaceOrientation, into out: inout [TraceLine]) {
        let from = showBegin(orientation)
        focused = i
        keyboardField = i
        keyboard = .docked
        let to = currentFrame
        append(.focus(field: i, caret: nil), into: &out)
        settle()
        // The late Did part keeps the frames (and the payload space) of the
        // orientation the show began in: build it before rotating.
        var late: [KeyboardNotification] = []
        for name in NotificationRules.show(era) {
            let n = payload(name, begin: from, end: to)
            if name.isWill { append(.keyboard(n), into: &out) } else { late.append(n) }
        }
        rotate(to: o, into: &out)
        for n in late { append(.keyboard(n), into: &out) }
    }

    /// Rotation: a hide with the old frames, the layout change, then a show
    /// with the new frames ([apple-2009]); the Did notifications carry no
    /// duration or curve, and the WillChangeFrame starts from the old
    /// keyboard's height while the WillShow starts from the new one's
    /// ([observed-sequences]). Undocked, split and floating keyboards move
    /// with frame changes.
    mutating func rotate(to o: InterfaceOrientation, into out: inout [TraceLine]) {
        let old = keyboard
        let oldFrame = currentFrame
        if shownByUs && (old == .docked || old == .shortcutsBar) {
            truth = nil
            emit(NotificationRules.hide(era), from: oldFrame, to: frame(.hidden, orientation), animation: .willOnly, into: &out)
        }
        orientation = o
        if old != .docked && old != .shortcutsBar { settle() }
        let l = layout(o)
        append(
            .layout(
                LayoutChange(
                    screen: l.screen, orientation: o, window: l.window, frame: l.frame, safeArea: l.safeArea,
                    contentSize: KBSize(width: l.frame.width, height: scenario.contentHeight)
                )), into: &out)
        switch old {
        case .docked, .shortcutsBar:
            settle()
            let end = currentFrame
            let s = device.screen(o)
            for _ in 0..<era.rotationShowRepeats {
                for name in NotificationRules.show(era) {
                    let begin =
                        name == .willChangeFrame
                        ? KBRect(x: 0, y: s.height, width: s.width, height: oldFrame.height) : frame(.hidden, o)
                    append(.keyboard(payload(name, begin: begin, end: end, animation: .willOnly, local: elsewhere ?? true)), into: &out)
                }
            }
        case .undocked, .split:
            emit(NotificationRules.frameChange, from: currentFrame, to: currentFrame, into: &out)
        case .floating:
            emit(NotificationRules.floatingChange, from: currentFrame, to: currentFrame, into: &out)
        case .hidden:
            break
        }
    }

    /// An input-mode change: a WillChangeFrame with duration 0 and curve 0,
    /// then the show's other notifications with the usual keys, the
    /// DidChangeFrame without them; third-party keyboards pair a
    /// WillChangeFrame with each of their three WillShows, at heights 0, the
    /// system's, their own ([observed-sequences]).
    private mutating func changeMode(to m: KeyboardMode, into out: inout [TraceLine]) {
        let from = currentFrame
        mode = m
        settle()
        let to = currentFrame
        guard m == .thirdParty else {
            for name in NotificationRules.heightChange(era) {
                let animation: PayloadAnimation = name == .willChangeFrame ? .immediate : name == .didChangeFrame ? .willOnly : .standard
                append(.keyboard(payload(name, begin: from, end: to, animation: animation)), into: &out)
            }
            return
        }
        let s = device.screen(orientation)
        let zero = KBRect(x: 0, y: s.height, width: s.width, height: 0)
        let standard = frame(.docked, orientation, mode: .standard)
        for (begin, end) in [(from, zero), (zero, standard), (standard, to)] {
            append(.keyboard(payload(.willChangeFrame, begin: begin, end: end)), into: &out)
            append(.keyboard(payload(.willShow, begin: begin, end: end)), into: &out)
        }
        append(.keyboard(payload(.didChangeFrame, begin: standard, end: to)), into: &out)
        append(.keyboard(payload(.didShow, begin: standard, end: to)), into: &out)
    }

    /// Undocking from the keyboard's menu on iOS 5–7: WillHide, a
    /// WillChangeFrame with curve 0 that reports the keyboard at `y = −264`,
    /// then a DidChangeFrame with the real frame ([so-10749311]).
    private mutating func undockFromMenu(into out: inout [TraceLine]) {
        let from = currentFrame
        keyboard = .undocked
        arrangement = .undocked
        settle()
        let real = currentFrame
        emit([.willHide], from: from, to: from, into: &out)
        let reported = KBRect(x: 0, y: -264, width: real.width, height: real.height)
        append(.keyboard(payload(.willChangeFrame, begin: from, end: reported, animation: .custom(duration: 0.25, curve: 0))), into: &out)
        append(.keyboard(payload(.didChangeFrame, begin: from, end: real)), into: &out)
    }

    private mutating func attachHardwareKeyboard(into out: inout [TraceLine]) {
        hardwareKeyboard = true
        guard keyboard == .docked else { return }
        let from = currentFrame
        if era.hasShortcutsBar {
            keyboard = .shortcutsBar
            settle()
            emit(NotificationRules.heightChange(era), from: from, to: currentFrame, into: &out)
        } else {
            keyboard = .hidden
            truth = nil
            emit(NotificationRules.hide(era), from: from, to: frame(.hidden, orientation), into: &out)
        }
    }

    private mutating func move(to state: KeyboardState, names: [KeyboardNotification.Name], into out: inout [TraceLine]) {
        let from = currentFrame
        keyboard = state
        arrangement = state
        settle()
        emit(names, from: from, to: currentFrame, into: &out)
    }
}
