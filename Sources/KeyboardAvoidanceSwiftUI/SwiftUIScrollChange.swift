import KeyboardAvoidance
import KeyboardGeometry

/// What the SwiftUI modifier sets: absolute margins, never added to what
/// is there, and where to scroll once they hold.
package struct SwiftUIScrollChange: Hashable, Sendable {
    /// The bottom content margin (`contentMargins(.bottom, _, for:
    /// .scrollContent)`); 0 leaves the app's layout as it is.
    package var bottomMargin: Double
    /// The scroll indicators' bottom margin (`for: .scrollIndicators`),
    /// raised by as much as the content's.
    package var indicatorBottomMargin: Double
    /// Where to scroll; nil: nowhere. SwiftUI clamps a scroll to its
    /// content and insets as they are, so a scroll goes only once the
    /// margin holds (``SwiftUIScrollAttachment/geometryReported(_:)``).
    package var scroll: SwiftUIScrollTarget?
    /// The animation to set the margin and scroll in: the keyboard's after
    /// a Will notification, none (zero duration) otherwise.
    package var animation: KeyboardAnimation
}

/// Where a SwiftUI scroll view is scrolled.
package enum SwiftUIScrollTarget: Hashable, Sendable {
    /// The engine's exact content offset (`ScrollPosition.scrollTo(x:y:)`,
    /// iOS 18 and later).
    case offset(KBPoint)
    /// The focused field, with the least scroll that shows it whole
    /// (`ScrollViewProxy.scrollTo(_:anchor: nil)`): before iOS 18 SwiftUI
    /// scrolls to a view's identity, never to an offset, so the policy's
    /// distance is not kept.
    case focusedField
}

/// What one event did to a SwiftUI scroll view.
package enum SwiftUIScrollStep: Hashable, Sendable {
    /// Set these margins, then scroll.
    case change(SwiftUIScrollChange)
    /// Nothing to do, and why (the engine's reason).
    case ignored(IgnoreReason)
}
