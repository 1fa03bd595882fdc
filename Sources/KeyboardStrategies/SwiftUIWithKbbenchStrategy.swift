import KeyboardAvoidance
import KeyboardAvoidanceSwiftUI
import KeyboardGeometry
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// A SwiftUI `ScrollView` of fields with the kbbench modifier: SwiftUI's own
/// avoidance switched off (`ignoresSafeArea(.keyboard)`), and each event
/// handed to the modifier's decision layer (``SwiftUIScrollAttachment``,
/// the same code the modifier runs), whose margins and scroll are
/// performed as SwiftUI performs them.
///
/// - **What SwiftUI reports** (``SwiftUIScrollLayout``, from
///   `ScrollGeometry`): the scroll view's frame in the window, its offset
///   and content size, and its insets as one value (`adjustedContentInset`:
///   the safe area, the app's own and, while set, ours).
/// - **What is set:** a bottom content margin and as much on the
///   indicators, which add to the app's own insets: the model's content
///   inset is the app's plus the margin.
/// - **The scroll:** the engine's exact offset (the modifier's
///   `ScrollPosition`), once the margin holds (SwiftUI's next geometry
///   report, here the same step).
/// - **No caret:** SwiftUI has none to give, so a multi-line field is
///   shown by its frame (the engine's tall-field rule on the frame).
///
/// Scope: iOS 18 and later (`onScrollGeometryChange`, `ScrollPosition`),
/// iPhone and iPad. Promise: the app's policy, a tall field's caret rule
/// read as its top (there is no caret).
public struct SwiftUIWithKbbenchStrategy: AvoidanceStrategy {
    public static let name = "swiftUIWithKbbench"
    public static let summary =
        "kbbench's SwiftUI modifier: SwiftUI's avoidance off, the engine's inset as a bottom content margin, then the engine's offset"
    public static let scope = StrategyScope(profiles: [.ios13, .ipados], minimumSystemVersion: 18)

    public static func promise(for header: TraceHeader) -> VisibilityPromise {
        let rule = header.policy.tallField == .caret ? TallFieldPolicy.top : header.policy.tallField
        return VisibilityPromise(distance: header.policy.distance, tallField: .policy(rule))
    }

    private var attachment: SwiftUIScrollAttachment
    /// The focused field as the attachment was last told of it.
    private var toldField: FocusedField?

    public init(world: SimulatedWorld) {
        attachment = SwiftUIScrollAttachment(policy: world.policy, frameSpace: world.profile.frameSpace, visible: world.isVisible)
    }

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        attachment.policy = world.policy
        let field = world.focusedField.map { FocusedField(frame: $0.frame, caret: nil) }
        guard var avoiderEvent = event.avoiderEvent(focusedField: field) else { return .ignored(.noSuchField) }
        // The modifier reads each field's frame (`onGeometryChange`): a
        // layout that moves the focused one tells the engine of it.
        if let moved = EngineStrategy.fieldToRetell(field, after: event, told: &toldField) { avoiderEvent = .focusBegan(moved) }
        let change: SwiftUIScrollChange
        switch attachment.handle(avoiderEvent, in: Self.layout(of: scrollView, in: world)) {
        case .change(let c): change = c
        case .ignored(let reason): return .ignored(.engine(reason))
        }
        let own = world.ownScrollView.contentInset
        scrollView.contentInset = own.withBottom(own.bottom + change.bottomMargin)
        scrollView.indicatorInsets = own.withBottom(own.bottom + change.indicatorBottomMargin)
        if let offset = change.scroll ?? attachment.geometryReported(Self.layout(of: scrollView, in: world)) {
            scrollView.contentOffset = offset
        }
        let animation = StrategyAnimation(duration: change.animation.duration, curve: AnimationCurve(rawCurve: change.animation.curve))
        return StepOutcome(action: scrollView.isRestored(to: world) ? .restore : .apply, animation: animation)
    }

    /// What SwiftUI reports of `scrollView` in `world`.
    static func layout(of scrollView: ScrollViewModel, in world: SimulatedWorld) -> SwiftUIScrollLayout {
        SwiftUIScrollLayout(
            screen: world.screen, orientation: world.orientation, window: world.window, frameInWindow: scrollView.frame,
            contentOffset: scrollView.contentOffset, contentSize: scrollView.contentSize, contentInsets: scrollView.adjustedContentInset)
    }
}
