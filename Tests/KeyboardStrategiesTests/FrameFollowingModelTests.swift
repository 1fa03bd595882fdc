import KBTestSupport
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardHarness
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// The strategies whose scroll view's frame follows the keyboard (the
/// keyboard layout guide's three setups, SwiftUI's own avoidance) do what
/// their sources say (docs/sources.md: [kbguide-header], [kbguide-article],
/// [swiftui-docs], [swiftui-textfield], [swiftui-undocked]): one test per
/// modelled rule and per reading of what the sources leave open, on a
/// 390 × 844 phone whose bottom safe area is 34.
@Suite("Frames that follow the keyboard: the layout guide and SwiftUI")
struct FrameFollowingModelTests {
    static let screen = KBSize(width: 390, height: 844)
    static let docked = KBRect(x: 0, y: 508, width: 390, height: 336)
    static let below = KBRect(x: 0, y: 844, width: 390, height: 336)
    /// An undocked keyboard mid-screen (what an iPad's looks like, here on
    /// the phone's screen to keep the numbers small).
    static let undocked = KBRect(x: 0, y: 400, width: 390, height: 250)
    /// A field low in the content: at 647 on screen, under the keyboard.
    static let low = KBRect(x: 16, y: 600, width: 280, height: 44)
    /// A text view (taller than 100), also reaching under the keyboard.
    static let textView = KBRect(x: 16, y: 420, width: 280, height: 200)

    /// The scroll view: ending at the safe area's bottom (810) unless
    /// `fullBleed`, which reaches the screen's bottom (its own bottom safe
    /// area 34).
    static func header(fullBleed: Bool = false, version: Int = 17, fields: [KBRect] = [low, textView]) -> TraceHeader {
        TraceHeader(
            profile: .ios13, screen: screen,
            scrollView: ScrollViewState(
                frame: KBRect(x: 0, y: 0, width: 390, height: fullBleed ? 844 : 810),
                safeArea: KBEdgeInsets(top: 47, left: 0, bottom: fullBleed ? 34 : 0, right: 0),
                contentSize: KBSize(width: 390, height: 1500), contentOffset: KBPoint(x: 0, y: -47)
            ),
            fields: fields, systemVersion: version
        )
    }

    static func note(_ name: KeyboardNotification.Name, _ begin: KBRect, _ end: KBRect) -> TraceEvent {
        .keyboard(KeyboardNotification(name: name, frameBegin: begin, frameEnd: end, duration: 0.25, curve: 7, isLocal: true))
    }

    static func showAndHide(field: Int = 0) -> [TraceEvent] {
        [
            .focus(field: field, caret: nil), note(.willShow, below, docked), note(.didShow, below, docked), .blur, note(.willHide, docked, below),
            note(.didHide, docked, below),
        ]
    }

    static func replay<S: AvoidanceStrategy>(
        _ s: S.Type, _ header: TraceHeader, _ events: [TraceEvent], _ rules: [UnsettledRule] = []
    ) -> ReplayReport {
        TraceReplayer.replay(Trace(header: header, events: events), with: s, readings: UnsettledRule.readings(rules))
    }

    // MARK: The keyboard layout guide

