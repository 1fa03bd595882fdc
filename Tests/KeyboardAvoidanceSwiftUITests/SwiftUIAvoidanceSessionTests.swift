import KeyboardAvoidance
import KeyboardGeometry
import KeyboardRandom
import Testing

@testable import KeyboardAvoidanceSwiftUI

/// The SwiftUI modifier's session, one test per rule of
/// ``SwiftUIAvoidanceSession``, on the scroll view of
/// ``SwiftUIScrollAttachmentTests``: an iPhone X-class screen, the scroll
/// view below an 88 pt bar, SwiftUI reporting the home indicator's 34 pt
/// as its insets, 1,600 pt of content, and fields named by numbers whose
/// frames are reported in the window.
@Suite("SwiftUI modifier: the session")
struct SwiftUIAvoidanceSessionTests {
    typealias Session = SwiftUIAvoidanceSession<Int>
    typealias Report = SwiftUIReport<Int>

    static let scene = SwiftUIScene(
        screen: KBSize(width: 375, height: 812), orientation: .portrait, window: KBRect(x: 0, y: 0, width: 375, height: 812))
    static let frame = KBRect(x: 0, y: 88, width: 375, height: 724)
    static let show = SwiftUIScrollAttachmentTests.show
    static let hide = SwiftUIScrollAttachmentTests.hide

    /// What SwiftUI reports of the scroll view with our margin `margin` in
    /// its insets.
    static func geometry(margin: Double = 0, offsetY: Double = 0, contentHeight: Double = 1_600) -> SwiftUIScrollGeometry {
        SwiftUIScrollGeometry(
            contentOffset: KBPoint(x: 0, y: offsetY), contentSize: KBSize(width: 375, height: contentHeight),
            containerSize: KBSize(width: 375, height: 724), contentInsets: KBEdgeInsets(bottom: 34 + margin))
    }

    /// A field at `contentY` in the content, 44 pt tall (or `height`), as
    /// SwiftUI reports it in the window while the offset is `offsetY`.
    static func field(_ id: Int, contentY: Double, height: Double = 44, offsetY: Double = 0) -> Report {
        .field(id, KBRect(x: 16, y: frame.minY + contentY - offsetY, width: 343, height: height))
    }

    /// Every step the reports gave, one after another.
    static func run(_ session: inout Session, _ reports: [Report]) -> SwiftUISessionStep {
        reports.reduce(SwiftUISessionStep()) { $0.then(session.receive($1)) }
    }

    /// The first pass's reports (the field 1 at 900 included) and its end.
    static let firstPass: [Report] = [.scene(scene), .frame(frame), .geometry(geometry()), field(1, contentY: 900), .passEnded]

    /// A session with its layout ready, appeared, the field 1 focused and
    /// the keyboard up with its margin held and its scroll made.
    static func keyboardUp() -> Session {
        var s = Session(policy: AvoidancePolicy())
        _ = run(&s, [.appeared] + firstPass + [.focus(1), .keyboard(show), .geometry(geometry(margin: 302))])
        _ = run(&s, [.geometry(geometry(margin: 302, offsetY: 556)), field(1, contentY: 900, offsetY: 556), .passEnded])
        return s
    }

    static func events(_ step: SwiftUISessionStep) -> [AvoiderEvent] { step.handed.map(\.event) }

    /// A step given no animation animates nothing: zero duration, curve
    /// 0, whatever else it does.
    @Test func aStepGivenNoAnimationAnimatesNothing() {
        let none = KeyboardAnimation(duration: 0, curve: 0)
        #expect(SwiftUISessionStep().animation == none)
        #expect(SwiftUISessionStep(margins: SwiftUISessionStep.Margins(content: 10, indicators: 10), scroll: KBPoint(x: 0, y: 5)).animation == none)
    }

