import Foundation
import KeyboardAvoidance
import KeyboardAvoidanceFoundation
import KeyboardGeometry
import KeyboardTrace

/// Records what an app sees as a `.kbtrace` that `kbbench replay` reads:
/// every keyboard notification posted to a `NotificationCenter`, with all
/// its userInfo keys, and the focus, layout and appearance changes the app
/// reports.
///
///     let recorder = KeyboardTraceRecorder(path: tracePath, header: header)
///     recorder.focus(field: 0)           // from textFieldDidBeginEditing
///     …                                  // keyboard notifications are recorded by themselves
///     recorder.stop()
///
/// With an adapter that hands its engine ``AvoiderEvent``s (the UIKit
/// adapter's `observeEvents(_:)`), ``record(_:in:)`` records each as it is
/// handed, with the layout it was judged in.
///
/// - The file is rewritten atomically (a temporary file renamed over it)
///   after every event, so a crash or a kill loses nothing recorded and never
///   leaves half a line. Cost: the whole trace is written each time, fine
///   for a recording session of a few thousand events.
/// - A value of the wrong type (never sent by UIKit, but possible in a test
///   post) cannot be written in a trace: that key is left out of the event,
///   and ``droppedValues`` names it.
/// - Thread safety: every method may be called from any thread; events are
///   kept in the order the calls happen.
///
/// Observing what the app did (for `kbbench audit`): given a
/// ``ScrollViewObserving`` source, the recorder writes after each event the
/// scroll view as the app's own handlers left it (the trace's `observed`
/// key). The state of an event is read once those handlers have run: on
/// the next turn of the run loop (``observationScheduler``), or, when
/// another event comes first (iOS posts WillChangeFrame and WillShow in one
/// turn), as that event is recorded. That reading is right only when the
/// recorder hears each notification before the app's handlers act on it:
/// create it before they register. Apple documents no order in which a
/// center calls its observers (registration order is what apps report
/// seeing); swift-corelibs-foundation's order is not fixed. Where the app
/// heard the second of two notifications of one turn first, the first's
/// state already holds the second's change.
public final class KeyboardTraceRecorder: @unchecked Sendable {
    /// Where the trace is written.
    public let path: String
    private let center: NotificationCenter
    private let lock = NSLock()
    private var header: TraceHeader
    private var events: [TraceEvent] = []
    /// The observed state of each event, nil until read (and always without
    /// a source).
    private var observations: [ObservedScrollView?] = []
    /// The events whose state is still to be read (one, or a layout the
    /// recorder wrote with the event it goes with: one moment, one state).
    private var pendingObservation: [Int] = []
    private let source: ScrollViewObserving?
    private let scheduler: ObservationScheduler
    private var fieldLists: [[KBRect]] = []
    private var tokens: [NSObjectProtocol] = []
    private var dropped: [String] = []
    private var lastError: String?
    /// The layout of the last ``record(_:in:)``.
    private var lastLayout: LayoutSnapshot?

    /// Starts recording the keyboard notifications of `center` into `path`
    /// (written at once with the header alone); `header` is the layout when
    /// recording starts. With `observing`, each event's line also holds the
    /// scroll view as the app left it, read on the turn of the run loop that
    /// `scheduler` gives (see the type's comment).
    public init(
        path: String, header: TraceHeader, center: NotificationCenter = .default, observing source: ScrollViewObserving? = nil,
        scheduler: @escaping ObservationScheduler = KeyboardTraceRecorder.nextTurnOfTheMainRunLoop
    ) {
        self.path = path
        self.header = header
        self.center = center
        self.source = source
        self.scheduler = scheduler
        save()
        for name in KeyboardNotification.Name.allCases {
            tokens.append(
                center.addObserver(forName: Notification.Name(name.rawValue), object: nil, queue: nil) { [weak self] n in
                    self?.record(n)
                })
        }
    }

    deinit {
        for token in tokens { center.removeObserver(token) }
    }

