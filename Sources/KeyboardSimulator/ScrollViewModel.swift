import KeyboardGeometry
import KeyboardAvoidance

/// A model of the `UIScrollView` state keyboard avoidance touches, with
/// UIKit's rules, written independently of the engine: the oracle judges
/// every strategy on this model.
///
/// Rules modelled (vertical scrolling; the horizontal offset is carried
/// but never judged):
/// - `adjustedContentInset = contentInset + safeArea` under
///   ``InsetAdjustment/automatic``, `= contentInset` under `never`.
/// - The valid offset range is `[−adjusted.top, max(−adjusted.top,
///   contentHeight + adjusted.bottom − boundsHeight)]`.
/// - Setting `contentInset` or the frame does *not* move the offset, even
///   out of range (as on iOS: a scroll view left past its end snaps back only
///   when the user touches it). ``offsetInRange`` says whether it is in range.
/// - ``scrollRectToVisible(_:)`` has UIKit's semantics: see its comment.
public struct ScrollViewModel: Hashable, Sendable {
    /// The frame in the window; recipes that shrink the scroll view change it.
    public var frame: Rect
    public var safeArea: EdgeInsets
    public var contentInset: EdgeInsets
    public var indicatorInsets: EdgeInsets
    public var insetAdjustment: InsetAdjustment
    public var contentSize: Size
    public var contentOffset: Point

    public init(
        frame: Rect, safeArea: EdgeInsets, contentInset: EdgeInsets, indicatorInsets: EdgeInsets? = nil,
        insetAdjustment: InsetAdjustment, contentSize: Size, contentOffset: Point
    ) {
        self.frame = frame
        self.safeArea = safeArea
        self.contentInset = contentInset
        self.indicatorInsets = indicatorInsets ?? contentInset
        self.insetAdjustment = insetAdjustment
        self.contentSize = contentSize
        self.contentOffset = contentOffset
    }

    /// `adjustedContentInset`.
    public var adjustedContentInset: EdgeInsets {
        switch insetAdjustment {
        case .automatic: contentInset + safeArea
        case .never: contentInset
        }
    }

    /// The lowest valid vertical offset.
    public var minimumOffsetY: Double { -adjustedContentInset.top }

    /// The highest valid vertical offset.
    public var maximumOffsetY: Double {
        Swift.max(minimumOffsetY, contentSize.height + adjustedContentInset.bottom - frame.height)
    }

    /// True when the vertical offset lies in the valid range (within
    /// `tolerance`).
    public func offsetInRange(tolerance: Double = 1e-6) -> Bool {
        contentOffset.y >= minimumOffsetY - tolerance && contentOffset.y <= maximumOffsetY + tolerance
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
    /// - A null or non-finite rect does nothing.
    public mutating func scrollRectToVisible(_ rect: Rect) {
        guard !rect.isDegenerate, rect.isFinite else { return }
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

    /// True when every value is finite.
    public var isFinite: Bool {
        frame.isFinite && safeArea.isFinite && contentInset.isFinite && indicatorInsets.isFinite && contentSize.isFinite
            && contentOffset.isFinite
    }
}
