import KeyboardAvoidance
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld

/// What the glue is held to: the engine strategy's replay of the same
/// trace, with the adapter's own rules where it differs from the engine by
/// design (ScrollViewAttachment states them), applied as they say, never
/// skipped:
/// - **A content-size change never scrolls** on a screen of fields. A
///   layout that changes the content size and nothing UIKit reports as a
///   layout besides (the fields are the app's subviews, moved without the
///   scroll view hearing of it; a new offset reaches the adapter as bounds
///   of the same size, which is no layout) is handed to the engine, and its
///   insets are set,
///   but not its offset: UIKit's stays. Shown by scenarios 119899 and
///   137717 of seed 20261199, where the content grew past the view, so
///   that the safe area now counted, and the engine scrolled for the new
///   insets; and, with the offset, by scenario 17159 of seed 1795906882,
///   whose recording writes the offset UIKit moved as the content grew
///   into that layout's line.
///
/// - **On a chat screen, the user's scroll is the finger's.** A layout of
///   the content alone (a message, the composer's height, the user's
///   scroll) is handed on as the adapter's ``LayoutPass`` reads it: one
///   that sets the offset is the user's drag, whose offset the answer never
///   moves; any other scrolls (the transcript follows its end).
///
/// - **An inset the app sets is heard inside its setter.** Key-value
///   observing reports the app's new own inset as it is set, before UIKit's
///   layout pass, and the adapter answers at once, raising the keyboard's
///   inset again: a layout that changes the app's content inset and nothing
///   else is handed to the engine with the scroll view as the app's write
///   left it (``SimulatedWorld/setValues(of:on:)``), and UIKit's layout
///   pass follows the answer. Shown by scenarios 188 and 315 of seed
///   20261128 (generator version 3), where the world's pass first pulled
///   the offset into the app's smaller range. Under the stand-in's other
///   reading, observers notified on the next turn
///   (``insetHeardInsideItsSetter`` false), the adapter hears it after the
///   pass, as the world has it.
///
/// - **The window says whether the view appears.** An appearance of a view
///   already in its window, or a disappearance of one already out of it,
///   reaches nobody (the adapter hears both from its window sentinel): a
///   shrunk trace can have one (scenario 563 of seed 20261281, a chat
///   screen, shrunk to its appearance alone), where the engine, handed it,
///   would lay the composer's inset on a transcript the glue never heard
///   of.
///
/// It starts its engine as the glue does: attached in the layout the trace
/// starts in (``EngineStrategy``'s, so that a transcript is read at its
/// end or scrolled up before any event; scenario 563 of seed 20261281).
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
    /// The scroll view as the last step left it: the one an app's write of
    /// its own inset lands on.
    private var left: ScrollViewModel?
    /// Whether key-value observing reports a set inside its setter, before
    /// UIKit's layout pass (the stand-in's standard reading).
    package var insetHeardInsideItsSetter = true

    /// Whether the view was in its window after the last event.
    private var visible: Bool

    package init(world: SimulatedWorld) {
        avoider = EngineStrategy(world: world).avoider
        visible = world.isVisible
    }

    /// As ``EngineStrategy`` drives the engine (a layout that moves the
    /// focused field is told as a focus, as the adapter reads the field
    /// again after each layout pass), except that a content-size change
    /// keeps UIKit's offset before the field is read again.
    package mutating func handle(_ event: TraceEvent, world: SimulatedWorld, scrollView: inout ScrollViewModel) -> StepOutcome {
        defer { (left, visible) = (scrollView, world.isVisible) }
        switch event {
        case .appear where visible, .disappear where !visible: return .ignored(.notObserved)
        default: break
        }
        avoider.policy = world.policy
        var written: (scrollView: ScrollViewModel, restedAtTop: Bool)?
        if insetHeardInsideItsSetter, case .layout(let change) = event, Self.changesTheContentInsetOnly(change), var before = left {
            // Heard inside the setter: the world's layout pass comes after.
            let restedAtTop = before.restsAtTop
            SimulatedWorld.setValues(of: change, on: &before)
            scrollView = before
            written = (before, restedAtTop)
        }
        defer {
            // The pass keeps a view that rested at its top there, unless an
            // offset was set since (the engine's answer).
            if let written { scrollView.layOut(restedAtTop: written.restedAtTop && scrollView.contentOffset == written.scrollView.contentOffset) }
        }
        guard let action = EngineStrategy.send(event, to: &avoider, world: world, layout: world.snapshot(offset: scrollView.contentOffset)) else {
            return .ignored(.noSuchField)
        }
        let offset = scrollView.contentOffset
        var outcome = EngineStrategy.perform(action, on: &scrollView)
        let chat = world.composer != nil
        if case .layout(let change) = event, !Self.pass(of: change, onChatScreen: chat).scrolls(onChatScreen: chat) {
            scrollView.contentOffset = offset
        }
        if let moved = EngineStrategy.fieldToRetell(world.focusedField, after: event, told: &toldField) {
            let again = EngineStrategy.perform(avoider.focusBegan(moved, in: world.snapshot(offset: scrollView.contentOffset)), on: &scrollView)
            if again.action != .ignore { outcome = again }
        }
        return outcome
    }

    /// The layout pass in which UIKit reports `change` to the adapter: of
    /// the content alone where UIKit reports it so (on a screen of fields,
    /// a new content size alone: ``changesTheContentSizeOnly(_:)``; on a
    /// chat screen, the content size, the composer's height and the user's
    /// scroll), and the user's scroll where a chat screen's such change
    /// sets the offset (``GlueStage`` plays it as a drag).
    package static func pass(of change: LayoutChange, onChatScreen chat: Bool) -> LayoutPass {
        var pass = LayoutPass()
        pass.reported(contentOnly: chat ? change.changesOnlyContent : changesTheContentSizeOnly(change))
        pass.userScrolled = chat && change.isTheTracesScroll
        return pass
    }

    /// Whether `change` is the app setting its own content inset and
    /// nothing else.
    package static func changesTheContentInsetOnly(_ change: LayoutChange) -> Bool {
        change.contentInset != nil && change == LayoutChange(contentInset: change.contentInset)
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