    /// Starts recording into `path` a session that starts in `layout`, with
    /// the app's `policy` (the header holds both), the profile of the
    /// system it runs on (`.ios13`, `.ipados` on an iPad) and its major
    /// version when given (`ProcessInfo`'s `operatingSystemVersion`; it
    /// must be within the profile's
    /// ``TraceProfile/recordableSystemVersions``, or the trace will not
    /// read back).
    ///
    /// The header states `promise`, what the app's keyboard code promises
    /// about the focused field, which `kbbench audit` judges the observed
    /// states by: by default the policy's (the engine's promise); an app
    /// that runs other code states its own (`.visible` for a recipe that
    /// only scrolls the field into view, a distance for a library that
    /// keeps one).
    public convenience init(
        path: String, layout: LayoutSnapshot, policy: AvoidancePolicy, promise: VisibilityPromise? = nil, profile: TraceProfile = .ios13,
        systemVersion: Int? = nil, center: NotificationCenter = .default, observing source: ScrollViewObserving? = nil
    ) {
        self.init(
            path: path, layout: layout, policy: policy, promise: promise, profile: profile, systemVersion: systemVersion, center: center,
            observing: source, scheduler: KeyboardTraceRecorder.nextTurnOfTheMainRunLoop)
    }

    /// The same, its observations read on the turns `scheduler` gives: for
    /// a test that turns the main queue by hand (the UIKit stand-in's).
    package convenience init(
        path: String, layout: LayoutSnapshot, policy: AvoidancePolicy, promise: VisibilityPromise? = nil, profile: TraceProfile = .ios13,
        systemVersion: Int? = nil, center: NotificationCenter = .default, observing source: ScrollViewObserving? = nil,
        scheduler: @escaping ObservationScheduler
    ) {
        var header = TraceHeader(layout: layout, fields: [], policy: policy, profile: profile)
        header.systemVersion = systemVersion
        header.promise = promise ?? VisibilityPromise(policy: policy)
        self.init(path: path, header: header, center: center, observing: source, scheduler: scheduler)
        locked { lastLayout = layout }
    }

