import KeyboardAvoidance
import KeyboardGeometry
import Testing

/// The avoider on a chat screen (a layout with a ``Composer``), each answer
/// worked out by hand: an iPhone's 390 × 844 screen, the transcript filling
/// it (the safe area 34 below), 2,000 points of content, a 50-point
/// composer resting on the safe area's bottom. The generated sessions that
/// hold the transcript rules are in the oracle's tests.
@Suite("The avoider on a chat screen")
struct ChatScreenTests {
    static let screen = KBSize(width: 390, height: 844)

    static func layout(
        offset: Double, content: Double = 2_000, own: Double = 0, composer: Composer = Composer(height: 50, restingInset: 34),
        window: KBRect? = nil
    ) -> LayoutSnapshot {
        let frame = window.map { KBRect(x: 0, y: 0, width: $0.width, height: $0.height) } ?? KBRect(origin: .zero, size: screen)
        return LayoutSnapshot(
            screen: screen, window: window,
            scrollView: ScrollViewState(
                frame: frame, safeArea: KBEdgeInsets(top: 0, left: 0, bottom: window == nil ? 34 : 0, right: 0),
                contentInset: KBEdgeInsets(top: 0, left: 0, bottom: own, right: 0), contentSize: KBSize(width: 390, height: content),
                contentOffset: KBPoint(x: 0, y: offset)),
            composer: composer)
    }

    static func keyboard(_ name: KeyboardNotification.Name, height: Double) -> KeyboardNotification {
        KeyboardNotification(
            name: name, frameEnd: KBRect(x: 0, y: 844 - height, width: 390, height: height), duration: 0.25, curve: 7)
    }

    static func inset(_ bottom: Double) -> KBEdgeInsets { KBEdgeInsets(top: 0, left: 0, bottom: bottom, right: 0) }

    static func apply(_ bottom: Double, offset: Double?) -> AvoidanceAction {
        .apply(
            Adjustment(
                contentInset: inset(bottom), indicatorInsets: inset(bottom), contentOffset: offset.map { KBPoint(x: 0, y: $0) },
                animation: .systemDefault))
    }

    /// At its end, the transcript follows the composer up and down, and
    /// follows a message that arrives; the inset clears the composer with
    /// or without a keyboard (50 over the safe area's 34: 84 adjusted).
    @Test func atItsEndTheNewestMessageFollowsTheComposer() {
        var avoider = KeyboardAvoider()
        // At the end of the app's own range (2,000 + 34 − 844 = 1,190): the
        // composer's 50 added, the end follows to 1,240.
        #expect(avoider.viewAppeared(in: Self.layout(offset: 1_190)) == Self.apply(50, offset: 1_240))
        // A 336-point keyboard: the composer's top at 844 − 336 − 50 = 458,
        // 386 covered (352 over the safe area), the end at 2,000 + 386 − 844.
        var show = Self.apply(352, offset: 1_542)
        if case .apply(var a) = show { a.animation = KeyboardAnimation(duration: 0.25, curve: 7); show = .apply(a) }
        #expect(avoider.received(Self.keyboard(.willShow, height: 336), in: Self.layout(offset: 1_240)) == show)
        // A message of 100: the end is followed though the range grew.
        let message = avoider.layoutChanged(Self.layout(offset: 1_542, content: 2_100))
        #expect(message.adjustment?.contentOffset == KBPoint(x: 0, y: 1_642) && message.adjustment?.contentInset == Self.inset(352))
        // The composer grows by a line: the end stays right above it.
        let grown = avoider.layoutChanged(Self.layout(offset: 1_642, content: 2_100, composer: Composer(height: 70, restingInset: 34)))
        #expect(grown.adjustment?.contentInset == Self.inset(372) && grown.adjustment?.contentOffset == KBPoint(x: 0, y: 1_662))
        // Hidden: back to the composer at rest (70 over the safe area), the
        // end still shown (2,100 + 104 − 844).
        let hide = avoider.received(
            KeyboardNotification(name: .willHide, frameEnd: KBRect(x: 0, y: 844, width: 390, height: 336)),
            in: Self.layout(offset: 1_662, content: 2_100, composer: Composer(height: 70, restingInset: 34)))
        #expect(hide.adjustment?.contentInset == Self.inset(70) && hide.adjustment?.contentOffset == KBPoint(x: 0, y: 1_360))
    }

    /// Scrolled up, the offset stays: the rows read keep their place; a
    /// message that arrives does not move them either.
    @Test func scrolledUpTheOffsetStays() {
        var avoider = KeyboardAvoider()
        #expect(avoider.viewAppeared(in: Self.layout(offset: 500)) == Self.apply(50, offset: nil))
        let show = avoider.received(Self.keyboard(.willShow, height: 336), in: Self.layout(offset: 500))
        #expect(show.adjustment?.contentInset == Self.inset(352) && show.adjustment?.contentOffset == nil)
        #expect(avoider.layoutChanged(Self.layout(offset: 500, content: 2_100)) == .ignore(.unchanged))
    }

    /// The user scrolls to the end between events: the next change finds
    /// the transcript at its end and keeps it there.
    @Test func scrolledBackToTheEndItFollowsAgain() {
        var avoider = KeyboardAvoider()
        _ = avoider.viewAppeared(in: Self.layout(offset: 500))
        _ = avoider.received(Self.keyboard(.willShow, height: 336), in: Self.layout(offset: 500))
        let message = avoider.layoutChanged(Self.layout(offset: 1_542, content: 2_100))
        #expect(message.adjustment?.contentOffset == KBPoint(x: 0, y: 1_642))
    }

