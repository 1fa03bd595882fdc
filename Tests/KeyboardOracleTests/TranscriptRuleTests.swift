import KBTestSupport
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardOracle
import Testing

/// The transcript rules (docs/invariants.md, "Chat screens"), each shown
/// broken and kept on a change made by hand, then held against the
/// engine's transcript solution on generated chat screens, where each
/// mistake chat glue makes in practice breaks the rule it should.
@Suite("The transcript rules")
struct TranscriptRuleTests {
    /// A 400-point transcript at the window's top, 1,000 points of content,
    /// its composer's top at `composerTop`, the offset `offset` and the
    /// bottom inset `bottom`.
    static func moment(offset: Double, bottom: Double, composerTop: Double, content: Double = 1_000) -> TranscriptMoment {
        TranscriptMoment(
            frameTop: 0, frameHeight: 400, contentHeight: content, offset: offset, adjustedTop: 0, adjustedBottom: bottom,
            composerTop: composerTop, ownAdjustedBottom: 0, window: .zero, ownFrame: .zero)
    }

    /// At rest: the composer's 50 points over the transcript's bottom, the
    /// end shown (offset 650: 1,000 + 50 − 400).
    static let atEnd = moment(offset: 650, bottom: 50, composerTop: 350)
    /// The same, scrolled up to offset 300.
    static let reading = moment(offset: 300, bottom: 50, composerTop: 350)

    @Test func theNewestMessageStaysRightAboveTheComposer() {
        // A keyboard of 200 lifts the composer to 150: the end follows.
        let kept = Self.moment(offset: 850, bottom: 250, composerTop: 150)
        #expect(TranscriptRule.broken(before: Self.atEnd, after: kept).isEmpty)
        // The offset left alone while the inset grew: the end is under the composer.
        let left = Self.moment(offset: 650, bottom: 250, composerTop: 150)
        #expect(TranscriptRule.broken(before: Self.atEnd, after: left) == [.newestMessageAboveComposer])
        // Content shorter than the room rests at its top: no band to close.
        let short = Self.moment(offset: 0, bottom: 250, composerTop: 150, content: 100)
        #expect(TranscriptRule.broken(before: Self.moment(offset: 0, bottom: 50, composerTop: 350, content: 100), after: short).isEmpty)
    }

    @Test func theRowsReadStayInPlace() {
        #expect(TranscriptRule.broken(before: Self.reading, after: Self.moment(offset: 300, bottom: 250, composerTop: 150)).isEmpty)
        // Anchored to a row that then drifts by the keyboard's height.
        let drifted = Self.moment(offset: 500, bottom: 250, composerTop: 150)
        #expect(TranscriptRule.broken(before: Self.reading, after: drifted) == [.rowsReadStayInPlace])
        // Where the new range cannot hold the offset, as near as it can.
        let nearEnd = Self.moment(offset: 840, bottom: 250, composerTop: 150)
        #expect(TranscriptRule.broken(before: nearEnd, after: Self.moment(offset: 650, bottom: 50, composerTop: 350)).isEmpty)
        #expect(TranscriptRule.broken(before: nearEnd, after: Self.moment(offset: 600, bottom: 50, composerTop: 350)) == [.rowsReadStayInPlace])
        // A strategy that moves the frame up by 200 keeps the rows in place
        // with an offset 200 less, not with the same offset.
        var moved = Self.moment(offset: 100, bottom: 50, composerTop: 150)
        moved.frameTop = -200
        #expect(TranscriptRule.broken(before: Self.reading, after: moved).isEmpty)
        moved.offset = 300
        #expect(TranscriptRule.broken(before: Self.reading, after: moved) == [.rowsReadStayInPlace])
    }

    /// A transcript resting at its start stays at its start: UIKit keeps
    /// a view there when its adjusted top inset changes (a safe area it
    /// adds once the content scrolls), so the rows move by that inset and
    /// T2 holds. Off its start, or away from the new start, it does not.
    @Test func aTranscriptRestingAtItsStartStaysThere() {
        func m(_ offset: Double, top: Double) -> TranscriptMoment {
            TranscriptMoment(
                frameTop: 0, frameHeight: 400, contentHeight: 1_000, offset: offset, adjustedTop: top, adjustedBottom: 250,
                composerTop: 150, ownAdjustedBottom: 0, window: .zero, ownFrame: .zero)
        }
        #expect(TranscriptRule.broken(before: m(0, top: 0), after: m(-24, top: 24)).isEmpty)
        #expect(TranscriptRule.broken(before: m(0.5, top: 0), after: m(-23.5, top: 24)).isEmpty)
        #expect(TranscriptRule.broken(before: m(0, top: 0), after: m(-23.25, top: 24)) == [.rowsReadStayInPlace])
        #expect(TranscriptRule.broken(before: m(0.75, top: 0), after: m(-24, top: 24)) == [.rowsReadStayInPlace])
    }

