import KeyboardGeometry

/// The keyboard-avoidance state machine: feed it what happened, perform the
/// action it returns.
///
/// Every event method takes the layout as it is now and returns an
/// ``AvoidanceAction``. Adjustments are computed absolutely from the app's
/// own inset and the keyboard's current overlap (see
/// ``AvoidanceSolution``), so repeated, reordered or missing notifications
/// can never accumulate an error.
///
/// Edge cases, each covered by a test (docs/contract.md states them all):
/// - Bad input (NaN, infinities, negative sizes, absurd magnitudes, a show
///   without any frame) answers `.ignore` with a reason and leaves the state
///   exactly as it was.
/// - WillHide/DidHide restore whatever their payload says: their frames are
///   never read (Reduce Motion and iOS 26 report on-screen frames for
///   hides), and an unusable duration or curve falls back to
///   ``KeyboardAnimation/systemDefault``. A frame change to an empty or
///   off-screen frame restores too.
/// - Between a WillHide and its DidHide, a ChangeFrame to a docked frame is
///   part of the hide (iOS 26 reports the input accessory's height there,
///   though nothing stays on screen) and raises nothing; a ChangeFrame to a
///   floating frame (undocking, splitting) is honoured.
/// - A frame that arrives before the focus event applies the inset at once;
///   the focus event then scrolls.
/// - A keyboard frame belongs to the screen it was reported for: when the
///   screen's size or orientation changes, it is set aside (as if off
///   screen) until a notification reports the keyboard again.
/// - A Did notification that repeats what a Will announced whose animation
///   a newer Will overtook before its own Did arrived (a rotation or a quick
///   refocus, up to ``OvertakenAnnouncements/capacity`` announcements back)
///   is stale and ignored; a frame announced again after its animation
///   completed is not. Announcements are compared by their end keys as
///   sent, so this holds for iOS ≤ 7's fixed-space frames and iPhone OS 3's
///   legacy keys across a rotation. A Did with no
///   Will before it (the floating keyboard sends only DidChangeFrame) is
///   honoured, and so is any Did while a WillHide is the newest announcement
///   (iPhone OS 3 sends WillHide then DidShow when focus moves).
/// - While the view is off screen nothing is applied; the keyboard is
///   remembered and applied when the view appears.
/// - The app setting its own content inset (``ownInsetSet(in:)``: a
///   toolbar shown under a shown keyboard, or the same inset set again in a
///   layout pass) replaces ours on the scroll view: ours is applied again
///   over it wherever the keyboard still needs one, even when it comes out
///   as it was. A layout event alone (``layoutChanged(_:)``) takes the
///   layout's own inset for the one under ours, and changes nothing where
///   ours comes out as it was (margins that add to ours, as SwiftUI's).
/// - `isLocal == false` (another app's keyboard) is treated like any other:
///   the keyboard covers the view whoever raised it. Without a focused field
///   of ours, only the inset changes; nothing scrolls.
/// - A layout with a ``Composer`` is a chat screen: the scroll view is a
///   transcript and no field of it is shown. The inset clears the composer
///   wherever it is, the keyboard up or not (so a hide leaves the
///   composer's resting inset, not always the app's own), and the offset
///   keeps a transcript at its end there, its newest message right above
///   the composer, through keyboard changes, a composer that grows and
///   messages that arrive; one scrolled up keeps its offset
///   (``TranscriptSolution``).
///
/// Properties the fuzzer checks: the action never depends on how many times
/// a notification was repeated (a repeat answers `.ignore(.unchanged)`);
/// after a hide the insets equal the app's own (a transcript's: what its
/// composer at rest needs); the engine never traps and allocates nothing.
public struct KeyboardAvoider: Hashable, Sendable {
    /// What the app wants (distance, tall-field policy).
    public var policy: AvoidancePolicy
    /// The space keyboard frames arrive in (by iOS version).
    public let frameSpace: KeyboardFrameSpace

