import KBTestSupport
import KeyboardHarness
import KeyboardAvoidance
import KeyboardGeneration
import KeyboardGeometry
import KeyboardOracle
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// The IQKeyboardManager model does what IQKeyboardManager 8's source does
/// ([iq-source] in docs/sources.md): one test per modelled rule, with the
/// numbers worked by hand from that source.
@Suite("IQKeyboardManager model")
struct IQKeyboardManagerModelTests {
    typealias IQ = IQKeyboardManagerStrategy

    /// A 390 × 844 phone on iOS 13+, safe area 47 top and 34 bottom, the
    /// scroll view filling the window, content 1500 tall.
    static func phone(fields: [KBRect], offset: Double = -47, contentInset: KBEdgeInsets = .zero) -> TraceHeader {
        TraceHeader(
            profile: .ios13, screen: KBSize(width: 390, height: 844),
            scrollView: ScrollViewState(
                frame: KBRect(x: 0, y: 0, width: 390, height: 844), safeArea: KBEdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
                contentInset: contentInset, contentSize: KBSize(width: 390, height: 1500), contentOffset: KBPoint(x: 0, y: offset)
            ),
            fields: fields
        )
    }

    static let docked = KBRect(x: 0, y: 508, width: 390, height: 336)
    static let below = KBRect(x: 0, y: 844, width: 390, height: 336)

    static func note(_ name: KeyboardNotification.Name, _ begin: KBRect, _ end: KBRect, duration: Double? = 0.25, curve: Int? = 7) -> TraceEvent {
        .keyboard(KeyboardNotification(name: name, frameBegin: begin, frameEnd: end, duration: duration, curve: curve, isLocal: true))
    }

    static var show: [TraceEvent] {
        [note(.willChangeFrame, below, docked), note(.willShow, below, docked), note(.didChangeFrame, below, docked), note(.didShow, below, docked)]
    }
    static var hide: [TraceEvent] {
        [note(.willChangeFrame, docked, below), note(.willHide, docked, below), note(.didChangeFrame, docked, below), note(.didHide, docked, below)]
    }

    // MARK: Reading notifications (IQKeyboardInfo)

    @Test func framesAreReadAsIQReadsThem() {
        let screen = KBSize(width: 1024, height: 1366)
        func end(_ r: KBRect?, _ name: KeyboardNotification.Name = .willChangeFrame, lowersHides: Bool = true) -> KBRect {
            IQ.KeyboardInfo(KeyboardNotification(name: name, frameEnd: r), screen: screen, lowersHides: lowersHides).endFrame
        }
        // Floating (narrower than the screen, above its bottom): height 0.
        #expect(end(KBRect(x: 352, y: 700, width: 320, height: 250)).height == 0)
        // A full-width undocked keyboard counts down to the screen's bottom.
        #expect(end(KBRect(x: 0, y: 500, width: 1024, height: 304)).height == 866)
        // The shortcuts bar's tall rect below the screen: what shows.
        #expect(end(KBRect(x: 0, y: 1311, width: 1024, height: 313)).height == 55)
        // Missing: a zero strip below the screen.
        #expect(end(nil) == KBRect(x: 0, y: 1366, width: 1024, height: 0))
        // On iOS 26 a hide ends at height 0 even where iOS 26 reports the accessory.
        #expect(end(KBRect(x: 0, y: 1322, width: 1024, height: 44), .willHide) == KBRect(x: 0, y: 1366, width: 1024, height: 0))
        // Before iOS 26 a hide is read like any frame: an undock's WillHide
        // with the raised on-screen frame is a visible keyboard.
        #expect(end(KBRect(x: 0, y: 500, width: 1024, height: 304), .willHide, lowersHides: false).height == 866)
        #expect(end(KBRect(x: 0, y: 1366, width: 1024, height: 304), .willHide, lowersHides: false).height == 0)
        // Duration 0 or missing → 0.25 s; curve missing → ease-out (2).
        let info = IQ.KeyboardInfo(KeyboardNotification(name: .didShow, frameEnd: Self.docked, duration: 0), screen: screen, lowersHides: true)
        #expect(info.duration == 0.25 && info.curve == 2)
    }

