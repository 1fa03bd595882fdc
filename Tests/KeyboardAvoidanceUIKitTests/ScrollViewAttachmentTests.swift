import KeyboardAvoidance
import KeyboardGeometry
import Testing

@testable import KeyboardAvoidanceUIKit

/// The UIKit adapter's decisions, one test per problem the Apple-platforms
/// review found, on a scroll view of plain numbers: an iPhone X-class
/// screen, a scroll view below a 88 pt bar, 1,600 pt of content, and a
/// field far down.
@Suite("UIKit adapter: the attachment")
struct ScrollViewAttachmentTests {
    static let ownInset = KBEdgeInsets(top: 10, bottom: 20)
    static let ownIndicators = KBEdgeInsets(top: 4, bottom: 6)
    static let field = FocusedField(frame: KBRect(x: 16, y: 900, width: 343, height: 44))
    static let show = KeyboardNotification(
        name: .willShow, frameBegin: KBRect(x: 0, y: 812, width: 375, height: 336), frameEnd: KBRect(x: 0, y: 476, width: 375, height: 336),
        duration: 0.25, curve: 7
    )
    static let hide = KeyboardNotification(
        name: .willHide, frameBegin: KBRect(x: 0, y: 476, width: 375, height: 336), frameEnd: KBRect(x: 0, y: 812, width: 375, height: 336),
        duration: 0.25, curve: 7
    )

    /// The view as UIKit would report it, `applied` being what is on it now.
    static func reading(contentInset: KBEdgeInsets = ownInset, offsetY: Double = 0, contentHeight: Double = 1_600) -> ScrollViewReading {
        ScrollViewReading(
            screenBounds: KBRect(x: 0, y: 0, width: 375, height: 812), interfaceOrientation: 1,
            windowFrameInScreen: KBRect(x: 0, y: 0, width: 375, height: 812), frameInWindow: KBRect(x: 0, y: 88, width: 375, height: 724),
            safeAreaInsets: KBEdgeInsets(bottom: 34), contentInset: contentInset, adjustedContentInset: contentInset + KBEdgeInsets(bottom: 34),
            insetAdjustmentBehavior: 0, alwaysBounceVertical: false, alwaysBounceHorizontal: false,
            contentSize: KBSize(width: 375, height: contentHeight), contentOffset: KBPoint(x: 0, y: offsetY)
        )
    }

    static func attached(inWindow: Bool = true, focused: FocusedField? = nil) -> (ScrollViewAttachment, ScrollViewAttachment.Step) {
        ScrollViewAttachment.attach(
            policy: AvoidancePolicy(), contentInset: ownInset, indicatorInsets: ownIndicators, reading: inWindow ? reading() : nil,
            focused: focused
        )
    }

    /// Attached in a window, a field focused, the keyboard up: ours applied
    /// (and set, as the controller sets it: its reports are ours).
    static func withKeyboardUp() throws -> (ScrollViewAttachment, InsetChange) {
        var (a, _) = attached()
        _ = a.focusBegan(field, reading: reading())
        let change = try #require(a.keyboard(show, reading: reading()).change)
        a.willPerform(change)
        return (a, change)
    }

    @Test func aFieldAlreadyEditingWhenAttachedIsFocusedAtOnce() {
        let (a, step) = Self.attached(focused: Self.field)
        #expect(a.focused == Self.field)
        #expect(step.handed.map(\.event) == [.focusBegan(Self.field)])
        let (b, offWindow) = Self.attached(inWindow: false, focused: Self.field)
        #expect(b.focused == Self.field && offWindow.handed.isEmpty, "out of a window the engine hears of it at appear")
    }

