import KeyboardAvoidance
import KeyboardGeometry

/// A recorded or generated sequence of events with the layout it starts
/// from: the unit of replay (trace format v1, docs/trace-format.md).
public struct Trace: Hashable, Sendable {
    /// The schema version this reader and writer speak.
    public static let schemaVersion = 1

    public var header: TraceHeader
    /// The events, each with the 1-based line it was read from (or would be
    /// written to).
    public var events: [TraceLine]
    /// The field lists that layout events switch to: a layout event's
    /// ``LayoutChange/fieldList`` indexes this. The reader adds one list per
    /// layout event that has `fields`, in file order.
    ///
    /// They live here, not in the events, so that ``TraceEvent`` holds no
    /// reference and copies as plain bytes: the replayer copies one per step
    /// of every fuzz run, and a reference-counted event would make each copy
    /// an out-of-line value-witness call.
    public var fieldLists: [[KBRect]]
    /// The observed motions that observed states name
    /// (``ObservedScrollView/motion`` indexes this): the samples of each,
    /// in time order. The reader adds one per `observed` with `samples`, in
    /// file order.
    public var motions: [[ObservedSample]]
    /// The observed scroll views that event lines name
    /// (``TraceLine/observation`` indexes this; see ``observed(_:)``). The
    /// reader adds one per line with `observed`, in file order. Held apart
    /// from the lines, like the field lists, so that a line stays small: the
    /// fuzzer makes and copies millions.
    public var observations: [ObservedScrollView]

    public init(header: TraceHeader, events: [TraceEvent], fieldLists: [[KBRect]] = []) {
        self.header = header
        self.events = events.enumerated().map { TraceLine(line: $0.offset + 2, event: $0.element) }
        self.fieldLists = fieldLists
        self.motions = []
        self.observations = []
    }

    public init(
        header: TraceHeader, lines: [TraceLine], fieldLists: [[KBRect]] = [], motions: [[ObservedSample]] = [],
        observations: [ObservedScrollView] = []
    ) {
        self.header = header
        self.events = lines
        self.fieldLists = fieldLists
        self.motions = motions
        self.observations = observations
    }

    /// The scroll view as the app left it after `line`'s event, or nil when
    /// the trace does not say (or names a state it lacks, which the reader
    /// never produces).
    public func observed(_ line: TraceLine) -> ObservedScrollView? {
        guard let i = line.observation, observations.indices.contains(i) else { return nil }
        return observations[i]
    }

    /// Records `observed` as the state after the event at `index` of
    /// ``events`` (appended to ``observations``), or, for nil, says the
    /// trace does not know it.
    public mutating func setObserved(_ observed: ObservedScrollView?, atEvent index: Int) {
        guard let observed else {
            events[index].observation = nil
            return
        }
        observations.append(observed)
        events[index].observation = observations.count - 1
    }

    /// The samples of the motion `observed` names, or nil when it names
    /// none (or one this trace lacks, which the reader never produces).
    public func motion(of observed: ObservedScrollView) -> [ObservedSample]? {
        guard let i = observed.motion, motions.indices.contains(i) else { return nil }
        return motions[i]
    }

    /// The same trace with its events numbered as ``TraceWriter`` writes
    /// them: 2, 3, … (the header is line 1).
    ///
    /// Line numbers say where each event was read, for messages and replay
    /// reports; they are not part of what a trace describes. A trace read
    /// from a file with blank lines keeps the file's numbers, so the
    /// round-trip property is stated on this form:
    /// `TraceReader.read(TraceWriter.text(t)) == t.renumbered` for every trace
    /// the reader accepts.
    public var renumbered: Trace {
        var t = self
        for i in t.events.indices { t.events[i].line = i + 2 }
        return t
    }

