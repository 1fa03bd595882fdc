import KeyboardAvoidance
import KeyboardGeometry
import KeyboardWorld

extension TranscriptMoment {
    /// The transcript of `world`'s chat screen as `scrollView` shows it,
    /// with `composer` where the world puts it (``SimulatedWorld/composerTop(_:)``:
    /// on a docked keyboard's top, else on its resting line). The world's
    /// own reading, written apart from the engine's (docs/invariants.md,
    /// "Chat screens").
    package init(world: SimulatedWorld, scrollView: ScrollViewModel, composer: Composer) {
        let inset = scrollView.adjustedContentInset
        // The app's own inset on the view as it now is (a strategy may have
        // moved its frame, and with it the safe area UIKit adds).
        var own = scrollView.state
        own.contentInset = world.ownScrollView.contentInset
        self.init(
            frameTop: scrollView.state.frame.minY, frameHeight: scrollView.state.frame.height,
            contentHeight: scrollView.state.contentSize.height, offset: scrollView.state.contentOffset.y,
            adjustedTop: inset.top, adjustedBottom: inset.bottom, composerTop: world.composerTop(composer),
            ownAdjustedBottom: own.adjustedContentInset.bottom, window: world.window, ownFrame: world.ownScrollView.frame)
    }
}