    /// Leaving the window restores the app's own insets, read before the
    /// move; and its report is no change of the app's.
    @Test func leavingTheWindowRestoresTheAppsOwnInsets() throws {
        var (a, applied) = try Self.withKeyboardUp()
        #expect(applied.contentInset.bottom > Self.ownInset.bottom)
        let step = a.windowWillChange(toWindow: false, reading: Self.reading(contentInset: applied.contentInset))
        #expect(step.handed.map(\.event) == [.viewDisappeared])
        #expect(step.change?.contentInset == Self.ownInset && step.change?.indicatorInsets == Self.ownIndicators)
        // UIKit reports the restored inset: ours, not the app's.
        #expect(a.contentInsetReported(Self.ownInset, reading: nil) == ScrollViewAttachment.Step())
        #expect(a.book?.ownContentInset == Self.ownInset)
        // didMoveToWindow after the move is no second disappearance.
        #expect(a.windowDidChange(inWindow: false, reading: nil) == ScrollViewAttachment.Step())
        #expect(a.detach() == nil, "nothing of ours is on the view")
    }

    /// A move out that was not announced still restores the own insets, not
    /// ones read off a view outside any window.
    @Test func anUnannouncedMoveOutRestoresFromTheBook() throws {
        var (a, _) = try Self.withKeyboardUp()
        let step = a.windowDidChange(inWindow: false, reading: nil)
        #expect(step.handed.map(\.event) == [.viewDisappeared])
        #expect(step.change?.contentInset == Self.ownInset && step.change?.indicatorInsets == Self.ownIndicators)
    }

    /// A keyboard shown while the view is in no window is applied when it
    /// appears, against the screen it appears on.
    @Test func aKeyboardShownOutOfAWindowIsAppliedWhenTheViewAppears() throws {
        var (a, _) = Self.attached(inWindow: false)
        _ = a.focusBegan(Self.field, reading: nil)
        let whileOut = a.keyboard(Self.show, reading: nil)
        #expect(whileOut == ScrollViewAttachment.Step(), "nothing judged against no screen")
        let appear = a.windowDidChange(inWindow: true, reading: Self.reading())
        #expect(appear.handed.map(\.event) == [.keyboard(Self.show), .focusBegan(Self.field), .viewAppeared])
        let change = try #require(appear.change)
        #expect(change.contentInset.bottom > Self.ownInset.bottom)
        // The same as a view that was in its window all along.
        let (_, inWindowAllAlong) = try Self.withKeyboardUp()
        #expect(change.contentInset == inWindowAllAlong.contentInset)
    }

    /// A keyboard that slides off while the view is away, with a frame
    /// change and then a DidHide, is off when the view comes back: the
    /// engine hears the frame change too, not the DidHide alone, which is
    /// stale to it after a Will that overtook a hide (scenario 119912 of
    /// seed 1795907570, on the glue's stand-in).
    @Test func aKeyboardThatSlidOffWhileAwayIsOffOnReturn() throws {
        var (a, _) = Self.attached()
        _ = a.focusBegan(Self.field, reading: Self.reading())
        func note(_ name: KeyboardNotification.Name, from: KBRect, to: KBRect) -> KeyboardNotification {
            KeyboardNotification(name: name, frameBegin: from, frameEnd: to, duration: 0.25, curve: 7)
        }
        let docked = KBRect(x: 0, y: 476, width: 375, height: 336), off = KBRect(x: 0, y: 812, width: 375, height: 336)
        let undocked = KBRect(x: 0, y: 300, width: 375, height: 300)
        // The order the scenario had, on an iPhone's numbers: docked, a
        // hide reported on screen, overtaken by an undocking whose Did
        // docks the keyboard again.
        _ = a.keyboard(note(.willChangeFrame, from: off, to: docked), reading: Self.reading())
        _ = a.keyboard(note(.didChangeFrame, from: off, to: docked), reading: Self.reading())
        _ = a.keyboard(note(.willHide, from: docked, to: undocked), reading: Self.reading())
        _ = a.keyboard(note(.willChangeFrame, from: docked, to: undocked), reading: Self.reading())
        let redocked = try #require(a.keyboard(note(.didChangeFrame, from: undocked, to: docked), reading: Self.reading()).change)
        #expect(redocked.contentInset.bottom > Self.ownInset.bottom, "the keyboard is docked again")
        _ = a.windowWillChange(toWindow: false, reading: Self.reading(contentInset: redocked.contentInset))
        // Away, it slides off.
        let slide = note(.willChangeFrame, from: docked, to: off), didHide = note(.didHide, from: docked, to: off)
        _ = a.keyboard(slide, reading: nil)
        _ = a.keyboard(didHide, reading: nil)
        let appear = a.windowDidChange(inWindow: true, reading: Self.reading())
        #expect(appear.handed.map(\.event).prefix(2) == [.keyboard(slide), .keyboard(didHide)])
        #expect(appear.change?.contentInset ?? Self.ownInset == Self.ownInset, "the keyboard is off: the app's own inset")
    }