    @Test func nothingReachesTheEngineUntilAPassHasBroughtTheLayout() {
        var s = Session(policy: AvoidancePolicy())
        var step = Self.run(&s, [.appeared, .focus(1), .keyboard(Self.show), .scene(Self.scene), .frame(Self.frame), .geometry(Self.geometry())])
        #expect(step.handed.isEmpty && step.isEmpty)
        #expect(step.passBegan, "the first layout report opens a pass")
        step = Self.run(&s, [Self.field(1, contentY: 900), .passEnded])
        let field = FocusedField(frame: KBRect(x: 16, y: 900, width: 343, height: 44))
        #expect(Self.events(step) == [.keyboard(Self.show), .viewAppeared, .focusBegan(field)], "caught up in the UIKit adapter's order")
        #expect(s.ready)
        // A screen of fields hands its safe area inside the insets alone, as
        // SwiftUI reports them, even when a safe area is reported.
        step = Self.run(&s, [.safeArea(KBEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))])
        #expect(step.handed.isEmpty, "a screen of fields does not read its safe area")
        #expect(s.layout?.snapshot(margin: 0).scrollView.safeArea == .zero && s.layout?.safeArea == .zero)
    }

    @Test func onlyTheNewestKeyboardNotificationIsKeptWhileTheLayoutIsNotReady() {
        var s = Session(policy: AvoidancePolicy())
        _ = Self.run(&s, [.keyboard(Self.hide), .keyboard(Self.show)])
        let step = Self.run(&s, Self.firstPass)
        #expect(Self.events(step) == [.keyboard(Self.show)])
    }

    /// The pass's values in every order hand the engine the same: nothing
    /// until its end, then one focus with the field's frame as the pass
    /// left it (the rotation's new frame, offset and field).
    @Test func theOrderOfAPassesReportsDoesNotMatter() {
        let landscape = SwiftUIScene(
            screen: KBSize(width: 812, height: 375), orientation: .landscapeLeft, window: KBRect(x: 0, y: 0, width: 812, height: 375))
        let frame = KBRect(x: 44, y: 32, width: 724, height: 343)
        let geometry = SwiftUIScrollGeometry(
            contentOffset: KBPoint(x: 0, y: 120), contentSize: KBSize(width: 724, height: 1_200), containerSize: frame.size,
            contentInsets: KBEdgeInsets(bottom: 21))
        let field = Report.field(1, KBRect(x: 60, y: 32 + 700 - 120, width: 692, height: 44))
        let pass: [Report] = [.scene(landscape), .frame(frame), .geometry(geometry), field]
        var answers: Set<SwiftUISessionStep> = []
        for order in Self.permutations(pass) {
            var s = Session(policy: AvoidancePolicy())
            _ = Self.run(&s, [.appeared] + Self.firstPass + [.focus(1), .keyboard(Self.show)])
            let during = Self.run(&s, order)
            #expect(during.handed.isEmpty, "nothing is handed before the pass ends: \(order)")
            answers.insert(s.receive(.passEnded))
        }
        #expect(answers.count == 1)
        let events = answers.first.map(Self.events) ?? []
        #expect(events == [.focusBegan(FocusedField(frame: KBRect(x: 16, y: 700, width: 692, height: 44)))])
    }

    static func permutations<T>(_ a: [T]) -> [[T]] {
        guard a.count > 1 else { return [a] }
        return a.indices.flatMap { i in
            var rest = a
            let first = rest.remove(at: i)
            return permutations(rest).map { [first] + $0 }
        }
    }

    /// A `TextEditor` that grows by a line is a new focus with its new
    /// frame; a quarter of a point is layout's rounding.
    @Test func aFocusedFieldThatGrowsByHalfAPointIsANewFocus() {
        var s = Self.keyboardUp()
        var step = Self.run(&s, [Self.field(1, contentY: 900, height: 44.25, offsetY: 556), .passEnded])
        #expect(step.handed.isEmpty, "a quarter of a point is not news")
        step = Self.run(
            &s, [.geometry(Self.geometry(margin: 302, offsetY: 556, contentHeight: 1_622)), Self.field(1, contentY: 900, height: 66, offsetY: 556)])
        #expect(step.handed.isEmpty)
        step = s.receive(.passEnded)
        #expect(Self.events(step) == [.focusBegan(FocusedField(frame: KBRect(x: 16, y: 900, width: 343, height: 66)))])
        #expect(step.scroll == KBPoint(x: 0, y: 578), "its new bottom (966) at the band's bottom (388)")
    }

    /// A field moved in the content by the app's layout (a field above it
    /// grew) is retold too.
    @Test func aFocusedFieldMovedInTheContentIsANewFocus() {
        var s = Self.keyboardUp()
        let step = Self.run(&s, [Self.field(1, contentY: 950, offsetY: 556), .passEnded])
        #expect(Self.events(step) == [.focusBegan(FocusedField(frame: KBRect(x: 16, y: 950, width: 343, height: 44)))])
    }

    /// The user scrolls: the offset and the fields' frames in the window
    /// move together, in either order, and the engine hears nothing.
    @Test(arguments: [true, false])
    func aScrollByTheUserIsNothing(geometryFirst: Bool) {
        var s = Self.keyboardUp()
        let geometry = Report.geometry(Self.geometry(margin: 302, offsetY: 300))
        let field = Self.field(1, contentY: 900, offsetY: 300)
        let step = Self.run(&s, (geometryFirst ? [geometry, field] : [field, geometry]) + [.passEnded])
        #expect(step.handed.isEmpty && step.isEmpty)
    }

    @Test func theScrollWaitsForTheMarginAndGoesWhenItHolds() {
        var s = Session(policy: AvoidancePolicy())
        _ = Self.run(&s, [.appeared] + Self.firstPass + [.focus(1)])
        let up = s.receive(.keyboard(Self.show))
        #expect(up.margins == SwiftUISessionStep.Margins(content: 302, indicators: 302))
        #expect(up.scroll == nil, "SwiftUI would clamp it")
        #expect(up.animation == KeyboardAnimation(duration: 0.25, curve: 7))
        let held = s.receive(.geometry(Self.geometry(margin: 302)))
        #expect(held.scroll == KBPoint(x: 0, y: 556) && held.margins == nil)
        #expect(held.animation == KeyboardAnimation(duration: 0.25, curve: 7), "in the keyboard's animation")
        #expect(held.passBegan, "our margin changes the insets SwiftUI reports: a pass")
        let end = s.receive(.passEnded)
        #expect(Self.events(end) == [.layoutChanged], "the pass changed the insets")
        #expect(end.margins == up.margins && end.scroll == held.scroll, "the engine answers with the same margin and target: nothing moves twice")
    }

    @Test func aFieldFocusedBeforeItsFrameIsNoFieldUntilThePassThatBringsIt() {
        var s = Session(policy: AvoidancePolicy())
        _ = Self.run(&s, [.appeared] + Self.firstPass)
        var step = s.receive(.focus(2))
        #expect(Self.events(step) == [.focusEnded])
        step = Self.run(&s, [Self.field(2, contentY: 1_200), .passEnded])
        #expect(Self.events(step) == [.focusBegan(FocusedField(frame: KBRect(x: 16, y: 1_200, width: 343, height: 44)))])
    }

    @Test func aFieldsFrameInTheContentIsItsWindowFrameLessTheScrollViewsOriginPlusTheOffset() {
        var s = Session(policy: AvoidancePolicy())
        _ = Self.run(&s, [.appeared, .scene(Self.scene), .frame(Self.frame), .geometry(Self.geometry(offsetY: 250))])
        _ = Self.run(&s, [.field(3, KBRect(x: 20, y: 300, width: 100, height: 30)), .passEnded, .focus(3)])
        #expect(s.focusedField == FocusedField(frame: KBRect(x: 20, y: 300 - 88 + 250, width: 100, height: 30)))
    }

    /// The property behind the rule above: a field's position in the
    /// content does not depend on the offset, sideways or down. On 200
    /// offsets and positions drawn from seed 76 (a horizontal scroll
    /// included, which no scenario has), the field SwiftUI reports where
    /// the content puts it on screen is focused at its content position.
    @Test("a field's content position does not depend on the offset (seed 76, 200 draws)")
    func aFieldsContentPositionDoesNotDependOnTheOffset() {
        var g = SplitMix64(seed: 76)
        for draw in 0..<200 {
            let offset = KBPoint(x: Self.draw(-50...900, &g), y: Self.draw(-88...1_200, &g))
            let content = KBPoint(x: Self.draw(0...1_000, &g), y: Self.draw(0...1_500, &g))
            var s = Session(policy: AvoidancePolicy())
            let geometry = SwiftUIScrollGeometry(
                contentOffset: offset, contentSize: KBSize(width: 1_400, height: 1_600), containerSize: KBSize(width: 375, height: 724),
                contentInsets: KBEdgeInsets(bottom: 34))
            _ = Self.run(&s, [.appeared, .scene(Self.scene), .frame(Self.frame), .geometry(geometry)])
            let onScreen = KBRect(x: Self.frame.minX + content.x - offset.x, y: Self.frame.minY + content.y - offset.y, width: 100, height: 30)
            _ = Self.run(&s, [.field(3, onScreen), .passEnded, .focus(3)])
            let focused = s.focusedField?.frame
            #expect(
                focused.map { abs($0.minX - content.x) < 1e-9 && abs($0.minY - content.y) < 1e-9 } == true,
                "draw \(draw): offset \(offset), content \(content), focused \(String(describing: focused))")
        }
    }

    /// A uniform draw in `range` from `g`.
    static func draw(_ range: ClosedRange<Double>, _ g: inout SplitMix64) -> Double {
        range.lowerBound + g.unit() * (range.upperBound - range.lowerBound)
    }

    @Test func switchingFieldsIsOneFocus() {
        var s = Self.keyboardUp()
        _ = Self.run(&s, [Self.field(2, contentY: 1_200, offsetY: 556)])
        let step = s.receive(.focus(2))
        #expect(Self.events(step) == [.focusBegan(FocusedField(frame: KBRect(x: 16, y: 1_200, width: 343, height: 44)))])
        #expect(step.scroll == KBPoint(x: 0, y: 856))
    }

    /// A new policy while the keyboard is up applies at once: the larger
    /// distance raises the margin, and the field goes further up once it
    /// holds.
    @Test func aPolicyChangedWhileShownAppliesAtOnce() {
        var s = Self.keyboardUp()
        #expect(s.receive(.policy(AvoidancePolicy())).handed.isEmpty, "the same policy is nothing")
        let step = s.receive(.policy(AvoidancePolicy(distance: 20)))
        #expect(Self.events(step) == [.layoutChanged])
        #expect(s.policy.distance == 20)
        #expect(step.margins == SwiftUISessionStep.Margins(content: 322, indicators: 322), "the distance is room below the content too")
        let held = s.receive(.geometry(Self.geometry(margin: 322, offsetY: 556)))
        #expect(held.scroll == KBPoint(x: 0, y: 576), "20 pt more between the field and the keyboard, once the margin holds")
    }

    @Test func appearingAndDisappearingReachTheEngineOnceEach() {
        var s = Self.keyboardUp()
        #expect(s.receive(.appeared).handed.isEmpty)
        #expect(Self.events(s.receive(.disappeared)) == [.viewDisappeared])
        #expect(s.receive(.disappeared).handed.isEmpty)
        #expect(Self.events(s.receive(.appeared)) == [.viewAppeared])
    }

    /// A view that appears once its layout is ready reaches the engine
    /// once, and its disappearance does too.
    @Test func appearingAfterTheFirstPassReachesTheEngineOnce() {
        var s = Session(policy: AvoidancePolicy())
        _ = Self.run(&s, Self.firstPass)
        #expect(Self.events(s.receive(.appeared)) == [.viewAppeared])
        #expect(s.receive(.appeared).handed.isEmpty)
        #expect(Self.events(s.receive(.disappeared)) == [.viewDisappeared])
    }

    /// The engine starts with the view off screen: a keyboard shown over a
    /// field focused before `onAppear` moves nothing, and the view's
    /// appearance brings the margin.
    @Test func aKeyboardBeforeTheViewAppearsMovesNothingUntilItDoes() {
        var s = Session(policy: AvoidancePolicy())
        let early = Self.run(&s, Self.firstPass + [.focus(1), .keyboard(Self.show)])
        #expect(Self.events(early).last == .keyboard(Self.show))
        #expect(early.margins == nil && early.scroll == nil, "\(early)")
        let appeared = s.receive(.appeared)
        #expect(Self.events(appeared) == [.viewAppeared])
        #expect(appeared.margins != nil, "\(appeared)")
    }

    /// Out of its window and back with no `onDisappear` between (a scene
    /// disconnected and reconnected): the engine heard the view go, so the
    /// pass that brings the window back tells it the view is there again.
    @Test func backInAWindowWithoutDisappearingAppearsAgain() {
        var s = Self.keyboardUp()
        #expect(Self.events(s.receive(.scene(nil))) == [.viewDisappeared])
        #expect(Self.events(Self.run(&s, [.scene(Self.scene), .passEnded])).contains(.viewAppeared))
    }

    /// Out of its window first, `onDisappear` after: the engine hears the
    /// view go with the layout it leaves; back in, it is caught up.
    @Test func leavingTheWindowHandsTheDisappearanceAndComingBackCatchesUp() {
        var s = Self.keyboardUp()
        let left = s.receive(.scene(nil))
        #expect(Self.events(left) == [.viewDisappeared] && left.margins?.content == 0)
        #expect(s.receive(.disappeared).handed.isEmpty)
        #expect(s.receive(.keyboard(Self.hide)).handed.isEmpty, "kept until a layout is back")
        let back = Self.run(&s, [.scene(Self.scene), .passEnded, .appeared])
        #expect(
            Self.events(back) == [
                .keyboard(Self.hide), .focusBegan(FocusedField(frame: KBRect(x: 16, y: 900, width: 343, height: 44))), .viewAppeared,
            ])
    }

    @Test func aPassThatChangesTheLayoutButNotTheFieldIsALayoutChange() {
        var s = Self.keyboardUp()
        let step = Self.run(&s, [.geometry(Self.geometry(margin: 302, offsetY: 556, contentHeight: 1_700)), .passEnded])
        #expect(Self.events(step) == [.layoutChanged])
    }

    /// Under a shown keyboard, a scroll view moved down its window by 20
    /// (a bar that grew; its field reported 20 lower with it) and a window
    /// moved and resized (iPadOS's windows; frames in the window unchanged)
    /// each reach the engine as a layout change.
    @Test(arguments: [
        [Report.frame(KBRect(x: 0, y: 108, width: 375, height: 704)), .field(1, KBRect(x: 16, y: 108 + 900 - 556, width: 343, height: 44))],
        [
            Report.scene(
                SwiftUIScene(
                    screen: KBSize(width: 375, height: 812), orientation: .portrait, window: KBRect(x: 0, y: 40, width: 375, height: 772)))
        ],
    ])
    func aMovedFrameOrWindowIsALayoutChange(_ reports: [Report]) {
        var s = Self.keyboardUp()
        #expect(Self.events(Self.run(&s, reports + [.passEnded])) == [.layoutChanged])
    }

    @Test func aPassEndWithNoPassOpenIsNothing() {
        var s = Self.keyboardUp()
        #expect(s.receive(.passEnded) == SwiftUISessionStep())
    }
}
