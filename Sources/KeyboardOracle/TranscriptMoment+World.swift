import KeyboardAvoidance
import KeyboardGeometry
import KeyboardWorld

extension TranscriptMoment {
    /// The transcript of `world`'s chat screen as `scrollView` shows it,
    /// with `composer` where the world puts it: its bottom edge on the
    /// keyboard's top when a docked keyboard (one that reaches the screen's
    /// bottom edge) lies above the composer's resting line, else on that
    /// line (no keyboard, a floating or split one, a keyboard below the
    /// window). The world's own reading, written apart from the engine's
    /// (docs/invariants.md, "Chat screens").
    package init(world: SimulatedWorld, scrollView: ScrollViewModel, composer: Composer) {
        var line = world.window.height - composer.restingInset
        if let k = world.keyboard, KeyboardPlacement.reachesBottomEdge(k, screen: world.screen) {
            line = Swift.min(line, k.minY - world.window.minY)
        }
        let inset = scrollView.adjustedContentInset
        // The app's own inset on the view as it now is (a strategy may have
        // moved its frame, and with it the safe area UIKit adds).
        var own = scrollView.state
        own.contentInset = world.ownScrollView.contentInset
        self.init(
            frameTop: scrollView.state.frame.minY, frameHeight: scrollView.state.frame.height,
            contentHeight: scrollView.state.contentSize.height, offset: scrollView.state.contentOffset.y,
            adjustedTop: inset.top, adjustedBottom: inset.bottom, composerTop: line - composer.height,
            ownAdjustedBottom: own.adjustedContentInset.bottom, window: world.window, ownFrame: world.ownScrollView.frame)
    }
}
