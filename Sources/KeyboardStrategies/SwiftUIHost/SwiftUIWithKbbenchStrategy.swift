import KeyboardAvoidance
import KeyboardAvoidanceSwiftUI
import KeyboardGeometry
import KeyboardOracle
import KeyboardScenarios
import KeyboardTrace
import KeyboardWorld

/// A SwiftUI `ScrollView` of fields with the kbbench modifier, as an app
/// runs it: the modifier's session (``SwiftUIAvoidanceSession``, the code
/// the modifier calls) hears SwiftUI's reports in the order the modifier
/// receives them, and SwiftUI performs its margins and scroll
/// (``SwiftUIModifierHost``).
///
/// - **What SwiftUI reports** (``SwiftUIReporter``): the scroll view's
///   frame in the window and its geometry (the insets as one value,
///   `adjustedContentInset`: the safe area, the app's own and, while set,
///   ours), each field's frame in the window, the focus, the policy, the
///   appearance and the keyboard notifications. A layout pass reaches the
///   engine at its end, on the main queue's next turn.
/// - **What is set:** a bottom content margin and as much on the
///   indicators, which add to the app's own insets.
/// - **The scroll:** the engine's exact offset (the modifier's
///   `ScrollPosition`), once SwiftUI reports the margin in place.
/// - **No caret:** SwiftUI has none to give, so a multi-line field is
///   shown by its frame (the engine's tall-field rule on the frame).
///
/// Where SwiftUI's order is undocumented, ``SwiftUIReportOrder`` says which
/// reading a replay takes; the catalog's row takes the default.
///
/// On a chat screen the modifier is the chat form
/// (`keyboardAvoidance(policy:events:composer:)`): its session hears the
/// composer's height and the scroll view's bottom safe area, and the
/// user's scroll between the phases the user drives; it lays the composer
/// over the scroll view's bottom, within its safe area, and lifts it onto
/// the line the engine puts it on. The world places the composer by its
/// own rule, which the scope makes the same line.
///
/// Scope: iOS 18 and later (`onScrollGeometryChange`, `ScrollPosition`),
/// iPhone and iPad; on a chat screen, a composer resting on the
/// transcript's bottom safe area, where the modifier's overlay puts it
/// (``LayoutAssumption/composerOnTheScrollViewsSafeArea``).
/// Promise: the app's policy, a tall field's caret rule
/// read as its top (there is no caret).
public struct SwiftUIWithKbbenchStrategy: AvoidanceStrategy {
    public static let name = "swiftUIWithKbbench"
    public static let summary =
        "kbbench's SwiftUI modifier: SwiftUI's avoidance off, the engine's inset as a bottom content margin, then the engine's offset"
    public static let scope = StrategyScope(
        profiles: [.ios13, .ipados], minimumSystemVersion: 18, assumptions: [.composerOnTheScrollViewsSafeArea])

    public static func promise(for header: TraceHeader) -> VisibilityPromise {
        let rule = header.policy.tallField == .caret ? TallFieldPolicy.top : header.policy.tallField
        return VisibilityPromise(distance: header.policy.distance, tallField: .policy(rule))
    }

    private var host: SwiftUIModifierHost<SwiftUISessionUnderTest>

    public init(world: SimulatedWorld) {
        self.init(world: world, order: .scrollGeometryFirst)
    }

    /// The modifier with SwiftUI's pass reports in `order`.
    public init(world: SimulatedWorld, order: SwiftUIReportOrder) {
        host = SwiftUIModifierHost(SwiftUISessionUnderTest(Self.session(for: world)), order: order, start: world)
    }

    /// The modifier's session as an app on `world` makes it: with the
    /// app's policy, and the chat form on a chat screen.
    package static func session(for world: SimulatedWorld) -> SwiftUIAvoidanceSession<Int> {
        SwiftUIAvoidanceSession(policy: world.policy, chat: world.composer != nil, frameSpace: world.profile.frameSpace)
    }

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        if case .focus(let index, _) = event, !world.fields.indices.contains(index) { return .ignored(.noSuchField) }
        let step = host.handle(event, world: world, scrollView: &scrollView)
        if step.isEmpty, let reason = step.ignored { return .ignored(.engine(reason)) }
        let animation = StrategyAnimation(duration: step.animation.duration, curve: AnimationCurve(rawCurve: step.animation.curve))
        return StepOutcome(action: scrollView.isRestored(to: world) ? .restore : .apply, animation: animation)
    }
}