    /// A window that grows (a rotation, a Stage Manager window resized)
    /// pulls the offset back to the end of its new range, short of the end
    /// the avoider left: the transcript was at its end, and stays there
    /// with the new inset. (The avoider once took the shorter offset for a
    /// reader's, and left the newest message under the composer.)
    @Test func aWindowThatGrowsKeepsTheEndItShowed() {
        var avoider = KeyboardAvoider()
        let small = KBRect(x: 0, y: 0, width: 390, height: 600)
        // 600 tall, no safe area: the composer's top at 600 − 34 − 50 = 516,
        // 84 covered; the end at 2,000 + 84 − 600 = 1,484.
        #expect(avoider.viewAppeared(in: Self.layout(offset: 1_400, window: small)) == Self.apply(84, offset: 1_484))
        // Full screen: UIKit pulls the offset to 2,000 + 84 + 34 − 844 =
        // 1,274; the composer needs 84 over the safe area's 34 (50), the
        // end at 2,000 + 84 − 844 = 1,240.
        #expect(avoider.layoutChanged(Self.layout(offset: 1_274)) == Self.apply(50, offset: 1_240))
        // A reader there instead (offset 900) keeps the rows in place.
        var reader = KeyboardAvoider()
        _ = reader.viewAppeared(in: Self.layout(offset: 900, window: small))
        #expect(reader.layoutChanged(Self.layout(offset: 900)).adjustment?.contentOffset == nil)
    }

    /// A host whose inset adds to the app's own (SwiftUI's margins, over
    /// insets that hold the safe area: the app's own as handed, with
    /// `never`) keeps ours on top of the app's own as it moves: a reader
    /// whose offset SwiftUI pulled to the end of the range the view has
    /// now (ours over the app's new own) sees the end, and follows it when
    /// the keyboard shows. (The avoider once read the offset against the
    /// inset it set over the old own, took it for a reader's, and left the
    /// newest message under the keyboard: a fuzzed SwiftUI chat screen,
    /// seed 202612035, after a rotation.)
    @Test func anOwnInsetThatMovesUnderOursIsReadWithOursOnTop() {
        func swiftUI(offset: Double, content: Double, bar: Double) -> LayoutSnapshot {
            LayoutSnapshot(
                screen: Self.screen,
                scrollView: ScrollViewState(
                    frame: KBRect(origin: .zero, size: Self.screen), safeArea: KBEdgeInsets(bottom: bar), contentInset: KBEdgeInsets(bottom: bar),
                    insetAdjustment: .never, contentSize: KBSize(width: 390, height: content), contentOffset: KBPoint(x: 0, y: offset)),
                composer: Composer(height: 50, restingInset: bar))
        }
        var avoider = KeyboardAvoider()
        // A 49-point tab bar over the home indicator's 34: the composer on
        // its 83, 133 covered; ours is 50 over the app's own 83.
        #expect(avoider.viewAppeared(in: swiftUI(offset: 1_000, content: 2_000, bar: 83)) == Self.apply(133, offset: nil))
        // The bar goes as the content shrinks to 1,700: the view has the
        // app's 34 and our 50, its range ends at 1,700 + 84 − 844 = 940,
        // and SwiftUI pulls the offset there. The composer needs 84: the
        // view has it.
        #expect(avoider.layoutChanged(swiftUI(offset: 940, content: 1_700, bar: 34)) == .ignore(.unchanged))
        // The keyboard: 386 covered, the end followed to 1,700 + 386 − 844.
        let show = avoider.received(Self.keyboard(.didShow, height: 336), in: swiftUI(offset: 940, content: 1_700, bar: 34))
        #expect(show.adjustment?.contentInset == Self.inset(386) && show.adjustment?.contentOffset == KBPoint(x: 0, y: 1_242))
    }

    /// Attached in the layout the user sees, the avoider reads its first
    /// event as it reads any answer of its own: a window that first shrinks
    /// the transcript (600 tall, no safe area) keeps the end a user
    /// followed (at 1,190 at attach: 2,000 + 34 − 844), or the rows a
    /// reader read (at 500). Without the attach, an offset that UIKit left
    /// short of the new end (2,000 + 84 − 600 = 1,484) reads as a reader's.
    @Test func attachedAtItsEndTheFirstRelayoutKeepsTheEnd() {
        let small = KBRect(x: 0, y: 0, width: 390, height: 600)
        var follower = KeyboardAvoider()
        follower.attached(in: Self.layout(offset: 1_190))
        #expect(follower.layoutChanged(Self.layout(offset: 1_190, window: small)) == Self.apply(84, offset: 1_484))
        var reader = KeyboardAvoider()
        reader.attached(in: Self.layout(offset: 500))
        #expect(reader.layoutChanged(Self.layout(offset: 500, window: small)) == Self.apply(84, offset: nil))
        var unattached = KeyboardAvoider()
        #expect(unattached.layoutChanged(Self.layout(offset: 1_190, window: small)) == Self.apply(84, offset: nil))
    }

