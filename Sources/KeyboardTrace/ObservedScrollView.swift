import KeyboardGeometry

/// The scroll view as the app left it after one event, once its own
/// handlers had run: what a trace's optional `observed` key holds
/// (docs/trace-format.md) and what `kbbench audit` judges in place of a
/// strategy's reply.
///
/// It holds what keyboard-avoidance code changes on a scroll view and
/// nothing the system owns (the safe area, the inset-adjustment behaviour
/// and the content size come from the trace's header and layout events).
///
/// Spaces and units as in ``ScrollViewState``: ``frame`` in the window,
/// ``contentOffset`` in the content, all in points. The reader accepts
/// finite numbers only, and no negative width or height in ``frame`` or
/// ``contentViewFrame``.
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

    public init(
        frame: KBRect, contentInset: KBEdgeInsets, indicatorInsets: KBEdgeInsets, contentOffset: KBPoint, contentViewFrame: KBRect? = nil
    ) {
        self.frame = frame
        self.contentInset = contentInset
        self.indicatorInsets = indicatorInsets
        self.contentOffset = contentOffset
        self.contentViewFrame = contentViewFrame
    }

    /// The first value no device reports and the reader refuses, as its key
    /// path in the `observed` object and the value: a non-finite number, or
    /// a negative width or height of a frame (UIKit reports a frame set with
    /// a negative size as the equivalent positive one). Nil when every value
    /// can be recorded. A simulated strategy can leave such a state;
    /// `replay --write-observed` then says so rather than write a trace that
    /// does not read back.
    public var unrecordableValue: (key: String, value: Double)? {
        let numbers: [(String, Double)] = [
            ("frame[0]", frame.origin.x), ("frame[1]", frame.origin.y), ("frame[2]", frame.size.width), ("frame[3]", frame.size.height),
            ("contentInset[0]", contentInset.top), ("contentInset[1]", contentInset.left), ("contentInset[2]", contentInset.bottom),
            ("contentInset[3]", contentInset.right), ("indicatorInsets[0]", indicatorInsets.top), ("indicatorInsets[1]", indicatorInsets.left),
            ("indicatorInsets[2]", indicatorInsets.bottom), ("indicatorInsets[3]", indicatorInsets.right),
            ("contentOffset[0]", contentOffset.x), ("contentOffset[1]", contentOffset.y),
        ]
        var all = numbers
        if let v = contentViewFrame {
            all += [
                ("contentView[0]", v.origin.x), ("contentView[1]", v.origin.y), ("contentView[2]", v.size.width), ("contentView[3]", v.size.height),
            ]
        }
        if let bad = all.first(where: { !$0.1.isFinite }) { return (bad.0, bad.1) }
        let sizes: Set<String> = ["frame[2]", "frame[3]", "contentView[2]", "contentView[3]"]
        if let bad = all.first(where: { sizes.contains($0.0) && $0.1 < 0 }) { return (bad.0, bad.1) }
        return nil
    }
}