    private var state: State
    private var field: FocusedField?
    private var animation: KeyboardAnimation
    /// What the newest Will notification announced, whether its Did has
    /// arrived, and the announcements overtaken while their animation was
    /// still in flight: a Did notification that repeats one of those
    /// arrived late.
    private var announced: Announcement = .none
    private var announcedCompleted = false
    private var overtaken = OvertakenAnnouncements()
    /// The screen (size and orientation) the keyboard's frame was reported
    /// for: a frame belongs to one screen geometry.
    private var keyboardScreen = ScreenGeometry()
    /// True from a WillHide until its DidHide or a new keyboard frame.
    private var hiding = false
    /// True from a Will notification until the next Did: a keyboard
    /// animation is in flight.
    private var inFlight = false
    /// The event being answered, as the rule of when the user looks at the
    /// screen reads it (``GlanceMoment``), and whether it ends a keyboard's
    /// animation (a DidShow or DidHide, after which the user sees where it
    /// left the transcript, whatever comes next).
    private var moment = GlanceMoment.appSide
    private var endsAnimation = false
    /// A transcript's (a layout with a ``Composer``): its offset after the
    /// avoider's last answer, and whether it was at its end, while the view
    /// is on screen. An offset still there is at its end though the range
    /// changed since (a message arrived, the app set its own inset over
    /// ours).
    private var transcriptEnd: TranscriptMark?
    /// The bottom of the app's own content inset under the inset a
    /// transcript's last answer set (its other edges are that inset's: an
    /// answer raises the bottom only).
    private var ownBottomUnderOurs = 0.0

    /// Where the avoider's last answer left a transcript.
    private struct TranscriptMark: Hashable, Sendable {
        /// Its offset.
        var offset: Double
        /// The end of its offset range, and the layout it was for.
        var end: Double
        var basis: LayoutBasis
        /// The content inset it set (or left, the app's): the one the user
        /// saw until the next event.
        var inset: KBEdgeInsets

        /// Whether `view` is laid out as the one the mark was made on, so
        /// that offsets compare (``LayoutBasis``).
        func sameLayout(_ view: ScrollViewState) -> Bool { view.layoutBasis.isSame(as: basis) }
        /// Whether it was at its end.
        var atEnd: Bool
        /// Whether the whole content fit (the range's end was its start).
        var fits: Bool
        /// A reader's rows the answer could not hold (or held at the end of
        /// a range that shrank, where they would read as the end).
        var rows = ReaderRows.none

        init(offset: Double, end: Double, basis: LayoutBasis, inset: KBEdgeInsets, atEnd: Bool, fits: Bool) {
            self.offset = offset
            self.end = end
            self.basis = basis
            self.inset = inset
            self.atEnd = atEnd
            self.fits = fits
        }

        /// The transcript as its user reads `view` (with the content inset
        /// it has): at its offset, at its end when the offset is (within
        /// ``TranscriptSolution/endTolerance``). Content that fits shows its
        /// end and its start at once, and is read as `previous` was (or, with
        /// none, as following its end).
        init(reading view: ScrollViewState, after previous: TranscriptMark?) {
            let range = view.offsetRange(adjustedInset: view.adjustedContentInset)
            let fits = range.upperBound <= range.lowerBound + TranscriptSolution.endTolerance
            self.init(
                offset: view.contentOffset.y, end: range.upperBound, basis: view.layoutBasis, inset: view.contentInset,
                atEnd: fits ? previous?.atEnd ?? true : TranscriptSolution.isAtEnd(view.contentOffset.y, end: range.upperBound), fits: fits)
        }
    }

    /// A reader's rows that an answer could not hold, and whether the user
    /// saw that answer (``GlanceMoment``).
    private enum ReaderRows: Hashable, Sendable {
        case none
        /// Until the next event says: the kind of event the answer was
        /// for, and whether no keyboard animation was in flight after it.
        case undecided(Double, answered: GlanceMoment, settled: Bool)
        /// The user did not see the answer: the rows are what they still
        /// read while the offset stays where the answer put it.
        case unseen(Double)

