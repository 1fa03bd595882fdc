import KBTestSupport
import KeyboardAvoidance
import KeyboardGeometry
import KeyboardHarness
import KeyboardOracle
import KeyboardScenarios
import KeyboardStrategies
import KeyboardTrace
import KeyboardWorld
import Testing

/// MessageKit's keyboard handling as its source writes it
/// ([messagekit-keyboard] in docs/sources.md): one test per detail of
/// `MessagesViewController+Keyboard.swift`.
@Suite("MessageKit as written")
struct MessageKitModelTests {
    /// An iPhone with a home indicator: a 34-pt strip below the safe area,
    /// a transcript filling the window at its end, a 56-pt composer above
    /// the strip (the accessory's frame reaches the screen's bottom).
    static let screen = KBSize(width: 375, height: 812)
    static let shown = KBRect(x: 0, y: 521, width: 375, height: 291)
    static let below = KBRect(x: 0, y: 812, width: 375, height: 291)

    static func header(family screen: KBSize = screen, contentInset: KBEdgeInsets = .zero, systemVersion: Int = 17) -> TraceHeader {
        TraceHeader(
            profile: .ios13, screen: screen,
            scrollView: ScrollViewState(
                frame: KBRect(origin: .zero, size: screen), safeArea: KBEdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
                contentInset: contentInset, contentSize: KBSize(width: screen.width, height: 2000),
                contentOffset: KBPoint(x: 0, y: 2000 + 34 - screen.height)),
            fields: [], systemVersion: systemVersion, composer: Composer(height: 56, restingInset: 34))
    }

    static func note(_ name: KeyboardNotification.Name, from begin: KBRect?, to end: KBRect) -> TraceEvent {
        .keyboard(KeyboardNotification(name: name, frameBegin: begin, frameEnd: end, bounds: end.size, duration: 0.25, curve: 7, isLocal: true))
    }

    static func replay<S: AvoidanceStrategy>(_ events: [TraceEvent], header: TraceHeader = header(), with s: S.Type) -> ReplayReport {
        TraceReplayer.replay(Trace(header: header, events: events), with: s)
    }

    @Test func theFirstLayoutInsetsTheAccessorysHeightLessTheSafeAreaUIKitAdds() {
        // requiredInitialScrollViewBottomInset: the accessory's height
        // (56 + the 34-pt strip it reaches into) less the 34 UIKit adds.
        let r = Self.replay([Self.note(.didShow, from: Self.below, to: Self.shown)], with: MessageKitStrategy.self)
        #expect(r.steps[0].contentInset.bottom == 56 && r.steps[0].indicatorInsets.bottom == 56)
        #expect(r.steps[0].outcome.action == .apply && r.steps[0].outcome.animation == nil, "performWithoutAnimation")
    }

    @Test func aWillChangeFrameInsetsTheFramesCoverOfTheTranscriptAndLeavesTheOffset() {
        let header = Self.header()
        let r = Self.replay([Self.note(.willChangeFrame, from: Self.below, to: Self.shown)], header: header, with: MessageKitStrategy.self)
        // The accessory on the keyboard: 56 + 291 cover the transcript's
        // bottom, less the 34 UIKit adds.
        #expect(r.steps[0].contentInset.bottom == 56 + 291 - 34)
        #expect(r.steps[0].contentOffset == header.scrollView.contentOffset, "maintainPositionOnKeyboardFrameChanged is off by default")
        // Only WillChangeFrame is observed.
        for name in [KeyboardNotification.Name.willShow, .didShow, .didChangeFrame, .willHide, .didHide] {
            let other = Self.replay([.appear, Self.note(name, from: Self.below, to: Self.shown)], with: MessageKitStrategy.self)
            #expect(other.steps[1].contentInset.bottom == 56, "\(name.rawValue)")
        }
    }

    @Test func maintainingThePositionMovesTheOffsetByTheInsetsChange() {
        let header = Self.header()
        let events = [Self.note(.willChangeFrame, from: Self.below, to: Self.shown)]
        let r = Self.replay(events, header: header, with: MessageKitMaintainingPositionStrategy.self)
        #expect(r.steps[0].contentInset.bottom == 56 + 291 - 34)
        #expect(r.steps[0].contentOffset.y == header.scrollView.contentOffset.y + 313 - 56, "by the change from the first layout's 56")
        // Not past the content's height (MessageKit #1486).
        var near = Self.header()
        near.scrollView.contentSize.height = 400
        near.scrollView.contentOffset.y = 300
        let capped = Self.replay(events, header: near, with: MessageKitMaintainingPositionStrategy.self)
        #expect(capped.steps[0].contentOffset.y == 300)
        // Exactly at the content's height is not past it.
        near.scrollView.contentOffset.y = 400 - (313 - 56)
        let atHeight = Self.replay(events, header: near, with: MessageKitMaintainingPositionStrategy.self)
        #expect(atHeight.steps[0].contentOffset.y == 400)
    }

