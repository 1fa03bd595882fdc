import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// UIKit's `UIKeyboardLayoutGuide` (iOS 15 and later), set up as Apple's
/// article sets it up: the scroll view's bottom pinned to the guide's top,
/// and the app doing nothing else (``LayoutGuideApp``, setup `article`).
///
/// Scope: iOS 15 and later, iPhone and iPad, a scroll view whose bottom can
/// be pinned to the guide. Promise: the field visible (nothing in the
/// article promises a distance). By choice: the default guide reads an
/// undocked, split or floating keyboard as off screen
/// (`followsUndockedKeyboard` is off by default, [kbguide-header]).
public struct KeyboardLayoutGuideStrategy: AvoidanceStrategy {
    public static let name = "keyboardLayoutGuide"
    public static let summary = "UIKeyboardLayoutGuide as Apple's article sets it up: the scroll view's bottom pinned to the guide's top"
    public static let scope = StrategyScope(profiles: [.ios13, .ipados], minimumSystemVersion: 15, assumptions: [.pinnableToTheKeyboardLayoutGuide])
    public static let documentedChoices: [DocumentedChoice] = [.undockedKeyboardIsIgnored]
    private let app = LayoutGuideApp(setup: .article)

    public init(world: SimulatedWorld) {}

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        app.handle(event, world: world, scrollView: &scrollView)
    }
}

/// The keyboard layout guide with `followsUndockedKeyboard` on, constrained
/// as the article's sample constrains it: away from the top edge the scroll
/// view's bottom is pinned to the guide's top, near it to the safe area's
/// bottom (``LayoutGuideApp``, setup `followsUndocked`). Scope and promise
/// as ``KeyboardLayoutGuideStrategy``; no documented choice applies.
public struct KeyboardLayoutGuideFollowingUndockedStrategy: AvoidanceStrategy {
    public static let name = "keyboardLayoutGuideFollowsUndocked"
    public static let summary = "UIKeyboardLayoutGuide with followsUndockedKeyboard on, near-top tracking constraints as the sample's"
    public static let scope = KeyboardLayoutGuideStrategy.scope
    private let app = LayoutGuideApp(setup: .followsUndocked)

    public init(world: SimulatedWorld) {}

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        app.handle(event, world: world, scrollView: &scrollView)
    }
}

/// The keyboard layout guide as the article sets it up, in an app that also
/// calls `scrollRectToVisible(_:animated:)` with the focused field whenever
/// the guide has moved the scroll view's frame (``LayoutGuideApp``, setup
/// `scrollsAfterMove`). Scope, promise and choice as
/// ``KeyboardLayoutGuideStrategy``.
public struct KeyboardLayoutGuideScrollingStrategy: AvoidanceStrategy {
    public static let name = "keyboardLayoutGuideScrolls"
    public static let summary = "UIKeyboardLayoutGuide as the article sets it up, the app scrolling the field into view once the guide moved"
    public static let scope = KeyboardLayoutGuideStrategy.scope
    public static let documentedChoices = KeyboardLayoutGuideStrategy.documentedChoices
    private let app = LayoutGuideApp(setup: .scrollsAfterMove)

    public init(world: SimulatedWorld) {}

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        app.handle(event, world: world, scrollView: &scrollView)
    }
}
