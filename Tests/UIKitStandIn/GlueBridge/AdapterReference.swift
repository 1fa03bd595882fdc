import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// What the glue is held to: the engine strategy's replay of the same
/// trace, with the adapter's own rules where it differs from the engine by
/// design (ScrollViewAttachment states them), applied as they say, never
/// skipped:
/// - **A content-size change never scrolls.** A layout that changes the
///   content size and nothing UIKit reports besides (the fields are the
///   app's subviews, moved without the scroll view hearing of it) is
///   handed to the engine, and its insets are set, but not its offset:
///   UIKit's stays. Shown by scenarios 119899 and 137717 of seed 20261199,
///   where the content grew past the view, so that the safe area now
///   counted, and the engine scrolled for the new insets.
///
/// The adapter's other rule, a caret move under half a point is none, has
/// not shown on the generated scenarios.
package struct AdapterReference: AvoidanceStrategy {
    package static let name = "adapter-reference"
    package static let summary = "the engine as the UIKit adapter drives it"

    package static func promise(for header: TraceHeader) -> VisibilityPromise { EngineStrategy.promise(for: header) }

    private var engine: EngineStrategy

    package init(world: SimulatedWorld) { engine = EngineStrategy(world: world) }

    package mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        guard case .layout(let change) = event, Self.changesTheContentSizeOnly(change) else {
            return engine.handle(event, world: world, scrollView: &scrollView)
        }
        let offset = scrollView.contentOffset
        let outcome = engine.handle(event, world: world, scrollView: &scrollView)
        scrollView.contentOffset = offset
        return outcome
    }

    /// Whether UIKit reports `change` to the adapter as a new content size
    /// alone: the content size and perhaps the fields change, nothing else.
    package static func changesTheContentSizeOnly(_ change: LayoutChange) -> Bool {
        var rest = change
        rest.fieldList = nil
        rest.contentSize = nil
        return change.contentSize != nil && rest == LayoutChange()
    }
}
