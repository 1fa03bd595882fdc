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
    /// The content offset to scroll to (`ScrollPosition.scrollTo(x:y:)`);
    /// nil: nowhere now. SwiftUI clamps a scroll to its content and insets
    /// as they are, so a scroll that needs a new margin waits until the
    /// margin holds (``SwiftUIScrollAttachment/geometryReported(_:)``).
    package var scroll: KBPoint?
    /// The animation to set the margin and scroll in: the keyboard's after
    /// a Will notification, none (zero duration) otherwise.
    package var animation: KeyboardAnimation
}

/// What one event did to a SwiftUI scroll view.
package enum SwiftUIScrollStep: Hashable, Sendable {
    /// Set these margins, then scroll.
    case change(SwiftUIScrollChange)
    /// Nothing to do, and why (the engine's reason).
    case ignored(IgnoreReason)
}
