import KeyboardGeometry

/// The view controller's root view, which the world does not carry but
/// reads off the app's own layout: it fills the window (``viewFrame``), the
/// scroll view sits inside it below its bars and above its gap, and no
/// layout the generator makes ends it above the window's bottom (no opaque
/// tab bar).
extension SimulatedWorld {
    /// The root view's safe area with the root view at `rootOrigin` (its
    /// vertical offset in the window, 0 unless a strategy shifted it). Its
    /// bottom is the screen's unsafe bottom strip where the window reaches
    /// into it, whether or not the scroll view does: from the scroll view's
    /// own safe area when it reaches the strip, otherwise from the device
    /// the screen identifies (``DeviceCatalog/bottomSafeArea(screen:orientation:)``,
    /// from iOS 11, which introduced safe areas), and 0 when neither says.
    /// Its top is taken from the scroll view's own safe area, 0 when it
    /// starts below a bar (the bar's strip is not known).
    package func rootViewSafeArea(rootOrigin: Double = 0) -> KBEdgeInsets {
        let own = ownScrollView.frame
        let top = ownScrollView.safeArea.top > 0 ? ownScrollView.safeArea.top + own.minY : 0
        let bottom: Double
        if ownScrollView.safeArea.bottom > 0 {
            bottom = ownScrollView.safeArea.bottom + (window.height - own.maxY)
        } else if systemVersionOrEarliest >= 11, let strip = DeviceCatalog.bottomSafeArea(screen: screen, orientation: orientation) {
            bottom = Swift.max(0, window.maxY - (screen.height - strip))
        } else {
            bottom = 0
        }
        return KBEdgeInsets(top: Swift.max(0, top - rootOrigin), left: 0, bottom: Swift.max(0, bottom + rootOrigin), right: 0)
    }

    /// The safe area UIKit gives the scroll view when its frame is `frame`
    /// (window coordinates) rather than the app's own: its own top, left and
    /// right edges (a frame that follows the keyboard moves only its
    /// bottom), and at the bottom whatever of the frame lies in the root
    /// view's unsafe bottom strip. Exactly the app's own safe area for the
    /// app's own frame.
    public func safeArea(ofScrollViewFrame frame: KBRect) -> KBEdgeInsets {
        if frame == ownScrollView.frame { return ownScrollView.safeArea }
        var safe = ownScrollView.safeArea
        safe.bottom = Swift.max(0, frame.maxY - (window.height - rootViewSafeArea().bottom))
        return safe
    }

    /// The keyboard's frame in the window's coordinates (the root view's,
    /// which fills the window), or nil when there is none.
    public var keyboardInWindow: KBRect? {
        keyboard.map { KBRect(x: $0.minX - window.minX, y: $0.minY - window.minY, width: $0.width, height: $0.height) }
    }
}
