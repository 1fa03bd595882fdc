import KeyboardAvoidance
import KeyboardGeometry

/// Everything the SwiftUI modifier decides, apart from SwiftUI: what the
/// engine is handed for each event and what is set on the scroll view.
/// The modifier reads SwiftUI into ``SwiftUIScrollLayout``s, calls these
/// methods, and performs each ``SwiftUIScrollChange``.
///
/// Rules, each tested on Linux:
/// - **One avoider.** SwiftUI's own keyboard avoidance is switched off
///   where the modifier takes over (`ignoresSafeArea(.keyboard)`), so the
///   engine's margin is the only thing that makes room: the safe area is
///   never counted twice.
/// - **Margins, not insets.** The engine's inset is absolute; SwiftUI's
///   margin adds to the safe area and the app's own margins. The margin is
///   the engine's bottom inset less the app's own (never below zero), and
///   the indicators are raised by as much. When the app's own margins
///   change under ours (they add to ours, never replace it: a layout
///   change to the engine, which answers nothing when its inset comes out
///   as it was), ours follows, so that the two add up to the engine's
///   inset again: the one the engine holds
///   (``KeyboardAvoider/adjustedInset``), which may be one it never
///   applied (the app's own, taken over when the keyboard needed exactly
///   that).
/// - **Margin first, then the scroll.** SwiftUI clamps a scroll to the
///   content and insets it has, so a scroll that needs a new margin waits
///   until SwiftUI reports the margin in place (``geometryReported(_:)``);
///   one that needs none goes at once.
/// - **Exact offsets.** The scroll view takes the modifier's
///   `ScrollPosition` (iOS 18): the engine's offset is the target, the
///   policy's distance kept, and an offset a margin taken away left past
///   the content's end is brought back into range by the same rule.
/// - **No caret.** SwiftUI gives no caret rectangle, so a multi-line field
///   (a `TextEditor`, a vertical `TextField`) is shown by its frame, under
///   the policy's rule for tall fields.
/// - **Focus.** `@FocusState` moves from one field to the next in one
///   change: a switch is one focus, never an end and a begin.
package struct SwiftUIScrollAttachment: Sendable {
    private var avoider: KeyboardAvoider
    /// Our bottom margin as last set (0: none).
    package private(set) var margin = 0.0
    /// A scroll waiting for its margin to hold, and the bottom inset
    /// SwiftUI reports once it holds (the app's own plus ours).
    package private(set) var pendingScroll: (offset: KBPoint, bottomInset: Double)?
    package init(policy: AvoidancePolicy, frameSpace: KeyboardFrameSpace = .oriented, visible: Bool) {
        avoider = KeyboardAvoider(policy: policy, frameSpace: frameSpace, visible: visible)
    }

    /// The app's policy; a change applies from the next event.
    package var policy: AvoidancePolicy {
        get { avoider.policy }
        set { avoider.policy = newValue }
    }

    /// Hands `event` to the engine with `layout` and turns its action into
    /// margins and a scroll target.
    package mutating func handle(_ event: AvoiderEvent, in layout: SwiftUIScrollLayout) -> SwiftUIScrollStep {
        let own = layout.ownInsets(margin: margin)
        let action = avoider.handle(event, in: snapshot(of: layout))
        let adjustment: Adjustment, newMargin: Double
        switch action {
        case .apply(let a):
            adjustment = a
            newMargin = Swift.max(0, a.contentInset.bottom - own.bottom)
        case .restore(let a):
            adjustment = a
            newMargin = 0
        case .ignore(let reason):
            // The engine's inset stands (it may have taken the app's own
            // as ours without an apply): our share of it is the margin.
            // An engine that holds none (the app's own inset now does
            // what ours did) leaves no share: margins add to the app's
            // own, where UIKit's inset would have replaced ours.
            let share = avoider.adjustedInset.map { Swift.max(0, $0.bottom - own.bottom) } ?? 0
            guard abs(share - margin) >= 0.5 else { return .ignored(reason) }
            margin = share
            pendingScroll = nil
            return .change(
                SwiftUIScrollChange(
                    bottomMargin: margin, indicatorBottomMargin: margin, scroll: nil, animation: KeyboardAnimation(duration: 0, curve: 0)))
        }
        let target = adjustment.contentOffset
        let marginMoves = abs(newMargin - margin) >= 0.5
        margin = newMargin
        pendingScroll = marginMoves ? target.map { ($0, own.bottom + newMargin) } : nil
        return .change(
            SwiftUIScrollChange(
                bottomMargin: newMargin, indicatorBottomMargin: newMargin, scroll: marginMoves ? nil : target, animation: adjustment.animation))
    }

    /// The keyboard's placement as the engine last took it.
    package var keyboard: KeyboardPlacement { avoider.keyboard }

    /// Forgets a scroll that waits for its margin: the user's own scroll
    /// owns the offset.
    package mutating func dropPendingScroll() {
        pendingScroll = nil
    }

    /// The snapshot the engine takes of `layout` now (with our margin as it
    /// stands): what a recorder records with each event.
    package func snapshot(of layout: SwiftUIScrollLayout) -> LayoutSnapshot {
        layout.snapshot(margin: margin)
    }

    /// SwiftUI reported the scroll geometry: the waiting scroll, once the
    /// reported bottom inset holds our margin (within half a point), and
    /// nothing before.
    package mutating func geometryReported(_ layout: SwiftUIScrollLayout) -> KBPoint? {
        guard let pending = pendingScroll, abs(layout.contentInsets.bottom - pending.bottomInset) < 0.5 else { return nil }
        pendingScroll = nil
        return pending.offset
    }
}
