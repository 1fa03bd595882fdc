import KeyboardAvoidance
import KeyboardGeometry

/// Everything the UIKit adapter decides, apart from UIKit: what each thing
/// UIKit reports means, what the engine is handed, and what is set on the
/// scroll view. The UIKit file reads the live hierarchy into
/// ``ScrollViewReading``s (nil when the view is in no window), calls these
/// methods, and performs the ``InsetChange`` each ``Step`` carries.
///
/// Rules, each tested on Linux:
/// - **Attach.** A field already editing when avoidance is attached is
///   focused at once.
/// - **Windows.** The view's window decides its appearance. Leaving a window
///   is handled before the move (`willMove(toWindow:)`), while the layout can
///   still be read; a move between windows, or between superviews in one
///   window, is a layout change. Whatever the reading, a restore puts back
///   the app's own insets from the ``OwnInsetBook``, never insets read off a
///   view that has left its window.
/// - **Out of a window,** nothing is judged against a screen the view is not
///   on: the newest keyboard notification is kept and handed to the engine
///   when the view appears, with the layout it appears in, and so is the
///   focus as it is then.
/// - **Indicator insets** follow the app's own (see ``OwnInsetBook``); a
///   change the app makes to them while ours is applied is re-raised.
/// - **Layout passes.** What UIKit reports of one layout pass (a new size
///   of the bounds, a new content size), in whatever order it reports it,
///   is gathered and handed on as one change once the pass is over
///   (``layoutReported(contentOnly:)``): acting on each report would act
///   on half a layout, and on the order of the reports.
/// - **Content size.** A change of the content size alone re-solves the
///   insets but never scrolls: self-sizing table and collection views change
///   it while the user scrolls, and scrolling back to the field then would
///   yank the view.
/// - **Chat screens** (a reading with a composer: ``LayoutPass``). A pass
///   of the content alone (a message arrived, the composer grew, the user
///   scrolled) is the app's own event, `contentChanged`, and scrolls: the
///   transcript follows its newest message. A pass with a scroll of the
///   user's in it never sets the offset: the finger, or the deceleration it
///   started, owns it; the engine hears where it went.
/// - **Switching fields.** An end of editing is handed on at the end of
///   its turn, unless another field began editing in it: a switch is one
///   focus, as the engine's contract has it. A field that begins editing is
///   always handed on, even where it lies exactly where the last one did
///   (two fields laid out at one place): UIKit has just scrolled it into
///   view, and the engine answers that.
/// - **Typing.** While a text view is focused, the field is read again as
///   its text changes (its caret moves, and the view may grow): it reaches
///   the engine only when its frame or its caret moved by half a point or
///   more, and always with both as they are now.
/// - **Detach** puts back the app's newest own insets when ours are applied,
///   and is no disappearance: nothing is handed to the engine.
struct ScrollViewAttachment {
    /// The app's policy, as attached.
    let policy: AvoidancePolicy
    private var avoider: KeyboardAvoider
    /// The insets of record; nil once detached.
    private(set) var book: OwnInsetBook?
    /// Whether the view is in a window, as last reported.
    private(set) var inWindow: Bool
    /// The newest reading taken while the view was in a window.
    private var lastReading: ScrollViewReading?
    /// The keyboard notifications that arrived out of a window, kept for
    /// the engine (``PendingKeyboard``).
    private var pendingKeyboard = PendingKeyboard()
    /// The field editing now, as the app reports it.
    private(set) var focused: FocusedField?
    /// The field the engine was last told about.
    private var engineField: FocusedField?
    /// A field began editing since the engine was last told of the focus:
    /// it is told even when the field equals ``engineField``.
    private var focusIsNew = false
    /// The layout pass under way, reported and not yet handed on: nil when
    /// none is.
    private var pendingPass: LayoutPass?

    /// What one event did.
    struct Step: Hashable, Sendable {
        /// What to set on the scroll view, if anything.
        var change: InsetChange?
        /// What the engine was handed, in order, with the layout of each
        /// (for observers, such as a trace recorder).
        var handed: [HandedEvent] = []
    }