        var unseen: Double? {
            if case .unseen(let y) = self { return y }
            return nil
        }
    }

    /// The states, each carrying only what is valid in it.
    private enum State: Hashable, Sendable {
        /// The view is not on screen; the keyboard's last placement is kept
        /// for when it appears.
        case offScreen(keyboard: KeyboardPlacement)
        /// On screen, and the scroll view has the app's own insets.
        case resting(keyboard: KeyboardPlacement)
        /// On screen with the given inset applied.
        case adjusted(keyboard: KeyboardPlacement, inset: KBEdgeInsets)
    }

    /// How many announcements overtaken in flight the avoider remembers
    /// (see ``received(_:in:)``): a contract constant, which the simulator's
    /// own reading of notifications shares.
    public static let rememberedOvertakenAnnouncements = OvertakenAnnouncements.capacity

    /// A new avoider. The view starts on screen unless `visible` is false.
    public init(policy: AvoidancePolicy = AvoidancePolicy(), frameSpace: KeyboardFrameSpace = .oriented, visible: Bool = true) {
        self.policy = policy
        self.frameSpace = frameSpace
        self.state = visible ? .resting(keyboard: .offScreen) : .offScreen(keyboard: .offScreen)
        self.field = nil
        self.animation = .systemDefault
    }

    /// The layout the view is in when the avoider is attached to it,
    /// before any event. On a chat screen it is where the user sees the
    /// transcript: at its end, or scrolled up. The first event then reads
    /// the transcript as it reads any answer it made: a layout pass that
    /// first moves it (a rotation, a resized window) keeps the end a user
    /// followed, or the rows a reader read. Without it, the first event
    /// takes the transcript as at its end only where that event leaves it
    /// there.
    ///
    /// Answers nothing and sets nothing on the view: the app's own layout
    /// is already there. Does nothing once an answer has been made, with
    /// the view off screen, on a screen of fields, or with a layout that
    /// ``InputValidation`` rejects. Content that fits follows its end.
    public mutating func attached(in layout: LayoutSnapshot) {
        guard transcriptEnd == nil, isVisible, layout.composer != nil, InputValidation.problem(in: layout) == nil else { return }
        transcriptEnd = TranscriptMark(reading: layout.scrollView, after: nil)
    }

    /// The keyboard's placement as last reported.
    public var keyboard: KeyboardPlacement {
        switch state {
        case .offScreen(let k), .resting(let k), .adjusted(let k, _): k
        }
    }

    /// The focused field, if any.
    public var focusedField: FocusedField? { field }

    /// True when the view is on screen.
    public var isVisible: Bool {
        if case .offScreen = state { return false }
        return true
    }

    /// True when an adjustment of ours is on the scroll view.
    public var isAdjusted: Bool { adjustedInset != nil }

    /// The content inset the engine holds for the scroll view while it is
    /// adjusted, nil otherwise: the one its last `apply` set, or the app's
    /// own where the keyboard needed exactly that (an `ignore(.unchanged)`
    /// that took over the app's inset as ours). A caller that sets the
    /// inset another way (SwiftUI's margins, which add to the app's own)
    /// reads its share from this, whatever the engine last answered.
    public var adjustedInset: KBEdgeInsets? {
        if case .adjusted(_, let inset) = state { return inset }
        return nil
    }
}

// MARK: - Events

