import KeyboardGeometry
import KeyboardWorld

/// The oracle's two readings of "the app's own layout" (I3, I9).
extension ScrollViewModel {
    /// True when the app's own layout survives what a strategy did: the
    /// app's top, left and right content insets unchanged, its bottom inset
    /// not reduced (a strategy may add to it), its frame no taller and no
    /// wider than the app made it and not moved sideways (a strategy may take
    /// height away, or shift the root view up or down). Within `tolerance`.
    func keepsOwnLayout(of world: SimulatedWorld, tolerance: Double) -> Bool {
        let own = world.contentInset, frameOwn = world.scrollViewFrame
        return abs(contentInset.top - own.top) <= tolerance && abs(contentInset.left - own.left) <= tolerance
            && abs(contentInset.right - own.right) <= tolerance && contentInset.bottom >= own.bottom - tolerance
            && frame.height <= frameOwn.height + tolerance && abs(frame.width - frameOwn.width) <= tolerance
            && abs(frame.minX - frameOwn.minX) <= tolerance
    }

    /// True when the scroll view is exactly as the app set it up: its own
    /// content and indicator insets, frame and content view (the offset
    /// aside).
    func isRestored(to world: SimulatedWorld) -> Bool {
        contentInset == world.contentInset && indicatorInsets == world.contentInset && frame == world.scrollViewFrame
            && contentViewFrame == KBRect(origin: .zero, size: world.contentSize)
    }

    /// True when going from `before` to this scroll view only put back the
    /// app's own layout: it is restored (``isRestored(to:)``), and the offset
    /// either did not move or had to, being out of the restored layout's
    /// range.
    func isRestore(from before: ScrollViewModel, to world: SimulatedWorld) -> Bool {
        guard isRestored(to: world) else { return false }
        if contentOffset == before.contentOffset { return true }
        var atOldOffset = self
        atOldOffset.contentOffset = before.contentOffset
        return !atOldOffset.offsetInRange()
    }
}
