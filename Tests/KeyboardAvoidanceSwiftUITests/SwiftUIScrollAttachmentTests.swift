import KeyboardAvoidance
import KeyboardGeometry
import Testing

@testable import KeyboardAvoidanceSwiftUI

/// The SwiftUI modifier's decisions, one test per rule of
/// ``SwiftUIScrollAttachment``, on a scroll view of plain numbers: an
/// iPhone X-class screen, a scroll view below an 88 pt bar whose insets
/// SwiftUI reports as the home indicator's 34 pt, 1,600 pt of content, and
/// a field far down.
@Suite("SwiftUI modifier: the attachment")
struct SwiftUIScrollAttachmentTests {
    static let safeArea = KBEdgeInsets(bottom: 34)
    static let field = FocusedField(frame: KBRect(x: 16, y: 900, width: 343, height: 44))
    static let other = FocusedField(frame: KBRect(x: 16, y: 1_200, width: 343, height: 44))
    static let show = KeyboardNotification(
        name: .willShow, frameBegin: KBRect(x: 0, y: 812, width: 375, height: 336), frameEnd: KBRect(x: 0, y: 476, width: 375, height: 336),
        duration: 0.25, curve: 7
    )
    static let hide = KeyboardNotification(
        name: .willHide, frameBegin: KBRect(x: 0, y: 476, width: 375, height: 336), frameEnd: KBRect(x: 0, y: 812, width: 375, height: 336),
        duration: 0.25, curve: 7
    )

    /// What SwiftUI reports: `margin` being the margin it holds now.
    static func layout(margin: Double = 0, offsetY: Double = 0) -> SwiftUIScrollLayout {
        SwiftUIScrollLayout(
            screen: KBSize(width: 375, height: 812), orientation: .portrait, window: KBRect(x: 0, y: 0, width: 375, height: 812),
            frameInWindow: KBRect(x: 0, y: 88, width: 375, height: 724), contentOffset: KBPoint(x: 0, y: offsetY),
            contentSize: KBSize(width: 375, height: 1_600), contentInsets: safeArea.withBottom(safeArea.bottom + margin), composer: nil,
            safeArea: .zero)
    }

    static func change(_ step: SwiftUIScrollStep) throws -> SwiftUIScrollChange {
        guard case .change(let c) = step else { throw Unexpected(step: step) }
        return c
    }

    struct Unexpected: Error { var step: SwiftUIScrollStep }

    /// Focused, then the keyboard up: what the attachment answered.
    static func keyboardUp() throws -> (SwiftUIScrollAttachment, SwiftUIScrollChange) {
        var a = SwiftUIScrollAttachment(policy: AvoidancePolicy(), visible: true)
        _ = a.handle(.focusBegan(field), in: layout())
        let up = try change(a.handle(.keyboard(show), in: layout()))
        return (a, up)
    }

    @Test func theMarginIsTheEnginesInsetLessWhatSwiftUIAlreadyHolds() throws {
        let (_, c) = try Self.keyboardUp()
        var engine = KeyboardAvoider(policy: AvoidancePolicy())
        _ = engine.handle(.focusBegan(Self.field), in: Self.layout().snapshot(margin: 0))
        let expected = try #require(engine.handle(.keyboard(Self.show), in: Self.layout().snapshot(margin: 0)).adjustment)
        // The keyboard covers 336 pt of the view; the home indicator's 34
        // are in SwiftUI's insets already, and are not counted again.
        #expect(expected.contentInset.bottom == 336)
        #expect(c.bottomMargin == 302 && c.indicatorBottomMargin == 302)
        #expect(c.animation == KeyboardAnimation(duration: 0.25, curve: 7))
    }

    @Test func theScrollWaitsForTheMarginToHold() throws {
        var (a, c) = try Self.keyboardUp()
        #expect(c.scroll == nil, "SwiftUI would clamp a scroll made before the margin holds")
        #expect(a.geometryReported(Self.layout(margin: 0)) == nil, "the margin has not landed yet")
        // The field's bottom (944) at the visible band's bottom (724 − 336).
        #expect(a.geometryReported(Self.layout(margin: 302)) == KBPoint(x: 0, y: 556))
        #expect(a.geometryReported(Self.layout(margin: 302)) == nil, "a scroll goes once")
    }

    /// SwiftUI gives no caret: a multi-line field taller than the space
    /// above the keyboard is shown by its frame, its top at the band's top,
    /// whatever the policy says of carets.
    @Test func withNoCaretATallFieldIsShownByItsTop() throws {
        var a = SwiftUIScrollAttachment(policy: AvoidancePolicy(tallField: .caret), visible: true)
        let editor = FocusedField(frame: KBRect(x: 16, y: 600, width: 343, height: 500))
        _ = a.handle(.focusBegan(editor), in: Self.layout())
        _ = try Self.change(a.handle(.keyboard(Self.show), in: Self.layout()))
        // The band above the keyboard is 388 pt (724 − 336): the editor's
        // 500 do not fit, and its top goes to the band's top.
        #expect(a.geometryReported(Self.layout(margin: 302)) == KBPoint(x: 0, y: 600))
    }

    @Test func aScrollThatNeedsNoNewMarginGoesAtOnce() throws {
        var (a, _) = try Self.keyboardUp()
        _ = a.geometryReported(Self.layout(margin: 302))
        let c = try Self.change(a.handle(.focusBegan(Self.other), in: Self.layout(margin: 302, offsetY: 556)))
        #expect(c.bottomMargin == 302)
        #expect(c.scroll == KBPoint(x: 0, y: 856), "the other field, 300 pt lower, scrolled to in one step")
    }

