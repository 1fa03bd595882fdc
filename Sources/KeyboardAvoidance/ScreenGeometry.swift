import KeyboardGeometry

/// The screen a keyboard frame was reported for: its size and the interface
/// orientation. A frame means something only on the screen geometry it was
/// reported in (its coordinates are that screen's).
struct ScreenGeometry: Hashable, Sendable {
    var size: KBSize
    var orientation: InterfaceOrientation

    /// No screen yet.
    init() {
        size = .zero
        orientation = .portrait
    }

    init(_ layout: LayoutSnapshot) {
        size = layout.screen
        orientation = layout.orientation
    }
}