    /// Ours raises the app's own indicator insets by what it raises the
    /// content inset; the app's own are tracked while ours is applied, and
    /// detaching puts back the newest.
    @Test func indicatorInsetsFollowTheAppsOwn() throws {
        var (a, applied) = try Self.withKeyboardUp()
        let raise = applied.contentInset.bottom - Self.ownInset.bottom
        #expect(applied.indicatorInsets == KBEdgeInsets(top: 4, bottom: 6 + raise))
        #expect(a.indicatorInsetsReported(applied.indicatorInsets) == ScrollViewAttachment.Step(), "ours coming back")
        // The app sets its own indicator insets while ours is applied.
        let step = a.indicatorInsetsReported(KBEdgeInsets(top: 8, bottom: 2))
        #expect(step.change?.indicatorInsets == KBEdgeInsets(top: 8, bottom: 2 + raise), "raised again on top of the app's new ones")
        #expect(step.change?.contentInset == applied.contentInset && step.change?.contentOffset == nil)
        a.willPerform(try #require(step.change))
        #expect(
            a.contentInsetReported(applied.contentInset, reading: Self.reading(contentInset: applied.contentInset)) == ScrollViewAttachment.Step())
        #expect(a.indicatorInsetsReported(KBEdgeInsets(top: 8, bottom: 2 + raise)) == ScrollViewAttachment.Step())
        // The raised indicators are what is applied now: a layout of the
        // content alone that changes nothing sets nothing.
        #expect(a.layoutChanged(reading: Self.reading(contentInset: applied.contentInset), scrolls: false).change == nil)
        let restore = a.detach()
        #expect(restore?.indicatorInsets == KBEdgeInsets(top: 8, bottom: 2) && restore?.contentInset == Self.ownInset)
    }

    /// An app that copies the content inset into its indicator insets is
    /// not raised twice.
    @Test func indicatorInsetsCopiedFromTheContentInsetAreNotRaisedTwice() throws {
        var (a, applied) = try Self.withKeyboardUp()
        // Our sets are reported first, in the order they were made.
        #expect(a.contentInsetReported(applied.contentInset, reading: Self.reading(contentInset: applied.contentInset)) == .init())
        #expect(a.indicatorInsetsReported(applied.indicatorInsets) == .init())
        let step = a.indicatorInsetsReported(applied.contentInset)
        #expect(step.change == nil, "the copy is what we would set: nothing to correct")
        #expect(a.book?.ownIndicatorInsets == Self.ownInset)
        #expect(a.detach()?.indicatorInsets == Self.ownInset, "its own indicators are its own content inset")
    }

    /// After a restore, UIKit's report of the app's own indicator insets is
    /// ours; a report of others is the app's, and the next keyboard raises
    /// those.
    @Test func indicatorInsetsReportedAfterARestore() throws {
        var (a, _) = try Self.withKeyboardUp()
        let restore = try #require(a.keyboard(Self.hide, reading: Self.reading()).change)
        #expect(restore.contentInset == Self.ownInset && restore.indicatorInsets == Self.ownIndicators)
        #expect(a.indicatorInsetsReported(Self.ownIndicators) == ScrollViewAttachment.Step(), "the restore coming back")
        #expect(a.book?.ownIndicatorInsets == Self.ownIndicators)
        let mine = KBEdgeInsets(top: 2, bottom: 9)
        #expect(a.indicatorInsetsReported(mine).change == nil, "nothing of ours to raise again")
        #expect(a.book?.ownIndicatorInsets == mine)
        let shown = try #require(a.keyboard(Self.show, reading: Self.reading()).change)
        #expect(shown.indicatorInsets == KBEdgeInsets(top: 2, bottom: 9 + shown.contentInset.bottom - Self.ownInset.bottom))
    }

