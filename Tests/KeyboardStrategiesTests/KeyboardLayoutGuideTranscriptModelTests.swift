import KBTestSupport
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardHarness
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// A transcript pinned to the keyboard layout guide through its composer
/// bar ([kbguide-article] in docs/sources.md), step by step: an iPhone with
/// a home indicator, a 52-pt bar resting on the 34-pt strip, and the
/// transcript ending at the bar's top (812 − 34 − 52 = 726), at its end.
@Suite("The keyboard layout guide through a composer, as written")
struct KeyboardLayoutGuideTranscriptModelTests {
    static let screen = KBSize(width: 375, height: 812)
    static let shown = KBRect(x: 0, y: 521, width: 375, height: 291)
    static let below = KBRect(x: 0, y: 812, width: 375, height: 291)

    static func header(frameHeight: Double = 726, composerHeight: Double = 52) -> TraceHeader {
        TraceHeader(
            profile: .ios13, screen: screen,
            scrollView: ScrollViewState(
                frame: KBRect(x: 0, y: 0, width: 375, height: frameHeight), safeArea: KBEdgeInsets(top: 47, left: 0, bottom: 0, right: 0),
                contentSize: KBSize(width: 375, height: 2_000), contentOffset: KBPoint(x: 0, y: 2_000 - frameHeight)),
            fields: [], systemVersion: 17, composer: Composer(height: composerHeight, restingInset: 34))
    }

    static func note(_ name: KeyboardNotification.Name, from begin: KBRect, to end: KBRect) -> KeyboardNotification {
        KeyboardNotification(name: name, frameBegin: begin, frameEnd: end, bounds: end.size, duration: 0.25, curve: 7, isLocal: true)
    }

    /// The bar rides the keyboard's top (521), so the transcript ends at
    /// 521 − 52 = 469, in the keyboard's animation, its offset where it
    /// was; the notifications after the first change nothing, and the hide
    /// gives the app's frame back.
    @Test func theFrameFollowsTheBarAndTheOffsetStays() {
        let willChange = Self.note(.willChangeFrame, from: Self.below, to: Self.shown)
        let events: [TraceEvent] = [
            .keyboard(willChange), .keyboard(Self.note(.willShow, from: Self.below, to: Self.shown)),
            .keyboard(Self.note(.didShow, from: Self.below, to: Self.shown)),
            .keyboard(Self.note(.willHide, from: Self.shown, to: Self.below)),
        ]
        let r = TraceReplayer.replay(Trace(header: Self.header(), events: events), with: KeyboardLayoutGuideTranscriptStrategy.self)
        #expect(r.steps[0].frame == KBRect(x: 0, y: 0, width: 375, height: 469))
        #expect(r.steps[0].outcome == StepOutcome(action: .apply, animation: .keyboard(willChange)))
        #expect(r.steps[0].contentOffset.y == 2_000 - 726, "the offset is left alone")
        #expect(r.steps[0].contentInset == .zero)
        #expect(r.steps[1].outcome == .ignored(.unchanged) && r.steps[2].outcome == .ignored(.unchanged))
        #expect(r.steps[2].violations.contains(.newestMessageAboveComposer), "at rest, the newest rows are below the shrunk frame")
        #expect(r.steps[3].frame.height == 726 && r.steps[3].outcome.action == .restore)
    }

    /// The scope: a transcript that ends under the bar, or a bar that grows,
    /// cannot be pinned as the constraints say; one that ends higher can.
    @Test func theScopeIsATranscriptAboveABarOfOneHeight() {
        let scope = KeyboardLayoutGuideTranscriptStrategy.scope
        #expect(scope.admits(Trace(header: Self.header(), events: [])))
        #expect(scope.admits(Trace(header: Self.header(frameHeight: 600), events: [])))
        #expect(!scope.admits(Trace(header: Self.header(frameHeight: 727), events: [])))
        let grows = TraceEvent.layout(LayoutChange(composer: Composer(height: 72, restingInset: 34)))
        #expect(!scope.admits(Trace(header: Self.header(frameHeight: 600), events: [grows])))
        #expect(scope.minimumSystemVersion == KeyboardLayoutGuideStrategy.scope.minimumSystemVersion, "the guide's own iOS 15")
        // A screen of fields is outside for that reason alone: the
        // assumption holds of it, before and after a layout.
        var fields = Self.header()
        fields.composer = nil
        let relaid = Trace(header: fields, events: [.layout(LayoutChange(contentSize: KBSize(width: 375, height: 2_100)))])
        #expect(scope.exclusions(relaid).count == 1 && LayoutAssumption.transcriptPinnableToTheComposer.holds(in: fields))
    }
}
