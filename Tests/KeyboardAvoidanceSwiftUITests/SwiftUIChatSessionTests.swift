import KeyboardAvoidance
import KeyboardGeometry
import Testing

@testable import KeyboardAvoidanceSwiftUI

/// The SwiftUI modifier's session on a chat screen: a transcript from under
/// an 88 pt bar to the bottom of an iPhone X-class window, its own bottom
/// safe area 34 pt (SwiftUI reports it in the insets too), 2,000 pt of
/// messages, and a 52 pt composer the modifier places on that safe area. Each rule of the session's
/// "Chat screens" paragraph, with the engine's numbers.
@Suite("SwiftUI modifier: the session on a chat screen")
struct SwiftUIChatSessionTests {
    typealias Session = SwiftUIAvoidanceSession<Int>
    typealias Report = SwiftUIReport<Int>

    static let scene = SwiftUIScene(
        screen: KBSize(width: 375, height: 812), orientation: .portrait, window: KBRect(x: 0, y: 0, width: 375, height: 812))
    static let frame = KBRect(x: 0, y: 88, width: 375, height: 724)
    static let show = KeyboardNotification(
        name: .willShow, frameBegin: KBRect(x: 0, y: 812, width: 375, height: 336), frameEnd: KBRect(x: 0, y: 476, width: 375, height: 336),
        duration: 0.25, curve: 7)
    static let hide = KeyboardNotification(
        name: .willHide, frameBegin: KBRect(x: 0, y: 476, width: 375, height: 336), frameEnd: KBRect(x: 0, y: 812, width: 375, height: 336),
        duration: 0.25, curve: 7)

    static func geometry(margin: Double = 0, offsetY: Double, contentHeight: Double = 2_000) -> SwiftUIScrollGeometry {
        SwiftUIScrollGeometry(
            contentOffset: KBPoint(x: 0, y: offsetY), contentSize: KBSize(width: 375, height: contentHeight),
            containerSize: KBSize(width: 375, height: 724), contentInsets: KBEdgeInsets(bottom: 34 + margin))
    }

    /// The offset of the transcript's end under `margin`.
    static func end(margin: Double = 0, contentHeight: Double = 2_000) -> Double { contentHeight - 724 + 34 + margin }

    static func run(_ session: inout Session, _ reports: [Report]) -> SwiftUISessionStep {
        reports.reduce(SwiftUISessionStep()) { $0.then(session.receive($1)) }
    }

    static func events(_ step: SwiftUISessionStep) -> [AvoiderEvent] { step.handed.map(\.event) }

    /// The margin the keyboard needs: from the composer's top on the
    /// keyboard (476 − 52) to the frame's bottom (812), less the 34 SwiftUI
    /// already holds.
    static let keyboardMargin = 812.0 - (476 - 52) - 34
    /// The margin the composer at rest needs: its height above the 34 pt
    /// safe area SwiftUI already holds.
    static let restingMargin = 52.0

    /// Appeared at the end, the keyboard up, its margin held and its scroll
    /// made.
    static func keyboardUp() -> (Session, SwiftUISessionStep) {
        var s = Session(policy: AvoidancePolicy(), chat: true)
        var step = run(
            &s,
            [
                .appeared, .scene(scene), .frame(frame), .safeArea(KBEdgeInsets(bottom: 34)), .geometry(geometry(offsetY: end())),
                .composerHeight(52), .passEnded,
            ])
        // The composer at rest needs a margin too: SwiftUI reports it held,
        // at the end.
        _ = run(&s, [.geometry(geometry(margin: restingMargin, offsetY: end(margin: restingMargin))), .passEnded])
        step = run(&s, [.keyboard(show), .geometry(geometry(margin: keyboardMargin, offsetY: end(margin: restingMargin))), .passEnded])
        // The scroll lands: an offset alone, no event.
        _ = run(&s, [.geometry(geometry(margin: keyboardMargin, offsetY: end(margin: keyboardMargin)))])
        return (s, step)
    }