    /// Attaches: `contentInset` and `indicatorInsets` are the view's as they
    /// are (the app's own: nothing of ours is applied yet), `reading` is nil
    /// when the view is in no window, `focused` the field already editing
    /// inside the view, if any. Answers the attachment and what attaching
    /// did.
    static func attach(
        policy: AvoidancePolicy, contentInset: KBEdgeInsets, indicatorInsets: KBEdgeInsets, reading: ScrollViewReading?,
        focused: FocusedField?
    ) -> (ScrollViewAttachment, Step) {
        var a = ScrollViewAttachment(
            policy: policy, avoider: KeyboardAvoider(policy: policy, frameSpace: .oriented, visible: reading != nil),
            book: OwnInsetBook(contentInset: contentInset, indicatorInsets: indicatorInsets), inWindow: reading != nil,
            lastReading: reading, focused: focused
        )
        if let reading { a.avoider.attached(in: reading.snapshot(ownContentInset: contentInset)) }
        var step = Step()
        if let reading, focused != nil { a.syncFocus(reading, into: &step) }
        return (a, step)
    }

    private init(
        policy: AvoidancePolicy, avoider: KeyboardAvoider, book: OwnInsetBook, inWindow: Bool, lastReading: ScrollViewReading?,
        focused: FocusedField?
    ) {
        self.policy = policy
        self.avoider = avoider
        self.book = book
        self.inWindow = inWindow
        self.lastReading = lastReading
        self.focused = focused
    }

    var isAttached: Bool { book != nil }

    /// The layout the engine would be handed now, or nil when detached or
    /// never in a window.
    var layout: LayoutSnapshot? {
        guard let book, let lastReading else { return nil }
        return lastReading.snapshot(ownContentInset: book.ownContentInset)
    }

    // MARK: Keyboard

    /// A keyboard notification arrived.
    mutating func keyboard(_ n: KeyboardNotification, reading: ScrollViewReading?) -> Step {
        guard isAttached else { return Step() }
        guard inWindow, let reading else {
            pendingKeyboard.arrived(n)
            return Step()
        }
        pendingKeyboard = PendingKeyboard()
        var step = Step()
        hand(.keyboard(n), reading, into: &step)
        return step
    }

    // MARK: Focus

    /// A field inside the view began editing (or another did).
    mutating func focusBegan(_ field: FocusedField, reading: ScrollViewReading?) -> Step {
        guard isAttached else { return Step() }
        focused = field
        focusIsNew = true
        var step = Step()
        if inWindow, let reading { syncFocus(reading, into: &step) }
        return step
    }

    /// Editing ended. Nothing is handed on yet: the caller reports the end
    /// of the turn (``focusSettled(reading:)``), and only then is the end
    /// of editing handed on, unless a field began editing meanwhile. UIKit
    /// ends one field's editing and begins the next one's in one turn (and
    /// scrolls the next one into view in between): the engine hears of the
    /// switch alone, as a focus. Answers whether the end of the turn must
    /// be reported.
    mutating func focusEnded() -> Bool {
        guard isAttached else { return false }
        focused = nil
        return true
    }

    /// The turn in which editing ended is over: the focus as it is now is
    /// handed on, when the engine was told of another.
    mutating func focusSettled(reading: ScrollViewReading?) -> Step {
        guard isAttached else { return Step() }
        var step = Step()
        if inWindow, let reading { syncFocus(reading, into: &step) }
        return step
    }

    /// The focused field, read again, is `field` (content coordinates): a
    /// text view's caret moves as its text changes, and the view may grow.
    /// Handed on, frame and caret as they are now, only when it moved
    /// (`FocusedField.moved(from:)`); nothing while no field is focused.
    mutating func focusedFieldRead(_ field: FocusedField, reading: ScrollViewReading?) -> Step {
        guard let old = focused, field.moved(from: old) else { return Step() }
        return focusBegan(field, reading: reading)
    }

    /// What an observer that starts listening now must hear first to know
    /// what the engine holds: the focus it was last handed, with the newest
    /// layout. Nil when the engine holds no field, when detached, or when
    /// the view has never been in a window.
    var focusToCatchUp: HandedEvent? {
        guard let book, let engineField, let lastReading else { return nil }
        return HandedEvent(event: .focusBegan(engineField), layout: lastReading.snapshot(ownContentInset: book.ownContentInset))
    }

    /// Tells the engine the focus as it is now, when it has another.
    private mutating func syncFocus(_ reading: ScrollViewReading, into step: inout Step) {
        guard focused != engineField || (focusIsNew && focused != nil) else { return }
        focusIsNew = false
        engineField = focused
        hand(focused.map { .focusBegan($0) } ?? .focusEnded, reading, into: &step)
    }

    // MARK: Windows

