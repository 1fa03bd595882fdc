import KeyboardGeometry

/// The scroll view's own state: what an app sets on a `UIScrollView` and
/// what keyboard avoidance reads or changes.
///
/// One shape for every place that holds a scroll view: the engine's
/// ``LayoutSnapshot``, a trace's header, the simulated world's app layout,
/// the simulated `UIScrollView`, the UIKit adapter's reading and the
/// external-strategy protocol. A trace's `layout` event changes it through
/// an optional patch (`LayoutChange` in KeyboardTrace).
///
/// Spaces: ``frame`` is in the window's space; ``contentOffset`` and
/// ``contentSize`` are in the scroll view's content space. Values are in
/// points and are not validated here (the engine validates what it reads).
public struct ScrollViewState: Hashable, Sendable {
    /// The frame in the window.
    public var frame: KBRect
    /// The safe-area insets.
    public var safeArea: KBEdgeInsets
    /// `contentInset`. In a ``LayoutSnapshot`` this is the app's own inset,
    /// the one it wants with no keyboard.
    public var contentInset: KBEdgeInsets
    /// `contentInsetAdjustmentBehavior`: which edges of the safe area UIKit
    /// adds to the content inset.
    public var insetAdjustment: InsetAdjustment
    /// `alwaysBounceVertical`: the view scrolls vertically even when its
    /// content is shorter (see ``InsetAdjustment``).
    public var alwaysBounceVertical: Bool
    /// `alwaysBounceHorizontal`.
    public var alwaysBounceHorizontal: Bool
    /// `contentSize`.
    public var contentSize: KBSize
    /// `contentOffset`.
    public var contentOffset: KBPoint

    public init(
        frame: KBRect, safeArea: KBEdgeInsets = .zero, contentInset: KBEdgeInsets = .zero,
        insetAdjustment: InsetAdjustment = .automatic, alwaysBounceVertical: Bool = false, alwaysBounceHorizontal: Bool = false,
        contentSize: KBSize, contentOffset: KBPoint = .zero
    ) {
        self.frame = frame
        self.safeArea = safeArea
        self.contentInset = contentInset
        self.insetAdjustment = insetAdjustment
        self.alwaysBounceVertical = alwaysBounceVertical
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
        self.contentSize = contentSize
        self.contentOffset = contentOffset
    }
}

extension ScrollViewState {
    /// The part of the safe area UIKit adds to the content inset under
    /// ``insetAdjustment`` (the engine's reading of UIKit's rule).
    @inlinable @inline(__always)
    public var safeAreaContribution: KBEdgeInsets {
        let vertical: Bool, horizontal: Bool
        switch insetAdjustment {
        case .never: return .zero
        case .always: return safeArea
        case .automatic:
            vertical = true
            horizontal = scrollsHorizontally
        case .scrollableAxes:
            vertical = scrollsVertically
            horizontal = scrollsHorizontally
        }
        return KBEdgeInsets(
            top: vertical ? safeArea.top : 0, left: horizontal ? safeArea.left : 0,
            bottom: vertical ? safeArea.bottom : 0, right: horizontal ? safeArea.right : 0
        )
    }

    /// The content is taller than the frame, or the view always bounces
    /// vertically.
    @inlinable
    public var scrollsVertically: Bool { contentSize.height > frame.height || alwaysBounceVertical }

    /// The content is wider than the frame, or the view always bounces
    /// horizontally.
    @inlinable
    public var scrollsHorizontally: Bool { contentSize.width > frame.width || alwaysBounceHorizontal }

    /// `adjustedContentInset`: ``contentInset`` plus
    /// ``safeAreaContribution``.
    @inlinable @inline(__always)
    public var adjustedContentInset: KBEdgeInsets { contentInset + safeAreaContribution }

    /// The range of vertical content offsets the view accepts with the given
    /// adjusted inset: from `−top` to
    /// `max(−top, contentHeight + bottom − frameHeight)`.
    @inlinable @inline(__always)
    public func offsetRange(adjustedInset: KBEdgeInsets) -> ClosedRange<Double> {
        let low = -adjustedInset.top
        let high = Swift.max(low, contentSize.height + adjustedInset.bottom - frame.height)
        return low...high
    }
}