    @Test func theLayoutWaitsForTheComposersHeight() {
        var s = Session(policy: AvoidancePolicy(), chat: true)
        var step = Self.run(
            &s,
            [
                .appeared, .scene(Self.scene), .frame(Self.frame), .safeArea(KBEdgeInsets(bottom: 34)), .geometry(Self.geometry(offsetY: Self.end())),
                .passEnded,
            ])
        #expect(s.layout == nil && !s.ready && step.handed.isEmpty, "no composer height: not ready")
        step = Self.run(&s, [.composerHeight(52), .passEnded])
        #expect(s.ready && Self.events(step) == [.viewAppeared])
        #expect(s.layout?.composer == Composer(height: 52, restingInset: 34), "on the scroll view's bottom safe area")
        #expect(step.composerLift == 0, "at rest: SwiftUI rests it on the safe area")
        #expect(step.margins?.content == Self.restingMargin, "the composer at rest covers 52 above the safe area")
    }

    /// A frame that ends higher than the window's bottom with no safe area
    /// of its own (a tab bar below): the composer rests on its bottom.
    @Test func aFrameAboveTheWindowsBottomIsTheRestingLine() {
        var s = Session(policy: AvoidancePolicy(), chat: true)
        let short = KBRect(x: 0, y: 88, width: 375, height: 600)
        _ = Self.run(&s, [.scene(Self.scene), .frame(short), .geometry(Self.geometry(offsetY: 0)), .composerHeight(52), .passEnded])
        #expect(s.layout?.composer?.restingInset == 812.0 - 688)
        #expect(s.layout?.composerLift(keyboard: .offScreen) == 0)
        let keyboard = KeyboardPlacement.docked(KBRect(x: 0, y: 476, width: 375, height: 336))
        #expect(s.layout?.composerLift(keyboard: keyboard) == 688.0 - 476, "from the frame's bottom onto the keyboard")
        #expect(s.layout?.composerLift(keyboard: .floating(KBRect(x: 50, y: 300, width: 300, height: 200))) == 0, "a floating one: at rest")
    }

    /// A bar of the app's raises the scroll view's bottom safe area: the
    /// composer's resting line rises with it, and the engine hears it.
    @Test func aNewBottomSafeAreaMovesTheRestingLine() {
        var (s, _) = Self.keyboardUp()
        _ = Self.run(&s, [.keyboard(Self.hide), .geometry(Self.geometry(margin: Self.restingMargin, offsetY: 800)), .passEnded])
        // SwiftUI's insets hold the new safe area as well: 78 + our 52.
        let step = Self.run(
            &s,
            [
                .safeArea(KBEdgeInsets(bottom: 78)),
                .geometry(
                    SwiftUIScrollGeometry(
                        contentOffset: KBPoint(x: 0, y: 800), contentSize: KBSize(width: 375, height: 2_000),
                        containerSize: KBSize(width: 375, height: 724),
                        contentInsets: KBEdgeInsets(bottom: 78 + 52))), .passEnded,
            ])
        #expect(s.layout?.composer?.restingInset == 78)
        #expect(Self.events(step) == [.layoutChanged], "the view moved: a layout change, not the app's own inset")
        #expect(step.handed.first?.layout.composer?.restingInset == 78)
        #expect(step.margins.map { $0.content == 52 } ?? true, "the composer's 52 over a safe area SwiftUI now holds")
    }

