import KeyboardAvoidance
import KeyboardTrace
import KeyboardWorld

/// What a generated scenario exercises: every situation the engine claims
/// to handle, as a label the simulator attaches to each scenario it plays
/// (``ScenarioSimulator/features``). The one list of them: a campaign counts
/// them, `kbbench fuzz` prints their shares, its `--json` writes them, and
/// the coverage test holds each to its ``requiredShare`` on a fixed seed.
///
/// The engine's own inputs map onto labels through exhaustive switches
/// (``era(_:)``, ``insetAdjustment(_:)``, ``tallField(_:)``,
/// ``keyboard(_:)``, ``focusSwitch(_:)``, ``inputMode(_:)``,
/// ``placement(_:)``), so an input the engine gains without a label does not
/// compile; the claims of docs/contract.md name their labels in
/// ``contractClaims``, which a test reads against that document.
///
/// Properties, each tested: every label is reached by the generator at its
/// required share or more (with 99 % confidence, on a fixed seed's
/// adversarial scenarios); labels depend only on the scenario, never on the
/// strategy judged.
package enum ScenarioFeature: Int, Hashable, Sendable, CaseIterable {
    // The system and the device.
    case eraIPhoneOS3, eraIOS7, eraIOS8, eraIOS13, eraIPadOS
    case phone, pad
    /// The scroll view has a bottom safe area (a home indicator's strip).
    case bottomSafeArea
    /// The interface is in landscape at some event.
    case landscape
    case fullScreen, slideOver, splitView, stageManager, formSheet
    /// The window is one the user placed and sized (``Scenario/window``).
    case freeWindow
    /// The window's bottom lies above the keyboard's top.
    case windowClearOfKeyboard
    /// The keyboard covers part of the window, not all of its width or not
    /// down to its bottom.
    case windowPartlyUnderKeyboard
    /// A floating keyboard lies beside the window, clear of it.
    case keyboardBesideWindow

    // The app's layout and policy.
    case insetAutomatic, insetScrollableAxes, insetNever, insetAlways
    /// The app has a content inset of its own.
    case ownContentInset
    /// Bars above the scroll view.
    case barsAbove
    case tallFieldTop, tallFieldCaret, tallFieldCentre
    /// The policy keeps a distance from the keyboard.
    case distance

    // The keyboard on screen.
    case keyboardDocked, keyboardShortcutsBar, keyboardUndocked, keyboardSplit, keyboardFloating
    case hardwareKeyboard
    /// A hide reports an on-screen strip or an empty rect (Reduce Motion),
    /// or the accessory's height (iOS 26).
    case hideReportsAFrameOnScreen
    case modeQuickType, modeEmoji, modeThirdParty
    /// A focused field asks for a number pad.
    case numberPad
    /// A focused field has an input accessory view.
    case inputAccessory
    /// A focused field is taller than the room above the keyboard.
    case fieldTallerThanRoom

    // Sequences.
    case focusSwitchDocked, focusSwitchShortcutsBar, focusSwitchUndocked, focusSwitchSplit, focusSwitchFloating
    /// A switch to a field whose keyboard has another height.
    case focusSwitchChangesHeight
    case rotationWhileShown
    case inputModeChange
    case silentInputModeChange
    case focusBurst
    /// A show's Did notifications arrive after a rotation overtook them.
    case lateDidNotifications
    case dragToDismiss
    /// An interactive dismissal is cancelled (``UserAction/cancelDrag``;
    /// the adversary's).
    case dragCancelled
    /// iOS shows the keyboard again after a cancelled dismissal
    /// (``KeyboardAfterCancelledDrag/showAgain``).
    case showAfterCancelledDrag
    case background
    /// A keyboard notification arrives while the view is off screen.
    case keyboardWhileOffScreen
    /// A form sheet keeps the keyboard after its field resigns.
    case keyboardKeptAfterResign
    /// The floating keyboard is dragged elsewhere.
    case floatingKeyboardMoves
    /// iOS 5–7's menu undock, reported at `y = −264`.
    case menuUndock

    // Geometry that changes under a shown keyboard.
    /// The window moves, its size kept, while the keyboard is up.
    case windowMovedUnderKeyboard
    /// The window is resized while the keyboard is up.
    case windowResizedUnderKeyboard
    /// iOS reports the keyboard's frame again after a window change
    /// (``KeyboardAfterWindowChange/frameAgain``).
    case keyboardReportedAfterWindowChange
    /// The app sets its own content inset while the keyboard is up.
    case ownInsetUnderKeyboard
    /// The scroll view's safe area changes while the keyboard is up (the
    /// view controller's additional safe area).
    case safeAreaUnderKeyboard
    /// The docked keyboard's height changes while it is up, with no change
    /// of field or input mode.
    case keyboardResizesWhileUp

    // Keyboards before the focus.
    /// A field of ours is focused while a keyboard that no field of ours
    /// raised is already up (another screen's, another app's, or one a form
    /// sheet kept).
    case keyboardBeforeFocus
    /// A text view's Will notifications arrive before its begin-editing.
    case notificationsBeforeFocus
    /// The keyboard appears for a field focused already (a hardware
    /// keyboard detached).
    case keyboardAfterFocus

    // Other keyboards.
    /// Another screen of this app raises the keyboard (`isLocal` true).
    case anotherScreensKeyboard
    /// Another app beside this one raises the keyboard (`isLocal` false).
    case anotherAppsKeyboard
    /// Another app's keyboard covers this app's view with none of its
    /// fields focused.
    case anotherAppsKeyboardOverContent
    /// A field of ours takes the keyboard from another app.
    case keyboardHandedToUs
    /// Another app takes the keyboard from a focused field of ours.
    case keyboardTakenFromUs
    /// A field of ours stays focused while another app has the keyboard.
    case focusedUnderAnotherAppsKeyboard

    // Carets and tall fields.
    /// A focus carries a caret (a text view's).
    case caret
    /// The caret moves while the field stays focused (typing, a tap).
    case caretMoves
    /// The caret lies lower in its field than the room above the keyboard.
    case caretBelowVisiblePart
    /// A text view grows with its text.
    case textViewGrows

    // Chat screens (``ScreenKind/chat``).
    /// The transcript starts at its end, and its content is longer than
    /// the room (it scrolls).
    case chatStartsAtEnd
    /// The composer starts above the window's bottom edge, on its bottom
    /// safe area.
    case chatRestsOnSafeArea
    /// The composer's resting line moves (a rotation, a window change).
    case chatRestingLineMoves
    /// A message arrives.
    case chatMessageArrives
    /// A message arrives while the keyboard is up.
    case chatMessageWhileKeyboardUp
    /// The user scrolls the transcript.
    case chatUserScrolls
    /// The composer grows a line.
    case chatComposerGrows
    /// A message is sent: a grown composer shrinks back as it arrives.
    case chatMessageSent

    /// The label as reports print it and JSON keys it: a group and a name
    /// (`era.ios13`, `keyboard.floating`, `caret.belowVisiblePart`).
    package var label: String {
        switch self {
        case .eraIPhoneOS3: "era.iphoneos3"
        case .eraIOS7: "era.ios7"
        case .eraIOS8: "era.ios8"
        case .eraIOS13: "era.ios13"
        case .eraIPadOS: "era.ipados"
        case .phone: "device.phone"
        case .pad: "device.pad"
        case .bottomSafeArea: "device.bottomSafeArea"
        case .landscape: "device.landscape"
        case .fullScreen: "window.fullScreen"
        case .slideOver: "window.slideOver"
        case .splitView: "window.splitView"
        case .stageManager: "window.stageManager"
        case .formSheet: "window.formSheet"
        case .freeWindow: "window.free"
        case .windowClearOfKeyboard: "window.clearOfKeyboard"
        case .windowPartlyUnderKeyboard: "window.partlyUnderKeyboard"
        case .keyboardBesideWindow: "window.besideKeyboard"
        case .insetAutomatic: "inset.automatic"
        case .insetScrollableAxes: "inset.scrollableAxes"
        case .insetNever: "inset.never"
        case .insetAlways: "inset.always"
        case .ownContentInset: "layout.appsOwnInset"
        case .barsAbove: "layout.barsAbove"
        case .tallFieldTop: "policy.tallFieldTop"
        case .tallFieldCaret: "policy.tallFieldCaret"
        case .tallFieldCentre: "policy.tallFieldCentre"
        case .distance: "policy.distance"
        case .keyboardDocked: "keyboard.docked"
        case .keyboardShortcutsBar: "keyboard.shortcutsBar"
        case .keyboardUndocked: "keyboard.undocked"
        case .keyboardSplit: "keyboard.split"
        case .keyboardFloating: "keyboard.floating"
        case .modeQuickType: "mode.quickType"
        case .modeEmoji: "mode.emoji"
        case .modeThirdParty: "mode.thirdParty"
        case .numberPad: "field.numberPad"
        case .inputAccessory: "field.inputAccessory"
        case .hardwareKeyboard: "keyboard.hardware"
        case .hideReportsAFrameOnScreen: "keyboard.hideOnScreen"
        case .rotationWhileShown: "sequence.rotationWhileUp"
        case .focusSwitchDocked: "switch.docked"
        case .focusSwitchShortcutsBar: "switch.shortcutsBar"
        case .focusSwitchUndocked: "switch.undocked"
        case .focusSwitchSplit: "switch.split"
        case .focusSwitchFloating: "switch.floating"
        case .focusSwitchChangesHeight: "switch.changesHeight"
        case .inputModeChange: "sequence.inputMode"
        case .silentInputModeChange: "sequence.silentInputMode"
        case .focusBurst: "sequence.focusBurst"
        case .lateDidNotifications: "sequence.lateDid"
        case .dragToDismiss: "sequence.dragToDismiss"
        case .dragCancelled: "sequence.dragCancelled"
        case .showAfterCancelledDrag: "sequence.showAfterCancelledDrag"
        case .background: "sequence.background"
        case .keyboardWhileOffScreen: "sequence.offScreen"
        case .keyboardKeptAfterResign: "sequence.keptAfterResign"
        case .floatingKeyboardMoves: "sequence.floatingMoves"
        case .menuUndock: "sequence.menuUndock"
        case .windowMovedUnderKeyboard: "change.windowMoved"
        case .windowResizedUnderKeyboard: "change.windowResized"
        case .keyboardReportedAfterWindowChange: "change.keyboardReportedAgain"
        case .ownInsetUnderKeyboard: "change.ownInset"
        case .safeAreaUnderKeyboard: "change.safeArea"
        case .keyboardResizesWhileUp: "change.keyboardHeight"
        case .keyboardBeforeFocus: "order.keyboardBeforeFocus"
        case .notificationsBeforeFocus: "order.notificationsBeforeFocus"
        case .keyboardAfterFocus: "order.keyboardAfterFocus"
        case .anotherScreensKeyboard: "elsewhere.anotherScreen"
        case .anotherAppsKeyboard: "elsewhere.anotherApp"
        case .anotherAppsKeyboardOverContent: "elsewhere.overContent"
        case .keyboardHandedToUs: "elsewhere.handedToUs"
        case .keyboardTakenFromUs: "elsewhere.takenFromUs"
        case .focusedUnderAnotherAppsKeyboard: "elsewhere.focusedUnderIt"
        case .caret: "caret.present"
        case .caretMoves: "caret.moves"
        case .caretBelowVisiblePart: "caret.belowVisiblePart"
        case .textViewGrows: "caret.textViewGrows"
        case .fieldTallerThanRoom: "field.tallerThanRoom"
        case .chatStartsAtEnd: "chat.startsAtEnd"
        case .chatRestsOnSafeArea: "chat.restsOnSafeArea"
        case .chatRestingLineMoves: "chat.restingLineMoves"
        case .chatMessageArrives: "chat.messageArrives"
        case .chatMessageWhileKeyboardUp: "chat.messageWhileKeyboardUp"
        case .chatUserScrolls: "chat.userScrolls"
        case .chatComposerGrows: "chat.composerGrows"
        case .chatMessageSent: "chat.messageSent"
        }
    }

    /// Whether scenarios played on `screens` carry this label.
    ///
    /// A chat screen is its scenario's device, era, window, scroll view and
    /// keyboard notifications with the fields taken out: it carries the
    /// labels of those (the groups `era`, `device`, `window`, `inset`,
    /// `keyboard`, `mode` and `change`) as its scenario does, and the
    /// `chat` group; a screen of fields carries every label but `chat`.
    package func isCarried(on screens: ScreenKind) -> Bool {
        let group = label.prefix { $0 != "." }
        switch screens {
        case .fields: return group != "chat"
        case .chat: return Self.chatScreenGroups.contains(String(group))
        }
    }

    /// The groups a chat screen carries (``isCarried(on:)``).
    static let chatScreenGroups: Set<String> = ["era", "device", "window", "inset", "keyboard", "mode", "change", "chat"]

    /// The feature a label names, or nil.
    package init?(label: String) {
        guard let f = Self.allCases.first(where: { $0.label == label }) else { return nil }
        self = f
    }

    // MARK: The engine's inputs, each with its label

    package static func era(_ p: TraceProfile) -> ScenarioFeature {
        switch p {
        case .iphoneos3: .eraIPhoneOS3
        case .ios7: .eraIOS7
        case .ios8: .eraIOS8
        case .ios13: .eraIOS13
        case .ipados: .eraIPadOS
        }
    }

    package static func insetAdjustment(_ a: InsetAdjustment) -> ScenarioFeature {
        switch a {
        case .automatic: .insetAutomatic
        case .scrollableAxes: .insetScrollableAxes
        case .never: .insetNever
        case .always: .insetAlways
        }
    }

    package static func tallField(_ p: TallFieldPolicy) -> ScenarioFeature {
        switch p {
        case .top: .tallFieldTop
        case .caret: .tallFieldCaret
        case .centre: .tallFieldCentre
        }
    }

    package static func placement(_ p: WindowPlacement) -> ScenarioFeature {
        switch p {
        case .fullScreen: .fullScreen
        case .slideOver: .slideOver
        case .splitView: .splitView
        case .stageManager: .stageManager
        case .formSheet: .formSheet
        }
    }

    /// The keyboard on screen, nil when hidden.
    package static func keyboard(_ s: ScenarioSimulator.KeyboardState) -> ScenarioFeature? {
        switch s {
        case .hidden: nil
        case .docked: .keyboardDocked
        case .shortcutsBar: .keyboardShortcutsBar
        case .undocked: .keyboardUndocked
        case .split: .keyboardSplit
        case .floating: .keyboardFloating
        }
    }

    /// A focus switch with the keyboard in state `s`, nil when hidden.
    package static func focusSwitch(_ s: ScenarioSimulator.KeyboardState) -> ScenarioFeature? {
        switch s {
        case .hidden: nil
        case .docked: .focusSwitchDocked
        case .shortcutsBar: .focusSwitchShortcutsBar
        case .undocked: .focusSwitchUndocked
        case .split: .focusSwitchSplit
        case .floating: .focusSwitchFloating
        }
    }

    /// A software keyboard shown in mode `m`: nil for the standard
    /// keyboard (every scenario has it) and for the modes that are
    /// arrangements, labelled by ``keyboard(_:)``.
    package static func inputMode(_ m: KeyboardMode) -> ScenarioFeature? {
        switch m {
        case .quickType: .modeQuickType
        case .emoji: .modeEmoji
        case .thirdParty: .modeThirdParty
        case .standard, .hardwareShortcutsBar, .undocked, .split, .floating: nil
        }
    }
}
