import KeyboardAvoidance
import KeyboardGeometry

/// What SwiftUI's `ScrollGeometry` reports of a scroll view, as plain
/// numbers (`onScrollGeometryChange`, iOS 18).
package struct SwiftUIScrollGeometry: Hashable, Sendable {
    /// UIKit's content offset: negative by the top inset at rest.
    package var contentOffset: KBPoint
    package var contentSize: KBSize
    /// The scroll view's visible size (`containerSize`).
    package var containerSize: KBSize
    /// The safe area plus every margin, ours included while SwiftUI holds it
    /// (`contentInsets`).
    package var contentInsets: KBEdgeInsets

    package init(contentOffset: KBPoint, contentSize: KBSize, containerSize: KBSize, contentInsets: KBEdgeInsets) {
        self.contentOffset = contentOffset
        self.contentSize = contentSize
        self.containerSize = containerSize
        self.contentInsets = contentInsets
    }
}

/// The window a SwiftUI view is in, as plain numbers: the screen's size in
/// the interface's orientation, the orientation, and the window's frame on
/// the screen.
package struct SwiftUIScene: Hashable, Sendable {
    package var screen: KBSize
    package var orientation: InterfaceOrientation
    package var window: KBRect

    package init(screen: KBSize, orientation: InterfaceOrientation, window: KBRect) {
        self.screen = screen
        self.orientation = orientation
        self.window = window
    }
}
