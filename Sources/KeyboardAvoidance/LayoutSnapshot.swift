import KeyboardGeometry

/// The layout around the scroll view at the moment an event arrives.
///
/// Spaces: ``screen`` and ``window`` are in the interface-oriented screen
/// space; ``scrollViewFrame`` is in the window's space; the content offset
/// and content size are in the scroll view's content space.
///
/// ``contentInset`` is the *app's own* inset, the one it wants with no
/// keyboard; the avoider never reads back the inset it set itself, which is
/// what makes every adjustment absolute.
public struct LayoutSnapshot: Hashable, Sendable {
    /// The screen's size in the oriented space.
    public var screen: KBSize
    /// The interface orientation.
    public var orientation: InterfaceOrientation
    /// The app window's frame in the screen (offset in Slide Over, Split View,
    /// Stage Manager and for form sheets).
    public var window: KBRect
    /// The scroll view's frame in the window.
    public var scrollViewFrame: KBRect
    /// The scroll view's safe-area insets.
    public var safeArea: KBEdgeInsets
    /// The app's own content inset, before any keyboard.
    public var contentInset: KBEdgeInsets
    /// How UIKit adds the safe area to the content inset.
    public var insetAdjustment: InsetAdjustment
    /// The scroll view's content size.
    public var contentSize: KBSize
    /// The scroll view's current content offset.
    public var contentOffset: KBPoint
    /// `alwaysBounceVertical`: the view scrolls vertically even when its
    /// content is shorter (see ``InsetAdjustment``).
    public var alwaysBounceVertical: Bool
    /// `alwaysBounceHorizontal`.
    public var alwaysBounceHorizontal: Bool

    public init(
        screen: KBSize,
        orientation: InterfaceOrientation = .portrait,
        window: KBRect? = nil,
        scrollViewFrame: KBRect,
        safeArea: KBEdgeInsets = .zero,
        contentInset: KBEdgeInsets = .zero,
        insetAdjustment: InsetAdjustment = .automatic,
        contentSize: KBSize,
        contentOffset: KBPoint = .zero,
        alwaysBounceVertical: Bool = false,
        alwaysBounceHorizontal: Bool = false
    ) {
        self.screen = screen
        self.orientation = orientation
        self.window = window ?? KBRect(origin: .zero, size: screen)
        self.scrollViewFrame = scrollViewFrame
        self.safeArea = safeArea
        self.contentInset = contentInset
        self.insetAdjustment = insetAdjustment
        self.contentSize = contentSize
        self.contentOffset = contentOffset
        self.alwaysBounceVertical = alwaysBounceVertical
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
    }
}

extension LayoutSnapshot {
    /// The part of the safe area UIKit adds to the content inset under
    /// ``insetAdjustment``.
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
    public var scrollsVertically: Bool { contentSize.height > scrollViewFrame.height || alwaysBounceVertical }

    /// The content is wider than the frame, or the view always bounces
    /// horizontally.
    @inlinable
    public var scrollsHorizontally: Bool { contentSize.width > scrollViewFrame.width || alwaysBounceHorizontal }

    /// The app's own `adjustedContentInset`.
    @inlinable @inline(__always)
    public var ownAdjustedInset: KBEdgeInsets { contentInset + safeAreaContribution }

    /// The scroll view's frame in the oriented screen space.
    @inlinable @inline(__always)
    public var scrollViewFrameInScreen: KBRect {
        ViewPlacement(frame: window).rectInParent(scrollViewFrame)
    }

    /// The range of vertical content offsets a scroll view with the given
    /// adjusted inset accepts: from `−top` to
    /// `max(−top, contentHeight + bottom − boundsHeight)`.
    @inlinable @inline(__always)
    public func offsetRange(adjustedInset: KBEdgeInsets) -> ClosedRange<Double> {
        let low = -adjustedInset.top
        let high = Swift.max(low, contentSize.height + adjustedInset.bottom - scrollViewFrame.height)
        return low...high
    }
}