extension KeyboardAvoider {
    /// A keyboard notification arrived.
    public mutating func received(_ notification: KeyboardNotification, in layout: LayoutSnapshot) -> AvoidanceAction {
        if let reason = InputValidation.problem(in: layout) ?? InputValidation.problem(in: policy) {
            return .ignore(reason)
        }
        let name = notification.name
        if name.isHide {
            if !name.isWill, isStale(.hide) { return .ignore(.stale) }
            if name.isWill {
                announce(.hide)
                hiding = true
            } else {
                complete(.hide)
                hiding = false
            }
            animation = InputValidation.usableAnimation(of: notification)
            heard(name, in: layout)
            return update(keyboard: .offScreen, layout: layout)
        }
        if let reason = InputValidation.problem(in: notification) { return .ignore(reason) }
        guard let raw = KeyboardFrameResolution.rawEndFrame(of: notification, space: frameSpace, orientation: layout.orientation) else {
            return .ignore(.missingFrame)
        }
        let end = KeyboardFrameResolution.oriented(raw, space: frameSpace, layout: layout)
        let placement = KeyboardPlacement(validatedFrame: end, screen: layout.screen)
        let isChangeFrame = name == .willChangeFrame || name == .didChangeFrame
        if hiding, isChangeFrame, case .docked = placement { return .ignore(.partOfHide) }
        let announcement = Announcement(endKeysOf: notification)
        if name.isWill {
            announce(announcement)
        } else if isStale(announcement) {
            return .ignore(.stale)
        } else {
            complete(announcement)
        }
        hiding = false
        keyboardScreen = ScreenGeometry(layout)
        animation = InputValidation.usableAnimation(of: notification)
        heard(name, in: layout)
        return update(keyboard: placement, layout: layout)
    }

    /// An event of kind `next` arrives (on a chat screen, a layout that
    /// changes only the transcript's content in `layout` is an app-side
    /// one). An answer that could not hold a reader's rows, given at a step
    /// the user did not look at (``GlanceMoment/isAtRest(_:next:settled:)``:
    /// a keyboard animation in flight, or a layout pass or a Did
    /// notification delivered right after it), is remembered at those rows,
    /// so that the next answer whose range holds them puts them back.
    @inline(__always)
    private mutating func glance(_ next: GlanceMoment) {
        moment = next
        guard case .undecided(let rows, let answered, let settled)? = transcriptEnd?.rows else { return }
        if GlanceMoment.isAtRest(answered, next: next, settled: settled) {
            transcriptEnd?.rows = .none
        } else {
            transcriptEnd?.rows = .unseen(rows)
            transcriptEnd?.atEnd = false
        }
    }

    /// A notification the avoider acts on arrived in `layout`: a keyboard
    /// animation is in flight from a Will to the next Did. Only a
    /// transcript (a layout with a composer) reads it.
    @inline(__always)
    private mutating func heard(_ name: KeyboardNotification.Name, in layout: LayoutSnapshot) {
        guard layout.composer != nil else { return }
        glance(name.isWill ? .will : .did)
        inFlight = name.isWill
        endsAnimation = name == .didShow || name == .didHide
    }

    /// Records what a Will notification announced. The announcement it
    /// replaces is remembered as overtaken only when its animation was still
    /// in flight (no Did had arrived for it): only then can a Did for it
    /// come late.
    private mutating func announce(_ a: Announcement) {
        guard a != announced else { return }
        overtaken.remove(a)
        if !announcedCompleted { overtaken.remember(announced) }
        announced = a
        announcedCompleted = false
    }

    /// Records that a Did notification for `a` arrived.
    @inline(__always)
    private mutating func complete(_ a: Announcement) {
        if a == announced { announcedCompleted = true }
    }

    /// True when a Did notification announcing `a` arrived late: it repeats
    /// an announcement overtaken in flight while the newest one is another
    /// frame.
    ///
    /// (Mutating only so that it reads the state in place: a non-mutating
    /// call from the mutating `received` copies the whole avoider first.)
    @inline(__always)
    private mutating func isStale(_ a: Announcement) -> Bool {
        guard announced.isFrame, a != announced else { return false }
        return overtaken.contains(a)
    }

    /// A field began editing (`textFieldDidBeginEditing`).
    public mutating func focusBegan(_ field: FocusedField, in layout: LayoutSnapshot) -> AvoidanceAction {
        if let reason = InputValidation.problem(in: field) ?? InputValidation.problem(in: layout)
            ?? InputValidation.problem(in: policy)
        {
            return .ignore(reason)
        }
        glance(.appSide)
        self.field = field
        return update(keyboard: keyboard, layout: layout)
    }