    /// A view attached in a window and then moved to another superview in
    /// the same window is neither hidden nor shown: its layout changed.
    @Test func aMoveBetweenSuperviewsInOneWindowIsALayoutChange() throws {
        var (a, applied) = try Self.withKeyboardUp()
        #expect(a.windowWillChange(toWindow: true, reading: Self.reading(contentInset: applied.contentInset)) == ScrollViewAttachment.Step())
        let moved = a.windowDidChange(inWindow: true, reading: Self.reading(contentInset: applied.contentInset))
        #expect(moved.handed.map(\.event) == [.layoutChanged])
        #expect(moved.change == nil || moved.change?.contentInset == applied.contentInset, "ours stays on")
        #expect(a.inWindow && a.book?.applied != nil)
    }

    @Test func aStaleControllerNeverEmptiesANewerOnesSlot() {
        final class Controller {}
        let old = Controller(), new = Controller()
        #expect(AttachmentSlot.releases(new, by: new))
        #expect(!AttachmentSlot.releases(new, by: old))
        #expect(!AttachmentSlot.releases(nil, by: old))
        #expect(AttachmentSlot.claim(holderIsAttached: true) == .reuse)
        #expect(AttachmentSlot.claim(holderIsAttached: false) == .replace, "a detached holder is replaced")
        #expect(AttachmentSlot.claim(holderIsAttached: nil) == .replace)
    }

    /// The sentinel's own removal is no move of the scroll view; it is put
    /// back, and its arrival only confirms where the view is.
    @Test func theSentinelsRemovalIsNotTheScrollViewsAndItGoesBack() throws {
        var filter = WindowSentinelFilter()
        // Installed in a view that is in a window.
        #expect(filter.willMove(toScrollView: true) == .nothing)
        #expect(filter.willMove(toWindow: true) == .nothing)
        #expect(filter.didMoveToWindow(hasWindow: true) == .nothing)
        #expect(filter.didMove(inScrollView: true, hasWindow: true) == .windowConfirmed(inWindow: true))
        // The scroll view leaves its window.
        #expect(filter.willMove(toWindow: false) == .windowWillChange(toWindow: false))
        #expect(filter.didMoveToWindow(hasWindow: false) == .windowDidChange(inWindow: false))
        #expect(filter.willMove(toWindow: true) == .windowWillChange(toWindow: true))
        #expect(filter.didMoveToWindow(hasWindow: true) == .windowDidChange(inWindow: true))
        // App code removes every subview of the scroll view.
        #expect(filter.willMove(toScrollView: false) == .nothing)
        #expect(filter.willMove(toWindow: false) == .nothing, "the sentinel leaving, not the scroll view")
        #expect(filter.didMoveToWindow(hasWindow: false) == .nothing)
        #expect(filter.didMove(inScrollView: false, hasWindow: true) == .sentinelLeft)

        var (a, _) = try Self.withKeyboardUp()
        #expect(a.reinstallsSentinel)
        #expect(a.windowConfirmed(inWindow: true, reading: Self.reading()) == ScrollViewAttachment.Step(), "back where it was")
        // Had the view left its window meanwhile, the arrival says so.
        let missed = a.windowConfirmed(inWindow: false, reading: nil)
        #expect(missed.handed.map(\.event) == [.viewDisappeared] && missed.change?.contentInset == Self.ownInset)
        _ = a.detach()
        #expect(!a.reinstallsSentinel)
    }

    /// A content-size change (self-sizing cells as the user scrolls) never
    /// scrolls; a real layout change does.
    @Test func aContentSizeChangeNeverScrolls() throws {
        var (a, _) = try Self.withKeyboardUp()
        // The user has scrolled the field out of view.
        let scrolledAway = Self.reading(offsetY: -10, contentHeight: 1_700)
        let contentOnly = a.layoutChanged(reading: scrolledAway, scrolls: false)
        #expect(contentOnly.change == nil, "the same insets, and no scroll")
        #expect(contentOnly.handed.map(\.event) == [.layoutChanged])
        let resized = a.layoutChanged(reading: scrolledAway, scrolls: true)
        #expect(resized.change?.contentOffset != nil, "a layout change scrolls the field back into view")
    }