    @Test func onlyAHeightChangeMovesAnything() {
        let trace = Trace(
            header: Self.phone(fields: [KBRect(x: 16, y: 600, width: 280, height: 44)]),
            events: [.focus(field: 0, caret: nil)] + Self.show + [Self.note(.willShow, Self.docked, Self.docked)])
        let r = TraceReplayer.replay(trace, with: IQ.self)
        #expect(r.steps[1].outcome.action == .apply, "the first WillChangeFrame: 0 → 336")
        #expect(r.steps[2...4].allSatisfy { $0.outcome.reason == .sameHeight }, "WillShow, DidChangeFrame, DidShow: same height")
        #expect(r.steps[5].outcome.reason == .sameHeight, "a repeated WillShow, previous DidShow's height")
    }

    // MARK: Adjusting (IQKeyboardManager+Position)

    @Test func theFieldIsScrolledAboveTheKeyboardRaisedByTheDistanceAndTheSafeAreaTwice() {
        // Field at content 600 → screen 647…691. Keyboard 336 raised by 10 +
        // 34 → 380; visible 464; move = min(647 − 47, 691 − 464 + 34) = 261;
        // offset −47 + 261 = 214; inset 380 − 34 = 346.
        let trace = Trace(
            header: Self.phone(fields: [KBRect(x: 16, y: 600, width: 280, height: 44)]), events: [.focus(field: 0, caret: nil)] + Self.show)
        let r = TraceReplayer.replay(trace, with: IQ.self)
        let last = r.steps.last!
        #expect(last.contentOffset.y == 214)
        #expect(last.contentInset == KBEdgeInsets(top: 0, left: 0, bottom: 346, right: 0))
        #expect(last.indicatorInsets.bottom == 302)
        // The adjusted bottom inset is 346 + 34 (UIKit adds the safe area
        // again): 34 pt more than the 336 the keyboard covers and the 10
        // promised, a blank band below the content's end (I1, at rest).
        #expect(r.steps.map(\.violations).filter { !$0.isEmpty } == [[.insetBounds]], "\(r.steps.map(\.violations))")
        #expect(r.steps[1].outcome.animation == StrategyAnimation(duration: 0.25, curve: .keyboard))
    }

    @Test func theBottomInsetIsFlooredAtTheStartingInsetThenLessTheSafeArea() {
        // An iPad's shortcuts bar (55 pt showing) over a 100 pt toolbar inset:
        // max(100, 55 + 10 + 20) − 20 = 80, less than the app's own 100.
        let screen = KBSize(width: 834, height: 1194)
        let header = TraceHeader(
            profile: .ipados, screen: screen,
            scrollView: ScrollViewState(
                frame: KBRect(origin: .zero, size: screen), safeArea: KBEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
                contentInset: KBEdgeInsets(bottom: 100), contentSize: KBSize(width: 834, height: 3000), contentOffset: KBPoint(x: 0, y: -24)
            ),
            fields: [KBRect(x: 16, y: 500, width: 280, height: 44)]
        )
        let bar = KBRect(x: 0, y: 1139, width: 834, height: 313), gone = KBRect(x: 0, y: 1194, width: 834, height: 313)
        let trace = Trace(header: header, events: [.focus(field: 0, caret: nil), Self.note(.willShow, gone, bar), Self.note(.didShow, gone, bar)])
        let r = TraceReplayer.replay(trace, with: IQ.self)
        #expect(r.steps[1].contentInset.bottom == 80)
        #expect(r.steps[1].violations.contains(.restoration), "the app's own 100 pt inset is cut")
        #expect(r.steps[1].contentOffset.y == -24, "the field is well clear: no scroll")
    }

    @Test("IQ's iOS 26 hide rule runs on iOS 26 and where the trace does not say, never before", arguments: [17, 26, nil] as [Int?])
    func anUndocksWillHideIsAHideOnlyOnIOS26(version: Int?) {
        // An iPad undocks its keyboard: WillHide carries the raised
        // on-screen frame, then frame changes. Before iOS 26 IQ reads that
        // WillHide as a taller visible keyboard (a "change": nothing is put
        // back); with the rule it is a hide, and the starting insets return.
        let screen = KBSize(width: 1024, height: 1366)
        let header = TraceHeader(
            profile: .ipados, screen: screen,
            scrollView: ScrollViewState(
                frame: KBRect(origin: .zero, size: screen), safeArea: KBEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
                contentSize: KBSize(width: 1024, height: 3000), contentOffset: KBPoint(x: 0, y: -24)
            ),
            fields: [KBRect(x: 16, y: 900, width: 280, height: 44)], systemVersion: version
        )
        let docked = KBRect(x: 0, y: 1013, width: 1024, height: 353), gone = KBRect(x: 0, y: 1366, width: 1024, height: 353)
        let undocked = KBRect(x: 0, y: 700, width: 1024, height: 353)
        let trace = Trace(
            header: header,
            events: [
                .focus(field: 0, caret: nil), Self.note(.willShow, gone, docked), Self.note(.didShow, gone, docked),
                Self.note(.willHide, docked, undocked),
            ]
        )
        #expect(IQ.KeyboardInfo.lowersHides(on: SimulatedWorld(trace: trace)) == (version != 17))
        let r = TraceReplayer.replay(trace, with: IQ.self)
        #expect(r.steps[1].contentInset.bottom > 0, "the show adds a bottom inset")
        if version == 17 {
            #expect(r.steps[3].outcome.action == .apply, "a taller keyboard: the inset grows")
            #expect(r.steps[3].contentInset.bottom > r.steps[1].contentInset.bottom)
        } else {
            #expect(r.steps[3].outcome.action == .restore, "a hide: the starting insets return")
            #expect(r.steps[3].contentInset.bottom == 0)
        }
    }

