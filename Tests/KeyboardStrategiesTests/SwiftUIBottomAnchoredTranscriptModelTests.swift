import KBTestSupport
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardHarness
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// A SwiftUI transcript over its composer with a bottom scroll anchor for
/// size changes ([swiftui-scroll-anchor], [slicc-2072] in
/// docs/sources.md), step by step, on the screen of
/// `KeyboardLayoutGuideTranscriptModelTests`: the transcript ends at the
/// bar's top (726) with 2,000 pt of content; the keyboard's top at 521
/// shrinks it to 469, by 257.
@Suite("SwiftUI's bottom scroll anchor over a composer, as written")
struct SwiftUIBottomAnchoredTranscriptModelTests {
    typealias Screen = KeyboardLayoutGuideTranscriptModelTests

    static func header(offset: Double = 2_000 - 726) -> TraceHeader {
        var h = Screen.header()
        h.systemVersion = 18
        h.scrollView.contentOffset = KBPoint(x: 0, y: offset)
        return h
    }

    static let show: [TraceEvent] = [
        .keyboard(Screen.note(.willShow, from: Screen.below, to: Screen.shown)),
        .keyboard(Screen.note(.didShow, from: Screen.below, to: Screen.shown)),
    ]

    static func replay(_ header: TraceHeader, _ events: [TraceEvent]) -> ReplayReport {
        TraceReplayer.replay(Trace(header: header, events: events), with: SwiftUIBottomAnchoredTranscriptStrategy.self)
    }

    /// At its end, the shrunk transcript keeps its end (the offset grows by
    /// the 257 pt the frame lost, in the keyboard's animation), and the
    /// hide gives the app's frame and offset back.
    @Test func aTranscriptAtItsEndKeepsItsEndThroughShowAndHide() {
        let willShow = Screen.note(.willShow, from: Screen.below, to: Screen.shown)
        let r = Self.replay(Self.header(), Self.show + [.keyboard(Screen.note(.willHide, from: Screen.shown, to: Screen.below))])
        #expect(r.steps[0].frame == KBRect(x: 0, y: 0, width: 375, height: 469))
        #expect(r.steps[0].contentOffset.y == 2_000.0 - 469, "at the end of the shorter range")
        #expect(r.steps[0].outcome == StepOutcome(action: .apply, animation: .keyboard(willShow)))
        #expect(r.steps[1].outcome == .ignored(.unchanged) && r.steps[1].violations.isEmpty)
        #expect(r.steps[2].frame.height == 726 && r.steps[2].contentOffset.y == 2_000.0 - 726 && r.steps[2].outcome.action == .restore)
    }

    /// Scrolled up, the rows are carried up with the bottom edge: the offset
    /// grows by the frame's 257 pt, and the rows the user reads leave their
    /// place (T2), the reported jump. The hide anchors to the shrunk
    /// frame's bottom, so the rows come back down by as much.
    @Test func aReaderScrolledUpSeesTheRowsMove() {
        let r = Self.replay(Self.header(offset: 600), Self.show + [.keyboard(Screen.note(.willHide, from: Screen.shown, to: Screen.below))])
        #expect(r.steps[0].contentOffset.y == 600.0 + 257)
        #expect(r.steps[1].violations.contains(.rowsReadStayInPlace))
        #expect(r.steps[2].contentOffset.y == 600.0 && r.steps[2].outcome.action == .restore)
    }

    /// The anchor is the content at the visible region's bottom, above the
    /// adjusted bottom inset: with an own inset of 20 pt the reader's rows
    /// still move by the frame's 257 pt, no more.
    @Test func theAnchorSitsAboveTheBottomInset() {
        var header = Self.header(offset: 600)
        header.scrollView.contentInset = KBEdgeInsets(top: 0, left: 0, bottom: 20, right: 0)
        let r = Self.replay(header, Self.show)
        #expect(r.steps[0].contentOffset.y == 600.0 + 257)
    }

    /// A message that arrives while the keyboard is up grows the content
    /// only: the anchor leaves the offset where it was (as measured), and
    /// the newest message is below the frame (T1).
    @Test func aNewMessageIsNotFollowed() {
        let arrives = TraceEvent.layout(LayoutChange(contentSize: KBSize(width: 375, height: 2_100)))
        let r = Self.replay(Self.header(), Self.show + [arrives, .keyboard(Screen.note(.didShow, from: Screen.shown, to: Screen.shown))])
        #expect(r.steps[2].contentOffset.y == 2_000.0 - 469, "the offset where the anchor left it")
        #expect(r.steps[3].violations.contains(.newestMessageAboveComposer))
    }

    /// A rotation with no keyboard up is a size change of the container
    /// too: a transcript at its end stays at its end in the new frame.
    @Test func aRotationKeepsTheEnd() {
        let rotated = TraceEvent.layout(
            LayoutChange(
                screen: KBSize(width: 812, height: 375), orientation: .landscapeRight, window: KBRect(x: 0, y: 0, width: 812, height: 375),
                frame: KBRect(x: 0, y: 0, width: 812, height: 289), contentSize: KBSize(width: 812, height: 2_000)))
        let r = Self.replay(Self.header(), [rotated])
        #expect(r.steps[0].frame.height == 289 && r.steps[0].contentOffset.y == 2_000.0 - 289, "at the end of the new range")
        #expect(r.steps[0].violations.isEmpty)
    }

    /// The scope: iOS 18 (the anchor's roles), the composer's pin.
    @Test func theScopeIsTheAnchorsRolesAndThePin() {
        let scope = SwiftUIBottomAnchoredTranscriptStrategy.scope
        #expect(scope.admits(Trace(header: Self.header(), events: [])))
        var older = Self.header()
        older.systemVersion = 17
        #expect(!scope.admits(Trace(header: older, events: [])))
        #expect(scope.assumptions == KeyboardLayoutGuideTranscriptStrategy.scope.assumptions && scope.screens == [.chat])
    }
}
