import KeyboardTrace
import KeyboardWorld

/// What a system version on a device family can do and send: every
/// era-dependent rule of the simulator, in one place, each citing its source
/// in docs/sources.md (or marked as an estimate).
package struct SystemEra: Hashable, Sendable {
    package var profile: TraceProfile
    /// The major system version.
    package var version: Int
    package var family: Device.Family

    package init(profile: TraceProfile, version: Int, family: Device.Family) {
        self.profile = profile
        self.version = version
        self.family = family
    }

    var isPad: Bool { family == .pad }

    // MARK: Payloads

    /// Only the legacy bounds and centre keys (iPhone OS 3, [apple-2009]).
    package var legacyKeysOnly: Bool { profile == .iphoneos3 }
    /// The WillChangeFrame/DidChangeFrame pair ([observed-sequences]: iOS 5).
    package var sendsFrameChanges: Bool { version >= 5 }
    /// `UIKeyboardIsLocalUserInfoKey` ([uikit-keys]: iOS 9).
    package var sendsIsLocal: Bool { version >= 9 }
    /// The animation curve: 0 on iOS 5 and 6 ([observed-sequences]) and on
    /// iPhone OS 3 (estimate), 7 from iOS 7.
    package var curve: Int { version >= 7 ? 7 : 0 }
    /// The animation duration: 0.25 s ([uikit-keys]); iPhone OS 3's keyboard
    /// animated in 0.3 s (estimate).
    package var duration: Double { profile == .iphoneos3 ? 0.3 : 0.25 }
    /// iOS 26 reports the input accessory's height in the frames of a hide
    /// ([iq-2124]).
    package var hidesReportTheAccessory: Bool { version >= 26 }

    // MARK: Sequences

    /// A focus switch between fields whose keyboards match sends nothing on
    /// iOS 11 ([observed-sequences]).
    package var silentFocusSwitch: Bool { version == 11 }
    /// iPad iOS 8.3 was reported to send a rotation's show pair twice
    /// ([observed-sequences]).
    package var rotationShowRepeats: Int { isPad && version == 8 ? 2 : 1 }
    /// Undocking or splitting from the keyboard's menu reports `y = −264`
    /// ([so-10749311]: iOS 5/6; kept for the iOS 5–7 profile).
    package var menuUndockReportsOffScreen: Bool { profile == .ios7 }

    // MARK: Capabilities ([apple-availability])

    package var hasQuickType: Bool { version >= 8 }
    package var hasThirdPartyKeyboards: Bool { version >= 8 }
    package var hasEmojiKeyboard: Bool { version >= 5 }
    package var hasReduceMotion: Bool { version >= 7 }
    /// Hardware keyboards: from iOS 4 (none on iPhone OS 3).
    package var hasHardwareKeyboards: Bool { version >= 4 }
    /// The iPad shortcuts bar over a hardware keyboard: from iOS 9
    /// (estimate: with the shortcuts bar itself).
    package var hasShortcutsBar: Bool { isPad && version >= 9 }
    /// A field's input accessory view (a toolbar above the keys): from iPhone
    /// OS 3.2, which ran on iPad only; on iPhone from iOS 4.
    package var hasInputAccessoryViews: Bool { version >= 4 }
    package var hasSafeAreas: Bool { version >= 11 }
    package var hasInsetAdjustmentBehavior: Bool { version >= 11 }
    /// Slide Over and Split View, and so other apps' keyboards.
    package var hasMultitasking: Bool { isPad && version >= 9 }
    package var hasFloatingKeyboard: Bool { isPad && version >= 13 }
    package var hasStageManager: Bool { isPad && version >= 16 }
    /// Windowed apps: every iPad from iPadOS 26 places and sizes app
    /// windows freely ([tn3192], [ipados26-windows]).
    package var hasWindowedApps: Bool { isPad && version >= 26 }
    /// The view controller's `additionalSafeAreaInsets`: with safe areas,
    /// from iOS 11.
    package var hasAdditionalSafeArea: Bool { hasSafeAreas }
    /// A keyboard whose height changes while it is up (the predictive bar
    /// turned on or off, a language or a third-party keyboard with a height
    /// of its own): from iOS 8, with QuickType and keyboard extensions
    /// ([kk-971], [kk-1006]).
    package var hasKeyboardHeightChanges: Bool { version >= 8 }
    /// Undocked and split keyboards, where the device has them.
    package var hasSplitKeyboard: Bool { isPad && version >= 5 }
}
