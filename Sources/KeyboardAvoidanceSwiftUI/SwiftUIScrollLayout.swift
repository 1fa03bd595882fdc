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
    /// A chat screen's own safe area, every edge as reported; zero on a
    /// screen of fields. ``contentInsets`` holds it already: the engine is
    /// handed it as the scroll view's safe area with no adjustment
    /// (``InsetAdjustment/never`` adds none), which a transcript reads to
    /// tell a view laid out anew (its frame or safe area changed, the
    /// offset pulled into a new range) from the user's scroll. A top edge
    /// that changes under a shown keyboard (an iPad window moved) is such a
    /// layout as much as a bottom one.
    package var safeArea: KBEdgeInsets

    package init(
        screen: KBSize, orientation: InterfaceOrientation, window: KBRect, frameInWindow: KBRect, contentOffset: KBPoint, contentSize: KBSize,
        contentInsets: KBEdgeInsets, composer: Composer?, safeArea: KBEdgeInsets
    ) {
        self.screen = screen
        self.orientation = orientation
        self.window = window
        self.frameInWindow = frameInWindow
        self.contentOffset = contentOffset
        self.contentSize = contentSize
        self.contentInsets = contentInsets
        self.composer = composer
        self.safeArea = safeArea
    }

    /// How far the modifier lifts a chat screen's composer (its bottom
    /// padding) off its resting line with the keyboard at `keyboard`, so
    /// that its bottom edge lies on the line the engine puts it on
    /// (``Composer/bottomEdge(over:window:)``): 0 at rest. Nil on a screen
    /// of fields.
    ///
    /// The modifier lays the composer over the scroll view within its safe
    /// area, so SwiftUI rests it on the resting line (the frame's bottom
    /// less its bottom safe area), and keeps SwiftUI's own keyboard
    /// avoidance off for it: the lift is the only thing that moves it.
    package func composerLift(keyboard: KeyboardPlacement) -> Double? {
        guard let composer else { return nil }
        let resting = composer.bottomEdge(over: .offScreen, window: window)
        return Swift.max(0, resting - composer.bottomEdge(over: keyboard, window: window))
    }

    /// The composer's resting line as a distance up from the window's
    /// bottom edge (``Composer/restingInset``), for a scroll view at
    /// `frameInWindow` with `bottomSafeArea` as its own bottom safe-area
    /// inset, in a window `windowHeight` tall: where the modifier's overlay
    /// puts it, on the frame's bottom less that inset; never below the
    /// window's bottom edge (0).
    package static func restingInset(windowHeight: Double, frameInWindow: KBRect, bottomSafeArea: Double) -> Double {
        Swift.max(0, windowHeight - frameInWindow.maxY + bottomSafeArea)
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
                frame: frameInWindow, safeArea: safeArea, contentInset: ownInsets(margin: margin),
                insetAdjustment: .never,
                contentSize: contentSize, contentOffset: contentOffset),
            composer: composer
        )
    }
}
