import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// An app that avoids the keyboard with UIKit's keyboard layout guide
/// (``KeyboardLayoutGuide``, iOS 15 and later), as Apple's article sets it
/// up ([kbguide-article] in docs/sources.md): the scroll view's bottom
/// pinned to `view.keyboardLayoutGuide.topAnchor` (``BottomPin``), so its
/// frame follows the guide while its insets stay the app's. The three
/// `keyboardLayoutGuide` strategies share it, each in its ``Setup``.
///
/// The guide's view is the view controller's root view, which fills the
/// window (``SimulatedWorld/viewFrame``), so a Slide Over, Split View or
/// Stage Manager window gets the keyboard's intersection with it. Where the
/// app's own scroll view reaches below the safe area's bottom, the app
/// pinned it with `usesBottomSafeArea` off (iOS 17 and later); before iOS
/// 17 no pin gives that layout, and such a trace is outside the strategies'
/// scope (``LayoutAssumption/pinnableToTheKeyboardLayoutGuide``).
///
/// What changes the frame is Auto Layout, not the app: every event is
/// answered with the frame the constraints give in the world after it,
/// animated with the keyboard's own animation after a Will notification
/// (the guide follows the keyboard's animation), at once otherwise; nothing
/// moves while the view is off screen (it is in no window). Scrolling is
/// UIKit's (the world's scroll to a text field as it becomes first
/// responder, and, under ``WorldReadings/resizeScrollsToFirstResponder``,
/// after a resize) unless the setup's app scrolls itself.
package struct LayoutGuideApp: Hashable, Sendable {
    /// How the app uses the guide.
    package enum Setup: Hashable, Sendable {
        /// The article's: the bottom pinned to the guide's top, nothing else.
        case article
        /// `followsUndockedKeyboard` on, with the article's sample's
        /// tracking constraints: away from the top edge the bottom is pinned
        /// to the guide's top, near it to the safe area's bottom
        /// (``KeyboardLayoutGuide/nearVerticalEdge(_:view:touchingOnly:)``).
        case followsUndocked
        /// The article's, and the app scrolls the focused field into view
        /// (`scrollRectToVisible(_:animated:)`) whenever the guide has moved
        /// the frame.
        case scrollsAfterMove
    }

    package let setup: Setup

    package init(setup: Setup) {
        self.setup = setup
    }

    /// The guide the app configures.
    var guide: KeyboardLayoutGuide { KeyboardLayoutGuide(followsUndockedKeyboard: setup == .followsUndocked) }

    /// The guide as `world`'s layout needs it, and the scroll view's pin to
    /// it: `usesBottomSafeArea` off where the scroll view reaches below the
    /// safe area's bottom, from iOS 17. Nil when no pin gives the app's own
    /// layout.
    package static func pin(
        in world: SimulatedWorld, guide: KeyboardLayoutGuide = KeyboardLayoutGuide()
    ) -> (guide: KeyboardLayoutGuide, pin: BottomPin)? {
        var guide = guide
        let view = world.window.size, safeBottom = world.rootViewSafeArea().bottom, version = world.systemVersionOrEarliest
        func pin() -> BottomPin? {
            BottomPin(own: world.ownScrollView.frame, restingAnchor: guide.restingTop(view: view, safeAreaBottom: safeBottom, systemVersion: version))
        }
        if let p = pin() { return (guide, p) }
        guard version >= 17 else { return nil }
        guide.usesBottomSafeArea = false
        return pin().map { (guide, $0) }
    }

    /// The frame the app's constraints give the scroll view in `world`, or
    /// nil when its layout cannot be pinned to the guide.
    package func frame(in world: SimulatedWorld) -> KBRect? {
        guard let (guide, pin) = Self.pin(in: world, guide: guide) else { return nil }
        let view = world.window.size
        let docked = world.keyboard.map { KeyboardPlacement.reachesBottomEdge($0, screen: world.screen) } ?? false
        let guideFrame = guide.frame(
            keyboard: world.keyboardInWindow, docked: docked, view: view, safeAreaBottom: world.rootViewSafeArea().bottom,
            systemVersion: world.systemVersionOrEarliest)
        var anchor = guideFrame.minY
        if setup == .followsUndocked,
            KeyboardLayoutGuide.nearVerticalEdge(guideFrame, view: view, touchingOnly: world.readings.layoutGuideNearOnlyWhenTouching) == .top
        {
            anchor = pin.restingAnchor
        }
        return pin.frame(own: world.ownScrollView.frame, anchor: anchor)
    }

    /// Lays the scroll view out for `world` after `event`, and scrolls if
    /// the setup's app does.
    package func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard world.isVisible, let frame = frame(in: world) else { return .ignored(.notObserved) }
        let before = scrollView
        world.resize(&scrollView, to: frame)
        if setup == .scrollsAfterMove, scrollView.frame != before.frame, let field = world.focusedField {
            scrollView.scrollRectToVisible(field.frame)
        }
        return Self.outcome(of: event, before: before, after: scrollView, world: world)
    }

    /// What Auto Layout's answer to `event` was, `before` being the scroll
    /// view it found: `unchanged`, or the new layout (the app's own again:
    /// a restore), animated with the keyboard after a Will notification
    /// (the guide follows the keyboard's animation), at once otherwise.
    static func outcome(of event: TraceEvent, before: ScrollViewModel, after scrollView: ScrollViewModel, world: SimulatedWorld) -> StepOutcome {
        if scrollView == before { return .ignored(.unchanged) }
        var animation: StrategyAnimation?
        if case .keyboard(let n) = event, n.name.isWill { animation = .keyboard(n) }
        return StepOutcome(action: scrollView.isRestored(to: world) ? .restore : .apply, animation: animation)
    }
}