    /// Content that fits at the attach (300 points, or 810.5: a range half a
    /// point long, the widest that fits) is read as before once UIKit keeps
    /// it at its range's start as a top inset comes (a bar of 20): with no
    /// answer before, it follows its end, so the messages that then make it
    /// scrollable are shown at the end (2,000 + 84 − 844 = 1,240).
    @Test(arguments: [300.0, 810.5])
    func contentThatFitsAtTheAttachFollowsItsEndAfterUIKitKeepsItAtItsStart(content: Double) {
        var avoider = KeyboardAvoider()
        avoider.attached(in: Self.layout(offset: 0, content: content))
        var barred = Self.layout(offset: -20, content: content)
        barred.scrollView.contentInset.top = 20
        let bar = avoider.layoutChanged(barred)
        var message = barred
        message.scrollView.contentOffset = bar.adjustment?.contentOffset ?? barred.scrollView.contentOffset
        message.scrollView.contentSize.height = 2_000
        message.scrollView.contentInset.top = 20
        let answer = avoider.contentChanged(message)
        #expect(answer.adjustment?.contentOffset == KBPoint(x: 0, y: 1_240), "\(bar) then \(answer)")
    }

    /// With no mark (the first event, or a view back in its window),
    /// content that fits follows its end wherever the offset lies: read
    /// above its range's start (at −20, as a view back in its window is
    /// before UIKit lays it out at a new safe area), 700 points that fit
    /// over the composer (844 − 34 − 50 = 760) follow their end when a
    /// keyboard makes them scroll (700 + 386 − 844 = 242); so do 810.5
    /// points, whose range is half a point long (the widest that fits),
    /// which the composer's inset makes scroll at once (to 810.5 + 84 − 844
    /// = 50.5), then the keyboard (to 352.5). Found by the UIKit glue's
    /// differential on chat screens (seed 20261281).
    @Test(arguments: [(700.0, 0.0, 242.0), (810.5, 50.5, 352.5)])
    func contentThatFitsReadAboveItsRangesStartFollowsItsEnd(content: Double, appearedAt: Double, shownAt: Double) {
        var avoider = KeyboardAvoider()
        let appeared = avoider.viewAppeared(in: Self.layout(offset: -20, content: content))
        #expect((appeared.adjustment?.contentOffset ?? KBPoint(x: 0, y: -20)) == KBPoint(x: 0, y: appearedAt), "\(appeared)")
        let show = avoider.received(Self.keyboard(.willShow, height: 336), in: Self.layout(offset: appearedAt, content: content))
        #expect(show.adjustment?.contentOffset == KBPoint(x: 0, y: shownAt), "\(show)")
    }

    /// The attach sets nothing, and is no answer: it is ignored once the
    /// avoider has answered (its own mark is newer), off screen, and on a
    /// screen of fields.
    @Test func anAttachAfterAnAnswerOffScreenOrWithoutAComposerChangesNothing() {
        let small = KBRect(x: 0, y: 0, width: 390, height: 600)
        // Answered at 500 (a reader), then "attached" at the end: still a reader.
        var answered = KeyboardAvoider()
        _ = answered.viewAppeared(in: Self.layout(offset: 500))
        answered.attached(in: Self.layout(offset: 1_190))
        #expect(answered.layoutChanged(Self.layout(offset: 500, window: small)).adjustment?.contentOffset == nil)
        var offScreen = KeyboardAvoider(visible: false)
        offScreen.attached(in: Self.layout(offset: 1_190))
        #expect(offScreen.viewAppeared(in: Self.layout(offset: 1_190, window: small)) == Self.apply(84, offset: nil))
        var fields = KeyboardAvoider()
        var noComposer = Self.layout(offset: 1_190)
        noComposer.composer = nil
        fields.attached(in: noComposer)
        #expect(fields.layoutChanged(Self.layout(offset: 1_190, window: small)) == Self.apply(84, offset: nil))
    }

    /// At its end means within half a point of the end the avoider left,
    /// inclusive: a message then is followed; a quarter point further up,
    /// it is not (binary fractions, so the sums are exact).
    @Test func theRememberedEndIsHalfAPointWide() {
        for (offset, followed) in [(1_239.5, true), (1_239.25, false)] {
            var avoider = KeyboardAvoider()
            _ = avoider.viewAppeared(in: Self.layout(offset: 1_190))
            // The user scrolls up a little (no event); a message of 100 arrives.
            let message = avoider.layoutChanged(Self.layout(offset: offset, content: 2_100))
            #expect(message.adjustment?.contentOffset == (followed ? KBPoint(x: 0, y: 1_340) : nil), "offset \(offset)")
        }
    }

    /// An offset moved since the last answer is at the end when it lies
    /// within half a point of the end of the range the inset on the view
    /// gives now, inclusive: here the content shrank to 1,900 (UIKit pulls
    /// the offset to that range's end, 1,900 + 84 − 844 = 1,140) while the
    /// composer grew to 70. Half a point short, the end is followed to
    /// 1,900 + 104 − 844 = 1,160; three quarters short, the rows stay.
    @Test func theRangesEndIsHalfAPointWide() {
        for (offset, followed) in [(1_139.5, true), (1_140.5, true), (1_139.25, false)] {
            var avoider = KeyboardAvoider()
            _ = avoider.viewAppeared(in: Self.layout(offset: 1_190))
            let changed = avoider.layoutChanged(
                Self.layout(offset: offset, content: 1_900, composer: Composer(height: 70, restingInset: 34)))
            #expect(changed.adjustment?.contentOffset == (followed ? KBPoint(x: 0, y: 1_160) : nil), "offset \(offset)")
        }
    }

