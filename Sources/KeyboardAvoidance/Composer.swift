import KeyboardGeometry

/// A chat screen's composer: the bar that holds the message field, outside
/// the transcript (the scroll view) and pinned above the keyboard, as a view
/// pinned to `keyboardLayoutGuide` is. A ``LayoutSnapshot`` that has one
/// makes the scroll view a transcript: the avoider keeps the transcript's
/// newest message right above the composer, or the rows the user is
/// reading in place, instead of showing a focused field
/// (docs/contract.md, "Chat screens").
///
/// Where the composer is: its bottom edge on the docked keyboard's top, or
/// on its resting line when that lies higher (no keyboard, a floating or
/// split one, which the layout guide does not follow by default, or a
/// keyboard below the window), and its top edge ``height`` above that.
///
/// An input accessory view is part of the keyboard's frame wherever iOS
/// reports it so: there such a composer adds no height of its own (0).
/// Which frames include it varies by event and by system (iOS 26's show
/// frames leave it out, its hide frames carry its height:
/// docs/sources.md, [chatto-797] and [iq-2124]), so the app gives the
/// height the frames it receives leave out.
public struct Composer: Hashable, Sendable {
    /// The composer's height in points, at least 0: its top edge lies this
    /// far above the line it sits on. A composer that grows with its text
    /// reports each new height in a snapshot with
    /// ``KeyboardAvoider/layoutChanged(_:)``.
    public var height: Double
    /// The line the composer rests on with no docked keyboard under it, as
    /// a distance up from the window's bottom edge, at least 0: the
    /// window's bottom safe-area inset for a composer pinned to
    /// `keyboardLayoutGuide` (whose top is the safe area's bottom while the
    /// keyboard is hidden), 0 for one that rests on the window's bottom.
    public var restingInset: Double

    @inlinable
    public init(height: Double, restingInset: Double = 0) {
        self.height = height
        self.restingInset = restingInset
    }

    /// The line the composer's bottom edge sits on, in the screen's
    /// interface-oriented space, for a window at `window` on the screen:
    /// the top of a `docked` keyboard, or the resting line
    /// (``restingInset`` above the window's bottom edge) where that lies
    /// higher. A floating or split keyboard, and none, leave the composer
    /// on its resting line. Its top edge is ``height`` above this line.
    @inlinable @inline(__always)
    public func bottomEdge(over keyboard: KeyboardPlacement, window: KBRect) -> Double {
        let resting = window.maxY - restingInset
        guard case .docked(let frame) = keyboard else { return resting }
        return Swift.min(resting, frame.minY)
    }
}