    /// A content-size change that changes the insets (under
    /// `scrollableAxes`, content that starts to scroll takes the safe area)
    /// applies them, and still never scrolls.
    @Test func aContentSizeChangeThatMovesTheInsetsStillNeverScrolls() throws {
        func reading(contentHeight: Double, offsetY: Double) -> ScrollViewReading {
            var r = Self.reading(offsetY: offsetY, contentHeight: contentHeight)
            r.insetAdjustmentBehavior = 1
            r.adjustedContentInset = r.contentInset
            return r
        }
        let short = FocusedField(frame: KBRect(x: 16, y: 600, width: 343, height: 44))
        var (a, _) = ScrollViewAttachment.attach(
            policy: AvoidancePolicy(), contentInset: Self.ownInset, indicatorInsets: Self.ownIndicators,
            reading: reading(contentHeight: 700, offsetY: 0), focused: short
        )
        let applied = try #require(a.keyboard(Self.show, reading: reading(contentHeight: 700, offsetY: 0)).change)
        #expect(applied.contentOffset != nil, "the field was behind the keyboard")
        // The user scrolls back to the top; then the content grows past the frame.
        let grown = a.layoutChanged(reading: reading(contentHeight: 1_700, offsetY: 0), scrolls: false)
        let change = try #require(grown.change, "the safe area now counts: new insets")
        #expect(change.contentInset != applied.contentInset)
        #expect(change.contentOffset == nil, "and no scroll")
    }

    /// What UIKit reports of one layout pass reaches the engine once, after
    /// the pass: in either order, a new size and a new content size make one
    /// change that scrolls; content sizes alone make one that does not.
    @Test func aLayoutPassIsHandedOnOnceItIsOver() throws {
        for reports in [[true, false], [false, true]] {
            var (a, applied) = try Self.withKeyboardUp()
            let first = a.layoutReported(contentOnly: reports[0]), second = a.layoutReported(contentOnly: reports[1])
            #expect(first && !second, "the first report alone asks for the end of the pass")
            let scrolledAway = Self.reading(contentInset: applied.contentInset, offsetY: 0)
            let step = a.layoutPassEnded(reading: scrolledAway)
            #expect(step.handed.map(\.event) == [.layoutChanged], "\(reports)")
            #expect(step.change?.contentOffset != nil, "a resize scrolls back to the field: \(reports)")
            let again = a.layoutPassEnded(reading: scrolledAway)
            #expect(again == ScrollViewAttachment.Step(), "handed once")
        }
        var (a, applied) = try Self.withKeyboardUp()
        let first = a.layoutReported(contentOnly: true), second = a.layoutReported(contentOnly: true)
        #expect(first && !second)
        let step = a.layoutPassEnded(reading: Self.reading(contentInset: applied.contentInset, offsetY: 0))
        #expect(step.handed.map(\.event) == [.layoutChanged] && step.change?.contentOffset == nil, "content sizes alone never scroll")
        _ = a.detach()
        let afterDetach = a.layoutReported(contentOnly: false)
        #expect(!afterDetach, "detached: deaf")
        let afterDetachEnded = a.layoutPassEnded(reading: Self.reading())
        #expect(afterDetachEnded == ScrollViewAttachment.Step())
    }

    /// A field read again that moved under half a point is no move; a
    /// caret that moved further reaches the engine with the new caret.
    @Test func caretMovesReachTheEngineOnlyWhenTheyAreMoves() {
        let caret = KBRect(x: 20, y: 910, width: 2, height: 20)
        var (a, _) = Self.attached(focused: FocusedField(frame: Self.field.frame, caret: caret))
        let nudged = FocusedField(frame: Self.field.frame, caret: caret.offsetBy(dx: 0.4, dy: -0.4))
        let unmoved = a.focusedFieldRead(nudged, reading: Self.reading())
        #expect(unmoved == ScrollViewAttachment.Step())
        let moved = FocusedField(frame: Self.field.frame, caret: caret.offsetBy(dx: 0, dy: 40))
        let step = a.focusedFieldRead(moved, reading: Self.reading())
        #expect(step.handed.map(\.event) == [.focusBegan(moved)])
        #expect(FocusedField.caretMoved(from: nil, to: caret) && !FocusedField.caretMoved(from: nil, to: nil))
        var (unfocused, _) = Self.attached()
        let noField = unfocused.focusedFieldRead(moved, reading: Self.reading())
        #expect(noField == ScrollViewAttachment.Step(), "no field, no caret")
    }