    @Test func theGuidesScrollViewFollowsTheKeyboardKeepsItsInsetsAndComesBackExactly() {
        let r = Self.replay(KeyboardLayoutGuideStrategy.self, Self.header(), Self.showAndHide())
        let shown = r.steps[1], hidden = r.steps[4]
        #expect(shown.frame == KBRect(x: 0, y: 0, width: 390, height: 508), "the bottom at the keyboard's top")
        #expect(
            shown.after.contentInset == .zero
                && shown.outcome.animation
                    == .keyboard(
                        KeyboardNotification(
                            name: .willShow, frameBegin: Self.below, frameEnd: Self.docked, duration: 0.25, curve: 7, isLocal: true))
        )
        #expect(r.steps[2].outcome.action == .ignore, "a DidShow moves nothing more")
        #expect(hidden.frame == KBRect(x: 0, y: 0, width: 390, height: 810) && hidden.outcome.action == .restore)
    }

    @Test func aFullBleedScrollViewIsPinnedWithoutTheSafeAreaFromIOS17() throws {
        let r = Self.replay(KeyboardLayoutGuideStrategy.self, Self.header(fullBleed: true), Self.showAndHide())
        #expect(r.steps[1].frame.height == 508)
        #expect(r.steps[1].after.safeArea == KBEdgeInsets(top: 47, left: 0, bottom: 0, right: 0), "above the home indicator's strip")
        #expect(r.steps[4].frame.height == 844 && r.steps[4].after.safeArea == nil, "the layout's own safe area back")
        let scope = KeyboardLayoutGuideStrategy.scope
        #expect(scope.admits(Self.header(fullBleed: true, version: 17)))
        #expect(!scope.admits(Self.header(fullBleed: true, version: 16)), "no pin gives that layout before iOS 17")
        #expect(scope.admits(Self.header(version: 16)))
    }

    @Test func theGuideIsOutOfScopeBeforeIOS15AndSwiftUIBefore14() {
        #expect(!KeyboardLayoutGuideStrategy.scope.admits(Self.header(version: 14)))
        #expect(KeyboardLayoutGuideStrategy.scope.exclusions(Self.header(version: 14)) == ["iOS 14, before iOS 15"])
        #expect(KeyboardLayoutGuideStrategy.scope.admits(Self.header(version: 15)))
        #expect(!SwiftUIStrategy.scope.admits(Self.header(version: 13)))
        #expect(SwiftUIStrategy.scope.admits(Self.header(version: 14)))
        var unsaid = Self.header()
        unsaid.systemVersion = nil
        #expect(!SwiftUIStrategy.scope.admits(unsaid), "a trace that does not say is taken at its profile's earliest, iOS 13")
    }

    /// The field UIKit left visible when it became first responder (before
    /// the keyboard's notifications) is under the keyboard once the frame
    /// has shrunk: hidden, unless UIKit scrolls again after the resize (the
    /// other reading) or the app does.
    @Test func aLowFieldIsLeftHiddenUnlessSomethingScrollsAfterTheResize() {
        let events = Array(Self.showAndHide().prefix(3))
        let standard = Self.replay(KeyboardLayoutGuideStrategy.self, Self.header(), events)
        #expect(standard.steps[2].violations == [.fieldVisible] && standard.steps[2].contentOffset.y == -47)
        let rescrolled = Self.replay(KeyboardLayoutGuideStrategy.self, Self.header(), events, [.resizeScrollsToFirstResponder])
        #expect(rescrolled.steps[2].violations == [] && rescrolled.steps[1].contentOffset.y == 644 - 508)
        let app = Self.replay(KeyboardLayoutGuideScrollingStrategy.self, Self.header(), events)
        #expect(app.steps[2].violations == [] && app.steps[1].contentOffset.y == 644 - 508)
    }

    /// UIKit's scroll after a resize is for a text field, as on focus; the
    /// app's own scroll is for whatever is focused.
    @Test func aTextViewIsScrolledByTheAppNotByUIKit() {
        let events = Array(Self.showAndHide(field: 1).prefix(3))
        let rescrolled = Self.replay(KeyboardLayoutGuideStrategy.self, Self.header(), events, [.resizeScrollsToFirstResponder])
        #expect(rescrolled.steps[2].contentOffset.y == -47 && rescrolled.steps[2].violations == [.fieldVisible])
        let app = Self.replay(KeyboardLayoutGuideScrollingStrategy.self, Self.header(), events)
        #expect(app.steps[2].contentOffset.y == 620 - 508 && app.steps[2].violations == [])
    }

    static var undocking: [TraceEvent] {
        [
            .focus(field: 0, caret: nil), note(.willShow, below, docked), note(.didShow, below, docked), note(.willChangeFrame, docked, undocked),
            note(.didChangeFrame, docked, undocked),
        ]
    }

    @Test func byDefaultAnUndockedKeyboardLeavesTheViewAsIfNoKeyboardWereUp() {
        let r = Self.replay(KeyboardLayoutGuideStrategy.self, Self.header(), Self.undocking)
        #expect(r.steps[3].frame.height == 810 && r.steps[3].outcome.action == .restore)
        #expect(r.steps[4].keyboardUndocked && !r.steps[2].keyboardUndocked)
        #expect(DocumentedChoice.undockedKeyboardIsIgnored.applies(to: r.steps[4]))
    }

    /// Following undocked keyboards, the sample's constraints pin the bottom
    /// to the guide's top away from the top edge, to the safe area's bottom
    /// near it.
    @Test func followingUndockedKeyboardsTheBottomGoesToTheGuideAwayFromTheTop() {
        let away = Self.replay(KeyboardLayoutGuideFollowingUndockedStrategy.self, Self.header(), Self.undocking)
        #expect(away.steps[3].frame.height == 400, "400 above, 194 below: the bottom at the guide's top")
        let high = KBRect(x: 0, y: 120, width: 390, height: 250)
        var events = Self.undocking
        events[3] = Self.note(.willChangeFrame, Self.docked, high)
        events[4] = Self.note(.didChangeFrame, Self.docked, high)
        let near = Self.replay(KeyboardLayoutGuideFollowingUndockedStrategy.self, Self.header(), events)
        #expect(near.steps[3].frame.height == 810, "near the top edge: the bottom at the safe area's")
        let touching = Self.replay(KeyboardLayoutGuideFollowingUndockedStrategy.self, Self.header(), events, [.guideNearOnlyWhenTouching])
        #expect(touching.steps[3].frame.height == 120, "near no edge when near means touching: the bottom at the guide's top")
    }

    // MARK: SwiftUI

    @Test func swiftUIShrinksTheFrameAndScrollsAOneLineTextFieldIntoView() {
        let r = Self.replay(SwiftUIStrategy.self, Self.header(), Array(Self.showAndHide().prefix(3)))
        #expect(r.steps[1].frame.height == 508 && r.steps[1].contentOffset.y == 644 - 508)
        #expect(r.steps[2].violations == [])
        let textView = Self.replay(SwiftUIStrategy.self, Self.header(), Array(Self.showAndHide(field: 1).prefix(3)))
        #expect(textView.steps[1].contentOffset.y == -47 && textView.steps[2].violations == [.fieldVisible], "a TextEditor is not scrolled")
    }

    @Test func aFullBleedSwiftUIScrollViewStopsAtTheKeyboard() {
        let r = Self.replay(SwiftUIStrategy.self, Self.header(fullBleed: true), Self.showAndHide())
        #expect(r.steps[1].frame.height == 508 && r.steps[1].after.safeArea?.bottom == 0)
        #expect(r.steps[4].frame.height == 844 && r.steps[4].outcome.action == .restore)
    }

    /// The other reading: the region is a content inset, the highest of it
    /// and the safe area UIKit already adds, and the frame stays.
    @Test func underTheInsetReadingTheFrameStaysAndTheInsetTakesTheRegion() {
        let r = Self.replay(SwiftUIStrategy.self, Self.header(fullBleed: true), Self.showAndHide(), [.swiftUIInset])
        #expect(r.steps[1].frame.height == 844)
        #expect(r.steps[1].after.contentInset.bottom == 336 - 34 && r.steps[1].after.indicatorInsets.bottom == 336 - 34)
        #expect(r.steps[1].contentOffset.y == 644 - 508)
        #expect(r.steps[4].after.contentInset == .zero && r.steps[4].outcome.action == .restore)
    }

    /// Reported: an undocked keyboard is not tracked, the docked region
    /// kept; the documentation's words: any keyboard over the view.
    @Test func anUndockedKeyboardKeepsTheDockedRegionUnlessTheDocumentationIsRead() {
        let reported = Self.replay(SwiftUIStrategy.self, Self.header(), Self.undocking)
        #expect(reported.steps[4].frame.height == 508)
        let documented = Self.replay(SwiftUIStrategy.self, Self.header(), Self.undocking, [.swiftUIFollowsUndocked])
        #expect(documented.steps[4].frame.height == 400)
    }

    /// Off screen nothing moves: the view is in no window.
    @Test func offScreenNothingMoves() {
        let events: [TraceEvent] = [.focus(field: 0, caret: nil), .disappear, Self.note(.willShow, Self.below, Self.docked)]
        for r in [
            Self.replay(SwiftUIStrategy.self, Self.header(), events), Self.replay(KeyboardLayoutGuideStrategy.self, Self.header(), events),
        ] {
            #expect(r.steps[2].frame.height == 810 && r.steps[2].outcome.action == .ignore)
        }
    }
}