    /// Editing ended and no field is focused. The inset stays while the
    /// keyboard does; nothing scrolls.
    public mutating func focusEnded(in layout: LayoutSnapshot) -> AvoidanceAction {
        if let reason = InputValidation.problem(in: layout) { return .ignore(reason) }
        glance(.appSide)
        field = nil
        return update(keyboard: keyboard, layout: layout)
    }

    /// The layout changed (rotation, window resize, content size, the app's
    /// own inset): recompute against the keyboard as last reported.
    public mutating func layoutChanged(_ layout: LayoutSnapshot) -> AvoidanceAction {
        if let reason = InputValidation.problem(in: layout) ?? InputValidation.problem(in: policy) {
            return .ignore(reason)
        }
        glance(.layout)
        return update(keyboard: keyboard, layout: layout)
    }

    /// Only the scroll view's content or the composer changed (a message
    /// arrived, the composer grew a line; the user's scroll is
    /// ``scrolled(_:)``): recompute as ``layoutChanged(_:)`` does. On a
    /// chat screen it is an event of the app's own, after which the user
    /// looks at the screen (``GlanceMoment``), where a layout pass is not.
    public mutating func contentChanged(_ layout: LayoutSnapshot) -> AvoidanceAction {
        if let reason = InputValidation.problem(in: layout) ?? InputValidation.problem(in: policy) {
            return .ignore(reason)
        }
        glance(.appSide)
        return update(keyboard: keyboard, layout: layout)
    }

    /// The user scrolled the transcript (a drag, the deceleration it
    /// started) or the app did (a jump to a row), and nothing else of the
    /// layout changed but the content and the composer: recompute as
    /// ``contentChanged(_:)`` does, with the offset in `layout` as where
    /// the user now reads, even where it did not move (content that fits
    /// leaves nowhere to scroll: the user still looked at it). Rows the
    /// avoider kept for a reader who had not seen its last answer are let
    /// go, and the transcript is at its end only if the offset is (content
    /// that fits is read as before). On a screen of fields it is
    /// ``contentChanged(_:)``.
    public mutating func scrolled(_ layout: LayoutSnapshot) -> AvoidanceAction {
        if let reason = InputValidation.problem(in: layout) ?? InputValidation.problem(in: policy) {
            return .ignore(reason)
        }
        glance(.appSide)
        return update(keyboard: keyboard, layout: layout, scrolled: true)
    }

    /// The app set its own content inset (the layout's `contentInset`, which
    /// may be the one it had: a toolbar shown, or the inset set again in a
    /// layout pass). UIKit holds it now in place of ours, so ours is applied
    /// again over it wherever the keyboard still needs one, even when it
    /// comes out as it was; otherwise nothing changes (the app's inset is
    /// the answer). A layout change besides is taken with it.
    public mutating func ownInsetSet(in layout: LayoutSnapshot) -> AvoidanceAction {
        if let reason = InputValidation.problem(in: layout) ?? InputValidation.problem(in: policy) {
            return .ignore(reason)
        }
        glance(.layout)
        if case .adjusted(let k, _) = state { state = .resting(keyboard: k) }
        return update(keyboard: keyboard, layout: layout)
    }

    /// The view is about to appear: from now on keyboard changes move it.
    public mutating func viewAppeared(in layout: LayoutSnapshot) -> AvoidanceAction {
        if let reason = InputValidation.problem(in: layout) ?? InputValidation.problem(in: policy) {
            return .ignore(reason)
        }
        glance(.appSide)
        guard case .offScreen(let k) = state else { return update(keyboard: keyboard, layout: layout) }
        state = .resting(keyboard: k)
        return update(keyboard: k, layout: layout)
    }

