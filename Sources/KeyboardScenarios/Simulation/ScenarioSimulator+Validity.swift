import KeyboardAvoidance
import KeyboardGeometry
import KeyboardWorld

extension ScenarioSimulator {
    /// Whether `action` can happen now, on this device and system: the
    /// generator draws only valid actions, and invalid ones are skipped when
    /// simulating. Capabilities follow ``SystemEra`` and ``Device``
    /// ([apple-availability] in docs/sources.md): no undocking or splitting
    /// on iPads without the split keyboard, no QuickType or third-party
    /// keyboards before iOS 8, no Reduce Motion before iOS 7, no hardware
    /// keyboard on iPhone OS 3, no floating keyboard before iPadOS 13, and
    /// another app's keyboard only beside another app (Slide Over, Split
    /// View, Stage Manager), where it can take the keyboard from a field of
    /// ours and a field of ours can take it back; typing and caret moves
    /// only in a focused text view with the keyboard ours; an interactive
    /// dismissal, or its cancel, only of a docked keyboard with a field
    /// focused, from iOS 7.
    package func isValid(_ action: UserAction) -> Bool {
        let awake = visible && !backgrounded
        switch action {
        case .focus(let i):
            return awake && fields.indices.contains(i) && focused != i
        case .dismiss:
            return focused != nil && awake
        case .dragToDismiss, .cancelDrag:
            return focused != nil && awake && keyboard == .docked && elsewhere == nil && era.version >= 7
        case .rotate(let o):
            return o != orientation && !(device.family == .phone && o == .portraitUpsideDown) && !backgrounded
        case .changeInputMode(let m), .silentInputModeChange(let m):
            if case .silentInputModeChange = action, !era.hasQuickType { return false }
            let textField = keyboardField.map { scenario.keyboard(forField: $0).kind == .text } ?? true
            return shownByUs && keyboard == .docked && m != mode && textField && !backgrounded && modeAvailable(m)
        case .undock:
            return canSplit && shownByUs && keyboard == .docked && !backgrounded
        case .undockFromMenu:
            return era.menuUndockReportsOffScreen && isValid(.undock)
        case .dock:
            return isPad && shownByUs && !backgrounded && (keyboard == .undocked || keyboard == .split || keyboard == .floating)
        case .split:
            return canSplit && shownByUs && !backgrounded && (keyboard == .undocked || keyboard == .docked)
        case .merge:
            return isPad && shownByUs && !backgrounded && keyboard == .split
        case .float:
            return era.hasFloatingKeyboard && shownByUs && !backgrounded && keyboard == .docked
        case .moveFloating:
            return shownByUs && !backgrounded && keyboard == .floating
        case .attachHardwareKeyboard:
            return era.hasHardwareKeyboards && !hardwareKeyboard && (keyboard == .hidden || keyboard == .docked) && elsewhere == nil
                && !backgrounded
        case .detachHardwareKeyboard:
            return hardwareKeyboard && elsewhere == nil && !backgrounded
        case .keyboardFromElsewhere(let shown, let local):
            if shown {
                // Over no keyboard with no field of ours focused, or taking
                // ours from whoever has it, docked.
                let over = keyboard == .hidden ? focused == nil : shownByUs && keyboard == .docked
                return over && elsewhere == nil && !hardwareKeyboard && awake && (local || besideAnotherApp)
            }
            return elsewhere == local && !backgrounded
        case .disappear:
            return awake && focused == nil
        case .appear:
            return !visible && !backgrounded
        case .reduceMotion(let on):
            return on != reduceMotion && era.hasReduceMotion
        case .background:
            return awake
        case .foreground:
            return backgrounded
        case .focusBurst(let fields):
            return fields.count >= 2 && awake && elsewhere == nil && !hardwareKeyboard && keyboard == .hidden && arrangement == .docked
                && fields.allSatisfy { self.fields.indices.contains($0) }
        case .focusDuringRotation(let i, let o):
            return awake && elsewhere == nil && !hardwareKeyboard && keyboard == .hidden && arrangement == .docked
                && fields.indices.contains(i) && isValid(.rotate(o))
        case .type(let lines):
            return awake && elsewhere == nil && lines >= 1 && focusedTextView != nil
        case .moveCaret(let line):
            guard awake, elsewhere == nil, let f = focusedTextView else { return false }
            return line >= 1 && line <= text(ofField: f).lines && line != caretLine
        case .moveWindow(let frame):
            return !backgrounded && placementAvailable && frame != currentWindow
                && scenario.placement.allowsWindow(frame, on: device.screen(orientation))
        case .setOwnInset(let inset):
            return awake && inset != ownInset && Self.isPlausible(inset)
        case .setAdditionalSafeArea(let bottom):
            return awake && era.hasAdditionalSafeArea && bottom != additionalSafeBottom && bottom >= 0 && bottom <= 200
        case .resizeKeyboard(let change):
            guard era.hasKeyboardHeightChanges, shownByUs, keyboard == .docked, !backgrounded, change != 0 else { return false }
            let height = dockedHeight(orientation, field: keyboardField) + change
            return height >= 100 && height <= device.screen(orientation).height - 100
        }
    }

    /// Whether the user can move or resize the app's window now (a Stage
    /// Manager or windowed app's, Split View's, Slide Over's), wherever to.
    package var windowCanMove: Bool {
        guard !backgrounded, isPad, placementAvailable else { return false }
        switch scenario.placement {
        case .stageManager, .splitView, .slideOver: return true
        case .fullScreen, .formSheet: return false
        }
    }

    /// The scenario's placement is one this system and device offer (a
    /// window the user moves needs it: a scenario built by hand may name
    /// another).
    var placementAvailable: Bool { scenario.placement.isAvailable(era: era, device: device) }

    /// An inset an app sets: within 1,000 pt on every edge (UIKit allows
    /// negative ones). An infinite or NaN edge is not within any bound.
    static func isPlausible(_ inset: KBEdgeInsets) -> Bool {
        func plausible(_ x: Double) -> Bool { abs(x) <= 1000 }
        return plausible(inset.top) && plausible(inset.left) && plausible(inset.bottom) && plausible(inset.right)
    }

    /// The focused field, when it is a text view.
    var focusedTextView: Int? {
        guard let f = focused, fields.indices.contains(f), FieldKind(frame: fields[f]) == .textView else { return nil }
        return f
    }

    /// The device and system have the undocked and split keyboards.
    var canSplit: Bool { era.hasSplitKeyboard && device.splitKeyboard }

    /// Another app shares the screen, so its keyboard can cover ours.
    var besideAnotherApp: Bool {
        era.hasMultitasking && [.slideOver, .splitView, .stageManager].contains(scenario.placement)
    }

    /// Whether the system offers `m` as an input mode.
    func modeAvailable(_ m: KeyboardMode) -> Bool {
        switch m {
        case .standard: true
        case .quickType: era.hasQuickType
        case .emoji: era.hasEmojiKeyboard
        case .thirdParty: era.hasThirdPartyKeyboards
        case .hardwareShortcutsBar, .undocked, .split, .floating: false
        }
    }
}
