import KeyboardAvoidance
import KeyboardGeometry
import Testing

/// The engine's transcript solution at its edges: the end's tolerance, a
/// composer at or above the view's top, the safe area on both edges.
@Suite("The engine's transcript solution at its edges")
struct TranscriptSolutionTests {
    /// 400 points tall, 1,000 of content, the safe area 47 above and 34
    /// below (UIKit adds both), the app's own bottom inset `own`.
    static func transcript(own: Double = 60, offset: Double = 0) -> ScrollViewState {
        ScrollViewState(
            frame: KBRect(x: 0, y: 0, width: 390, height: 400), safeArea: KBEdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
            contentInset: KBEdgeInsets(top: 0, left: 0, bottom: own, right: 0), contentSize: KBSize(width: 390, height: 1_000),
            contentOffset: KBPoint(x: 0, y: offset))
    }

    /// At its end within half a point, and not a hair further away.
    @Test func theEndIsHalfAPointWide() {
        // The range ends at 1,000 + 60 + 34 − 400 = 694.
        #expect(TranscriptSolution.isAtEnd(Self.transcript(offset: 694)))
        #expect(TranscriptSolution.isAtEnd(Self.transcript(offset: 693.5)))
        #expect(!TranscriptSolution.isAtEnd(Self.transcript(offset: 693.49)))
    }

    /// The app's own inset and the safe area UIKit adds are both kept:
    /// a composer that needs less than the app's own 60 + 34 leaves them,
    /// and the safe area is not counted twice in the inset set.
    @Test func theSafeAreaIsCountedOnceAndTheOwnInsetKept() {
        let low = TranscriptSolution.solve(scrollView: Self.transcript(offset: 694), composerTop: 380, wasAtEnd: true)
        #expect(low.contentInset.bottom == 60 && low.contentOffset == 694)
        let high = TranscriptSolution.solve(scrollView: Self.transcript(offset: 694), composerTop: 150, wasAtEnd: true)
        #expect(high.contentInset.bottom == 250 - 34 && high.contentOffset == 1_000 + 250 - 400)
        // Content shorter than the room rests at its top, below the safe area.
        var short = Self.transcript()
        short.contentSize.height = 100
        #expect(TranscriptSolution.solve(scrollView: short, composerTop: 150, wasAtEnd: true).contentOffset == -47)
        // Scrolled up past the top of a new range: clamped to its start.
        #expect(TranscriptSolution.solve(scrollView: Self.transcript(offset: -100), composerTop: 150, wasAtEnd: false).contentOffset == -47)
    }

    /// A composer at or above the view's top asks for the view's height,
    /// no more: I1's bound.
    @Test(arguments: [0.0, 0.5, -10, -400])
    func aComposerAtOrAboveTheTopTakesTheWholeHeight(composerTop: Double) {
        let answer = TranscriptSolution.solve(scrollView: Self.transcript(own: 0, offset: 300), composerTop: composerTop, wasAtEnd: false)
        #expect(answer.contentInset.bottom + 34 == 400 - Swift.max(composerTop, 0))
    }
}
