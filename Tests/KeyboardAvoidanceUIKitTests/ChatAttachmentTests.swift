import KeyboardAvoidance
import KeyboardGeometry
import Testing

@testable import KeyboardAvoidanceUIKit

/// The UIKit adapter on a chat screen: a transcript attached with its
/// composer. What a layout pass means there (``LayoutPass``), and a session
/// on plain numbers: an iPhone X-class screen, a transcript from under a
/// 88 pt bar to the screen's bottom, a 52 pt composer resting on the 34 pt
/// safe area, 2,000 pt of messages.
@Suite("UIKit adapter: chat screens")
struct ChatAttachmentTests {
    /// Every pass, on both kinds of screen: the event and whether it
    /// scrolls.
    @Test(arguments: [false, true], [false, true])
    func aPassIsTheAppsEventOnAChatScreenAndTheFingerOwnsTheOffset(contentOnly: Bool, userScrolled: Bool) {
        var pass = LayoutPass()
        pass.reported(contentOnly: contentOnly)
        pass.userScrolled = userScrolled
        #expect(pass.event(onChatScreen: false) == .layoutChanged, "fields: a pass is a layout change")
        #expect(pass.scrolls(onChatScreen: false) == !contentOnly, "fields: content alone never scrolls")
        // The user's scroll wins whatever else the pass reported (a safe
        // area read again as the sentinel follows the scroll).
        #expect(pass.event(onChatScreen: true) == (userScrolled ? .scrolled : contentOnly ? .contentChanged : .layoutChanged))
        #expect(pass.scrolls(onChatScreen: true) == !userScrolled, "chat: the transcript follows, unless the user scrolled")
    }

    @Test func oneReportNotOfTheContentMakesThePassALayoutChange() {
        var pass = LayoutPass()
        for contentOnly in [true, false, true] { pass.reported(contentOnly: contentOnly) }
        #expect(pass.event(onChatScreen: true) == .layoutChanged)
    }

    /// The transcript as UIKit would report it: what the adapter set on it,
    /// and what the app and the user did.
    struct Transcript {
        static let ownInset = KBEdgeInsets(top: 0, bottom: 0)
        var contentInset = ownInset
        var offsetY = 0.0
        var contentHeight = 2_000.0
        var composerHeight = 52.0

        /// The attachment tests' view, with the composer.
        var reading: ScrollViewReading {
            var reading = ScrollViewAttachmentTests.reading(contentInset: contentInset, offsetY: offsetY, contentHeight: contentHeight)
            reading.composer = Composer(height: composerHeight, restingInset: 34)
            return reading
        }

        /// The offset of the transcript's end: its newest message right
        /// above whatever the bottom inset covers.
        var endY: Double { contentHeight - 724 + contentInset.bottom + 34 }

        /// Sets what the adapter performs, as the controller does.
        mutating func perform(_ step: ScrollViewAttachment.Step, on a: inout ScrollViewAttachment) {
            guard let change = step.change else { return }
            a.willPerform(change)
            contentInset = change.contentInset
            if let o = change.contentOffset { offsetY = o.y }
        }
    }

    static let show = ScrollViewAttachmentTests.show
    static let didShow = KeyboardNotification(
        name: .didShow, frameBegin: show.frameBegin, frameEnd: show.frameEnd, duration: 0, curve: show.curve)

    /// Attached at the transcript's end, the keyboard shown and settled.
    static func keyboardUpAtTheEnd() -> (ScrollViewAttachment, Transcript) {
        var view = Transcript()
        view.offsetY = view.endY
        var (a, _) = ScrollViewAttachment.attach(
            policy: AvoidancePolicy(), contentInset: Transcript.ownInset, indicatorInsets: Transcript.ownInset, reading: view.reading,
            focused: nil)
        view.perform(a.keyboard(show, reading: view.reading), on: &a)
        view.perform(a.keyboard(didShow, reading: view.reading), on: &a)
        return (a, view)
    }

    /// The keyboard's answer clears the composer above it: 812 − 476 + 52
    /// below the transcript's bottom edge, less the safe area UIKit adds.
    @Test func theKeyboardsAnswerClearsTheComposerAndKeepsTheEnd() {
        let (_, view) = Self.keyboardUpAtTheEnd()
        #expect(view.contentInset.bottom == 812 - 476 + 52 - 34)
        #expect(view.offsetY == view.endY, "the newest message right above the composer")
    }

    /// A message arrives at the end: one pass of the content size, handed
    /// on as the app's event, and the transcript follows it.
    @Test func aMessageThatArrivesAtTheEndIsFollowed() throws {
        var (a, view) = Self.keyboardUpAtTheEnd()
        view.contentHeight += 120
        let first = a.layoutReported(contentOnly: true)
        #expect(first)
        let step = a.layoutPassEnded(reading: view.reading)
        #expect(step.handed.map(\.event) == [.contentChanged])
        let offset = try #require(step.change?.contentOffset)
        #expect(offset.y == view.endY, "120 pt further: the new message shown whole")
    }