    /// At the end with the keyboard up, the bottom safe area grows and
    /// shrinks back (a bar of the app's shown and hidden under a keyboard
    /// that stays). SwiftUI's insets shrink by as much before our margin
    /// follows, and its layout pulls the offset into the shorter range:
    /// that is the view laid out anew, not the user's scroll, and the
    /// transcript goes back to its end (the engine tells the two by the
    /// safe area it is handed, which SwiftUI's insets hold already).
    @Test func aSafeAreaThatShrinksUnderTheKeyboardKeepsTheEnd() {
        var (s, _) = Self.keyboardUp()
        let margin = Self.keyboardMargin
        func geometry(safe: Double, margin: Double, offsetY: Double) -> SwiftUIScrollGeometry {
            SwiftUIScrollGeometry(
                contentOffset: KBPoint(x: 0, y: offsetY), contentSize: KBSize(width: 375, height: 2_000),
                containerSize: KBSize(width: 375, height: 724), contentInsets: KBEdgeInsets(bottom: safe + margin))
        }
        let end = Self.end(margin: margin)
        // 83 pt: the resting line (812 − 83) stays under the keyboard's
        // top, so the composer and the end stay where they are.
        var step = Self.run(&s, [.safeArea(KBEdgeInsets(bottom: 83)), .geometry(geometry(safe: 83, margin: margin, offsetY: end)), .passEnded])
        let grown = step.margins?.content ?? margin
        #expect(grown == margin - 49, "the same inset in all: \(grown)")
        #expect(step.scroll == nil, "still at the end")
        _ = Self.run(&s, [.geometry(geometry(safe: 83, margin: grown, offsetY: end))])
        // Back to 34: SwiftUI's range ends 49 pt short until our margin
        // follows, and it pulls the offset back by as much.
        step = Self.run(&s, [.safeArea(KBEdgeInsets(bottom: 34)), .geometry(geometry(safe: 34, margin: grown, offsetY: end - 49)), .passEnded])
        #expect(step.margins?.content == margin)
        let held = Self.run(&s, [.geometry(geometry(safe: 34, margin: margin, offsetY: end - 49))])
        #expect((step.scroll ?? held.scroll)?.y == end, "back at the end once the margin holds: \(String(describing: step.scroll ?? held.scroll))")
    }

    @Test func theKeyboardLiftsTheComposerAndTheMarginClearsIt() {
        let (_, step) = Self.keyboardUp()
        #expect(step.composerLift == 778.0 - 476, "from its resting line onto the keyboard's top")
        #expect(step.margins?.content == Self.keyboardMargin)
        #expect(step.scroll?.y == Self.end(margin: Self.keyboardMargin), "once the margin holds: the newest message above the composer")
        #expect(step.animation == KeyboardAnimation(duration: 0.25, curve: 7), "the lift goes with the keyboard")
    }

    @Test func aMessageThatArrivesAtTheEndIsFollowed() {
        var (s, _) = Self.keyboardUp()
        let m = Self.keyboardMargin
        let step = Self.run(&s, [.geometry(Self.geometry(margin: m, offsetY: Self.end(margin: m), contentHeight: 2_120)), .passEnded])
        #expect(Self.events(step) == [.contentChanged])
        #expect(step.scroll?.y == Self.end(margin: m, contentHeight: 2_120))
    }

    @Test func aReadersScrollIsHeardAndNeverScrolledAndTheRowsStay() {
        var (s, _) = Self.keyboardUp()
        let m = Self.keyboardMargin
        var step = Self.run(&s, [.userScrolling(true), .geometry(Self.geometry(margin: m, offsetY: 500)), .passEnded])
        #expect(Self.events(step) == [.scrolled] && step.scroll == nil, "the finger owns the offset")
        step = Self.run(&s, [.geometry(Self.geometry(margin: m, offsetY: 400)), .userScrolling(false), .passEnded])
        #expect(Self.events(step) == [.scrolled] && step.scroll == nil, "the drag and its end: one pass")
        #expect(step.handed.last?.layout.scrollView.contentOffset.y == 400)
        step = Self.run(&s, [.geometry(Self.geometry(margin: m, offsetY: 400, contentHeight: 2_120)), .passEnded])
        #expect(Self.events(step) == [.contentChanged])
        #expect(step.scroll == nil || step.scroll?.y == 400, "a message while reading: the rows stay")
    }

    /// A new offset the user does not drive (ours, landing) is no event.
    @Test func anOffsetAloneIsNoEventUnlessTheUserDrivesIt() {
        var (s, _) = Self.keyboardUp()
        let step = Self.run(&s, [.geometry(Self.geometry(margin: Self.keyboardMargin, offsetY: 300)), .passEnded])
        #expect(step.handed.isEmpty && !step.passBegan)
    }

    @Test func aComposerThatGrowsRaisesTheMarginAndKeepsTheEnd() {
        var (s, _) = Self.keyboardUp()
        let m = Self.keyboardMargin
        var step = Self.run(&s, [.composerHeight(72), .passEnded])
        #expect(Self.events(step) == [.contentChanged])
        #expect(step.margins?.content == m + 20)
        #expect(step.composerLift == nil, "its bottom stays on the keyboard")
        step = Self.run(&s, [.geometry(Self.geometry(margin: m + 20, offsetY: Self.end(margin: m)))])
        #expect(step.scroll?.y == Self.end(margin: m + 20), "once the margin holds")
    }