    /// Typing that grows a text view reaches the engine with the view's new
    /// frame, even where the caret stayed: the field is read again whole.
    @Test func aTextViewThatGrowsReachesTheEngineWithItsNewFrame() {
        let caret = KBRect(x: 20, y: 910, width: 2, height: 20)
        var (a, _) = Self.attached(focused: FocusedField(frame: Self.field.frame, caret: caret))
        var taller = Self.field.frame
        taller.size.height += 20
        let grown = FocusedField(frame: taller, caret: caret)
        let read = a.focusedFieldRead(grown, reading: Self.reading())
        #expect(read.handed.map(\.event) == [.focusBegan(grown)])
        #expect(a.focused == grown)
        var nudgedFrame = taller
        nudgedFrame.size.height += 0.25
        let nudged = a.focusedFieldRead(FocusedField(frame: nudgedFrame, caret: caret), reading: Self.reading())
        #expect(nudged == ScrollViewAttachment.Step())
    }

    /// The end of editing reaches the engine at the end of its turn in a
    /// window, waits for the appearance out of one, and is ignored once
    /// detached.
    @Test func anEndOfEditingIsHandedOnInAWindowWhileAttached() throws {
        var (a, _) = try Self.withKeyboardUp()
        let ended = a.focusEnded()
        #expect(ended && a.focused == nil, "the end of the turn is to be reported")
        let settled = a.focusSettled(reading: Self.reading())
        #expect(settled.handed.map(\.event) == [.focusEnded])
        var (out, _) = Self.attached(inWindow: false, focused: Self.field)
        let outEnded = out.focusEnded()
        let outSettled = out.focusSettled(reading: nil)
        #expect(outEnded && outSettled.handed.isEmpty && out.focused == nil)
        var (gone, _) = try Self.withKeyboardUp()
        _ = gone.detach()
        let goneEnded = gone.focusEnded()
        let goneSettled = gone.focusSettled(reading: Self.reading())
        #expect(!goneEnded && gone.focused == Self.field && goneSettled == ScrollViewAttachment.Step(), "detached: deaf")
    }

    /// An observer that starts listening while the engine holds a field
    /// hears of it first; with no field, or once detached, of nothing.
    @Test func aLateObserverHearsTheFocusTheEngineHolds() throws {
        let (a, _) = Self.attached(focused: Self.field)
        #expect(a.focusToCatchUp?.event == .focusBegan(Self.field))
        #expect(a.focusToCatchUp?.layout.scrollView.contentInset == Self.ownInset, "the app's own inset, never ours")
        #expect(Self.attached().0.focusToCatchUp == nil)
        #expect(Self.attached(inWindow: false, focused: Self.field).0.focusToCatchUp == nil, "the engine was told nothing yet")
        var (gone, _) = try Self.withKeyboardUp()
        _ = gone.detach()
        #expect(gone.focusToCatchUp == nil)
    }

    /// A switch (one field's end of editing, then another's beginning, in
    /// one turn) reaches the engine as the one focus it is.
    @Test func aSwitchReachesTheEngineAsOneFocus() throws {
        var (a, _) = try Self.withKeyboardUp()
        _ = a.focusEnded()
        let next = FocusedField(frame: Self.field.frame.offsetBy(dx: 0, dy: 100))
        let began = a.focusBegan(next, reading: Self.reading())
        #expect(began.handed.map(\.event) == [.focusBegan(next)])
        let settled = a.focusSettled(reading: Self.reading())
        #expect(settled == ScrollViewAttachment.Step(), "no end of editing in between")
    }