    @Test func hidingTakesTheMarginAway() throws {
        var (a, _) = try Self.keyboardUp()
        _ = a.geometryReported(Self.layout(margin: 302))
        let c = try Self.change(a.handle(.keyboard(Self.hide), in: Self.layout(margin: 302, offsetY: 556)))
        #expect(c.bottomMargin == 0 && c.indicatorBottomMargin == 0)
        #expect(a.margin == 0)
    }

    @Test func theAppsOwnMarginIsKeptApartFromOurs() throws {
        var (a, _) = try Self.keyboardUp()
        // The app adds 20 pt of its own: SwiftUI reports 34 + 20 + ours.
        var l = Self.layout(margin: 302 + 20, offsetY: 556)
        #expect(l.ownInsets(margin: a.margin).bottom == 54)
        l.contentSize.height = 1_700
        let c = try Self.change(a.handle(.layoutChanged, in: l))
        #expect(c.bottomMargin == 282, "the engine's 336 less the 54 the app now holds")
    }

    /// One pass brings a layout in which the keyboard no longer covers the
    /// scroll view (its window resized clear of it) and a change of the
    /// app's own margins (a top margin): the engine, which takes the app's
    /// changed own insets for the scroll view's, answers `unchanged`, since
    /// they are its answer; ours must then go, not stay on top of them.
    @Test func anOwnMarginChangedAsTheKeyboardStopsCoveringTakesOursAway() throws {
        var (a, up) = try Self.keyboardUp()
        #expect(up.bottomMargin == 302)
        // The field (900…944) in view at an offset of 700.
        var l = Self.layout(margin: 302, offsetY: 700)
        l.frameInWindow.size.height = 300
        l.contentInsets.top += 10
        let c = try Self.change(a.handle(.layoutChanged, in: l))
        #expect(c.bottomMargin == 0 && a.margin == 0, "the scroll view ends at 388, above the keyboard's 476: nothing of ours")
        #expect(c.scroll == nil)
    }

    /// The app's own margin already makes room for the keyboard when it
    /// shows: the engine takes that inset for its own and answers
    /// `unchanged`, so nothing of ours is set. When the app's margin then
    /// goes (a bar's safe area taken away), the engine's inset comes out as
    /// it was and it answers `unchanged` again: ours must make up what the
    /// app took away (shrunk from a fuzzed iPad form sheet, seed 41207).
    @Test func anOwnMarginTheEngineTookOverIsMadeUpWhenItGoes() throws {
        var a = SwiftUIScrollAttachment(policy: AvoidancePolicy(), visible: true)
        // SwiftUI holds the home indicator's 34 and 302 of the app's own.
        guard case .ignored(.unchanged) = a.handle(.keyboard(Self.show), in: Self.layout(margin: 302)) else {
            Issue.record("the app's 336 already cover the keyboard's 336")
            return
        }
        #expect(a.margin == 0)
        let c = try Self.change(a.handle(.layoutChanged, in: Self.layout()))
        #expect(c.bottomMargin == 302 && a.margin == 302, "the 302 the app took away, ours now")
    }

    /// The same, by exactly half a point, the least a margin follows: the
    /// app's own margin gives back 0.5 of the 336 the engine holds, and ours
    /// makes it up; a quarter of a point is no change of ours.
    @Test(arguments: [(301.5, 0.5), (301.75, 0)])
    func ourMarginFollowsAnOwnMarginThatGoesByHalfAPoint(ownMargin: Double, ours: Double) throws {
        var a = SwiftUIScrollAttachment(policy: AvoidancePolicy(), visible: true)
        guard case .ignored(.unchanged) = a.handle(.keyboard(Self.show), in: Self.layout(margin: 302)) else {
            Issue.record("the app's 336 already cover the keyboard's 336")
            return
        }
        let step = a.handle(.layoutChanged, in: Self.layout(margin: ownMargin))
        if ours == 0 {
            guard case .ignored = step else {
                Issue.record("a quarter of a point moved our margin: \(step)")
                return
            }
        } else {
            #expect(try Self.change(step).bottomMargin == ours)
        }
        #expect(a.margin == ours)
    }

    @Test func whatTheEngineIgnoresIsIgnored() {
        var a = SwiftUIScrollAttachment(policy: AvoidancePolicy(), visible: true)
        let step = a.handle(.keyboard(Self.hide), in: Self.layout())
        guard case .ignored = step else {
            Issue.record("a hide with nothing applied: \(step)")
            return
        }
        #expect(a.margin == 0 && a.pendingScroll == nil)
    }
}

/// How a keyboard's animation becomes a SwiftUI one.
@Suite("SwiftUI modifier: the animation")
struct SwiftUIAnimationTests {
    @Test(arguments: [(0, SwiftUIAnimation.Curve.easeInOut), (1, .easeIn), (2, .easeOut), (3, .linear), (7, .easeOut), (99, .easeOut)])
    func eachUIKitCurveHasItsNearestSwiftUICurve(raw: Int, curve: SwiftUIAnimation.Curve) {
        #expect(SwiftUIAnimation(KeyboardAnimation(duration: 0.25, curve: raw)) == SwiftUIAnimation(duration: 0.25, curve: curve))
    }

    @Test func aChangeWithNoDurationIsNotAnimated() {
        #expect(SwiftUIAnimation(KeyboardAnimation(duration: 0, curve: 7)) == nil)
        #expect(SwiftUIAnimation(KeyboardAnimation(duration: .infinity, curve: 7)) == nil)
    }
}