    /// The first line whose truth changes where iOS tells the app nothing
    /// (a focus, blur, appear or disappear), or where a layout change
    /// raises a keyboard that was hidden; nil when there is none. In a
    /// trace iOS could send, every change of the keyboard's truth happens
    /// at a line where iOS tells the app something about the keyboard or
    /// the screen: a keyboard notification, or a layout change that moves
    /// or removes a keyboard already up (a rotation); a keyboard appears
    /// only with a notification. (The truth starts hidden.) Traces without
    /// truth have none. A trace edited by dropping events must keep it nil
    /// to stay one iOS could send.
    public var unannouncedTruthChange: TraceLine? {
        var last: KeyboardTruth = .hidden
        for line in events {
            guard let truth = line.truth else { continue }
            if truth != last {
                switch line.event {
                case .keyboard: break
                case .layout: if last == .hidden { return line }
                case .focus, .blur, .appear, .disappear: return line
                }
                last = truth
            }
        }
        return nil
    }

    /// The field list a layout change switches to, or nil when it keeps the
    /// fields (or names a list this trace lacks, which the reader never
    /// produces).
    public func fields(after change: LayoutChange) -> [KBRect]? {
        change.fields(in: fieldLists)
    }
}

/// One event, the file line it came from, where the keyboard really is
/// after it when the trace knows, and which observed scroll view follows it
/// when the trace was recorded with them.
public struct TraceLine: Hashable, Sendable {
    public var line: Int
    public var event: TraceEvent
    /// The keyboard's true frame after the event, as the simulator knows
    /// it; nil for traces that do not say (hand-written, recorded, imported).
    public var truth: KeyboardTruth?
    /// The index in ``Trace/observations`` of the scroll view once the
    /// app's own handlers had run after the event (read it with
    /// ``Trace/observed(_:)``); nil when the trace does not say. Generated
    /// traces never hold one; `kbbench audit` judges them.
    public var observation: Int?

    public init(line: Int, event: TraceEvent, truth: KeyboardTruth? = nil, observation: Int? = nil) {
        self.line = line
        self.event = event
        self.truth = truth
        self.observation = observation
    }
}

/// Where the keyboard really is after an event, in the oriented screen
/// space whatever the profile: the ground truth a simulator-written trace
/// carries in its `truth` key (docs/trace-format.md).
///
/// It is the keyboard at rest once the event's animation ends, as iOS
/// really places it: a stale Did notification, an iOS 26 hide's
/// accessory-height frame, Reduce Motion's strip or an undock's `y = −264`
/// do not move it. A change iOS makes without telling the app (an emoji
/// switch with no notification) shows in the truth only once iOS reports
/// it: no strategy can answer what it was never told.
public enum KeyboardTruth: Hashable, Sendable {
    /// No keyboard on screen.
    case hidden
    /// The keyboard's frame, in the oriented screen space.
    case shown(KBRect)

    /// The frame, nil when hidden.
    public var frame: KBRect? {
        switch self {
        case .hidden: nil
        case .shown(let r): r
        }
    }
}

/// The geometry a trace starts from.
public struct TraceHeader: Hashable, Sendable {
    public var profile: TraceProfile
    /// The major system version the trace was recorded on (or simulated
    /// for), within the profile's ``TraceProfile/recordableSystemVersions``; nil when
    /// not known (a hand-written trace, an imported log). The simulator
    /// always writes it. What differs within one profile by version is a
    /// strategy's own business: a library that checks the version (as
    /// IQKeyboardManager does for iOS 26) reads it here.
    public var systemVersion: Int?
    public var screen: KBSize
    public var orientation: InterfaceOrientation
    public var window: KBRect
    public var scrollView: ScrollViewState
    public var fields: [KBRect]
    public var policy: AvoidancePolicy
    /// What the code whose scroll view the trace observes promises about
    /// the focused field: the I2 `kbbench audit` judges its states by. Nil
    /// when the trace does not say (a hand-written trace, an imported log).
    /// `replay --write-observed` writes the replaying strategy's promise;
    /// ``KeyboardTraceRecorder`` the one it was given.
    public var promise: VisibilityPromise?
    /// A chat screen's composer, outside the scroll view and pinned above
    /// the keyboard: the scroll view is then a transcript, handed to
    /// strategies in every snapshot and judged by the transcript rules
    /// (docs/invariants.md, "Chat screens"). Nil: a screen whose fields lie
    /// inside the scroll view. Layout events may change it, never add or
    /// remove it.
    public var composer: Composer?