    /// Records an event an adapter handed its engine, judged in `layout`:
    /// - a change of layout since the last one recorded is recorded first,
    ///   as a layout event (a moved content offset only with
    ///   `layoutChanged`: otherwise it is the echo of the adapter's own
    ///   scroll, which a replay makes again; and with `viewAppeared` when
    ///   the offset is no longer where the last event's observed state has
    ///   it: someone else moved it while the view was out of its window,
    ///   where the adapter neither scrolls nor hears a scroll). It and the event it goes with
    ///   happened at once, and take one observed state, read once the turn
    ///   is over (a view back in its window after a rotation is laid out
    ///   only then: read between the two, its offset is out of range);
    /// - `focusBegan` focuses the field, with its caret (a caret move is a
    ///   focus again). A field not focused before is added to the newest
    ///   field list (the header's until a layout event sets one): the file
    ///   is rewritten whole after every event, so the list grows in place
    ///   and the indices of earlier focuses stay right. No layout event is
    ///   made up for it, which would carry, as its observed state, UIKit's
    ///   own scroll to the field (done before the adapter hears of the
    ///   focus), where a replay makes that scroll at the focus;
    /// - `focusEnded`, `viewAppeared` and `viewDisappeared` are a blur, an
    ///   appear and a disappear; `layoutChanged` is the layout event alone;
    ///   `scrolled` is a layout event with the offset, even one it had (a
    ///   replay hands it as a scroll only so);
    ///   `ownInsetSet` is a layout event with the app's content inset, even
    ///   one it had (the set replaced the adapter's), and with the offset
    ///   when it is no longer where the last event's observed state has it:
    ///   UIKit moved it between the set and the adapter hearing of it (a
    ///   layout pass, or the setter itself, pulling it into the app's
    ///   smaller range), which a replay cannot make again. Without an
    ///   observing source the offset is left out;
    /// - keyboard notifications are left out: the recorder records them
    ///   from its notification center, with every key as posted.
    public func record(_ event: AvoiderEvent, in layout: LayoutSnapshot) {
        if case .keyboard = event { return }
        let (change, field) = locked { () -> (LayoutChange, Int?) in
            var change = lastLayout.map { LayoutChange(from: $0, to: layout) } ?? LayoutChange()
            // An offset that moved since the last event is, but for a layout
            // change, the echo of the adapter's own scroll, which a replay
            // makes again (a change of the content alone included: the
            // user's scroll is an event of its own, and a replay hands an
            // offset with the content as one). A scroll keeps its offset
            // even where it did not move.
            switch event {
            case .layoutChanged: break
            case .scrolled: change.contentOffset = layout.scrollView.contentOffset
            case .viewAppeared:
                // Away from its window the view was not the adapter's to
                // scroll: an offset that is no longer where the last event
                // left it was moved by someone else while it was away (a
                // drag the adapter could not hear, the app's own scroll).
                // Without an observing source that cannot be told: left out.
                if offsetMovedSinceTheLastEventsState(in: layout) == nil { change.contentOffset = nil }
            default: change.contentOffset = nil
            }
            if event == .ownInsetSet {
                change.contentInset = layout.scrollView.contentInset
                if let moved = offsetMovedSinceTheLastEventsState(in: layout) { change.contentOffset = moved }
            }
            lastLayout = layout
            guard case .focusBegan(let f) = event else { return (change, nil) }
            return (change, declare(f.frame))
        }
        var recorded: [TraceEvent] = []
        if change != LayoutChange() || event == .layoutChanged || event == .contentChanged || event == .scrolled || event == .ownInsetSet {
            recorded.append(.layout(change))
        }
        switch event {
        case .focusBegan(let f): recorded.append(.focus(field: field ?? 0, caret: f.caret))
        case .focusEnded: recorded.append(.blur)
        case .viewAppeared: recorded.append(.appear)
        case .viewDisappeared: recorded.append(.disappear)
        case .layoutChanged, .contentChanged, .scrolled, .ownInsetSet, .keyboard: break
        }
        append(recorded)
    }

    /// The offset of `layout` when it is no longer where the last event's
    /// observed state has it, or nil (also without an observing source, or
    /// before any state was read). The previous event's handlers have run
    /// by now: its state, read here if it is still pending, is where the
    /// adapter left the view. The lock is held.
    private func offsetMovedSinceTheLastEventsState(in layout: LayoutSnapshot) -> KBPoint? {
        _ = takePendingObservation()
        guard let left = observations.last ?? nil, left.contentOffset != layout.scrollView.contentOffset else { return nil }
        return layout.scrollView.contentOffset
    }

    /// The index of `frame` in the newest field list, added to its end when
    /// it is not there. The lock is held.
    private func declare(_ frame: KBRect) -> Int {
        if let last = fieldLists.indices.last {
            if let i = fieldLists[last].firstIndex(of: frame) { return i }
            fieldLists[last].append(frame)
            return fieldLists[last].count - 1
        }
        if let i = header.fields.firstIndex(of: frame) { return i }
        header.fields.append(frame)
        return header.fields.count - 1
    }

    /// Stops observing; the file keeps everything recorded.
    public func stop() {
        let t = locked {
            defer { tokens = [] }
            return tokens
        }
        for token in t { center.removeObserver(token) }
    }

    /// Records one posted notification (called for each keyboard
    /// notification of the center; call it yourself for a notification that
    /// reached you another way). Notifications that are not the keyboard's
    /// are ignored.
    public func record(_ notification: Notification) {
        var userInfo = notification.userInfo
        var droppedHere: [String] = []
        while true {
            do {
                let n = try UserInfoDecoder.decode(name: notification.name.rawValue, userInfo: userInfo)
                append(.keyboard(n), dropped: droppedHere)
                return
            } catch {
                switch error {
                case .unknownNotification: return
                case .wrongType(let key, _, _):
                    droppedHere.append("\(notification.name.rawValue): \(key.rawValue) (\(error))")
                    userInfo?[key.rawValue] = nil
                }
            }
        }
    }