    @Test func theEndIsReachableAboveTheComposer() {
        // The composer's height ignored: the inset clears the keyboard only.
        let short = Self.moment(offset: 300, bottom: 200, composerTop: 150)
        #expect(TranscriptRule.broken(before: Self.reading, after: short) == [.endReachable])
    }

    @Test func noBlankBandUnderTheEnd() {
        // The composer's space reserved twice (a margin and a spacer).
        let band = Self.moment(offset: 900, bottom: 300, composerTop: 150)
        #expect(TranscriptRule.broken(before: Self.atEnd, after: band) == [.newestMessageAboveComposer, .noBlankBand])
        #expect(TranscriptRule.broken(before: Self.reading, after: Self.moment(offset: 300, bottom: 300, composerTop: 150)) == [.noBlankBand])
    }

    @Test func aComposerWithNoRoomAboveItIsNotJudged() {
        let covered = Self.moment(offset: 650, bottom: 400, composerTop: -10)
        #expect(TranscriptRule.broken(before: Self.atEnd, after: covered).isEmpty)
    }

    /// Every rule's tolerance is half a point, inclusive: a value exactly
    /// at it holds, a quarter point past it does not (binary fractions, so
    /// the sums are exact).
    @Test func theRulesEdgesAreHalfAPointInclusive() {
        func m(_ offset: Double, _ bottom: Double, _ composerTop: Double, content: Double = 1_000, top: Double = 0) -> TranscriptMoment {
            TranscriptMoment(
                frameTop: 0, frameHeight: 400, contentHeight: content, offset: offset, adjustedTop: top, adjustedBottom: bottom,
                composerTop: composerTop, ownAdjustedBottom: 0, window: .zero, ownFrame: .zero)
        }
        // At its end: within half a point of the range's end (650).
        #expect(m(649.5, 50, 350).isAtEnd && !m(649.25, 50, 350).isAtEnd)
        // Room above the composer: below the adjusted top inset (20) by more than half a point.
        #expect(!m(0, 50, 20.5, top: 20).hasRoom && m(0, 50, 20.75, top: 20).hasRoom)
        // Fits: the range's end within half a point of its start (400 of content in the 400-point frame).
        #expect(m(0, 0.5, 350, content: 400).fits && !m(0, 0.75, 350, content: 400).fits)
        // Fits above the composer: 100 of content under a top inset of 20 ends at 120.
        #expect(m(-20, 50, 119.5, content: 100, top: 20).fitsAboveComposer && !m(-20, 50, 119.25, content: 100, top: 20).fitsAboveComposer)
        // T1: the newest message half a point under the composer, or half a point above it, holds.
        #expect(TranscriptRule.broken(before: Self.atEnd, after: m(849.5, 250, 150)).isEmpty)
        #expect(TranscriptRule.broken(before: Self.atEnd, after: m(849.25, 250, 150)) == [.newestMessageAboveComposer])
        #expect(TranscriptRule.broken(before: Self.atEnd, after: m(850.5, 250, 150)).isEmpty)
        #expect(TranscriptRule.broken(before: Self.atEnd, after: m(850.75, 250, 150)) == [.newestMessageAboveComposer])
        // T1, short content: at rest within half a point of its top.
        #expect(TranscriptRule.broken(before: Self.atEnd, after: m(0.5, 250, 150, content: 100)).isEmpty)
        #expect(TranscriptRule.broken(before: Self.atEnd, after: m(0.75, 250, 150, content: 100)) == [.newestMessageAboveComposer])
        // T2: a row read moved by half a point holds.
        #expect(TranscriptRule.broken(before: Self.reading, after: m(300.5, 250, 150)).isEmpty)
        #expect(TranscriptRule.broken(before: Self.reading, after: m(300.75, 250, 150)) == [.rowsReadStayInPlace])
        // T3: the end reachable to half a point under the composer.
        #expect(TranscriptRule.broken(before: Self.reading, after: m(300, 249.5, 150)).isEmpty)
        #expect(TranscriptRule.broken(before: Self.reading, after: m(300, 249.25, 150)) == [.endReachable])
        // T4: a band of half a point is none.
        #expect(TranscriptRule.broken(before: Self.reading, after: m(300, 250.5, 150)).isEmpty)
        #expect(TranscriptRule.broken(before: Self.reading, after: m(300, 250.75, 150)) == [.noBlankBand])
    }