    /// A reader who scrolls to the end as content goes (messages deleted:
    /// 2,000 to 1,900, the end at 1,900 + 84 − 844 = 1,140) is at the end
    /// when within half a point of it, inclusive: the next message is
    /// followed (to 1,240); three quarters short, it is not.
    @Test func aReaderAtTheEndOfShrunkContentIsAtTheEnd() {
        for (offset, followed) in [(1_139.5, true), (1_139.25, false)] {
            var avoider = KeyboardAvoider()
            _ = avoider.viewAppeared(in: Self.layout(offset: 500))
            let shrunk = avoider.layoutChanged(Self.layout(offset: offset, content: 1_900))
            #expect(shrunk.adjustment?.contentOffset == (followed ? KBPoint(x: 0, y: 1_140) : nil), "offset \(offset)")
            let message = avoider.layoutChanged(Self.layout(offset: followed ? 1_140 : offset, content: 2_000))
            #expect(message.adjustment?.contentOffset == (followed ? KBPoint(x: 0, y: 1_240) : nil), "offset \(offset)")
        }
    }

    /// A reader whose end comes to lie half a point below the rows it
    /// reads is at the end from then on, inclusive (the end's half-point
    /// width again): the content shrinks under a reader at 500 to
    /// 1,260.5 (its end at 500.5), the user sees it (a change of the
    /// content alone, not a layout pass), and the next message is
    /// followed; at 1,260.75 (its end at 500.75) it is not.
    @Test func aReaderHalfAPointFromTheEndIsAtTheEnd() {
        for (content, followed) in [(1_260.5, true), (1_260.75, false)] {
            var avoider = KeyboardAvoider()
            _ = avoider.viewAppeared(in: Self.layout(offset: 500))
            #expect(avoider.contentChanged(Self.layout(offset: 500, content: content)).adjustment?.contentOffset == nil)
            let message = avoider.contentChanged(Self.layout(offset: 500, content: content + 100))
            #expect(message.adjustment?.contentOffset == (followed ? KBPoint(x: 0, y: 600.5) : nil), "content \(content)")
        }
    }

    /// The same shrink handed as a layout pass (`layoutChanged`), with the
    /// message's layout pass right after it, was never on screen: the user
    /// last saw a reader, and the message leaves the rows at 500
    /// (``GlanceMoment``).
    @Test func anEndTheUserNeverSawMakesNoFollower() {
        var avoider = KeyboardAvoider()
        _ = avoider.viewAppeared(in: Self.layout(offset: 500))
        #expect(avoider.layoutChanged(Self.layout(offset: 500, content: 1_260.5)).adjustment?.contentOffset == nil)
        #expect(avoider.layoutChanged(Self.layout(offset: 500, content: 1_360.5)).adjustment?.contentOffset == nil)
    }

    /// Content fits when its end lies within half a point of its range's
    /// start, inclusive, and content that fits keeps the way it was read:
    /// a reader at the top of a transcript that shrinks to 760.5 (its end
    /// at 0.5) still reads it, so a message that arrives next is not
    /// followed. (Were it not fitting, the offset half a point from the
    /// end would count as the end.)
    @Test func contentHalfAPointLongerThanTheViewFits() {
        var avoider = KeyboardAvoider()
        _ = avoider.viewAppeared(in: Self.layout(offset: 0))
        #expect(avoider.layoutChanged(Self.layout(offset: 0, content: 760.5)).adjustment?.contentOffset == nil)
        #expect(avoider.layoutChanged(Self.layout(offset: 0, content: 860.5)) == .ignore(.unchanged))
        // Moved within content that fit (to its end, half a point down):
        // still read as before, so a message is not followed either.
        var moved = KeyboardAvoider()
        _ = moved.viewAppeared(in: Self.layout(offset: 0))
        _ = moved.layoutChanged(Self.layout(offset: 0, content: 760.5))
        #expect(moved.layoutChanged(Self.layout(offset: 0.5, content: 860.5)) == .ignore(.unchanged))
    }

    /// The app sets a smaller inset of its own under a reader: UIKit pulls
    /// the offset back to the end of the range that inset gives; the
    /// avoider puts its own inset back and the rows back where the reader
    /// had them, instead of taking the pulled offset for the end.
    @Test func aReaderPulledBackByTheAppsInsetGetsItsRowsBack() {
        var avoider = KeyboardAvoider()
        _ = avoider.viewAppeared(in: Self.layout(offset: 500))
        _ = avoider.received(Self.keyboard(.willShow, height: 336), in: Self.layout(offset: 500))
        // The user scrolls to 1,500 (the end is at 2,000 + 386 − 844 = 1,542).
        #expect(avoider.layoutChanged(Self.layout(offset: 1_500)) == .ignore(.unchanged))
        // The app's own 20 points: UIKit pulls to 2,000 + 54 − 844 = 1,210.
        let own = avoider.ownInsetSet(in: Self.layout(offset: 1_210, own: 20))
        #expect(own.adjustment?.contentInset == Self.inset(352) && own.adjustment?.contentOffset == KBPoint(x: 0, y: 1_500))
        // A reader that scrolled there itself stays there.
        var scrolled = KeyboardAvoider()
        _ = scrolled.viewAppeared(in: Self.layout(offset: 500))
        _ = scrolled.received(Self.keyboard(.willShow, height: 336), in: Self.layout(offset: 500))
        #expect(scrolled.ownInsetSet(in: Self.layout(offset: 1_000, own: 20)).adjustment?.contentOffset == nil)
        // One that scrolled to where the app's new range ends (1,210) reads
        // there too: that end was never on screen, ours (1,542) was.
        var atAppsEnd = KeyboardAvoider()
        _ = atAppsEnd.viewAppeared(in: Self.layout(offset: 500))
        _ = atAppsEnd.received(Self.keyboard(.willShow, height: 336), in: Self.layout(offset: 500))
        _ = atAppsEnd.layoutChanged(Self.layout(offset: 1_210))
        let kept = atAppsEnd.ownInsetSet(in: Self.layout(offset: 1_210, own: 20))
        #expect(kept.adjustment?.contentInset == Self.inset(352) && kept.adjustment?.contentOffset == nil)
    }

