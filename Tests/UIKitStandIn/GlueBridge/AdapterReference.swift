import KeyboardAvoidance
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// What the glue is held to: the engine strategy's replay of the same
/// trace, with the adapter's own rules where it differs from the engine by
/// design (ScrollViewAttachment states them), applied as they say, never
/// skipped:
/// - **A content-size change never scrolls.** A layout that changes the
///   content size and nothing UIKit reports as a layout besides (the
///   fields are the app's subviews, moved without the scroll view hearing
///   of it; a new offset reaches the adapter as bounds of the same size,
///   which is no layout) is handed to the engine, and its insets are set,
///   but not its offset: UIKit's stays. Shown by scenarios 119899 and
///   137717 of seed 20261199, where the content grew past the view, so
///   that the safe area now counted, and the engine scrolled for the new
///   insets; and, with the offset, by scenario 17159 of seed 1795906882,
///   whose recording writes the offset UIKit moved as the content grew
///   into that layout's line.
///
/// The adapter's other rule, a caret move under half a point is none, has
/// not shown on the generated scenarios.
package struct AdapterReference: AvoidanceStrategy {
    package static let name = "adapter-reference"
    package static let summary = "the engine as the UIKit adapter drives it"

    package static func promise(for header: TraceHeader) -> VisibilityPromise { EngineStrategy.promise(for: header) }

    private var avoider: KeyboardAvoider
    /// The focused field the engine was last told of.
    private var toldField: FocusedField?

    package init(world: SimulatedWorld) {
        avoider = KeyboardAvoider(policy: world.policy, frameSpace: world.profile.frameSpace, visible: world.isVisible)
    }

    /// As ``EngineStrategy`` drives the engine (a layout that moves the
    /// focused field is told as a focus, as the adapter reads the field
    /// again after each layout pass), except that a content-size change
    /// keeps UIKit's offset before the field is read again.
    package mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        avoider.policy = world.policy
        guard let action = EngineStrategy.send(event, to: &avoider, world: world, layout: world.snapshot(offset: scrollView.contentOffset)) else {
            return .ignored(.noSuchField)
        }
        let offset = scrollView.contentOffset
        var outcome = EngineStrategy.perform(action, on: &scrollView)
        if case .layout(let change) = event, Self.changesTheContentSizeOnly(change) { scrollView.contentOffset = offset }
        if let moved = EngineStrategy.fieldToRetell(world.focusedField, after: event, told: &toldField) {
            let again = EngineStrategy.perform(avoider.focusBegan(moved, in: world.snapshot(offset: scrollView.contentOffset)), on: &scrollView)
            if again.action != .ignore { outcome = again }
        }
        return outcome
    }

    /// Whether UIKit reports `change` to the adapter as a new content size
    /// alone: the content size and perhaps the fields and the offset
    /// change, nothing else.
    package static func changesTheContentSizeOnly(_ change: LayoutChange) -> Bool {
        var rest = change
        rest.fieldList = nil
        rest.contentSize = nil
        rest.contentOffset = nil
        return change.contentSize != nil && rest == LayoutChange()
    }
}
