import KeyboardGeometry
import KeyboardAvoidance

/// A model of the `UIScrollView` state keyboard avoidance touches, with
/// UIKit's rules, written independently of the engine: the oracle judges
/// every strategy on this model.
///
/// Rules modelled (vertical scrolling; the horizontal offset is carried
/// but never judged):
/// - `adjustedContentInset = contentInset` plus the edges of the safe area
///   ``SafeAreaAdjustment`` says UIKit adds for the behaviour, the frame's
///   size, the content size and the always-bounce flags.
/// - The valid offset range is `[−adjusted.top, max(−adjusted.top,
///   contentHeight + adjusted.bottom − boundsHeight)]`.
/// - Setting `contentInset` does *not* move the offset, even out of range (a
///   scroll view left past its end after a keyboard inset is removed snaps
///   back only when the user touches it). ``offsetInRange`` says whether it
///   is in range.
/// - Resizing the frame pulls an out-of-range offset back into range, as
///   UIKit's layout pass does after a resize; moving it (a strategy shifting
///   the root view) changes no bounds and so leaves the offset alone.
/// - ``scrollRectToVisible(_:)`` has UIKit's semantics: see its comment.
public struct ScrollViewModel: Hashable, Sendable {
    /// The frame in the window; recipes that shrink the scroll view or shift
    /// the root view change it. A new size clamps the vertical offset into
    /// the new range; a new origin alone does not.
    public var frame: KBRect {
        didSet { if frame.size != oldValue.size { clampOffset() } }
    }
    public var safeArea: KBEdgeInsets
    public var contentInset: KBEdgeInsets
    public var indicatorInsets: KBEdgeInsets
    public var insetAdjustment: InsetAdjustment
    /// `alwaysBounceVertical` (see ``InsetAdjustment``).
    public var alwaysBounceVertical: Bool
    /// `alwaysBounceHorizontal`.
    public var alwaysBounceHorizontal: Bool
    public var contentSize: KBSize
    public var contentOffset: KBPoint
    /// The frame of the content view inside the scroll view (Listing 4-3
    /// grows it). Changing it does not change ``contentSize``: the scroll
    /// range stays as the app set it.
    public var contentViewFrame: KBRect

    public init(
        frame: KBRect, safeArea: KBEdgeInsets, contentInset: KBEdgeInsets, indicatorInsets: KBEdgeInsets? = nil,
        insetAdjustment: InsetAdjustment, alwaysBounceVertical: Bool = false, alwaysBounceHorizontal: Bool = false, contentSize: KBSize,
        contentOffset: KBPoint
    ) {
        self.frame = frame
        self.safeArea = safeArea
        self.contentInset = contentInset
        self.indicatorInsets = indicatorInsets ?? contentInset
        self.insetAdjustment = insetAdjustment
        self.alwaysBounceVertical = alwaysBounceVertical
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
        self.contentSize = contentSize
        self.contentOffset = contentOffset
        self.contentViewFrame = KBRect(origin: .zero, size: contentSize)
    }

    /// `adjustedContentInset`.
    public var adjustedContentInset: KBEdgeInsets {
        contentInset
            + SafeAreaAdjustment(insetAdjustment, alwaysBounceVertical: alwaysBounceVertical, alwaysBounceHorizontal: alwaysBounceHorizontal)
            .contribution(safeArea: safeArea, frameSize: frame.size, contentSize: contentSize)
    }

    /// The lowest valid vertical offset.
    public var minimumOffsetY: Double { -adjustedContentInset.top }

    /// The highest valid vertical offset.
    public var maximumOffsetY: Double {
        Swift.max(minimumOffsetY, contentSize.height + adjustedContentInset.bottom - frame.height)
    }

    /// True when the vertical offset lies in the valid range (within
    /// `tolerance`; by default a micro-point plus what doubles lose at the
    /// offset's magnitude).
    public func offsetInRange(tolerance: Double? = nil) -> Bool {
        let tolerance = tolerance ?? (1e-6 + 1e-9 * abs(contentOffset.y))
        return contentOffset.y >= minimumOffsetY - tolerance && contentOffset.y <= maximumOffsetY + tolerance
    }

    /// `scrollRectToVisible(_:animated:)`: scrolls as little as possible so
    /// that `rect` (content coordinates) lies inside the bounds minus the
    /// adjusted content inset.
    ///
    /// - Already visible: no movement.
    /// - Below the visible area: its bottom is aligned with the visible
    ///   bottom; above it: its top with the visible top.
    /// - Taller than the visible area: its top is aligned with the visible top.
    /// - The result is clamped to the valid range (so a field below the
    ///   content's reach stays partly hidden).
    /// - An empty rect (null, or no width or height: `[nil frame]` for a
    ///   missing field is the zero rect) does nothing ([s21g-2008] in
    ///   docs/sources.md); neither does a non-finite one.
    ///
    /// The tall-rect rule (top edge shown) is an estimate for iOS 5 and
    /// later: the reference says only "just visible". The one contemporary
    /// note on iPhone OS 2 ([s21g-2008]) saw the bottom edge preferred and
    /// the content inset ignored; neither is modelled, because no strategy
    /// in the recipes' scopes depends on them (a recipe's promise accepts any
    /// offset at which a tall field fills the visible band, and apple2009 has
    /// no content inset of its own).
    public mutating func scrollRectToVisible(_ rect: KBRect) {
        guard !rect.isEmpty, !rect.isDegenerate, rect.isFinite else { return }
        let inset = adjustedContentInset
        let visibleTop = contentOffset.y + inset.top
        let visibleHeight = frame.height - inset.top - inset.bottom
        var y = contentOffset.y
        if rect.height > visibleHeight || rect.minY < visibleTop {
            y = rect.minY - inset.top
        } else if rect.maxY > visibleTop + visibleHeight {
            y = rect.maxY - frame.height + inset.bottom
        }
        y = Swift.min(Swift.max(y, minimumOffsetY), maximumOffsetY)
        contentOffset.y = y
    }

    /// Pulls the vertical offset into the valid range (UIKit does this after
    /// a resize; it does not after an inset change).
    public mutating func clampOffset() {
        guard contentOffset.y.isFinite else { return }
        contentOffset.y = Swift.min(Swift.max(contentOffset.y, minimumOffsetY), maximumOffsetY)
    }

    /// True when every value is finite.
    public var isFinite: Bool {
        frame.isFinite && safeArea.isFinite && contentInset.isFinite && indicatorInsets.isFinite && contentSize.isFinite
            && contentOffset.isFinite && contentViewFrame.isFinite
    }
}