    /// Attached to a transcript at its end (2,000 − 724 + 34), the first
    /// layout pass that shrinks the frame to 500 points keeps the end a
    /// user followed: the offset UIKit left there is no reader's. The
    /// composer now rests below the frame, so the inset stays the app's.
    @Test func attachedAtTheEndTheFirstPassThatShrinksTheFrameKeepsTheEnd() throws {
        var view = Transcript()
        view.offsetY = view.endY
        var (a, _) = ScrollViewAttachment.attach(
            policy: AvoidancePolicy(), contentInset: Transcript.ownInset, indicatorInsets: Transcript.ownInset, reading: view.reading,
            focused: nil)
        var shrunk = view.reading
        shrunk.frameInWindow.size.height = 500
        _ = a.layoutReported(contentOnly: false)
        let step = a.layoutPassEnded(reading: shrunk)
        #expect(step.handed.map(\.event) == [.layoutChanged])
        let offset = try #require(step.change?.contentOffset)
        #expect(offset.y == view.contentHeight - 500 + 34)
    }

    /// The user drags up to read: the engine hears it and sets no offset;
    /// then a message arrives, and the rows the user reads stay put.
    @Test func aReaderScrolledUpKeepsTheRows() {
        var (a, view) = Self.keyboardUpAtTheEnd()
        view.offsetY = 400
        let first = a.userScrollReported(), next = a.userScrollReported()
        #expect(first, "the first report of the pass asks for its end")
        #expect(!next, "the next frames of the drag join it")
        let scroll = a.layoutPassEnded(reading: view.reading)
        #expect(scroll.handed.map(\.event) == [.scrolled])
        #expect(scroll.change?.contentOffset == nil, "the finger owns the offset")
        view.perform(scroll, on: &a)
        view.contentHeight += 120
        _ = a.layoutReported(contentOnly: true)
        let message = a.layoutPassEnded(reading: view.reading)
        view.perform(message, on: &a)
        #expect(view.offsetY == 400, "the rows read stay where they were")
    }

    /// The composer grows by a line: the answer raises the inset by that
    /// line and keeps the newest message right above the composer.
    @Test func aComposerThatGrowsKeepsTheNewestMessageAboveIt() {
        var (a, view) = Self.keyboardUpAtTheEnd()
        let inset = view.contentInset.bottom
        view.composerHeight += 20
        _ = a.layoutReported(contentOnly: true)
        let step = a.layoutPassEnded(reading: view.reading)
        #expect(step.handed.map(\.event) == [.contentChanged])
        view.perform(step, on: &a)
        #expect(view.contentInset.bottom == inset + 20)
        #expect(view.offsetY == view.endY)
    }

    /// A screen of fields never hears the user's scroll as an event of its
    /// own (the controller reports none there), and a pass of the content
    /// alone stays a layout change that never scrolls.
    @Test func aScreenOfFieldsKeepsItsRules() {
        var (a, _) = ScrollViewAttachment.attach(
            policy: AvoidancePolicy(), contentInset: .zero, indicatorInsets: .zero, reading: ScrollViewAttachmentTests.reading(), focused: nil)
        _ = a.layoutReported(contentOnly: true)
        let step = a.layoutPassEnded(reading: ScrollViewAttachmentTests.reading())
        #expect(step.handed.map(\.event) == [.layoutChanged] && step.change?.contentOffset == nil)
    }

    /// The attachment's own rule, whoever reports: a user's scroll is a
    /// report of the content alone, so a pass that ends on a screen of
    /// fields (no composer) never scrolls, even with the focused field out
    /// of view, where a resize in the same place scrolls back to it.
    @Test func aUsersScrollOnAScreenOfFieldsNeverScrolls() throws {
        var (a, applied) = try ScrollViewAttachmentTests.withKeyboardUp()
        let scrolledAway = ScrollViewAttachmentTests.reading(contentInset: applied.contentInset, offsetY: 0)
        _ = a.userScrollReported()
        let scroll = a.layoutPassEnded(reading: scrolledAway)
        #expect(scroll.handed.map(\.event) == [.layoutChanged])
        #expect(scroll.change?.contentOffset == nil, "the user's scroll is the content alone")
        _ = a.layoutReported(contentOnly: false)
        #expect(a.layoutPassEnded(reading: scrolledAway).change?.contentOffset != nil, "a resize there scrolls")
    }

    /// A drag past the transcript's end (the rubber band): the engine's
    /// answer would pull the offset back to the end, as it does after a
    /// pass of the app's own; after the user's scroll the glue sets no
    /// offset, and the finger keeps the band.
    @Test func aDragPastTheEndIsNeverAnsweredWithAScroll() throws {
        var (a, view) = Self.keyboardUpAtTheEnd()
        view.offsetY = view.endY + 40
        _ = a.userScrollReported()
        let dragged = a.layoutPassEnded(reading: view.reading)
        #expect(dragged.handed.map(\.event) == [.scrolled])
        #expect(dragged.change?.contentOffset == nil)
        var (b, same) = Self.keyboardUpAtTheEnd()
        same.offsetY = same.endY + 40
        _ = b.layoutReported(contentOnly: true)
        let offset = try #require(b.layoutPassEnded(reading: same.reading).change?.contentOffset, "the app's own pass: scrolled back")
        #expect(offset.y == same.endY)
    }
}