    @Test func aHideSetsTheComposerBackOnTheSafeArea() {
        var (s, _) = Self.keyboardUp()
        let step = Self.run(&s, [.keyboard(Self.hide)])
        #expect(step.composerLift == 0, "back on its resting line")
        #expect(step.margins?.content == 52, "the composer at rest: 52 above the 34 SwiftUI holds")
    }

    /// A session of fields ignores a composer's height and the user's
    /// scroll, as before.
    @Test func aSessionOfFieldsHasNoComposer() {
        var s = Session(policy: AvoidancePolicy())
        let step = Self.run(
            &s,
            [
                .scene(Self.scene), .frame(Self.frame), .geometry(Self.geometry(offsetY: 0)), .composerHeight(52), .passEnded, .userScrolling(true),
                .geometry(Self.geometry(offsetY: 100)), .userScrolling(false), .passEnded,
            ])
        #expect(s.layout?.composer == nil && step.composerLift == nil)
        #expect(step.handed.isEmpty)
    }

    /// The app's own insets change under ours (a bar of its own): the
    /// engine hears the app set its inset, as the UIKit adapter tells it,
    /// not a layout change, and the transcript keeps its end.
    @Test func theAppsOwnInsetIsHandedAsTheAppsOwn() {
        var (s, _) = Self.keyboardUp()
        let m = Self.keyboardMargin
        let step = Self.run(&s, [.geometry(Self.geometry(margin: m + 44, offsetY: Self.end(margin: m))), .passEnded])
        #expect(Self.events(step) == [.ownInsetSet])
        #expect(step.handed.first?.layout.scrollView.contentInset.bottom == 34.0 + 44, "SwiftUI's insets less our margin")
    }

    /// A scroll the modifier makes is taken as landed: a pass that ends
    /// before SwiftUI reports the new offset hands the engine the offset
    /// its answer left, not the old one (which would read as the user's
    /// own scroll, and leave the transcript short of its end).
    @Test func aScrollTheModifierMakesIsTakenAsLanded() {
        var (s, _) = Self.keyboardUp()
        let m = Self.keyboardMargin
        // A message: the answer scrolls at once (the margin is unchanged).
        var step = Self.run(&s, [.geometry(Self.geometry(margin: m, offsetY: Self.end(margin: m), contentHeight: 2_120)), .passEnded])
        #expect(step.scroll?.y == Self.end(margin: m, contentHeight: 2_120))
        // The composer grows before SwiftUI reports that offset.
        step = Self.run(&s, [.composerHeight(72), .passEnded])
        #expect(step.handed.first?.layout.scrollView.contentOffset.y == Self.end(margin: m, contentHeight: 2_120))
    }

    /// An app's own inset that now does what our margin did: the engine
    /// holds no inset of its own, and our margin goes (SwiftUI's margins add
    /// to the app's, where UIKit's inset would have replaced ours).
    @Test func anOwnInsetThatDoesOurMarginsWorkTakesItAway() {
        var s = Session(policy: AvoidancePolicy(), chat: true)
        _ = Self.run(
            &s,
            [
                .appeared, .scene(Self.scene), .frame(Self.frame), .safeArea(KBEdgeInsets(bottom: 34)), .geometry(Self.geometry(offsetY: Self.end())),
                .composerHeight(52), .passEnded,
            ])
        _ = Self.run(&s, [.geometry(Self.geometry(margin: Self.restingMargin, offsetY: Self.end(margin: Self.restingMargin))), .passEnded])
        // The app's own bottom inset of 52 (a bar's height) under our 52.
        let step = Self.run(
            &s, [.geometry(Self.geometry(margin: 52 + Self.restingMargin, offsetY: Self.end(margin: Self.restingMargin))), .passEnded])
        #expect(Self.events(step) == [.ownInsetSet])
        #expect(step.margins?.content == 0, "the app's 52 over the safe area covers the composer: ours goes")
    }