    @Test("A scrollable text view's bottom guide is 0; a field of exactly 100 pt is a text field", arguments: [(100.0, 270.0), (101, 237)])
    func aTextViewsBottomGuideIsZero(height: Double, offset: Double) {
        // Content 600 → screen 647; keyboard 336 raised by 10 + 34 → 380,
        // visible 464. A text field's bottom guide is the root's margin, 34:
        // move = min(647 − 47, 747 − 464 + 34) = 317, offset −47 + 317 = 270.
        // A text view's is 0: min(600, 748 − 464) = 284, offset 237.
        let trace = Trace(
            header: Self.phone(fields: [KBRect(x: 16, y: 600, width: 280, height: height)]), events: [.focus(field: 0, caret: nil)] + Self.show)
        let r = TraceReplayer.replay(trace, with: IQ.self)
        #expect(r.steps.last!.contentOffset.y == offset)
        #expect(r.steps.last!.contentInset.bottom == 346)
    }

    @Test func aTextViewsTopIsNeverScrolledAboveTheTopGuide() {
        // Bars end at 64 + 47 = 111 (the top guide), offset −111. A 400-pt
        // text view at content 69 → screen 180…580: move = min(180 − 111,
        // 580 − 464) = 69, more than −offset − inset top = 47, so the scroll
        // runs: offset −111 − min(−111, −69) = 0, which would put the text
        // view's top at 69, under the bars. IQ's text-view rule caps it at
        // −111 + 180 − 111 = −42: the top stays at the guide. A text field
        // of the same frame would stop at 0.
        let textView = KBRect(x: 16, y: 69, width: 280, height: 400)
        let trace = Trace(
            header: Self.phone(fields: [textView], offset: -111, contentInset: KBEdgeInsets(top: 64, left: 0, bottom: 0, right: 0)),
            events: [.focus(field: 0, caret: nil)] + Self.show
        )
        let r = TraceReplayer.replay(trace, with: IQ.self)
        #expect(r.steps.last!.contentOffset.y == -42)
        #expect(r.steps.last!.frame.minY == 0, "nothing is left over for the root view")
    }

    @Test func aFieldAboveTheTopGuideIsScrolledDownButNeverToANegativeOffset() {
        // With the keyboard up, the first field (content 11) is focused, and
        // UIKit shows it below the status bar (offset 11 − 47 = −36). The app
        // then scrolls the content to 400 and the keyboard grows: move =
        // 11 − 400 − 47 = −436, and the offset goes to 400 − min(400, 436) =
        // 0, not to −47: the field's top 36 pt stay under the status bar.
        let fields = [KBRect(x: 16, y: 11, width: 280, height: 44), KBRect(x: 16, y: 700, width: 280, height: 44)]
        let taller = KBRect(x: 0, y: 464, width: 390, height: 380)
        let trace = Trace(
            header: Self.phone(fields: fields, offset: 400),
            events: [.focus(field: 1, caret: nil)] + Self.show + [
                .focus(field: 0, caret: nil), .layout(LayoutChange(contentOffset: KBPoint(x: 0, y: 400))),
                Self.note(.willChangeFrame, Self.docked, taller), Self.note(.didChangeFrame, Self.docked, taller),
            ])
        let r = TraceReplayer.replay(trace, with: IQ.self)
        #expect(r.steps[4].contentOffset.y == 400, "the second field was clear: nothing moved")
        #expect(r.steps[5].contentOffset.y == -36, "UIKit's own scroll to the focused text field")
        #expect(r.steps[7].contentOffset.y == 0)
        #expect(r.steps[8].violations.contains(.fieldVisible))
        #expect(TraceReplayer.replay(trace, with: EngineStrategy.self).violationCount == 0)
    }