    /// The view is about to disappear: put back the app's own insets and stop
    /// moving it.
    public mutating func viewDisappeared(in layout: LayoutSnapshot) -> AvoidanceAction {
        if let reason = InputValidation.problem(in: layout) { return .ignore(reason) }
        // No glance: the transcript's memory goes with the view, and every
        // entry point that reads the moment next sets it first.
        let k = keyboard
        let action: AvoidanceAction
        transcriptEnd = nil
        if case .adjusted = state {
            action = .restore(restoration(layout: layout))
        } else {
            action = .ignore(isVisible ? .noKeyboard : .viewNotVisible)
        }
        state = .offScreen(keyboard: k)
        return action
    }
}

// MARK: - The one transition function

extension KeyboardAvoider {
    /// Moves to the state that `keyboard` and `layout` imply and says what
    /// the scroll view needs. All events end here; `scrolled`: the event
    /// is the user's scroll (``scrolled(_:)``).
    private mutating func update(keyboard reported: KeyboardPlacement, layout: LayoutSnapshot, scrolled: Bool = false) -> AvoidanceAction {
        // A frame reported for another screen geometry (before a rotation,
        // a resize of the screen) says nothing here: it is set aside until
        // iOS reports the keyboard for this screen, which it does right
        // after the layout pass.
        let pending = reported.frame != nil && keyboardScreen != ScreenGeometry(layout)
        let placement = pending ? .offScreen : reported
        // The inset on the scroll view now: ours if adjusted, else the app's.
        let current: KBEdgeInsets
        let adjusted: Bool
        switch state {
        case .offScreen:
            state = .offScreen(keyboard: placement)
            return .ignore(.viewNotVisible)
        case .resting:
            current = layout.scrollView.contentInset
            adjusted = false
        case .adjusted(_, let inset):
            current = inset
            adjusted = true
        }
        if let composer = layout.composer {
            return updateTranscript(
                placement: placement, composer: composer, layout: layout, current: current, adjusted: adjusted, scrolled: scrolled)
        }
        transcriptEnd = nil
        guard placement.frame != nil else {
            state = .resting(keyboard: placement)
            return adjusted ? .restore(restoration(layout: layout)) : .ignore(.noKeyboard)
        }
        let solution = AvoidanceSolution.solve(placement: placement, field: field, layout: layout, policy: policy)
        state = .adjusted(keyboard: placement, inset: solution.contentInset)
        if solution.contentInset == current && solution.contentOffset == nil {
            return .ignore(.unchanged)
        }
        return .apply(
            Adjustment(
                contentInset: solution.contentInset,
                indicatorInsets: solution.contentInset,
                contentOffset: solution.contentOffset,
                animation: animation
            )
        )
    }

