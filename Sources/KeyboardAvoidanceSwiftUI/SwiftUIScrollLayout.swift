import KeyboardAvoidance
import KeyboardGeometry

/// What the SwiftUI modifier reads of a scroll view, as plain numbers, and
/// the ``LayoutSnapshot`` the engine is handed.
///
/// SwiftUI reports the scroll view's insets as one value
/// (`ScrollGeometry.contentInsets`): the safe area, the app's own margins
/// and, while applied, ours. The engine is handed them as the app's own
/// inset, with ours taken off and no safe area added on top
/// (``InsetAdjustment/never``): they already hold it.
package struct SwiftUIScrollLayout: Hashable, Sendable {
    /// The screen's size in the interface-oriented space
    /// (`window.screen.bounds.size`).
    package var screen: KBSize
    package var orientation: InterfaceOrientation
    /// The window's frame in the screen.
    package var window: KBRect
    /// The scroll view's frame in the window (`frame(in: .global)`).
    package var frameInWindow: KBRect
    /// `ScrollGeometry.contentOffset`: UIKit's content offset, negative
    /// by the top inset at rest.
    package var contentOffset: KBPoint
    /// `ScrollGeometry.contentSize`.
    package var contentSize: KBSize
    /// `ScrollGeometry.contentInsets`: the safe area plus every margin,
    /// ours included while SwiftUI holds it.
    package var contentInsets: KBEdgeInsets
    /// A chat screen's composer; nil on a screen of fields.
    package var composer: Composer?
    /// The window's bottom safe-area inset (``SwiftUIScene/bottomSafeArea``).
    package var bottomSafeArea: Double

    package init(
        screen: KBSize, orientation: InterfaceOrientation, window: KBRect, frameInWindow: KBRect, contentOffset: KBPoint, contentSize: KBSize,
        contentInsets: KBEdgeInsets, composer: Composer? = nil, bottomSafeArea: Double = 0
    ) {
        self.screen = screen
        self.orientation = orientation
        self.window = window
        self.frameInWindow = frameInWindow
        self.contentOffset = contentOffset
        self.contentSize = contentSize
        self.contentInsets = contentInsets
        self.composer = composer
        self.bottomSafeArea = bottomSafeArea
    }

    /// How far the modifier lifts a chat screen's composer (its bottom
    /// padding) with the keyboard at `keyboard`, so that its bottom edge
    /// lies on the line the engine puts it on
    /// (``Composer/bottomEdge(over:window:)``). Nil on a screen of fields.
    ///
    /// The modifier lays the composer out over the scroll view's frame,
    /// ignoring the bottom safe areas: SwiftUI then extends that region to
    /// the window's bottom edge where the frame reaches the bottom safe
    /// area (within half a point), and leaves it at the frame's bottom where
    /// the frame ends above it (a tab bar below). The lift is measured from
    /// that region's bottom, and is never negative.
    package func composerLift(keyboard: KeyboardPlacement) -> Double? {
        guard let composer else { return nil }
        let line = composer.bottomEdge(over: keyboard, window: window) - window.minY
        let reachesSafeArea = frameInWindow.maxY >= window.height - bottomSafeArea - KeyboardPlacement.bottomEdgeTolerance
        let regionBottom = reachesSafeArea ? window.height : frameInWindow.maxY
        return Swift.max(0, regionBottom - line)
    }

    /// The app's own insets while our bottom margin is `margin`: what
    /// SwiftUI reports, less ours (never below zero).
    package func ownInsets(margin: Double) -> KBEdgeInsets {
        contentInsets.withBottom(Swift.max(0, contentInsets.bottom - margin))
    }

    /// The snapshot the engine takes while our bottom margin is `margin`.
    package func snapshot(margin: Double) -> LayoutSnapshot {
        LayoutSnapshot(
            screen: screen, orientation: orientation, window: window,
            scrollView: ScrollViewState(
                frame: frameInWindow, contentInset: ownInsets(margin: margin), insetAdjustment: .never, contentSize: contentSize,
                contentOffset: contentOffset),
            composer: composer
        )
    }
}