    @Test func theRootViewMovesUpAtMostTheKeyboardsHeightAndBackAsFarAsItMoved() {
        #expect(IQ.movedRootOrigin(moveUp: 100, rootOrigin: 0, beginOrigin: 0, keyboardHeight: 336) == -100)
        #expect(IQ.movedRootOrigin(moveUp: 500, rootOrigin: 0, beginOrigin: 0, keyboardHeight: 336) == -336)
        #expect(IQ.movedRootOrigin(moveUp: -50, rootOrigin: -100, beginOrigin: 0, keyboardHeight: 336) == -50)
        #expect(IQ.movedRootOrigin(moveUp: -500, rootOrigin: -100, beginOrigin: 0, keyboardHeight: 336) == 0)
        #expect(IQ.movedRootOrigin(moveUp: -50, rootOrigin: 20, beginOrigin: 0, keyboardHeight: 336) == nil, "not moved down past its start")
        #expect(
            IQ.keyboardSize(Self.docked, distance: 10, safeBottom: 34, window: KBRect(x: 0, y: 0, width: 390, height: 844))
                == KBSize(width: 390, height: 380))
        #expect(IQ.keyboardSize(Self.below, distance: 0, safeBottom: 0, window: KBRect(x: 0, y: 0, width: 390, height: 600)).height == 0)
    }

    // MARK: Restoring

    @Test func hidingPutsBackTheInsetsAndPullsTheOffsetToTheContentWithoutItsInsets() {
        // Content shorter than the view: IQ pulls the offset to
        // max(765, 844) − 844 = 0, which is below the range's −47 top.
        var header = Self.phone(fields: [KBRect(x: 16, y: 600, width: 280, height: 44)])
        header.scrollView.contentSize = KBSize(width: 390, height: 765)
        let trace = Trace(header: header, events: [.focus(field: 0, caret: nil)] + Self.show + Self.hide)
        let r = TraceReplayer.replay(trace, with: IQ.self)
        let last = r.steps.last!
        #expect(last.contentInset == .zero && last.indicatorInsets == .zero)
        #expect(last.contentOffset.y == 0)
        #expect(last.violations == [.offsetRange])
    }

    @Test func aFloatingKeyboardReadsAsHiddenSoIQPutsEverythingBack() {
        let screen = KBSize(width: 1024, height: 1366)
        let header = TraceHeader(
            profile: .ipados, screen: screen,
            scrollView: ScrollViewState(frame: KBRect(origin: .zero, size: screen), contentSize: KBSize(width: 1024, height: 3000)),
            fields: [KBRect(x: 16, y: 1100, width: 280, height: 44)]
        )
        let docked = KBRect(x: 0, y: 1006, width: 1024, height: 360), gone = KBRect(x: 0, y: 1366, width: 1024, height: 360)
        let floating = KBRect(x: 16, y: 1000, width: 320, height: 250)
        let trace = Trace(
            header: header,
            events: [
                .focus(field: 0, caret: nil), Self.note(.willShow, gone, docked), Self.note(.didShow, gone, docked),
                Self.note(.didChangeFrame, docked, floating),
            ])
        let r = TraceReplayer.replay(trace, with: IQ.self)
        #expect(r.steps[1].contentInset.bottom > 0)
        #expect(r.steps[3].outcome.action == .restore)
        #expect(r.steps[3].contentInset == .zero)
    }

    /// IQ cuts the keyboard's screen-space frame with `window.frame`, which
    /// UIKit gives at (0, 0): in a window 100 pt down the screen (a form
    /// sheet's, here; Stage Manager's likewise) a keyboard that covers
    /// 140 pt of the window is measured as 40 (+ the 10-pt distance), too
    /// little to move the field at 656–700 in the window, so it stays under
    /// the keyboard. Cut with the window where it is, it would be scrolled.
    @Test func anOffsetWindowsKeyboardIsCutWithTheWindowAtTheOrigin() throws {
        let trace = try Repository.trace(Repository.url("corpora/traces/ipad-form-sheet-offset-window.kbtrace"))
        let r = TraceReplayer.replay(trace, with: IQ.self)
        #expect(
            IQ.keyboardSize(
                KBRect(x: 0, y: 760, width: 768, height: 264), distance: 10, safeBottom: 0, window: KBRect(x: 0, y: 0, width: 600, height: 800)
            ).height == 50)
        #expect(r.steps[1].contentOffset.y == 0, "nothing scrolls")
        #expect(r.steps[2].violations.contains(.fieldVisible), "\(r.steps[2].violations)")
    }

    /// The root view fills the window, so its bottom safe area is the
    /// screen's unsafe strip also where the scroll view stops above a gap
    /// (a bar or a view of the app's own below it): 34 pt on a portrait
    /// 390 × 844 phone, 21 in landscape, 0 on a home-button phone, 0 on a
    /// screen no catalog device has (the trace cannot say) and 0 before
    /// iOS 11. A root view IQ moved up by 20 pt keeps 20 less of it.
    @Test(
        "the root view's bottom safe area is the screen's strip, also above a gap",
        arguments: [
            (KBSize(width: 390, height: 844), InterfaceOrientation.portrait, TraceProfile.ios13, 34.0),
            (KBSize(width: 844, height: 390), .landscapeLeft, .ios13, 21),
            (KBSize(width: 375, height: 667), .portrait, .ios13, 0),
            (KBSize(width: 391, height: 844), .portrait, .ios13, 0),
            (KBSize(width: 375, height: 812), .portrait, .ios8, 0),
        ])
    func theRootViewsBottomSafeAreaIsTheScreensStrip(screen: KBSize, orientation: InterfaceOrientation, profile: TraceProfile, strip: Double) {
        let header = TraceHeader(
            profile: profile, screen: screen, orientation: orientation,
            scrollView: ScrollViewState(
                frame: KBRect(x: 0, y: 0, width: screen.width, height: screen.height - 100), contentSize: KBSize(width: screen.width, height: 2000)),
            fields: [KBRect(x: 16, y: 100, width: 200, height: 44)], systemVersion: profile == .ios8 ? 10 : nil
        )
        let world = SimulatedWorld(trace: Trace(header: header, events: []))
        #expect(IQ.rootSafeArea(world, rootOrigin: 0).bottom == strip)
        #expect(IQ.rootSafeArea(world, rootOrigin: -20).bottom == Swift.max(0, strip - 20))
    }

    /// The top guide under both readings of a 56-pt bar between the status
    /// bar (47 pt on a 390 × 844 phone) and the scroll view: a navigation
    /// controller's bar ends the guide at its bottom (103); the app's own
    /// bar is invisible to IQ, whose guide is then the status bar's strip
    /// (47), from the device the screen identifies since the scroll view
    /// does not reach the strip. A root view IQ moved up by 20 pt reaches
    /// 20 pt further into the strip.
    @Test func theTopGuideUnderBothReadingsOfTheBars() {
        let header = TraceHeader(
            profile: .ios13, screen: KBSize(width: 390, height: 844),
            scrollView: ScrollViewState(
                frame: KBRect(x: 0, y: 103, width: 390, height: 741), safeArea: KBEdgeInsets(bottom: 34),
                contentSize: KBSize(width: 390, height: 1500), contentOffset: KBPoint(x: 0, y: 100)),
            fields: [KBRect(x: 16, y: 60, width: 200, height: 44)]
        )
        let world = SimulatedWorld(trace: Trace(header: header, events: []))
        #expect(IQ.layoutGuide(world, rootOrigin: 0, scrollableTextView: false, navigationBars: true) == (103, 34))
        #expect(IQ.layoutGuide(world, rootOrigin: 0, scrollableTextView: false, navigationBars: false) == (47, 34))
        #expect(IQ.layoutGuide(world, rootOrigin: -20, scrollableTextView: false, navigationBars: false).top == 67)
        // The task-local reading reaches a model made in its scope. UIKit
        // shows the focused field (offset 60); the app scrolls it back under
        // the bar (100: its top at 63 in the window); when the keyboard
        // shows, it is brought down to the navigation bar's bottom, and left
        // under the app's own bar, which IQ does not see.
        let trace = Trace(
            header: header, events: [.focus(field: 0, caret: nil), .layout(LayoutChange(contentOffset: KBPoint(x: 0, y: 100)))] + Self.show)
        let navigation = TraceReplayer.replay(trace, with: IQ.self)
        let own = TraceReplayer.replay(trace, with: IQ.self, readings: WorldReadings(topBarsAreANavigationControllers: false))
        #expect(navigation.steps.map(\.contentOffset.y) == [60, 100, 60, 60, 60, 60])
        #expect(own.steps.map(\.contentOffset.y) == [60, 100, 100, 100, 100, 100])
    }
}