    /// Field `field` (an index into the newest field list) began editing;
    /// `caret` is its caret rect in content coordinates, for a text view.
    public func focus(field: Int, caret: KBRect? = nil) { append(.focus(field: field, caret: caret)) }

    /// Editing ended; no field is focused.
    public func blur() { append(.blur) }

    /// The layout changed (rotation, window resize, content size, the app's
    /// own inset, a scroll the app made): the values that changed, and the
    /// new field list when the fields changed.
    public func layout(_ change: LayoutChange, fields: [KBRect]? = nil) {
        var c = change
        if let fields {
            c.fieldList = locked {
                fieldLists.append(fields)
                return fieldLists.count - 1
            }
        }
        append(.layout(c))
    }

    /// The view is about to appear.
    public func appear() { append(.appear) }

    /// The view is about to disappear.
    public func disappear() { append(.disappear) }

    /// The trace recorded so far (an event whose observed state is still to
    /// be read has none yet).
    public var trace: Trace { locked { currentTrace } }

    private var currentTrace: Trace {
        var trace = Trace(header: header, lines: events.indices.map { TraceLine(line: $0 + 2, event: events[$0]) }, fieldLists: fieldLists)
        for (i, o) in observations.enumerated() { trace.setObserved(o, atEvent: i) }
        return trace
    }

    /// Reads the observed state of the pending event now, if one waits:
    /// call it where the app's handlers are known to have run when the
    /// scheduler's turn would come too late (a test, a synchronous flow).
    public func observePendingEvent() {
        if locked(takePendingObservation) { save() }
    }

    /// Reads the pending event's state into `observations`; the lock is
    /// held. True when a state was taken.
    private func takePendingObservation() -> Bool {
        guard !pendingObservation.isEmpty, let source else { return false }
        let lines = pendingObservation
        pendingObservation = []
        let observed = source.observedScrollView()
        for i in lines { observations[i] = observed }
        return true
    }

    /// Values left out because they had the wrong type, one line each.
    public var droppedValues: [String] { locked { dropped } }

    /// Why the last save failed, or nil when the file is up to date.
    public var writeError: String? { locked { lastError } }

    private func append(_ event: TraceEvent, dropped droppedHere: [String] = []) {
        append([event], dropped: droppedHere)
    }

    /// Appends `recorded`, events of one moment, which share the state read
    /// after them.
    private func append(_ recorded: [TraceEvent], dropped droppedHere: [String] = []) {
        guard !recorded.isEmpty else { return }
        locked {
            // The previous event's handlers have run by now, or this event
            // would not be here: its state is read before this one changes it.
            _ = takePendingObservation()
            for event in recorded {
                events.append(event)
                observations.append(nil)
            }
            dropped += droppedHere
            if source != nil { pendingObservation = Array(events.count - recorded.count..<events.count) }
        }
        save()
        if source != nil { scheduler { [weak self] in self?.observePendingEvent() } }
    }

    private func save() {
        locked {
            // Foundation's atomic write: a temporary file renamed over the
            // trace, so that a crash leaves the last whole trace, never a
            // part of one (the tools' AtomicFile also syncs to disk; an
            // app's process ending is what this guards against).
            do {
                try Data(TraceWriter.text(currentTrace).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                lastError = nil
            } catch {
                lastError = "\(path): \(error)"
            }
        }
    }

    /// Runs `body` holding the lock: every read and write of the recorded
    /// state goes through here, whichever thread posts or calls.
    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

extension KeyboardTraceRecorder {
    /// Runs a block once the current turn of the run loop is over: the
    /// recorder reads an event's observed state in it.
    public typealias ObservationScheduler = @Sendable (@escaping @Sendable () -> Void) -> Void

    /// The default scheduler: the main queue, which the main run loop drains
    /// after the handlers of the notification being delivered have run.
    public static let nextTurnOfTheMainRunLoop: ObservationScheduler = { DispatchQueue.main.async(execute: $0) }
}