    @Test func theSameFrameAgainChangesNothingAndTheAppsOwnInsetBackIsARestore() {
        let show = Self.note(.willChangeFrame, from: Self.below, to: Self.shown)
        let again = Self.replay([show, show], with: MessageKitStrategy.self)
        #expect(again.steps[0].outcome.action == .apply && again.steps[1].outcome == .ignored(.unchanged))
        // A transcript that ends above the composer's resting top: the
        // hidden keyboard's frame misses it, and the inset goes back to the
        // app's own (0).
        var short = Self.header()
        short.scrollView.frame.size.height = 600
        let hide = Self.note(.willChangeFrame, from: Self.shown, to: Self.below)
        let r = Self.replay([show, hide], header: short, with: MessageKitStrategy.self)
        #expect(r.steps[0].outcome.action == .apply && r.steps[0].contentInset.bottom > 0)
        #expect(r.steps[1].outcome.action == .restore && r.steps[1].contentInset.bottom == 0)
    }

    @Test func aComposerThatGrowsIsAWillChangeFrame() {
        var grown = LayoutChange()
        grown.composer = Composer(height: 76, restingInset: 34)
        let r = Self.replay([.appear, .layout(grown)], with: MessageKitStrategy.self)
        #expect(r.steps[0].contentInset.bottom == 56 && r.steps[1].contentInset.bottom == 76)
    }

    @Test func aMissingBeginFrameIsIgnoredAndAnEmptyOneOnAnIPad() {
        let none = Self.replay([.appear, Self.note(.willChangeFrame, from: nil, to: Self.shown)], with: MessageKitStrategy.self)
        #expect(none.steps[1].contentInset.bottom == 56, "the handler's first guard")
        #expect(none.steps[1].outcome == .ignored(.notObserved))
        // The first layout's inset is still set when the first event is one
        // the handler returns from.
        let first = Self.replay([Self.note(.willChangeFrame, from: nil, to: Self.shown)], with: MessageKitStrategy.self)
        #expect(first.steps[0].outcome == StepOutcome(action: .apply, animation: nil) && first.steps[0].contentInset.bottom == 56)
        let empty = KBRect(x: 0, y: 0, width: 0, height: 0)
        let phone = Self.replay([.appear, Self.note(.willChangeFrame, from: empty, to: Self.shown)], with: MessageKitStrategy.self)
        #expect(phone.steps[1].contentInset.bottom == 56 + 291 - 34, "an iPhone's empty begin frame is read")
        let pad = KBSize(width: 820, height: 1180)
        let padShown = KBRect(x: 0, y: 1180 - 320, width: 820, height: 320)
        let ignored = Self.replay(
            [.appear, Self.note(.willChangeFrame, from: empty, to: padShown)], header: Self.header(family: pad), with: MessageKitStrategy.self)
        #expect(ignored.steps[1].contentInset.bottom == 56, "the iPad workaround")
    }

    /// A transcript that reaches below the screen's bottom edge: the frame
    /// iOS sends ends at that edge, short of the transcript's bottom, which
    /// the library reads as a keyboard that does not cover it.
    @Test func aFrameShortOfTheTranscriptsBottomAddsNoInset() {
        var tall = Self.header()
        tall.scrollView.frame.size.height = Self.screen.height + 40
        let r = Self.replay([.appear, Self.note(.willChangeFrame, from: Self.below, to: Self.shown)], header: tall, with: MessageKitStrategy.self)
        #expect(r.steps[0].contentInset.bottom > 0, "the first layout's accessory")
        #expect(r.steps[1].contentInset.bottom == 0)
    }

    /// Its scope: chat screens whose app sets no bottom inset of its own,
    /// at the start or by a later layout.
    @Test func itServesChatScreensWithoutABottomInsetOfTheAppsOwn() {
        let scope = MessageKitStrategy.scope
        #expect(scope.screens == [.chat])
        #expect(scope.summary.hasSuffix("; chat screens"), "\(scope.summary)")
        #expect(StrategyScope(profiles: [.ios13], screens: [.fields]).summary.hasSuffix("; screens of fields"))
        #expect(!StrategyScope(profiles: [.ios13]).summary.contains("screens"), "a scope that serves both says nothing of screens")
        #expect(scope.admits(Trace(header: Self.header(), events: [])))
        #expect(scope.admits(Trace(header: Self.header(systemVersion: 13), events: [])), "MessageKit 4 supports iOS 13")
        var fields = Self.header()
        fields.composer = nil
        #expect(scope.exclusions(Trace(header: fields, events: [])) == ["a screen of fields"])
        #expect(!scope.admits(Trace(header: Self.header(contentInset: KBEdgeInsets(top: 0, left: 0, bottom: 44, right: 0)), events: [])))
        var inset = LayoutChange()
        inset.contentInset = KBEdgeInsets(top: 64, left: 0, bottom: 44, right: 0)
        #expect(scope.exclusions(Trace(header: Self.header(), events: [.layout(inset)])) == ["a bottom content inset of the app's own"])
        inset.contentInset = KBEdgeInsets(top: 64, left: 0, bottom: 0, right: 0)
        #expect(scope.admits(Trace(header: Self.header(), events: [.layout(inset)])), "a top inset is the app's to set")
    }
}