    /// The view is about to move into a window (`toWindow`) or out of every
    /// window; `reading` is the layout before the move.
    mutating func windowWillChange(toWindow: Bool, reading: ScrollViewReading?) -> Step {
        guard isAttached, inWindow, !toWindow else { return Step() }
        return disappear(reading: reading)
    }

    /// The view moved: it is in a window now (`inWindow`) or in none;
    /// `reading` is the layout after the move.
    mutating func windowDidChange(inWindow now: Bool, reading: ScrollViewReading?) -> Step {
        guard isAttached else { return Step() }
        switch (inWindow, now) {
        case (false, true):
            guard let reading else { return Step() }
            inWindow = true
            var step = Step()
            for n in pendingKeyboard.take() { hand(.keyboard(n), reading, into: &step) }
            syncFocus(reading, into: &step)
            hand(.viewAppeared, reading, into: &step)
            return step
        case (true, false):
            // The move out was not announced: the last reading stands in.
            return disappear(reading: nil)
        case (true, true):
            guard let reading else { return Step() }
            return layoutChanged(reading: reading)
        case (false, false):
            return Step()
        }
    }

    /// Where the view is, confirmed without a move of its own (the window
    /// sentinel arrived, at attach or put back): a change only when it
    /// differs from what was last reported; the same window is no layout
    /// change.
    mutating func windowConfirmed(inWindow now: Bool, reading: ScrollViewReading?) -> Step {
        guard now != inWindow else { return Step() }
        return windowDidChange(inWindow: now, reading: reading)
    }

    private mutating func disappear(reading: ScrollViewReading?) -> Step {
        inWindow = false
        var step = Step()
        guard let reading = reading ?? lastReading else { return step }
        hand(.viewDisappeared, reading, into: &step)
        return step
    }

    /// The hidden view that reports window moves left the scroll view
    /// (`removeFromSuperview` on every subview, say): whether to put it
    /// back. It goes back while attached; the move it may have missed is
    /// reported when it is back, since ``windowDidChange(inWindow:reading:)``
    /// compares with what was last reported.
    var reinstallsSentinel: Bool { isAttached }

    // MARK: Layout and insets

    /// UIKit reported the layout changed: the bounds' size, or, with
    /// `contentOnly`, the content alone (its size; on a chat screen the
    /// composer's height too). Reports are gathered until the pass is over
    /// (``layoutPassEnded(reading:)``) and handed on as one change
    /// (``LayoutPass``). Answers true for the pass's first report: the
    /// caller then reports the end of the pass, on the next turn of the
    /// main queue.
    mutating func layoutReported(contentOnly: Bool) -> Bool {
        guard isAttached else { return false }
        let first = pendingPass == nil
        var pass = pendingPass ?? LayoutPass()
        pass.reported(contentOnly: contentOnly)
        pendingPass = pass
        return first
    }

    /// The user moved a chat screen's transcript (dragging it, or the
    /// deceleration a drag started): gathered as a report of the content
    /// alone, whose pass never sets the offset. Answers as
    /// ``layoutReported(contentOnly:)`` does.
    mutating func userScrollReported() -> Bool {
        let first = layoutReported(contentOnly: true)
        pendingPass?.userScrolled = true
        return first
    }

    /// The layout pass whose reports were gathered is over: the layout is
    /// now `reading` (nil out of a window).
    mutating func layoutPassEnded(reading: ScrollViewReading?) -> Step {
        guard let pass = pendingPass else { return Step() }
        pendingPass = nil
        guard let reading else { return Step() }
        let chat = reading.composer != nil
        return layoutChanged(reading: reading, scrolls: pass.scrolls(onChatScreen: chat), event: pass.event(onChatScreen: chat))
    }

    /// The layout changed: the view's size, its place, the window, the
    /// screen, or, where `scrolls` is false, only the content, which never
    /// scrolls. `event` is what the engine is handed: the app setting its
    /// own inset is ``AvoiderEvent/ownInsetSet``.
    mutating func layoutChanged(reading: ScrollViewReading, scrolls: Bool = true, event: AvoiderEvent = .layoutChanged) -> Step {
        guard isAttached else { return Step() }
        var step = Step()
        guard inWindow else {
            lastReading = reading
            return step
        }
        hand(event, reading, into: &step, scrolls: scrolls)
        return step
    }

