import KeyboardAvoidance
import KeyboardGeometry
import KeyboardTrace
import KeyboardWorld

extension ScenarioSimulator {
    /// The whole scenario as a v1 trace, every event with its truth.
    package static func trace(_ scenario: Scenario) -> Trace { simulate(scenario).trace }

    /// The whole scenario as a v1 trace, with its labels: its setting's
    /// (``Scenario/settingFeatures``) and what its actions exercised. An
    /// action that is not valid when its turn comes (``isValid(_:)``) is
    /// skipped, and listed in `skipped` by its index.
    package static func simulate(_ scenario: Scenario) -> (trace: Trace, features: ScenarioFeatures, skipped: [Int]) {
        var sim = ScenarioSimulator(scenario)
        var lines: [TraceLine] = []
        var skipped: [Int] = []
        for (i, action) in scenario.actions.enumerated() {
            guard sim.isValid(action) else {
                skipped.append(i)
                continue
            }
            sim.perform(action, into: &lines)
        }
        let header = sim.header()
        var features = sim.features
        features.formUnion(scenario.settingFeatures(header: header))
        return (Trace(header: header, lines: lines, fieldLists: sim.fieldLists), features, skipped)
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
        let first = out.count
        act(action, into: &out)
        if !visible, out[first...].contains(where: { if case .keyboard = $0.event { true } else { false } }) {
            features.insert(.keyboardWhileOffScreen)
        }
    }