    /// The engine never takes from the app's own inset (I3): where the
    /// composer needs less than the app's own bottom inset (a footer under
    /// the transcript, the composer mostly below the view), the app's
    /// stays.
    @Test func theEngineKeepsTheAppsOwnInsetWhereTheComposerNeedsLess() {
        let scrollView = ScrollViewState(
            frame: KBRect(x: 0, y: 0, width: 390, height: 400), safeArea: .zero,
            contentInset: KBEdgeInsets(top: 0, left: 0, bottom: 60, right: 0), contentSize: KBSize(width: 390, height: 1_000),
            contentOffset: KBPoint(x: 0, y: 660))
        let answer = TranscriptSolution.solve(scrollView: scrollView, composerTop: 380, wasAtEnd: true)
        #expect(answer.contentInset.bottom == 60 && answer.contentOffset == 660)
        let higher = TranscriptSolution.solve(scrollView: scrollView, composerTop: 200, wasAtEnd: true)
        #expect(higher.contentInset.bottom == 200 && higher.contentOffset == 800)
    }

    // MARK: - Generated chat screens

    /// A chat screen before and after one change, as generated: the
    /// transcript's frame, safe area and content, the app's own bottom
    /// inset (the composer's resting height), where the engine left the
    /// view for the composer's top before (at its end, or scrolled
    /// anywhere), the composer's top after (the keyboard shown, hidden or
    /// resized, the composer grown) and content that may have grown by a
    /// message. Composer tops are in the window.
    struct Change {
        /// The scroll view before the change, with the engine's inset.
        var before: ScrollViewState
        var own: KBEdgeInsets
        var composerBefore: Double
        var composerAfter: Double
        var contentAfter: Double
        /// The change shows the keyboard (for the mistake that keeps the
        /// anchor only then).
        var isShow: Bool

        static func drawn(_ g: inout SeededGenerator) -> Change {
            let frameTop = Double(g.below(120)), height = 300 + Double(g.below(1_100)), safeBottom = g.below(2) == 0 ? 0 : 34.0
            let composer = 44 + Double(g.below(80)), grown = composer + Double(g.below(3)) * 20
            let content = Double(g.below(3_000))
            // The composer sits on the keyboard, or on the safe area's
            // bottom where the keyboard's top is lower (the layout guide's
            // top is the higher of the two).
            func keyboardTop() -> Double { Swift.min(frameTop + height * (0.3 + 0.7 * g.unit()), frameTop + height - safeBottom) }
            let shownBefore = g.below(2) == 0, shownAfter = g.below(3) != 0
            let before = shownBefore ? keyboardTop() - composer : frameTop + height - safeBottom - composer
            let after = shownAfter ? keyboardTop() - grown : frameTop + height - safeBottom - grown
            let own = KBEdgeInsets(top: 0, left: 0, bottom: composer, right: 0)
            var scrollView = ScrollViewState(
                frame: KBRect(x: 0, y: frameTop, width: 390, height: height), safeArea: KBEdgeInsets(top: 0, left: 0, bottom: safeBottom, right: 0),
                contentInset: own, contentSize: KBSize(width: 390, height: content))
            scrollView.contentInset = TranscriptSolution.solve(scrollView: scrollView, composerTop: before - frameTop, wasAtEnd: true).contentInset
            let range = scrollView.offsetRange(adjustedInset: scrollView.adjustedContentInset)
            scrollView.contentOffset.y = g.below(2) == 0 ? range.upperBound : range.lowerBound + g.unit() * (range.upperBound - range.lowerBound)
            let message = g.below(4) == 0 ? Double(20 + g.below(200)) : 0
            return Change(
                before: scrollView, own: own, composerBefore: before, composerAfter: after, contentAfter: content + message,
                isShow: !shownBefore && shownAfter)
        }

        /// The scroll view as the app hands it over after the change: its
        /// own inset, the new content, the offset it has.
        var handed: ScrollViewState {
            var s = before
            s.contentInset = own
            s.contentSize.height = contentAfter
            return s
        }

        /// The composer's top after, in the view's coordinates.
        var composerInView: Double { composerAfter - before.frame.minY }

        static func moment(_ s: ScrollViewState, composerTop: Double) -> TranscriptMoment {
            let adjusted = s.adjustedContentInset
            return TranscriptMoment(
                frameTop: s.frame.minY, frameHeight: s.frame.height, contentHeight: s.contentSize.height, offset: s.contentOffset.y,
                adjustedTop: adjusted.top, adjustedBottom: adjusted.bottom, composerTop: composerTop, ownAdjustedBottom: 0, window: .zero,
                ownFrame: .zero)
        }

        var momentBefore: TranscriptMoment { Self.moment(before, composerTop: composerBefore) }

        /// The moment after `answer`.
        func after(_ answer: TranscriptSolution) -> TranscriptMoment {
            var s = handed
            s.contentInset = answer.contentInset
            s.contentOffset.y = answer.contentOffset
            return Self.moment(s, composerTop: composerAfter)
        }