    /// The end of a drag is the user's scroll: an offset SwiftUI reports
    /// in the same turn, after the phase came to rest, is where it ended.
    /// Its start alone, with no new offset, is nothing.
    @Test func theEndOfADragIsTheUsersScrollAndItsStartAloneIsNot() {
        var (s, _) = Self.keyboardUp()
        let m = Self.keyboardMargin
        var step = Self.run(&s, [.userScrolling(true), .passEnded])
        #expect(step.handed.isEmpty && !step.passBegan, "a finger down, nothing moved")
        step = Self.run(&s, [.userScrolling(false), .geometry(Self.geometry(margin: m, offsetY: 400)), .passEnded])
        #expect(Self.events(step) == [.scrolled] && step.scroll == nil)
        #expect(step.handed.first?.layout.scrollView.contentOffset.y == 400)
    }

    /// A scroll that waited for its margin is taken as landed when it goes:
    /// the pass that the margin's report opened hands the engine that
    /// offset, not the one SwiftUI reported with the margin.
    @Test func aScrollReleasedByItsMarginIsTakenAsLanded() {
        let (_, step) = Self.keyboardUp()
        #expect(Self.events(step).last == .layoutChanged)
        #expect(step.handed.last?.layout.scrollView.contentOffset.y == Self.end(margin: Self.keyboardMargin))
    }

    /// A new bottom safe area alone, SwiftUI's insets as they were, is a
    /// pass of its own: a layout change.
    @Test func aNewBottomSafeAreaAloneIsALayoutChange() {
        var (s, _) = Self.keyboardUp()
        let step = Self.run(&s, [.safeArea(KBEdgeInsets(bottom: 78)), .passEnded])
        #expect(Self.events(step) == [.layoutChanged])
        #expect(step.handed.first?.layout.composer?.restingInset == 78)
    }

    /// A new top safe area alone (an iPad window moved under a shown
    /// keyboard) is a layout change too, and the engine is handed every
    /// edge of it: a transcript tells a view laid out anew from the user's
    /// scroll by its frame and its whole safe area, so a top edge left out
    /// would read SwiftUI's pull of the offset as the user's.
    @Test func aNewTopSafeAreaAloneIsALayoutChangeHandedWhole() {
        var (s, _) = Self.keyboardUp()
        let moved = KBEdgeInsets(top: 12, left: 0, bottom: 34, right: 0)
        let step = Self.run(&s, [.safeArea(moved), .passEnded])
        #expect(Self.events(step) == [.layoutChanged])
        #expect(step.handed.first?.layout.scrollView.safeArea == moved)
        #expect(step.handed.first?.layout.scrollView.insetAdjustment == .never, "the insets SwiftUI reports hold it already")
    }

    /// A pass that moved the view (its frame, its scene) while SwiftUI's
    /// insets changed with it is a layout change, not the app setting its
    /// own inset: the view's safe area is in those insets.
    @Test(arguments: [false, true])
    func aPassThatMovedTheViewIsALayoutChangeWhateverTheInsets(movesTheScene: Bool) {
        var (s, _) = Self.keyboardUp()
        let m = Self.keyboardMargin
        let moved: Report =
            movesTheScene
            ? .scene(SwiftUIScene(screen: Self.scene.screen, orientation: .portrait, window: KBRect(x: 0, y: 10, width: 375, height: 802)))
            : .frame(KBRect(x: 0, y: 100, width: 375, height: 712))
        let insets = SwiftUIScrollGeometry(
            contentOffset: KBPoint(x: 0, y: Self.end(margin: m)), contentSize: KBSize(width: 375, height: 2_000),
            containerSize: KBSize(width: 375, height: 724), contentInsets: KBEdgeInsets(bottom: 34 + m + 10))
        let step = Self.run(&s, [moved, .geometry(insets), .passEnded])
        #expect(Self.events(step) == [.layoutChanged])
    }

    /// A frame that reaches the window's bottom with no safe area of its
    /// own: the composer rests on the window's bottom edge.
    @Test func aFrameOnTheWindowsBottomWithNoSafeAreaRestsThere() {
        var s = Session(policy: AvoidancePolicy(), chat: true)
        _ = Self.run(&s, [.scene(Self.scene), .frame(Self.frame), .geometry(Self.geometry(offsetY: 0)), .composerHeight(52), .passEnded])
        #expect(s.layout?.composer?.restingInset == 0)
    }

}