    /// UIKit reports the content inset is now `inset` (key-value observing):
    /// an inset the app set, even one it had, becomes its own and replaced
    /// ours on the view, and ours is solved again on top of it
    /// (``AvoiderEvent/ownInsetSet``).
    mutating func contentInsetReported(_ inset: KBEdgeInsets, reading: ScrollViewReading?) -> Step {
        guard var book else { return Step() }
        let report = book.contentInsetChanged(to: inset)
        self.book = book
        guard report == .appChanged else { return Step() }
        guard let reading else { return Step() }
        return layoutChanged(reading: reading, event: .ownInsetSet)
    }

    /// UIKit reports the vertical indicator insets are now `insets`: ones the
    /// app set become its own, raised again while ours is applied, until the
    /// view holds (once every set so far has landed) what ours should be:
    /// reported late, the app's set may come after one of ours that was
    /// computed from its old own insets.
    mutating func indicatorInsetsReported(_ insets: KBEdgeInsets) -> Step {
        guard var book else { return Step() }
        defer { self.book = book }
        _ = book.indicatorInsetsChanged(to: insets)
        guard let applied = book.applied else { return Step() }
        let indicators = book.indicatorInsets(forContentInset: applied.contentInset)
        guard indicators != book.indicatorsOnView else { return Step() }
        book.willApply(.init(contentInset: applied.contentInset, indicatorInsets: indicators))
        return Step(change: InsetChange(contentInset: applied.contentInset, indicatorInsets: indicators, contentOffset: nil, animation: nil))
    }

    /// The adapter is about to set `change` on the scroll view: the
    /// key-value reports of its sets are ours (``OwnInsetBook/willSet(_:)``).
    /// Called for what is set, once a step's changes are merged, never for
    /// a change decided and then replaced.
    mutating func willPerform(_ change: InsetChange) {
        book?.willSet(.init(contentInset: change.contentInset, indicatorInsets: change.indicatorInsets))
    }

    // MARK: Detach

    /// Detaches: what to set to put the app's newest own insets back (nil
    /// when nothing of ours is applied, or already detached).
    mutating func detach() -> InsetChange? {
        guard let b = book else { return nil }
        book = nil
        pendingKeyboard = PendingKeyboard()
        pendingPass = nil
        guard b.applied != nil else { return nil }
        return InsetChange(contentInset: b.ownContentInset, indicatorInsets: b.ownIndicatorInsets, contentOffset: nil, animation: nil)
    }

    // MARK: The engine

    /// Hands `event` to the engine with `reading`'s layout and turns its
    /// action into the change to make; without `scrolls`, the change leaves
    /// the offset alone.
    private mutating func hand(_ event: AvoiderEvent, _ reading: ScrollViewReading, into step: inout Step, scrolls: Bool = true) {
        guard var book else { return }
        lastReading = reading
        let layout = reading.snapshot(ownContentInset: book.ownContentInset)
        step.handed.append(HandedEvent(event: event, layout: layout))
        let change: InsetChange?
        switch avoider.handle(event, in: layout) {
        case .apply(let a):
            let insets = OwnInsetBook.AppliedInsets(
                contentInset: a.contentInset, indicatorInsets: book.indicatorInsets(forContentInset: a.contentInset))
            if !scrolls, insets == book.applied {
                change = nil
            } else {
                book.willApply(insets)
                change = InsetChange(
                    contentInset: insets.contentInset, indicatorInsets: insets.indicatorInsets, contentOffset: scrolls ? a.contentOffset : nil,
                    animation: a.animation
                )
            }
        case .restore(let a):
            book.willRestore()
            change = InsetChange(
                contentInset: book.ownContentInset, indicatorInsets: book.ownIndicatorInsets, contentOffset: scrolls ? a.contentOffset : nil,
                animation: a.animation
            )
        case .ignore:
            change = nil
        }
        self.book = book
        // Changes are absolute: a later one replaces an earlier one, keeping
        // the earlier offset when it sets none.
        if let change {
            step.change = InsetChange(
                contentInset: change.contentInset, indicatorInsets: change.indicatorInsets,
                contentOffset: change.contentOffset ?? step.change?.contentOffset, animation: change.animation ?? step.change?.animation
            )
        }
    }
}

/// What the adapter sets on the scroll view: absolute values, never added
/// to what is there.
struct InsetChange: Hashable, Sendable {
    var contentInset: KBEdgeInsets
    var indicatorInsets: KBEdgeInsets
    /// The new content offset, or nil to leave it.
    var contentOffset: KBPoint?
    /// The animation to run it with; nil: at once.
    var animation: KeyboardAnimation?
}