    private mutating func act(_ action: UserAction, into out: inout [TraceLine]) {
        switch action {
        case .focus(let i): focus(i, into: &out)
        case .dismiss:
            focused = nil
            append(.blur, into: &out)
            // A form sheet keeps the keyboard after its field resigns.
            if scenario.keepsKeyboardAfterResign && keyboard != .hidden {
                if shownByUs { features.insert(.keyboardKeptAfterResign) }
                return
            }
            hide(into: &out)
        case .dragToDismiss:
            // The keyboard follows the finger down, then the field resigns
            // (the remaining 0.2 s and curve 0 are an estimate).
            features.insert(.dragToDismiss)
            hide(animation: .custom(duration: 0.2, curve: 0), into: &out)
            focused = nil
            append(.blur, into: &out)
        case .cancelDrag:
            // The keyboard follows the finger down and back, and nothing is
            // sent; once the finger lifts, the scenario's reading.
            features.insert(.dragCancelled)
            guard scenario.keyboardAfterCancelledDrag == .showAgain else { return }
            features.insert(.showAfterCancelledDrag)
            settle()
            let k = currentFrame
            emit(NotificationRules.show(era), from: k, to: k, into: &out)
        case .rotate(let o): rotate(to: o, into: &out)
        case .changeInputMode(let m):
            features.insert(.inputModeChange)
            changeMode(to: m, into: &out)
        case .silentInputModeChange(let m):
            // The keyboard changes; nothing tells the app, so the truth stays
            // where iOS last reported it.
            features.insert(.silentInputModeChange)
            mode = m
            keyboardHeightChange = 0
        case .undock: move(to: .undocked, names: NotificationRules.undock, into: &out)
        case .undockFromMenu:
            features.insert(.menuUndock)
            undockFromMenu(into: &out)
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
            features.insert(.floatingKeyboardMoves)
            let from = currentFrame
            floatingPlace = (floatingPlace + 1) % Self.floatingPlaces.count
            settle()
            emit(NotificationRules.floatingChange, from: from, to: currentFrame, into: &out)
        case .attachHardwareKeyboard: attachHardwareKeyboard(into: &out)
        case .detachHardwareKeyboard:
            hardwareKeyboard = false
            guard let f = focused else { return }
            features.insert(.keyboardAfterFocus)
            let from = keyboard == .hidden ? showBegin(orientation) : currentFrame
            // The focused field's keyboard comes, also where another app's
            // keyboard came and went since the field was tapped.
            keyboardField = f
            noteKeyboard(of: f)
            keyboard = .docked
            arrangement = .docked
            settle()
            emit(NotificationRules.show(era), from: from, to: currentFrame, into: &out)
        case .keyboardFromElsewhere(let shown, let local):
            if shown {
                keyboardFromElsewhere(local: local, into: &out)
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
            features.insert(.background)
            suspended = shownByUs ? keyboard : .hidden
            hide(into: &out)
            backgrounded = true
        case .foreground:
            backgrounded = false
            if suspended != .hidden { show(suspended, focusEvent: nil, textView: false, into: &out) }
            suspended = .hidden
        case .focusBurst(let fields):
            features.insert(.focusBurst)
            focusBurst(fields, into: &out)
        case .focusDuringRotation(let i, let o):
            features.insert(.lateDidNotifications)
            focusDuringRotation(i, o, into: &out)
        case .type(let lines):
            type(lines, into: &out)
        case .moveCaret(let line):
            guard let f = focused else { return }
            caretLine = Swift.min(Swift.max(1, line), text(ofField: f).lines)
            features.insert(.caretMoves)
            append(.focus(field: f, caret: caret(of: f)), into: &out)
            noteRoom(for: f)
        case .moveWindow(let frame): moveWindow(to: frame, into: &out)
        case .setOwnInset(let inset):
            if truth != nil { features.insert(.ownInsetUnderKeyboard) }
            ownInset = inset
            append(.layout(LayoutChange(contentInset: inset)), into: &out)
        case .setAdditionalSafeArea(let bottom): setAdditionalSafeArea(bottom, into: &out)
        case .resizeKeyboard(let change):
            features.insert(.keyboardResizesWhileUp)
            let from = currentFrame
            keyboardHeightChange += change
            settle()
            emit(NotificationRules.heightChange(era), from: from, to: currentFrame, into: &out)
        }
    }

    /// The user moves or resizes the app's window: the layout change (the
    /// window; the scroll view's frame, safe area and content width where
    /// they change), then, as ``Scenario/keyboardAfterWindowChange`` reads
    /// it, the keyboard's frame again. The keyboard stays where it is on
    /// screen, so the truth does not move.
    private mutating func moveWindow(to frame: KBRect, into out: inout [TraceLine]) {
        let before = layout(orientation)
        placedWindow = PlacedWindow(frame: frame, screen: device.screen(orientation))
        let after = layout(orientation)
        if truth != nil { features.insert(before.window.size == after.window.size ? .windowMovedUnderKeyboard : .windowResizedUnderKeyboard) }
        let resized = after.frame.size != before.frame.size
        append(
            .layout(
                LayoutChange(
                    window: after.window, frame: after.frame != before.frame ? after.frame : nil,
                    safeArea: after.safeArea != before.safeArea ? after.safeArea : nil,
                    contentSize: resized ? KBSize(width: after.frame.width, height: contentHeight) : nil
                )), into: &out)
        noteWindowAndKeyboard()
        guard truth != nil, scenario.keyboardAfterWindowChange == .frameAgain, era.sendsFrameChanges else { return }
        features.insert(.keyboardReportedAfterWindowChange)
        // The frame iOS reports is where the keyboard is (a change iOS did
        // not announce, a silent input-mode switch, shows here).
        settle()
        let k = currentFrame
        emit(
            keyboard == .floating ? NotificationRules.floatingChange : NotificationRules.frameChange, from: k, to: k, local: elsewhere ?? true,
            into: &out)
    }

    /// The view controller's additional bottom safe area becomes `bottom`:
    /// a layout change with the scroll view's new safe area, where it
    /// changed (a scroll view clear of the view's bottom band keeps its own).
    private mutating func setAdditionalSafeArea(_ bottom: Double, into out: inout [TraceLine]) {
        let before = layout(orientation).safeArea
        additionalSafeBottom = bottom
        let after = layout(orientation).safeArea
        guard after != before else { return }
        if truth != nil { features.insert(.safeAreaUnderKeyboard) }
        append(.layout(LayoutChange(safeArea: after)), into: &out)
    }

    /// Labels where the keyboard on screen lies against a window that is
    /// not the whole screen: the window's bottom above the keyboard, the
    /// keyboard over part of the window, a floating keyboard beside it.
    mutating func noteWindowAndKeyboard() {
        guard let k = truth, isPad, scenario.placement != .fullScreen, scenario.placement != .formSheet else { return }
        let w = currentWindow
        if w.maxY <= k.minY {
            features.insert(.windowClearOfKeyboard)
        } else if k.overlaps(w), !(k.minX <= w.minX && k.maxX >= w.maxX && k.minY <= w.minY) {
            features.insert(.windowPartlyUnderKeyboard)
        }
        if keyboard == .floating, k.maxX <= w.minX || k.minX >= w.maxX { features.insert(.keyboardBesideWindow) }
    }

    /// The keyboard is where its state says: the truth follows, and the next
    /// show starts from its height.
    mutating func settle() {
        let f = currentFrame
        truth = keyboard == .hidden ? nil : f
        if keyboard == .docked { lastHeight = f.height }
        if let k = ScenarioFeature.keyboard(keyboard) { features.insert(k) }
        if keyboard == .docked, elsewhere == nil, let m = ScenarioFeature.inputMode(mode),
            keyboardField.map({ scenario.keyboard(forField: $0).kind == .text }) ?? true
        {
            features.insert(m)
        }
        if orientation.isLandscape { features.insert(.landscape) }
        noteWindowAndKeyboard()
    }

    /// Appends the Will notifications of `names`, then `event` (if any),
    /// then the Did notifications when `textView` (a text view's Will
    /// notifications precede its begin-editing, its Did ones follow,
    /// [observed-sequences]); otherwise `event` first. The truth moves to
    /// the keyboard's new state with the first notification sent (Will or
    /// Did), when iOS tells the app, not before: an event ahead of it still
    /// sees the keyboard where it was.
    mutating func around(
        _ event: TraceEvent?, textView: Bool, _ names: [KeyboardNotification.Name], from: KBRect, to: KBRect, local: Bool = true,
        into out: inout [TraceLine]
    ) {
        var settled = false
        func send(_ name: KeyboardNotification.Name, _ sim: inout ScenarioSimulator) {
            if !settled {
                sim.settle()
                settled = true
            }
            sim.append(.keyboard(sim.payload(name, begin: from, end: to, local: local)), into: &out)
        }
        if let event, !textView { append(event, into: &out) }
        if event != nil, textView, names.contains(where: \.isWill) { features.insert(.notificationsBeforeFocus) }
        for name in names where name.isWill { send(name, &self) }
        if let event, textView { append(event, into: &out) }
        for name in names where !name.isWill { send(name, &self) }
    }

    // MARK: Situations

    /// A tap on a field: the keyboard shows, or focus switches while it is
    /// up (a switch to a field with another keyboard changes its height);
    /// a keyboard another screen or app raised becomes ours (with another
    /// app's, as ``Scenario/keyboardHandOver`` reads it). A text view's
    /// focus carries its caret, after its last line.
    private mutating func focus(_ i: Int, into out: inout [TraceLine]) {
        let previous = keyboardField
        let hadFocus = focused != nil
        let textView = FieldKind(frame: fields[i]) == .textView
        let event = focusEvent(i)
        noteKeyboard(of: i)
        defer { noteRoom(for: i) }
        if let local = elsewhere {
            features.insert(.keyboardBeforeFocus)
            if !local { features.insert(.keyboardHandedToUs) }
            let from = currentFrame
            focused = i
            keyboardField = i
            elsewhere = nil
            if !local && scenario.keyboardHandOver.motion == .hidesThenShows {
                // The other app's keyboard goes, then ours comes.
                if !textView { append(event, into: &out) }
                keyboard = .hidden
                truth = nil
                emit(NotificationRules.hide(era), from: from, to: frame(.hidden, orientation), local: false, into: &out)
                show(.docked, focusEvent: textView ? event : nil, textView: textView, into: &out)
                return
            }
            switchKeyboard(from: from, event: event, textView: textView, into: &out)
            return
        }
        if shownByUs && !hadFocus { features.insert(.keyboardBeforeFocus) }
        focused = i
        keyboardField = i
        if shownByUs {
            if let f = ScenarioFeature.focusSwitch(keyboard) { features.insert(f) }
            guard keyboard == .docked else { return append(event, into: &out) }
            switchKeyboard(from: frame(.docked, orientation, field: previous), event: event, textView: textView, into: &out)
            return
        }
        guard let state = shownState else { return append(event, into: &out) }
        show(state, focusEvent: event, textView: textView, into: &out)
    }

    /// The docked keyboard stays up for the focused field: a focus
    /// switch's notifications, or a height change's when its keyboard
    /// differs from `old`.
    private mutating func switchKeyboard(from old: KBRect, event: TraceEvent, textView: Bool, into out: inout [TraceLine]) {
        keyboard = .docked
        let new = currentFrame
        if old != new { features.insert(.focusSwitchChangesHeight) }
        let names = old == new ? NotificationRules.focusSwitch(era) : NotificationRules.heightChange(era)
        around(event, textView: textView, names, from: old, to: new, into: &out)
    }

    /// A keyboard raised by another screen of this app (`local`) or by
    /// another app beside it. With ours up, the other takes it: our field
    /// resigns when another screen's field takes it (one first responder
    /// per app), and when another app's does as ``Scenario/keyboardHandOver``
    /// reads it; the keyboard stays up or hides and shows again as that
    /// reading says.
    private mutating func keyboardFromElsewhere(local: Bool, into out: inout [TraceLine]) {
        features.insert(local ? .anotherScreensKeyboard : .anotherAppsKeyboard)
        // Over the view (another keyboard comes only to an app on screen)
        // with no field of ours focused, once the action is over.
        defer {
            if !local && focused == nil { features.insert(.anotherAppsKeyboardOverContent) }
        }
        guard shownByUs else {
            elsewhere = local
            keyboardField = nil
            keyboard = .docked
            settle()
            emit(NotificationRules.show(era), from: showBegin(orientation), to: currentFrame, local: local, into: &out)
            return
        }
        let from = currentFrame
        if focused != nil {
            if !local { features.insert(.keyboardTakenFromUs) }
            if local || scenario.keyboardHandOver.ourFieldResigns {
                focused = nil
                append(.blur, into: &out)
            } else {
                features.insert(.focusedUnderAnotherAppsKeyboard)
            }
        }
        keyboardField = nil
        if !local && scenario.keyboardHandOver.motion == .hidesThenShows {
            // Ours goes, then the other app's comes.
            keyboard = .hidden
            truth = nil
            emit(NotificationRules.hide(era), from: from, to: frame(.hidden, orientation), into: &out)
            elsewhere = local
            keyboard = .docked
            settle()
            emit(NotificationRules.show(era), from: showBegin(orientation), to: currentFrame, local: local, into: &out)
            return
        }
        elsewhere = local
        keyboard = .docked
        let to = currentFrame
        around(
            nil, textView: false, from == to ? NotificationRules.focusSwitch(era) : NotificationRules.heightChange(era), from: from, to: to,
            local: local, into: &out)
    }

    /// Typing `lines` new lines into the focused text view: each moves its
    /// caret a line down and, in a text view that grows, past its last row,
    /// makes it a line taller, with the fields below it and the content (a
    /// layout event with the new field list, then the caret).
    private mutating func type(_ lines: Int, into out: inout [TraceLine]) {
        guard let f = focused else { return }
        features.insert(.caretMoves)
        for _ in 0..<lines {
            addLine(toField: f)
            caretLine += 1
            let text = text(ofField: f)
            if text.grows, text.lines > FieldText.rows(inHeight: fields[f].height) {
                features.insert(.textViewGrows)
                let below = fields[f].maxY
                fields[f].size.height += FieldText.lineHeight
                for j in fields.indices where j != f && fields[j].minY >= below { fields[j].origin.y += FieldText.lineHeight }
                contentHeight += FieldText.lineHeight
                fieldLists.append(fields)
                let width = layout(orientation).frame.width
                append(.layout(LayoutChange(contentSize: KBSize(width: width, height: contentHeight), fieldList: fieldLists.count - 1)), into: &out)
            }
            append(.focus(field: f, caret: caret(of: f)), into: &out)
        }
        noteRoom(for: f)
    }

    /// A tap that focuses field `i`: a text view's caret goes after its
    /// last line.
    private mutating func focusEvent(_ i: Int) -> TraceEvent {
        caretLine = text(ofField: i).lines
        let caret = caret(of: i)
        if caret != nil { features.insert(.caret) }
        return .focus(field: i, caret: caret)
    }

    /// Labels what field `i` asks of the keyboard, for a field whose
    /// keyboard iOS raises (a tap's, a burst's first, one tapped during a
    /// rotation: a burst's later fields keep the first one's keyboard).
    private mutating func noteKeyboard(of i: Int) {
        if scenario.keyboard(forField: i).kind == .numberPad { features.insert(.numberPad) }
        if accessoryHeight(i) > 0 { features.insert(.inputAccessory) }
    }

    /// Labels a focused field (or its caret) that the room between the
    /// scroll view's top edge, below its bars and the app's own top inset,
    /// and a docked keyboard's top cannot hold.
    private mutating func noteRoom(for i: Int) {
        guard focused == i, visible, let k = truth, keyboard == .docked || keyboard == .shortcutsBar, fields.indices.contains(i) else { return }
        let l = layout(orientation)
        let top = Swift.max(0, l.window.minY + l.frame.minY + ownInset.top + l.safeArea.top)
        let room = k.minY - top
        let field = fields[i]
        if field.height > room {
            features.insert(.fieldTallerThanRoom)
            features.insert(ScenarioFeature.tallField(scenario.policy.tallField))
        }
        if let c = caret(of: i), c.maxY - field.minY > room { features.insert(.caretBelowVisiblePart) }
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
        if end.isEmpty || end.maxY <= device.screen(orientation).height { features.insert(.hideReportsAFrameOnScreen) }
        keyboard = .hidden
        truth = nil
        emit(names, from: from, to: end, animation: animation, into: &out)
    }

    /// Every field after the first is tapped between the show's Will and Did
    /// notifications, each with the focus-switch notifications' Will part.
    private mutating func focusBurst(_ burst: [Int], into out: inout [TraceLine]) {
        let from = showBegin(orientation)
        keyboardField = burst[0]
        noteKeyboard(of: burst[0])
        keyboard = .docked
        let to = currentFrame
        append(focusEvent(burst[0]), into: &out)
        settle()
        for name in NotificationRules.show(era) where name.isWill { append(.keyboard(payload(name, begin: from, end: to)), into: &out) }
        for f in burst.dropFirst() {
            append(focusEvent(f), into: &out)
            for name in NotificationRules.focusSwitch(era) where name.isWill { append(.keyboard(payload(name, begin: to, end: to)), into: &out) }
        }
        // The focus is the last field's once the burst is over (nothing
        // in the burst reads it).
        focused = burst.last
        for name in NotificationRules.show(era) where !name.isWill { append(.keyboard(payload(name, begin: from, end: to)), into: &out) }
    }

    /// The show starts, the interface rotates (its own hide, layout and
    /// show), and the first show's Did notifications arrive last, with the
    /// old orientation's frames; the truth is the new orientation's keyboard.
    private mutating func focusDuringRotation(_ i: Int, _ o: InterfaceOrientation, into out: inout [TraceLine]) {
        let from = showBegin(orientation)
        focused = i
        keyboardField = i
        noteKeyboard(of: i)
        keyboard = .docked
        let to = currentFrame
        append(focusEvent(i), into: &out)
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
        if old != .hidden { features.insert(.rotationWhileShown) }
        if o.isLandscape { features.insert(.landscape) }
        if shownByUs && (old == .docked || old == .shortcutsBar) {
            truth = nil
            emit(NotificationRules.hide(era), from: oldFrame, to: frame(.hidden, orientation), animation: .willOnly, into: &out)
        }
        orientation = o
        // The keyboard is laid out for the new orientation at its usual
        // height (estimate: a height change is one orientation's).
        keyboardHeightChange = 0
        // A window the user placed turns with the screen, and is where it
        // now is from here on.
        if placedWindow != nil { placedWindow = PlacedWindow(frame: currentWindow, screen: device.screen(o)) }
        if old != .docked && old != .shortcutsBar { settle() }
        let l = layout(o)
        append(
            .layout(
                LayoutChange(
                    screen: l.screen, orientation: o, window: l.window, frame: l.frame, safeArea: l.safeArea,
                    contentSize: KBSize(width: l.frame.width, height: contentHeight)
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
        keyboardHeightChange = 0
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
        features.insert(.hardwareKeyboard)
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