    public init(
        profile: TraceProfile = .ios8, screen: KBSize, orientation: InterfaceOrientation = .portrait, window: KBRect? = nil,
        scrollView: ScrollViewState, fields: [KBRect], policy: AvoidancePolicy = AvoidancePolicy(), systemVersion: Int? = nil,
        promise: VisibilityPromise? = nil, composer: Composer? = nil
    ) {
        self.promise = promise
        self.composer = composer
        self.profile = profile
        self.systemVersion = systemVersion
        self.screen = screen
        self.orientation = orientation
        self.window = window ?? KBRect(origin: .zero, size: screen)
        self.scrollView = scrollView
        self.fields = fields
        self.policy = policy
    }
}

/// One event of a trace.
///
/// Property: a trivial value (no references anywhere in its payloads), so
/// copying one is a byte copy (the trace reader's tests check this).
public enum TraceEvent: Hashable, Sendable {
    /// A keyboard notification, payload exactly as posted.
    case keyboard(KeyboardNotification)
    /// The field at this index of the header's `fields` began editing;
    /// optionally with a caret rect in content coordinates.
    case focus(field: Int, caret: KBRect?)
    /// Editing ended.
    case blur
    /// Layout values changed (rotation, window resize, content size).
    case layout(LayoutChange)
    /// The view is about to appear.
    case appear
    /// The view is about to disappear.
    case disappear
}

/// The header values a `layout` event changes; nil means unchanged: the
/// optional patch of a ``ScrollViewState`` (see ``apply(to:)``), plus the
/// screen, the window, the field list and the composer.
///
/// A new field list is named by its index in the trace's
/// ``Trace/fieldLists`` rather than held here, which keeps the change (and
/// so every ``TraceEvent``) free of references.
public struct LayoutChange: Hashable, Sendable {
    public var screen: KBSize?
    public var orientation: InterfaceOrientation?
    public var window: KBRect?
    public var frame: KBRect?
    public var safeArea: KBEdgeInsets?
    public var contentInset: KBEdgeInsets?
    public var insetAdjustment: InsetAdjustment?
    public var alwaysBounceVertical: Bool?
    public var alwaysBounceHorizontal: Bool?
    public var contentSize: KBSize?
    public var contentOffset: KBPoint?
    /// The index in ``Trace/fieldLists`` of the fields the app now lays
    /// out; see ``Trace/fields(after:)``.
    public var fieldList: Int?
    /// The chat screen's composer as it now is (grown with its text, or its
    /// resting line moved with the safe area); only in a trace whose header
    /// has one.
    public var composer: Composer?

    public init(
        screen: KBSize? = nil, orientation: InterfaceOrientation? = nil, window: KBRect? = nil, frame: KBRect? = nil,
        safeArea: KBEdgeInsets? = nil, contentInset: KBEdgeInsets? = nil, insetAdjustment: InsetAdjustment? = nil,
        alwaysBounceVertical: Bool? = nil, alwaysBounceHorizontal: Bool? = nil,
        contentSize: KBSize? = nil, contentOffset: KBPoint? = nil, fieldList: Int? = nil, composer: Composer? = nil
    ) {
        self.composer = composer
        self.screen = screen
        self.orientation = orientation
        self.window = window
        self.frame = frame
        self.safeArea = safeArea
        self.contentInset = contentInset
        self.insetAdjustment = insetAdjustment
        self.alwaysBounceVertical = alwaysBounceVertical
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
        self.contentSize = contentSize
        self.contentOffset = contentOffset
        self.fieldList = fieldList
    }

    /// The list of `fieldLists` this change switches to, or nil when it
    /// keeps the fields or its index is outside `fieldLists`.
    public func fields(in fieldLists: [[KBRect]]) -> [KBRect]? {
        guard let i = fieldList, fieldLists.indices.contains(i) else { return nil }
        return fieldLists[i]
    }
}

extension Trace {
    /// The file extension of traces: `NAME.kbtrace`.
    public static let fileExtension = "kbtrace"
}
