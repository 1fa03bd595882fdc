import KeyboardGeometry

/// The scroll view as the app left it after one event, once its own
/// handlers had run: what a trace's optional `observed` key holds
/// (docs/trace-format.md) and what `kbbench audit` judges in place of a
/// strategy's reply.
///
/// It holds what keyboard-avoidance code changes on a scroll view, and of
/// what the system owns only the safe area, and that only where the
/// avoidance moved it (a frame that follows the keyboard leaves the home
/// indicator's strip); the rest (the inset-adjustment behaviour, the
/// content size) comes from the trace's header and layout events.
///
/// Spaces and units as in ``ScrollViewState``: ``frame`` in the window,
/// ``contentOffset`` in the content, all in points. The reader accepts
/// finite numbers only, and no negative width or height in ``frame`` or
/// ``contentViewFrame``.
///
/// The initializer stores both rects standardized (a negative width or
/// height turned positive, the origin moved to the rect's low edge).
/// CoreGraphics defines a rect and its standardized form as the same rect,
/// and every rect operation standardizes first, as the oracle's do; so an
/// app that sets a frame of negative size (apple2009 taking a keyboard
/// taller than the view off the view's height) is recorded, and judged, as
/// the rect that size describes, whatever UIKit's getter returns. What such
/// a frame does to the bounds' origin, which is the offset, is not
/// documented and not modelled.
public struct ObservedScrollView: Hashable, Sendable {
    /// The frame in the window (a strategy may shift or shorten it).
    public var frame: KBRect
    /// `contentInset` as set now, the keyboard's part included.
    public var contentInset: KBEdgeInsets
    /// `verticalScrollIndicatorInsets` as set now.
    public var indicatorInsets: KBEdgeInsets
    /// `contentOffset`.
    public var contentOffset: KBPoint
    /// The frame of the view holding the content inside the scroll view,
    /// when the app moved or resized it (Apple's 2013 guide grows it by the
    /// keyboard's height); nil when it fills the content size at the origin,
    /// as an app that never touches it leaves it.
    public var contentViewFrame: KBRect?
    /// The scroll view's safe area (UIKit's `safeAreaInsets`), or nil when
    /// it is the one the trace's layout gives it (the header's, as layout
    /// events last set it).
    public var safeArea: KBEdgeInsets?
    /// The index in ``Trace/motions`` of the samples taken while the scroll
    /// view moved to this state (``ObservedSample``), or nil when the trace
    /// has none for this event. Held as an index, like a layout change's
    /// field list, so that a trace line stays a plain value.
    public var motion: Int?

    public init(
        frame: KBRect, contentInset: KBEdgeInsets, indicatorInsets: KBEdgeInsets, contentOffset: KBPoint, contentViewFrame: KBRect? = nil,
        safeArea: KBEdgeInsets? = nil, motion: Int? = nil
    ) {
        self.frame = frame.standardized
        self.contentInset = contentInset
        self.indicatorInsets = indicatorInsets
        self.contentOffset = contentOffset
        self.contentViewFrame = contentViewFrame?.standardized
        self.safeArea = safeArea
        self.motion = motion
    }

    /// The first value no device reports and the reader refuses, as its key
    /// path in the `observed` object and the value: a non-finite number, or
    /// a negative width or height of a frame (which only a rect assigned
    /// after initialization can hold). Nil when every value can be
    /// recorded. A simulated strategy can leave a non-finite state;
    /// `replay --write-observed` then says so rather than write a trace that
    /// does not read back.
    public var unrecordableValue: (key: String, value: Double)? {
        func rect(_ key: String, _ r: KBRect) -> [(String, Double)] {
            [("\(key)[0]", r.origin.x), ("\(key)[1]", r.origin.y), ("\(key)[2]", r.size.width), ("\(key)[3]", r.size.height)]
        }
        func insets(_ key: String, _ e: KBEdgeInsets) -> [(String, Double)] {
            [("\(key)[0]", e.top), ("\(key)[1]", e.left), ("\(key)[2]", e.bottom), ("\(key)[3]", e.right)]
        }
        let views = [("frame", frame)] + (contentViewFrame.map { [("contentView", $0)] } ?? [])
        let numbers =
            rect("frame", frame) + insets("contentInset", contentInset) + insets("indicatorInsets", indicatorInsets)
            + [("contentOffset[0]", contentOffset.x), ("contentOffset[1]", contentOffset.y)]
            + (contentViewFrame.map { rect("contentView", $0) } ?? []) + (safeArea.map { insets("safeArea", $0) } ?? [])
        if let bad = numbers.first(where: { !$0.1.isFinite }) { return (bad.0, bad.1) }
        for (key, r) in views {
            if r.size.width < 0 { return ("\(key)[2]", r.size.width) }
            if r.size.height < 0 { return ("\(key)[3]", r.size.height) }
        }
        return nil
    }
}

/// Where the scroll view was at one moment while it moved after an event,
/// as the screen showed it (on iOS, the presentation layer's values, not
/// the model's, which already hold the end of an animation): one of the
/// samples of an observed motion (trace format: `observed.samples`).
///
/// The frame and the offset are what place the content on screen; the
/// oracle reads the focused field's position from them. Between two
/// samples the motion is taken as linear; before the first it starts from
/// the state before the event; after the last it is at the observed state.
public struct ObservedSample: Hashable, Sendable {
    /// Seconds since the event, at least 0 and at most 60 (a keyboard's
    /// longest animation), increasing from one sample to the next.
    public var time: Double
    /// The frame in the window then.
    public var frame: KBRect
    /// The content offset then.
    public var contentOffset: KBPoint

    public init(time: Double, frame: KBRect, contentOffset: KBPoint) {
        self.time = time
        self.frame = frame
        self.contentOffset = contentOffset
    }
}
