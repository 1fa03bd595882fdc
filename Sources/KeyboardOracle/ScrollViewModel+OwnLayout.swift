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
        let own = world.ownScrollView.contentInset, frameOwn = world.ownScrollView.frame
        return abs(state.contentInset.top - own.top) <= tolerance && abs(state.contentInset.left - own.left) <= tolerance
            && abs(state.contentInset.right - own.right) <= tolerance && state.contentInset.bottom >= own.bottom - tolerance
            && state.frame.height <= frameOwn.height + tolerance && abs(state.frame.width - frameOwn.width) <= tolerance
            && abs(state.frame.minX - frameOwn.minX) <= tolerance
    }

    /// True when the scroll view is exactly as the app set it up: its own
    /// content and indicator insets, frame, safe area and content view (the
    /// offset aside).
    package func isRestored(to world: SimulatedWorld) -> Bool {
        state.contentInset == world.ownScrollView.contentInset && indicatorInsets == world.ownScrollView.contentInset
            && state.frame == world.ownScrollView.frame && state.safeArea == world.ownScrollView.safeArea
            && contentViewFrame == KBRect(origin: .zero, size: world.ownScrollView.contentSize)
    }

    /// A chat screen's restore: as ``isRestored(to:)``, except that the
    /// bottom content and indicator insets may exceed the app's own (what
    /// clears a composer at rest, which T3 and T4 judge).
    package func isTranscriptRestored(to world: SimulatedWorld) -> Bool {
        let own = world.ownScrollView.contentInset
        func keepsOwn(_ e: KBEdgeInsets) -> Bool { e.top == own.top && e.left == own.left && e.right == own.right && e.bottom >= own.bottom }
        return keepsOwn(state.contentInset) && keepsOwn(indicatorInsets) && state.frame == world.ownScrollView.frame
            && state.safeArea == world.ownScrollView.safeArea && contentViewFrame == KBRect(origin: .zero, size: world.ownScrollView.contentSize)
    }

    /// True when going from `before` to this scroll view only put back the
    /// app's own layout: it is restored (``isRestored(to:)``), and the offset
    /// either did not move or had to, being out of the restored layout's
    /// range.
    func isRestore(from before: ScrollViewModel, to world: SimulatedWorld) -> Bool {
        guard isRestored(to: world) else { return false }
        if state.contentOffset == before.contentOffset { return true }
        var atOldOffset = self
        atOldOffset.contentOffset = before.contentOffset
        return !atOldOffset.offsetInRange()
    }
}