    /// The user's scroll sets where they read, even one that cannot move
    /// the offset (content that fits). A reader scrolls to 100 while the
    /// keyboard (336) shows, 700 points of content ending at 242; the hide
    /// comes before the user sees that, and its answer (the content fits:
    /// offset 0) keeps the rows at 100 for the keyboard's return. Content
    /// that changes at 0 leaves them kept, and the keyboard's return puts
    /// them back; a scroll at 0 is the user reading there, and the
    /// keyboard's return leaves the offset at 0.
    @Test func aScrollThatCannotMoveIsWhereTheUserReads() {
        func keyboardBack(after event: AvoiderEvent) -> KBPoint? {
            var avoider = KeyboardAvoider()
            _ = avoider.viewAppeared(in: Self.layout(offset: 0, content: 700))
            _ = avoider.received(Self.keyboard(.willShow, height: 336), in: Self.layout(offset: 0, content: 700))
            #expect(avoider.scrolled(Self.layout(offset: 100, content: 700)) == .ignore(.unchanged))
            let hide = KeyboardNotification(name: .willHide, frameEnd: KBRect(x: 0, y: 844, width: 390, height: 336))
            #expect(avoider.received(hide, in: Self.layout(offset: 100, content: 700)) == Self.apply(50, offset: 0))
            _ = avoider.handle(event, in: Self.layout(offset: 0, content: 700))
            return avoider.received(Self.keyboard(.willShow, height: 336), in: Self.layout(offset: 0, content: 700)).adjustment?.contentOffset
        }
        #expect(keyboardBack(after: .contentChanged) == KBPoint(x: 0, y: 100))
        #expect(keyboardBack(after: .scrolled) == nil)
    }

    /// A scroll is an event of the app's own (``GlanceMoment``), as the
    /// oracle reads it, whatever came before it, a DidShow included. The
    /// keyboard (336) is up under a 90-point composer (the end at 1,582);
    /// the reader scrolls to 1,570 as the composer goes back to 50 in the
    /// same pass (the end at 1,542), which cannot hold the rows. Two layout
    /// passes follow, the second with the composer at 90 again: the user
    /// saw neither answer, so the second puts the rows read back at 1,570.
    @Test func aScrollAfterADidShowIsTheAppsOwnEvent() {
        var avoider = KeyboardAvoider()
        let tall = Composer(height: 90, restingInset: 34), short = Composer(height: 50, restingInset: 34)
        _ = avoider.viewAppeared(in: Self.layout(offset: 500, composer: tall))
        _ = avoider.received(Self.keyboard(.willShow, height: 336), in: Self.layout(offset: 500, composer: tall))
        _ = avoider.received(Self.keyboard(.didShow, height: 336), in: Self.layout(offset: 500, composer: tall))
        let scroll = avoider.scrolled(Self.layout(offset: 1_570, composer: short))
        #expect(scroll.adjustment?.contentInset == Self.inset(352) && scroll.adjustment?.contentOffset == KBPoint(x: 0, y: 1_542))
        #expect(avoider.layoutChanged(Self.layout(offset: 1_542, composer: short)) == .ignore(.unchanged))
        let back = avoider.layoutChanged(Self.layout(offset: 1_542, composer: tall))
        #expect(back.adjustment?.contentInset == Self.inset(392) && back.adjustment?.contentOffset == KBPoint(x: 0, y: 1_570))
    }