    /// ``update(keyboard:layout:)`` for a transcript: the inset clears the
    /// composer wherever it is (its resting line, or the docked keyboard's
    /// top), with or without a keyboard, and the offset keeps the
    /// transcript's end above the composer or the rows the user reads in
    /// place (``TranscriptSolution``). It was at its end when its offset
    /// is where the avoider's last answer left it at its end, whatever
    /// changed since (a message arrived, the app set its own inset over
    /// ours, a rotation shrank the frame); or when the offset moved since
    /// that answer to that end (or past it) in a frame of the same size,
    /// or to the end (within ``TranscriptSolution/endTolerance``, not past
    /// it) of the range the last answer's inset gives (a user scrolls to
    /// it; an inset the app sets in this event was not seen), or, for
    /// content that fit at that answer, to the range's start (where UIKit
    /// keeps a view resting at its top as its top inset changes); before
    /// any answer, at the end of that range. Resting when the answer is the
    /// app's own inset.
    ///
    /// The rows a reader reads survive a range that shrinks for a moment:
    /// - an offset UIKit pulled back to the end of a range that shrank
    ///   under the last answer's offset (the app's smaller own inset,
    ///   content gone) is read as that answer left it, its rows kept as
    ///   far as the new range allows;
    /// - an answer that cannot hold a reader's rows, given while the
    ///   keyboard waits to be reported for this screen or after a layout
    ///   pass (a rotation, a window changed), is remembered at those rows,
    ///   so that the next answer whose range holds them puts them back
    ///   (iOS reports the keyboard right after the layout pass). Not where
    ///   a layout pass that lays the view out anew (its frame's size or
    ///   its safe area changed) itself left the offset at the end of its
    ///   range and the answer keeps the end in view: the user sees the
    ///   end, and follows it. A pass that changes neither (a half turn
    ///   between the two landscapes, the keyboard still reported for the
    ///   other) moves no offset: the reader still reads the rows.
    @inline(__always)
    private mutating func updateTranscript(
        placement: KeyboardPlacement, composer: Composer, layout: LayoutSnapshot, current: KBEdgeInsets, adjusted: Bool, scrolled: Bool
    ) -> AvoidanceAction {
        let y = layout.scrollView.contentOffset.y
        // The inset on the view: ours moved by as much as the app's own
        // moved under it since the answer that set it (``ownBottomUnderOurs``):
        // the app's own edges, and the bottom ours raised over the app's,
        // exactly ours where the app's own did not move. A host whose inset
        // adds to the app's own (SwiftUI's margins, over insets that hold
        // the safe area) keeps ours on top of the new own until it is
        // answered; one whose inset replaces the app's hears the app's own
        // only as ``ownInsetSet(in:)``, which ends the adjustment.
        var current = current
        if adjusted {
            let own = layout.scrollView.contentInset
            current = own.withBottom(current.bottom + (own.bottom - ownBottomUnderOurs))
        }
        var before = layout.scrollView
        before.contentInset = current
        let range = before.offsetRange(adjustedInset: before.adjustedContentInset)
        let tolerance = TranscriptSolution.endTolerance
        // Where UIKit's layout pass (or the user) left it: at the end of
        // the range the inset on the view gives?
        let passAtEnd = TranscriptSolution.isAtEnd(y, end: range.upperBound)
        // The user's scroll: where the offset is, the user reads.
        if scrolled { transcriptEnd = TranscriptMark(reading: before, after: transcriptEnd) }
        // With no mark (the first event, or a view back in its window),
        // content that fits follows its end wherever the offset is: a view
        // read as it returns, before UIKit lays it out at a new safe area,
        // can lie above its range's start.
        var wasAtEnd = passAtEnd || (transcriptEnd == nil && range.upperBound <= range.lowerBound + tolerance)
        // The offset whose rows a reader reads.
        var shown = layout.scrollView
        let relaid = transcriptEnd?.sameLayout(layout.scrollView) == false
        if let seen = transcriptEnd, y == seen.offset || relaid {
            // Nothing moved it, or UIKit's layout pass did (a rotation, a
            // window resized, a new safe area): the way the last answer
            // left it, whatever changed since (a message, the app's own
            // inset); a reader's rows where the user last saw them.
            wasAtEnd = seen.atEnd
            if !relaid, let rows = seen.rows.unseen { shown.contentOffset.y = rows }
        } else if let seen = transcriptEnd {
            if seen.offset > range.upperBound + (seen.atEnd ? 0 : tolerance) && abs(y - range.upperBound) <= tolerance {
                // Pulled back to the end of a range that shrank under it:
                // a reader's offset by more than half a point (less is
                // their own offset, kept within a pixel's rounding); one
                // at its end by any amount (an end within half a point of
                // the offset that shrank by less was followed all the
                // same).
                wasAtEnd = seen.atEnd
                shown.contentOffset.y = seen.rows.unseen ?? seen.offset
            } else if seen.fits {
                // Content that fit showed its end and its start at once:
                // read as it was. Kept at the range's start by UIKit (as a
                // top inset came or went), it stayed where the answer put
                // it: a reader who did not see that answer reads the rows
                // before it.
                wasAtEnd = seen.atEnd
                if let rows = seen.rows.unseen, abs(y - range.lowerBound) <= tolerance { shown.contentOffset.y = rows }
            } else {
                // Moved (by the user, or by UIKit's layout pass): to the
                // end the last answer left, in a frame of the same size (a
                // message may have arrived since); or at the end of the
                // range the user saw, not past it (an offset beyond the
                // end of a range the app's smaller own inset gives is a
                // reader's; an inset the app sets in this event was not
                // seen: the last answer's was).
                var seenView = before
                seenView.contentInset = seen.inset
                let seenEnd = seenView.offsetRange(adjustedInset: seenView.adjustedContentInset).upperBound
                wasAtEnd = y >= seen.end - tolerance || abs(y - seenEnd) <= tolerance
            }
        }
        let solution = TranscriptSolution.solve(
            scrollView: shown, composerTop: Self.composerTop(composer, placement: placement, layout: layout), wasAtEnd: wasAtEnd)
        var solved = layout.scrollView
        solved.contentInset = solution.contentInset
        // Content that fits shows its end and its start at once: it keeps
        // the way it was read (following its end, with none before).
        let fits = solution.end <= solved.offsetRange(adjustedInset: solved.adjustedContentInset).lowerBound + tolerance
        var mark = TranscriptMark(
            offset: solution.contentOffset, end: solution.end, basis: layout.scrollView.layoutBasis, inset: solution.contentInset,
            atEnd: fits ? wasAtEnd : TranscriptSolution.isAtEnd(solution.contentOffset, end: solution.end), fits: fits)
        let read = shown.contentOffset.y
        // The layout pass showed the end, and the answer keeps it in view
        // (content that fits after it is read as before); only a pass that
        // laid the view out anew can have moved the reader there.
        let passShowsEnd = passAtEnd && !fits
        if !wasAtEnd && (solution.contentOffset != read || mark.atEnd) && !(relaid && passShowsEnd)
            && (!endsAnimation || moment != .did)
        {
            // Whether the user sees this answer, the next event says.
            mark.rows = .undecided(read, answered: moment, settled: !inFlight)
        }
        transcriptEnd = mark
        let isOwn = solution.contentInset == layout.scrollView.contentInset
        ownBottomUnderOurs = layout.scrollView.contentInset.bottom
        state = isOwn ? .resting(keyboard: placement) : .adjusted(keyboard: placement, inset: solution.contentInset)
        let offset = solution.contentOffset == y ? nil : KBPoint(x: layout.scrollView.contentOffset.x, y: solution.contentOffset)
        if solution.contentInset == current && offset == nil {
            return .ignore(adjusted || placement.frame != nil ? .unchanged : .noKeyboard)
        }
        let adjustment = Adjustment(
            contentInset: solution.contentInset, indicatorInsets: solution.contentInset, contentOffset: offset, animation: animation)
        return adjusted && isOwn ? .restore(adjustment) : .apply(adjustment)
    }

    /// The composer's top edge in the scroll view's space: its height above
    /// the docked keyboard's top, or above its resting line where that lies
    /// higher (no keyboard, a floating one, a keyboard below the window).
    @inline(__always)
    private static func composerTop(_ composer: Composer, placement: KeyboardPlacement, layout: LayoutSnapshot) -> Double {
        composer.bottomEdge(over: placement, window: layout.window) - composer.height - layout.scrollViewFrameInScreen.minY
    }

    /// The app's own insets, with the offset pulled back into range if the
    /// smaller inset leaves it outside.
    @inline(__always)
    private func restoration(layout: LayoutSnapshot) -> Adjustment {
        let range = layout.scrollView.offsetRange(adjustedInset: layout.ownAdjustedInset)
        let y = layout.scrollView.contentOffset.y
        let clamped = Swift.min(Swift.max(y, range.lowerBound), range.upperBound)
        return Adjustment(
            contentInset: layout.scrollView.contentInset,
            indicatorInsets: layout.scrollView.contentInset,
            contentOffset: clamped == y ? nil : KBPoint(x: layout.scrollView.contentOffset.x, y: clamped),
            animation: animation
        )
    }
}
