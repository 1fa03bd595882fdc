import KeyboardAvoidance
import KeyboardGeometry
import Testing

@testable import KeyboardAvoidanceSwiftUI

/// The SwiftUI modifier's session on a chat screen: a transcript from under
/// an 88 pt bar to the bottom of an iPhone X-class window whose bottom safe
/// area is 34 pt (SwiftUI reports it in the insets), 2,000 pt of messages,
/// and a 52 pt composer the modifier places. Each rule of the session's
/// "Chat screens" paragraph, with the engine's numbers.
@Suite("SwiftUI modifier: the session on a chat screen")
struct SwiftUIChatSessionTests {
    typealias Session = SwiftUIAvoidanceSession<Int>
    typealias Report = SwiftUIReport<Int>

    static let scene = SwiftUIScene(
        screen: KBSize(width: 375, height: 812), orientation: .portrait, window: KBRect(x: 0, y: 0, width: 375, height: 812), bottomSafeArea: 34)
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
        var step = run(&s, [.appeared, .scene(scene), .frame(frame), .geometry(geometry(offsetY: end())), .composerHeight(52), .passEnded])
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
        var step = Self.run(&s, [.appeared, .scene(Self.scene), .frame(Self.frame), .geometry(Self.geometry(offsetY: Self.end())), .passEnded])
        #expect(s.layout == nil && !s.ready && step.handed.isEmpty, "no composer height: not ready")
        step = Self.run(&s, [.composerHeight(52), .passEnded])
        #expect(s.ready && Self.events(step) == [.viewAppeared])
        #expect(s.layout?.composer == Composer(height: 52, restingInset: 34), "the window's safe area, higher than the frame's bottom")
        #expect(step.composerLift == 34, "at rest, on the safe area: 34 above the frame's bottom")
        #expect(step.margins?.content == Self.restingMargin, "the composer at rest covers 52 above the safe area")
    }

    /// A frame that ends higher than the safe area (a tab bar below): the
    /// composer rests on it, and its region ends there.
    @Test func aFrameAboveTheSafeAreaIsTheRestingLine() {
        var s = Session(policy: AvoidancePolicy(), chat: true)
        let short = KBRect(x: 0, y: 88, width: 375, height: 600)
        _ = Self.run(&s, [.scene(Self.scene), .frame(short), .geometry(Self.geometry(offsetY: 0)), .composerHeight(52), .passEnded])
        #expect(s.layout?.composer?.restingInset == 812.0 - 688)
        #expect(s.layout?.composerLift(keyboard: .offScreen) == 0, "the region ends at the frame: no lift")
        let keyboard = KeyboardPlacement.docked(KBRect(x: 0, y: 476, width: 375, height: 336))
        #expect(s.layout?.composerLift(keyboard: keyboard) == 688.0 - 476, "from the frame's bottom onto the keyboard")
    }

    /// A frame that ends on the safe area's top: the composer's region
    /// reaches the window's bottom, and the lift is measured from there.
    @Test func aFrameOnTheSafeAreaLiftsFromTheWindowsBottom() {
        var s = Session(policy: AvoidancePolicy(), chat: true)
        let aboveHome = KBRect(x: 0, y: 88, width: 375, height: 690)
        _ = Self.run(&s, [.scene(Self.scene), .frame(aboveHome), .geometry(Self.geometry(offsetY: 0)), .composerHeight(52), .passEnded])
        #expect(s.layout?.composer?.restingInset == 34)
        #expect(s.layout?.composerLift(keyboard: .offScreen) == 34, "SwiftUI extends the region to 812: 34 up to the resting line")
        #expect(s.layout?.composerLift(keyboard: .floating(KBRect(x: 50, y: 300, width: 300, height: 200))) == 34, "a floating keyboard: at rest")
    }

    @Test func theKeyboardLiftsTheComposerAndTheMarginClearsIt() {
        let (_, step) = Self.keyboardUp()
        #expect(step.composerLift == 812.0 - 476, "onto the keyboard's top")
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
        #expect(Self.events(step) == [.contentChanged] && step.scroll == nil, "the finger owns the offset")
        step = Self.run(&s, [.geometry(Self.geometry(margin: m, offsetY: 400)), .userScrolling(false), .passEnded])
        #expect(Self.events(step) == [.contentChanged] && step.scroll == nil, "the drag and its end: one pass")
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
        #expect(step.composerLift == 34)
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
}