    /// A pull is told from a scroll by half a point each way, inclusive:
    /// the offset the reader had lies more than half a point past the
    /// shorter range's end, and the offset now within half a point of
    /// that end. The app's 310 points end the range at 1,500; with the
    /// keyboard's 352 back, the end is at 1,542. An offset at its end
    /// (within half a point of it) is pulled by any amount.
    @Test func aPullIsToldFromAScrollByHalfAPoint() {
        func afterOwnInset(reader: Double, now: Double) -> KBPoint? {
            var avoider = KeyboardAvoider()
            _ = avoider.viewAppeared(in: Self.layout(offset: 500))
            _ = avoider.received(Self.keyboard(.willShow, height: 336), in: Self.layout(offset: 500))
            _ = avoider.layoutChanged(Self.layout(offset: reader))
            return avoider.ownInsetSet(in: Self.layout(offset: now, own: 310)).adjustment?.contentOffset
        }
        // A reader at 1,289.5 whom the hide leaves half a point short of
        // the end of the app's 100 points (1,290) sees the end, and
        // follows it; the app's 99.25 points end the range at 1,289.25,
        // and UIKit pulls the offset there by a quarter of a point: still
        // the end the user followed, followed when the keyboard shows.
        var atEnd = KeyboardAvoider()
        _ = atEnd.viewAppeared(in: Self.layout(offset: 500, own: 100))
        _ = atEnd.received(Self.keyboard(.willShow, height: 336), in: Self.layout(offset: 500, own: 100))
        _ = atEnd.received(Self.keyboard(.didShow, height: 336), in: Self.layout(offset: 500, own: 100))
        _ = atEnd.layoutChanged(Self.layout(offset: 1_289.5, own: 100))
        _ = atEnd.received(Self.keyboard(.willHide, height: 336), in: Self.layout(offset: 1_289.5, own: 100))
        _ = atEnd.received(Self.keyboard(.didHide, height: 336), in: Self.layout(offset: 1_289.5, own: 100))
        #expect(atEnd.ownInsetSet(in: Self.layout(offset: 1_289.25, own: 99.25)).adjustment?.contentOffset == nil)
        let shown = atEnd.received(Self.keyboard(.willShow, height: 336), in: Self.layout(offset: 1_289.25, own: 99.25))
        #expect(shown.adjustment?.contentOffset == KBPoint(x: 0, y: 1_542), "the end: 2,000 + 352 + 34 − 844")
        // Half a point past the end: not pulled, a reader's own offset
        // (the end of the app's range was never on screen), kept.
        #expect(afterOwnInset(reader: 1_500.5, now: 1_500) == nil)
        // Three quarters past it: pulled; the rows come back.
        #expect(afterOwnInset(reader: 1_500.75, now: 1_500) == KBPoint(x: 0, y: 1_500.75))
        // Left half a point short of the end: still pulled; three quarters
        // short, a reader's own offset, kept.
        #expect(afterOwnInset(reader: 1_520, now: 1_499.5) == KBPoint(x: 0, y: 1_520))
        #expect(afterOwnInset(reader: 1_520, now: 1_499.25) == nil)
    }

    /// A rotation's layout pass while the keyboard waits to be reported
    /// for the new screen: the composer rests, so the range is short for a
    /// moment and the reader's rows are pulled to its end; when iOS
    /// reports the keyboard for this screen, they come back.
    @Test func aReadersRowsComeBackWithTheKeyboardAfterARotation() {
        let landscape = Self.landscape, portrait = Self.portrait
        var avoider = KeyboardAvoider()
        _ = avoider.viewAppeared(in: landscape(2_300))
        // A 200-point keyboard in landscape: 250 covered, the reader at 2,300 stays.
        let show = avoider.received(
            KeyboardNotification(name: .willShow, frameEnd: KBRect(x: 0, y: 190, width: 844, height: 200)), in: landscape(2_300))
        #expect(show.adjustment?.contentInset == Self.inset(250) && show.adjustment?.contentOffset == nil)
        // Portrait, the keyboard not yet reported for it: the composer
        // rests, the range ends at 3,000 + 84 − 844 = 2,240.
        let pass = avoider.layoutChanged(portrait(2_300))
        #expect(pass.adjustment?.contentInset == Self.inset(50) && pass.adjustment?.contentOffset == KBPoint(x: 0, y: 2_240))
        // The keyboard for portrait: the range ends at 2,542, and holds the rows at 2,300 again.
        let back = avoider.received(Self.keyboard(.willChangeFrame, height: 336), in: portrait(2_240))
        #expect(back.adjustment?.contentInset == Self.inset(352) && back.adjustment?.contentOffset == KBPoint(x: 0, y: 2_300))
        // A flip to the other landscape keeps the frame: the same short
        // moment (the range ends at 3,000 + 50 − 390 = 2,660 under a
        // reader at 2,800), the same rows back with the keyboard.
        var flipped = KeyboardAvoider()
        let keyboard = KeyboardNotification(name: .willShow, frameEnd: KBRect(x: 0, y: 190, width: 844, height: 200))
        _ = flipped.viewAppeared(in: landscape(2_800))
        _ = flipped.received(keyboard, in: landscape(2_800))
        var left = landscape(2_800)
        left.orientation = .landscapeLeft
        #expect(flipped.layoutChanged(left).adjustment?.contentOffset == KBPoint(x: 0, y: 2_660))
        left.scrollView.contentOffset.y = 2_660
        let again = flipped.received(KeyboardNotification(name: .willChangeFrame, frameEnd: keyboard.frameEnd), in: left)
        #expect(again.adjustment?.contentInset == Self.inset(250) && again.adjustment?.contentOffset == KBPoint(x: 0, y: 2_800))
    }

    /// A transcript of 3,000 points filling the screen turned sideways (no
    /// safe area below), with a 50-point composer.
    static func landscape(_ offset: Double) -> LayoutSnapshot {
        let wide = KBSize(width: 844, height: 390)
        return LayoutSnapshot(
            screen: wide, orientation: .landscapeRight, scrollView: tall(wide, offset: offset, safeBottom: 0), composer: Composer(height: 50))
    }

    /// The same transcript upright: the composer rests on the 34-point safe area.
    static func portrait(_ offset: Double) -> LayoutSnapshot {
        LayoutSnapshot(
            screen: screen, scrollView: tall(screen, offset: offset, safeBottom: 34), composer: Composer(height: 50, restingInset: 34))
    }

