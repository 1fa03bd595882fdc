import KeyboardAvoidance
import KeyboardOracle
import KeyboardTrace
import KeyboardWorld

/// The engine, driven as an app would drive it: every event becomes the
/// matching ``KeyboardAvoider`` call with the world's layout, and the
/// returned action is performed on the scroll view.
///
/// A layout change that moves or resizes the focused field (a text view
/// that grows as the user types) is handed on as a focus on that field,
/// with its frame and caret and the layout as they are now: the engine
/// keeps the field it was last told of, and a layout change alone does not
/// tell it; the UIKit adapter reads the field again when a layout pass
/// ends (docs/app.md).
public struct EngineStrategy: AvoidanceStrategy {
    public static let name = "engine"
    public static let summary = "kbbench's engine (KeyboardAvoidance), with the app's policy"

    /// The app's policy: its distance and tall-field rule.
    public static func promise(for header: TraceHeader) -> VisibilityPromise {
        VisibilityPromise(policy: header.policy)
    }
    public private(set) var avoider: KeyboardAvoider
    /// The focused field as the engine was last told of it.
    private var toldField: FocusedField?

    public init(world: SimulatedWorld) {
        avoider = KeyboardAvoider(policy: world.policy, frameSpace: world.profile.frameSpace, visible: world.isVisible)
        // Attached in the layout the trace starts in, as the UIKit adapter
        // attaches to a view that is laid out.
        avoider.attached(in: world.snapshot(offset: world.ownScrollView.contentOffset))
    }

    public mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        avoider.policy = world.policy
        if let moved = Self.fieldToRetell(world.focusedField, after: event, told: &toldField) {
            // The field and the new layout in one event: a focus with the
            // layout as it is now recomputes as the layout change would,
            // for the field as it is now.
            return Self.perform(avoider.focusBegan(moved, in: world.snapshot(offset: scrollView.contentOffset)), on: &scrollView)
        }
        guard let action = Self.send(event, to: &avoider, world: world, layout: world.snapshot(offset: scrollView.contentOffset)) else {
            return .ignored(.noSuchField)
        }
        return Self.perform(action, on: &scrollView)
    }

    /// The focused field to hand the engine, as a focus, for `event`:
    /// `field` (the focused field as the app reads it now) when `event` is
    /// a layout change that moved or resized it, nil otherwise.
    /// `told` is the field the engine was last told of, kept up to date:
    /// what any glue that drives the engine from a trace keeps.
    /// `field` is evaluated only for a focus or a layout change.
    @inline(__always)
    public static func fieldToRetell(
        _ field: @autoclosure () -> FocusedField?, after event: TraceEvent, told: inout FocusedField?
    ) -> FocusedField? {
        switch event {
        case .focus: told = field()
        case .blur: told = nil
        case .layout:
            guard let old = told, let field = field(), field != old else { return nil }
            told = field
            return field
        case .keyboard, .appear, .disappear: break
        }
        return nil
    }

    /// Passes a trace event to an avoider as the matching call, with `layout`;
    /// nil for a focus on a field the world does not have.
    public static func send(_ event: TraceEvent, to avoider: inout KeyboardAvoider, world: SimulatedWorld, layout: LayoutSnapshot) -> AvoidanceAction?
    {
        event.avoiderEvent(focusedField: world.focusedField).map { avoider.handle($0, in: layout) }
    }

    /// Performs an engine action on the scroll view model, as an app does.
    public static func perform(_ action: AvoidanceAction, on scrollView: inout ScrollViewModel) -> StepOutcome {
        switch action {
        case .apply(let a), .restore(let a):
            scrollView.contentInset = a.contentInset
            scrollView.indicatorInsets = a.indicatorInsets
            if let o = a.contentOffset { scrollView.contentOffset = o }
            let animation = StrategyAnimation(duration: a.animation.duration, curve: AnimationCurve(rawCurve: a.animation.curve))
            if case .restore = action { return StepOutcome(action: .restore, animation: animation) }
            return StepOutcome(action: .apply, animation: animation)
        case .ignore(let reason):
            return .ignored(.engine(reason))
        }
    }
}