    /// A switch to a field laid out exactly where the last one lay is still a
    /// focus: UIKit scrolled the new first responder into view, and the
    /// engine must answer (the glue differential found the engine and the
    /// glue apart by 17.5 points, seed 20261199, scenario 107694). A read
    /// of the focused field that did not move is still nothing.
    @Test func aSwitchToAFieldWhereTheLastOneLayIsAFocus() throws {
        var (a, _) = try Self.withKeyboardUp()
        _ = a.focusEnded()
        let began = a.focusBegan(Self.field, reading: Self.reading())
        #expect(began.handed.map(\.event) == [.focusBegan(Self.field)])
        #expect(a.focusSettled(reading: Self.reading()) == ScrollViewAttachment.Step())
        #expect(a.focusedFieldRead(Self.field, reading: Self.reading()) == ScrollViewAttachment.Step())
    }

    /// Detaching hands the engine nothing (no disappearance for a recorder
    /// to write) and restores the newest own insets when ours are applied.
    @Test func detachingIsNoDisappearance() throws {
        var (a, applied) = try Self.withKeyboardUp()
        // The app changes its own inset while ours is applied: ours goes on top.
        let step = a.contentInsetReported(KBEdgeInsets(top: 30, bottom: 20), reading: Self.reading(contentInset: KBEdgeInsets(top: 30, bottom: 20)))
        #expect(step.change?.contentInset.top == 30 && step.change?.contentInset.bottom == applied.contentInset.bottom)
        #expect(
            a.detach()
                == InsetChange(
                    contentInset: KBEdgeInsets(top: 30, bottom: 20), indicatorInsets: Self.ownIndicators, contentOffset: nil, animation: nil))
        #expect(a.detach() == nil, "twice does nothing")
        #expect(a.keyboard(Self.hide, reading: Self.reading()) == ScrollViewAttachment.Step(), "detached: deaf")
        #expect(a.layout == nil)
    }

    /// What the engine is handed carries the layout it was judged in, with
    /// the app's own inset, never ours, and the attached policy.
    @Test func theHandedEventsCarryTheAppsOwnLayout() throws {
        var (a, applied) = try Self.withKeyboardUp()
        let step = a.layoutChanged(reading: Self.reading(contentInset: applied.contentInset), scrolls: true)
        #expect(step.handed.first?.layout.scrollView.contentInset == Self.ownInset)
        let policy = AvoidancePolicy(distance: 24)
        let (b, _) = ScrollViewAttachment.attach(policy: policy, contentInset: .zero, indicatorInsets: .zero, reading: Self.reading(), focused: nil)
        #expect(b.policy == policy)
    }

    @Test func aTableViewControllersOwnTableIsDeclinedWithAReason() {
        #expect(AttachmentDeclined.tableViewControllerAvoidsKeyboard.description.contains("UITableViewController"))
    }
    /// A caret moved by half a point or more on any one edge is a move; by
    /// less on every edge it is not (a caret that grows at one edge moves
    /// that edge alone).
    @Test func aCaretMoveIsHalfAPointOnAnyEdge() {
        let caret = KBRect(x: 40, y: 120, width: 2, height: 20)
        let edges: [(String, (Double) -> KBRect)] = [
            ("left", { KBRect(x: 40 - $0, y: 120, width: 2 + $0, height: 20) }), ("top", { KBRect(x: 40, y: 120 - $0, width: 2, height: 20 + $0) }),
            ("right", { KBRect(x: 40, y: 120, width: 2 + $0, height: 20) }), ("bottom", { KBRect(x: 40, y: 120, width: 2, height: 20 + $0) }),
        ]
        for (edge, moved) in edges {
            #expect(FocusedField.caretMoved(from: caret, to: moved(0.5)), "\(edge) by 0.5")
            #expect(!FocusedField.caretMoved(from: caret, to: moved(0.25)), "\(edge) by 0.25")
        }
        #expect(!FocusedField.caretMoved(from: nil, to: nil))
        #expect(FocusedField.caretMoved(from: caret, to: nil) && FocusedField.caretMoved(from: nil, to: caret))
    }
}