    static func tall(_ size: KBSize, offset: Double, safeBottom: Double) -> ScrollViewState {
        ScrollViewState(
            frame: KBRect(origin: .zero, size: size), safeArea: KBEdgeInsets(top: 0, left: 0, bottom: safeBottom, right: 0),
            contentSize: KBSize(width: size.width, height: 3_000), contentOffset: KBPoint(x: 0, y: offset))
    }

    /// An event that follows an answer the user may not have seen.
    enum NextEvent: String, CaseIterable, CustomTestStringConvertible {
        case focusBegan, focusEnded, viewAppearedAgain, contentChanged, layoutChanged, ownInsetSet

        /// Whether the user looks at the screen before it (``GlanceMoment``):
        /// before an event of the app's own, and never before a layout pass.
        var userLookedFirst: Bool { self != .layoutChanged && self != .ownInsetSet }

        func happen(to avoider: inout KeyboardAvoider, in layout: LayoutSnapshot) {
            switch self {
            case .focusBegan: _ = avoider.focusBegan(FocusedField(frame: KBRect(x: 0, y: 2_300, width: 844, height: 40)), in: layout)
            case .focusEnded: _ = avoider.focusEnded(in: layout)
            case .viewAppearedAgain: _ = avoider.viewAppeared(in: layout)
            case .contentChanged: _ = avoider.contentChanged(layout)
            case .layoutChanged: _ = avoider.layoutChanged(layout)
            case .ownInsetSet: _ = avoider.ownInsetSet(in: layout)
            }
        }

        var testDescription: String { rawValue }
    }

    /// An avoider after a 200-point keyboard's WillShow and DidShow in
    /// landscape, over a reader at 2,300 (which its range holds).
    static func shownInLandscape() -> KeyboardAvoider {
        var avoider = KeyboardAvoider()
        let keyboard = KBRect(x: 0, y: 190, width: 844, height: 200)
        _ = avoider.viewAppeared(in: landscape(2_300))
        _ = avoider.received(KeyboardNotification(name: .willShow, frameEnd: keyboard), in: landscape(2_300))
        _ = avoider.received(KeyboardNotification(name: .didShow, frameEnd: keyboard), in: landscape(2_300))
        return avoider
    }

    /// Each entry point tells the avoider whether the user saw its last
    /// answer. After a DidShow in landscape (a reader at 2,300 over a
    /// 200-point keyboard), a rotation's layout pass ends the range at
    /// 2,240. What the keyboard for portrait (whose range ends at 2,542)
    /// does depends on the event between: after one of the app's own the
    /// user saw the transcript's end at 2,240, and it follows the end to
    /// 2,542; after a layout pass nobody looked, and the rows at 2,300 come
    /// back.
    @Test(arguments: NextEvent.allCases)
    func theNextEventSaysWhetherTheUserSawAShortRange(_ next: NextEvent) {
        var avoider = Self.shownInLandscape()
        #expect(avoider.layoutChanged(Self.portrait(2_300)).adjustment?.contentOffset == KBPoint(x: 0, y: 2_240))
        next.happen(to: &avoider, in: Self.portrait(2_240))
        let back = avoider.received(Self.keyboard(.willChangeFrame, height: 336), in: Self.portrait(2_240))
        #expect(back.adjustment?.contentInset == Self.inset(352))
        #expect(back.adjustment?.contentOffset == KBPoint(x: 0, y: next.userLookedFirst ? 2_542 : 2_300))
    }

    /// Only a Did notification's own answer is always seen: an event right
    /// after a DidShow (here, each bringing the rotation's layout) answers
    /// 2,240 for itself, nobody looks before the Will that follows, and the
    /// reader's rows at 2,300 come back with the keyboard for portrait.
    /// (The app's own inset set with a rotation is not among them: the
    /// avoider takes the offset beyond the shorter range as one a layout
    /// pass left at the end.)
    @Test(arguments: NextEvent.allCases.filter { $0 != .ownInsetSet })
    func anEventAfterADidShowIsNotTheDidShow(_ next: NextEvent) {
        var avoider = Self.shownInLandscape()
        next.happen(to: &avoider, in: Self.portrait(2_300))
        let back = avoider.received(Self.keyboard(.willChangeFrame, height: 336), in: Self.portrait(2_240))
        #expect(back.adjustment?.contentOffset == KBPoint(x: 0, y: 2_300))
    }

    /// A floating keyboard, and a window the docked keyboard does not
    /// reach, leave the composer at rest.
    @Test func theComposerRestsWhereTheKeyboardDoesNotReachIt() {
        var avoider = KeyboardAvoider()
        _ = avoider.viewAppeared(in: Self.layout(offset: 500))
        let floating = KeyboardNotification(name: .didChangeFrame, frameEnd: KBRect(x: 40, y: 300, width: 320, height: 260))
        #expect(avoider.received(floating, in: Self.layout(offset: 500)) == .ignore(.unchanged))
        // A 400-point window from y = 100 on: a 336-point keyboard's top
        // (508) lies below its bottom (500): the composer rests at 450.
        var inWindow = KeyboardAvoider()
        let window = KBRect(x: 0, y: 100, width: 390, height: 400)
        let composer = Composer(height: 50)
        #expect(inWindow.viewAppeared(in: Self.layout(offset: 0, composer: composer, window: window)) == Self.apply(50, offset: nil))
        let show = inWindow.received(Self.keyboard(.willShow, height: 336), in: Self.layout(offset: 0, composer: composer, window: window))
        #expect(show == .ignore(.unchanged))
        // A 436-point one (top 408) lifts it to 358: 142 covered.
        let taller = inWindow.received(
            Self.keyboard(.willChangeFrame, height: 436), in: Self.layout(offset: 0, composer: composer, window: window))
        #expect(taller.adjustment?.contentInset == Self.inset(142))
    }