        /// The engine's answer.
        var engine: TranscriptSolution {
            TranscriptSolution.solve(scrollView: handed, composerTop: composerInView, wasAtEnd: TranscriptSolution.isAtEnd(before))
        }
    }

    static let seed: UInt64 = 20_261_202
    static let changes = 4_000

    static func generated() -> [Change] {
        var g = SeededGenerator(seed: seed)
        return (0..<changes).map { _ in Change.drawn(&g) }
    }

    @Test("the engine's transcript solution keeps every rule (seed 20261202, 4,000 changes)")
    func theEngineKeepsEveryRule() {
        var atEnd = 0, reading = 0, shows = 0, messages = 0, aboveTheView = 0
        for (i, c) in Self.generated().enumerated() {
            let broken = TranscriptRule.broken(before: c.momentBefore, after: c.after(c.engine))
            #expect(broken.isEmpty, "change \(i): \(broken), \(c)")
            // I1's bound: the inset added is at most the view's height.
            let added = c.engine.contentInset.bottom + c.before.safeAreaContribution.bottom
            #expect(added <= Swift.max(c.own.bottom + c.before.safeAreaContribution.bottom, c.before.frame.height), "change \(i): \(c)")
            if c.composerInView < 0 { aboveTheView += 1 }
            if c.momentBefore.isAtEnd { atEnd += 1 } else { reading += 1 }
            if c.isShow { shows += 1 }
            if c.contentAfter != c.before.contentSize.height { messages += 1 }
        }
        // The draws reach every case the rules tell apart.
        #expect(
            atEnd > 1_000 && reading > 1_000 && shows > 300 && messages > 500 && aboveTheView >= 5,
            "\(atEnd) \(reading) \(shows) \(messages) \(aboveTheView)")
    }

    /// The mistakes chat glue makes in practice, each as a wrong answer to
    /// the change.
    enum Mistake: String, CaseIterable, CustomTestStringConvertible {
        /// The inset raised, the offset left where it was.
        case offsetLeftAloneWhileTheInsetGrows
        /// The inset clears the keyboard, not the composer above it.
        case composerHeightIgnored
        /// The end kept only when the keyboard shows, not when it resizes
        /// or the composer grows.
        case anchorKeptOnlyAtShow
        /// The composer's space reserved twice (a content margin and a
        /// spacer).
        case composerReservedTwice
        /// A row anchored by position, which drifts by the change in the
        /// composer's place.
        case readRowDrifts

        var testDescription: String { rawValue }

        /// The rule the mistake breaks.
        var rule: TranscriptRule {
            switch self {
            case .offsetLeftAloneWhileTheInsetGrows, .anchorKeptOnlyAtShow: .newestMessageAboveComposer
            case .composerHeightIgnored: .endReachable
            case .composerReservedTwice: .noBlankBand
            case .readRowDrifts: .rowsReadStayInPlace
            }
        }

        func answer(_ c: Change) -> TranscriptSolution {
            let wasAtEnd = TranscriptSolution.isAtEnd(c.before)
            switch self {
            case .offsetLeftAloneWhileTheInsetGrows:
                return TranscriptSolution.solve(scrollView: c.handed, composerTop: c.composerInView, wasAtEnd: false)
            case .composerHeightIgnored:
                let composer = c.own.bottom
                return TranscriptSolution.solve(scrollView: c.handed, composerTop: c.composerInView + composer, wasAtEnd: wasAtEnd)
            case .anchorKeptOnlyAtShow:
                return TranscriptSolution.solve(scrollView: c.handed, composerTop: c.composerInView, wasAtEnd: wasAtEnd && c.isShow)
            case .composerReservedTwice:
                var s = c.handed
                s.contentInset.bottom += c.own.bottom
                return TranscriptSolution.solve(scrollView: s, composerTop: c.composerInView - c.own.bottom, wasAtEnd: wasAtEnd)
            case .readRowDrifts:
                var answer = c.engine
                answer.contentOffset += c.composerBefore - c.composerAfter
                return answer
            }
        }
    }

    @Test("each mistake of chat glue breaks its rule on generated changes (seed 20261202)", arguments: Mistake.allCases)
    func eachMistakeBreaksItsRule(_ mistake: Mistake) {
        var caught = 0, others: Set<TranscriptRule> = []
        for c in Self.generated() {
            let broken = TranscriptRule.broken(before: c.momentBefore, after: c.after(mistake.answer(c)))
            if broken.contains(mistake.rule) { caught += 1 }
            others.formUnion(broken)
        }
        #expect(caught >= 100, "\(mistake) broke \(mistake.rule) on \(caught) of \(Self.changes) changes")
        #expect(others.contains(mistake.rule))
    }
}
