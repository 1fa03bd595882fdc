import KeyboardAvoidance
import KeyboardGeometry

/// A recorded or generated sequence of events with the layout it starts
/// from: the unit of replay (trace format v1, DESIGN §6).
public struct Trace: Hashable, Sendable {
    /// The schema version this reader and writer speak.
    public static let schemaVersion = 1

    public var header: TraceHeader
    /// The events, each with the 1-based line it was read from (or would be
    /// written to).
    public var events: [TraceLine]

    public init(header: TraceHeader, events: [TraceEvent]) {
        self.header = header
        self.events = events.enumerated().map { TraceLine(line: $0.offset + 2, event: $0.element) }
    }

    public init(header: TraceHeader, lines: [TraceLine]) {
        self.header = header
        self.events = lines
    }
}

/// One event and the file line it came from.
public struct TraceLine: Hashable, Sendable {
    public var line: Int
    public var event: TraceEvent

    public init(line: Int, event: TraceEvent) {
        self.line = line
        self.event = event
    }
}

/// The geometry a trace starts from.
public struct TraceHeader: Hashable, Sendable {
    public var profile: TraceProfile
    public var screen: Size
    public var orientation: InterfaceOrientation
    public var window: Rect
    public var scrollView: ScrollViewSetup
    public var fields: [Rect]
    public var policy: AvoidancePolicy

    public init(
        profile: TraceProfile = .ios8, screen: Size, orientation: InterfaceOrientation = .portrait, window: Rect? = nil,
        scrollView: ScrollViewSetup, fields: [Rect], policy: AvoidancePolicy = AvoidancePolicy()
    ) {
        self.profile = profile
        self.screen = screen
        self.orientation = orientation
        self.window = window ?? Rect(origin: .zero, size: screen)
        self.scrollView = scrollView
        self.fields = fields
        self.policy = policy
    }
}

/// The scroll view's initial state in a trace header.
public struct ScrollViewSetup: Hashable, Sendable {
    public var frame: Rect
    public var safeArea: EdgeInsets
    public var contentInset: EdgeInsets
    public var insetAdjustment: InsetAdjustment
    public var contentSize: Size
    public var contentOffset: Point

    public init(
        frame: Rect, safeArea: EdgeInsets = .zero, contentInset: EdgeInsets = .zero,
        insetAdjustment: InsetAdjustment = .automatic, contentSize: Size, contentOffset: Point = .zero
    ) {
        self.frame = frame
        self.safeArea = safeArea
        self.contentInset = contentInset
        self.insetAdjustment = insetAdjustment
        self.contentSize = contentSize
        self.contentOffset = contentOffset
    }
}

/// One event of a trace.
public enum TraceEvent: Hashable, Sendable {
    /// A keyboard notification, payload exactly as posted.
    case keyboard(KeyboardNotification)
    /// The field at this index of the header's `fields` began editing;
    /// optionally with a caret rect in content coordinates.
    case focus(field: Int, caret: Rect?)
    /// Editing ended.
    case blur
    /// Layout values changed (rotation, window resize, content size).
    case layout(LayoutChange)
    /// The view is about to appear.
    case appear
    /// The view is about to disappear.
    case disappear
}

/// The header values a `layout` event changes; nil means unchanged.
public struct LayoutChange: Hashable, Sendable {
    public var screen: Size?
    public var orientation: InterfaceOrientation?
    public var window: Rect?
    public var frame: Rect?
    public var safeArea: EdgeInsets?
    public var contentInset: EdgeInsets?
    public var insetAdjustment: InsetAdjustment?
    public var contentSize: Size?
    public var contentOffset: Point?
    public var fields: [Rect]?

    public init(
        screen: Size? = nil, orientation: InterfaceOrientation? = nil, window: Rect? = nil, frame: Rect? = nil,
        safeArea: EdgeInsets? = nil, contentInset: EdgeInsets? = nil, insetAdjustment: InsetAdjustment? = nil,
        contentSize: Size? = nil, contentOffset: Point? = nil, fields: [Rect]? = nil
    ) {
        self.screen = screen
        self.orientation = orientation
        self.window = window
        self.frame = frame
        self.safeArea = safeArea
        self.contentInset = contentInset
        self.insetAdjustment = insetAdjustment
        self.contentSize = contentSize
        self.contentOffset = contentOffset
        self.fields = fields
    }
}