    /// Where the app's own inset already clears the composer, the answer
    /// is the app's: restored after a keyboard, and unchanged before one.
    @Test func theAppsOwnInsetIsTheAnswerWhereItClearsTheComposer() {
        var avoider = KeyboardAvoider()
        #expect(avoider.viewAppeared(in: Self.layout(offset: 500, own: 50)) == .ignore(.noKeyboard))
        #expect(!avoider.isAdjusted)
        _ = avoider.received(Self.keyboard(.willShow, height: 336), in: Self.layout(offset: 500, own: 50))
        #expect(avoider.isAdjusted)
        let hide = avoider.received(KeyboardNotification(name: .willHide), in: Self.layout(offset: 500, own: 50))
        #expect(
            hide == .restore(Adjustment(contentInset: Self.inset(50), indicatorInsets: Self.inset(50), contentOffset: nil, animation: .systemDefault))
        )
        #expect(!avoider.isAdjusted)
    }

    /// Off screen the avoider forgets where the end was: back on screen,
    /// the view as it is then decides.
    @Test func offScreenTheRememberedEndIsForgotten() {
        var avoider = KeyboardAvoider()
        _ = avoider.viewAppeared(in: Self.layout(offset: 1_190))
        #expect(avoider.viewDisappeared(in: Self.layout(offset: 1_240)).adjustment?.contentInset == .zero)
        // Scrolled up meanwhile, with more content: not at the end.
        #expect(avoider.viewAppeared(in: Self.layout(offset: 1_240, content: 2_500)) == Self.apply(50, offset: nil))
    }

    /// A composer's two values are validated as the rest of the layout,
    /// each named; zero is a composer's least height and resting line.
    @Test func anInvalidComposerIsIgnoredWithItsKey() {
        var avoider = KeyboardAvoider()
        for (composer, reason) in [
            (Composer(height: -1), IgnoreReason.invalid(.composerHeight, .negative)),
            (Composer(height: .infinity), .invalid(.composerHeight, .nonFinite)),
            (Composer(height: 44, restingInset: -0.5), .invalid(.composerRestingInset, .negative)),
            (Composer(height: 44, restingInset: .nan), .invalid(.composerRestingInset, .nonFinite)),
            (Composer(height: 44, restingInset: 2e9), .invalid(.composerRestingInset, .absurdMagnitude)),
        ] {
            #expect(avoider.layoutChanged(Self.layout(offset: 500, composer: composer)) == .ignore(reason))
        }
        #expect(avoider.layoutChanged(Self.layout(offset: 500, composer: Composer(height: 0, restingInset: 0))) == .ignore(.noKeyboard))
    }

    /// The rows a reader never saw the answer to are put back when UIKit
    /// kept the offset at its range's start, within the half-point
    /// tolerance and not beyond it: the case of the regression trace
    /// engine-T2-message-while-hiding-after-unseen-rows (an iPad, the user
    /// scrolls to 70.4, the hide's answer pulls the fitting content to 0, a
    /// message arrives mid-hide and the safe area's 20 comes back with it,
    /// so the range starts at −20).
    @Test(arguments: [(-20.0, true), (-19.6, true), (-19.5, true), (-20.5, true), (-19.4, false), (-21.0, false)])
    func aReadersUnseenRowsComeBackWithinHalfAPointOfTheRangesStart(offset: Double, putBack: Bool) {
        let screen = KBSize(width: 810, height: 1_080)
        func layout(offset: Double, content: Double) -> LayoutSnapshot {
            LayoutSnapshot(
                screen: screen,
                scrollView: ScrollViewState(
                    frame: KBRect(x: 0, y: 0, width: 810, height: 980), safeArea: KBEdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
                    insetAdjustment: .scrollableAxes, contentSize: KBSize(width: 810, height: content), contentOffset: KBPoint(x: 0, y: offset)),
                composer: Composer(height: 56))
        }
        var avoider = KeyboardAvoider()
        _ = avoider.received(
            KeyboardNotification(
                name: .willChangeFrame, frameBegin: KBRect(x: 0, y: 1_080, width: 810, height: 320),
                frameEnd: KBRect(x: 0, y: 760, width: 810, height: 320), duration: 0.25, curve: 7, isLocal: true),
            in: layout(offset: 0, content: 980))
        _ = avoider.contentChanged(layout(offset: 70.4, content: 980))
        _ = avoider.received(
            KeyboardNotification(
                name: .willHide, frameBegin: KBRect(x: 0, y: 1_025, width: 810, height: 313),
                frameEnd: KBRect(x: 0, y: 1_080, width: 810, height: 313), duration: 0.25, curve: 7, isLocal: true),
            in: layout(offset: 70.4, content: 980))
        let message = avoider.contentChanged(layout(offset: offset, content: 1_280))
        let rows = message.adjustment?.contentOffset?.y == 70.4
        #expect(rows == putBack, "offset \(offset): \(message)")
    }
}
