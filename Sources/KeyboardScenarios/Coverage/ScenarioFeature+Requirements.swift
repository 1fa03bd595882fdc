extension ScenarioFeature {
    /// The share of a fuzz campaign's scenarios (adversarial, every one
    /// judged, on screens that carry the label: ``isCarried(on:)``) that
    /// must carry this label: about half the share the
    /// generator gives, so that a change that starves a situation fails the
    /// coverage test while noise does not. Where a label is rare by nature
    /// (iPhone OS 3 ran on one device; iOS 5–7's menu undock on iPads only),
    /// its requirement is rare too, and is there to catch its disappearance.
    package var requiredShare: Double {
        switch self {
        case .eraIPhoneOS3: 0.008
        case .eraIOS7: 0.03
        case .eraIOS8: 0.12
        case .eraIOS13: 0.25
        case .eraIPadOS: 0.18
        case .phone: 0.4
        case .pad: 0.25
        case .bottomSafeArea: 0.3
        case .landscape: 0.4
        case .fullScreen: 0.5
        case .slideOver, .splitView: 0.025
        case .stageManager: 0.012
        case .formSheet: 0.03
        case .freeWindow: 0.017
        case .windowClearOfKeyboard: 0.007
        case .windowPartlyUnderKeyboard: 0.06
        case .keyboardBesideWindow: 0.005
        case .insetAutomatic: 0.35
        case .insetScrollableAxes: 0.04
        case .insetNever: 0.07
        case .insetAlways: 0.03
        case .ownContentInset: 0.18
        case .barsAbove: 0.35
        case .tallFieldTop, .tallFieldCaret, .tallFieldCentre: 0.03
        case .distance: 0.35
        case .keyboardDocked: 0.9
        case .keyboardShortcutsBar: 0.024
        case .keyboardUndocked: 0.012
        case .keyboardSplit: 0.01
        case .keyboardFloating: 0.04
        case .modeQuickType: 0.5
        case .modeEmoji: 0.07
        case .modeThirdParty: 0.06
        case .numberPad: 0.15
        case .inputAccessory: 0.2
        case .hardwareKeyboard: 0.1
        case .hideReportsAFrameOnScreen: 0.035
        case .rotationWhileShown: 0.25
        case .focusSwitchDocked: 0.35
        case .focusSwitchShortcutsBar: 0.012
        case .focusSwitchUndocked: 0.0045
        case .focusSwitchSplit: 0.004
        case .focusSwitchFloating: 0.02
        case .focusSwitchChangesHeight: 0.15
        case .inputModeChange: 0.15
        case .silentInputModeChange: 0.035
        case .focusBurst: 0.08
        case .lateDidNotifications: 0.023
        case .dragToDismiss: 0.12
        case .dragCancelled: 0.075
        case .showAfterCancelledDrag: 0.035
        case .background: 0.08
        case .keyboardWhileOffScreen: 0.0035
        case .keyboardKeptAfterResign: 0.012
        case .floatingKeyboardMoves: 0.0045
        case .menuUndock: 0.0003
        case .windowMovedUnderKeyboard, .windowResizedUnderKeyboard, .keyboardReportedAfterWindowChange: 0.012
        case .ownInsetUnderKeyboard: 0.1
        case .safeAreaUnderKeyboard: 0.05
        case .keyboardResizesWhileUp: 0.09
        case .keyboardBeforeFocus: 0.1
        case .notificationsBeforeFocus: 0.18
        case .keyboardAfterFocus: 0.012
        case .anotherScreensKeyboard: 0.12
        case .anotherAppsKeyboard: 0.02
        case .anotherAppsKeyboardOverContent, .keyboardHandedToUs: 0.009
        case .keyboardTakenFromUs: 0.014
        case .focusedUnderAnotherAppsKeyboard: 0.007
        case .caret: 0.2
        case .caretMoves, .caretBelowVisiblePart: 0.06
        case .textViewGrows: 0.013
        case .fieldTallerThanRoom: 0.09
        case .chatStartsAtEnd: 0.25
        case .chatRestsOnSafeArea: 0.15
        case .chatRestingLineMoves: 0.1
        case .chatMessageArrives: 0.3
        case .chatMessageWhileKeyboardUp: 0.22
        case .chatUserScrolls: 0.18
        case .chatComposerGrows: 0.15
        case .chatMessageSent: 0.02
        }
    }

    /// Every claim docs/contract.md makes in a bold lead-in (a rule of
    /// reading a notification, of a sequence, of tall fields), with the
    /// labels of the scenarios that exercise it: a test holds the document's
    /// claims to this list, so that a claim added there without a label
    /// fails it.
    package static let contractClaims: [(claim: String, features: [ScenarioFeature])] = [
        ("The end frame", [.eraIPhoneOS3, .eraIOS7, .eraIOS8, .eraIOS13, .eraIPadOS]),
        ("The space", [.eraIOS7, .eraIOS8, .slideOver, .splitView, .stageManager, .formSheet, .landscape]),
        ("The placement", [.keyboardDocked, .keyboardShortcutsBar, .keyboardUndocked, .keyboardSplit, .keyboardFloating]),
        ("Frames before focus", [.notificationsBeforeFocus, .keyboardBeforeFocus]),
        ("Late Did notifications", [.lateDidNotifications, .focusBurst]),
        ("A frame belongs to its screen", [.rotationWhileShown]),
        ("A Did no Will announced", [.keyboardFloating, .floatingKeyboardMoves]),
        ("A Did after a WillHide", [.eraIPhoneOS3, .focusSwitchDocked]),
        ("Frame changes around a hide", [.hideReportsAFrameOnScreen, .keyboardUndocked, .keyboardSplit, .menuUndock]),
        ("Another app's keyboard", [.anotherAppsKeyboard, .anotherAppsKeyboardOverContent, .keyboardHandedToUs, .keyboardTakenFromUs]),
        (
            "Geometry under a shown keyboard",
            [.windowMovedUnderKeyboard, .windowResizedUnderKeyboard, .safeAreaUnderKeyboard, .ownInsetUnderKeyboard, .keyboardResizesWhileUp]
        ),
        ("Repeats", [.focusSwitchDocked, .rotationWhileShown, .modeThirdParty]),
        ("Carets", [.caret, .caretMoves, .caretBelowVisiblePart, .textViewGrows, .tallFieldCaret]),
    ]
}
