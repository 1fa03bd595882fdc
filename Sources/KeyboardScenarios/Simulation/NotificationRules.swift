import KeyboardAvoidance

/// Which notifications iOS sends, situation by situation, in each era. Each
/// rule cites its source in docs/sources.md; `ScenarioSimulator` adds the
/// payloads (frames in the profile's space, keys, animation) and the order
/// relative to focus events.
package enum NotificationRules {
    package typealias Name = KeyboardNotification.Name

    // The sequences as constants: the simulator asks for them on every
    // action of every fuzz run.
    private static let legacyShow: [Name] = [.willShow, .didShow]
    private static let modernShow: [Name] = [.willChangeFrame, .willShow, .didChangeFrame, .didShow]
    private static let legacyHide: [Name] = [.willHide, .didHide]
    private static let modernHide: [Name] = [.willChangeFrame, .willHide, .didChangeFrame, .didHide]
    private static let legacySwitch: [Name] = [.willHide, .didShow]
    private static let modernSwitch: [Name] = [.willShow, .didShow]
    private static let silent: [Name] = []

    /// The keyboard appears. iPhone OS 3: WillShow, DidShow ([apple-2009]);
    /// from iOS 5 the WillChangeFrame/DidChangeFrame pair around them, in the
    /// order printed on devices ([observed-sequences]).
    package static func show(_ era: SystemEra) -> [Name] {
        era.sendsFrameChanges ? modernShow : legacyShow
    }

    /// The keyboard goes away ([apple-2009]; the ChangeFrame pair from iOS 5,
    /// [observed-sequences]).
    package static func hide(_ era: SystemEra) -> [Name] {
        era.sendsFrameChanges ? modernHide : legacyHide
    }

    /// Focus moves to a field whose keyboard is the same. iPhone OS 3 sends
    /// WillHide to the old owner without DidHide, then DidShow
    /// ([apple-2009]); iOS 11 sends nothing; other versions repeat WillShow
    /// and DidShow ([observed-sequences]). A field with another keyboard
    /// sends a whole ``heightChange(_:)``.
    package static func focusSwitch(_ era: SystemEra) -> [Name] {
        if era.legacyKeysOnly { return legacySwitch }
        return era.silentFocusSwitch ? silent : modernSwitch
    }

    /// The keyboard's height changes in place (input mode, another field's
    /// keyboard): a show's notifications with the new frames
    /// ([observed-sequences]).
    package static func heightChange(_ era: SystemEra) -> [Name] {
        show(era)
    }

    /// Undocked and split keyboards move, and survive a dismiss and the next
    /// show, with frame changes only ([observed-sequences], [so-10749311]).
    package static let frameChange: [Name] = [.willChangeFrame, .didChangeFrame]

    /// The floating (mini) keyboard sends only DidChangeFrame
    /// ([observed-sequences]).
    package static let floatingChange: [Name] = [.didChangeFrame]

    /// Undocking: WillHide, then frame changes ([observed-sequences]).
    package static let undock: [Name] = [.willHide, .willChangeFrame, .didChangeFrame]

    /// Dismissing while undocked, split or floating posts WillHide and
    /// DidHide ([observed-sequences]).
    package static let undockedDismiss: [Name] = [.willHide, .didHide]
}
