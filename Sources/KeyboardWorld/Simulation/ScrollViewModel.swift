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
///   is in range. The one public report that settles it is from iOS 6
///   (docs/sources.md, [tpk-18]); for later systems the other reading,
///   an inset change pulling the offset into range as a resize does, is a
///   model made with ``pullsOffsetOnInsetChange`` (a replay makes its models
///   by its ``WorldReadings``), to see what depends on it.
/// - Resizing the frame pulls an out-of-range offset back into range, as
///   UIKit's layout pass does after a resize; moving it (a strategy shifting
///   the root view) changes no bounds and so leaves the offset alone.
/// - ``scrollRectToVisible(_:)`` has UIKit's semantics: see its comment.
@dynamicMemberLookup
public struct ScrollViewModel: Hashable, Sendable {
    /// What the app and the strategies set: the frame, the insets, the
    /// content size and offset. Each of its values reads and writes as the
    /// model's own (`model.contentInset`). A new frame size clamps the
    /// vertical offset into the new range; a new origin alone does not.
    public var state: ScrollViewState {
        didSet {
            if state.frame.size != oldValue.frame.size || (pullsOffsetOnInsetChange && state.contentInset != oldValue.contentInset) {
                clampOffset()
            }
        }
    }
    /// Whether a content inset change pulls the offset into range too
    /// (``WorldReadings/insetChangesPullOffsetIntoRange``).
    public let pullsOffsetOnInsetChange: Bool
    /// `verticalScrollIndicatorInsets` (and the horizontal ones): the app's
    /// content inset until a strategy sets them.
    public var indicatorInsets: KBEdgeInsets
    /// The frame of the content view inside the scroll view (Listing 4-3
    /// grows it). Changing it does not change the content size: the scroll
    /// range stays as the app set it.
    public var contentViewFrame: KBRect

    /// The scroll view in `state`, its indicator insets equal to its content
    /// inset unless given, its content view filling its content size, under
    /// the standard reading of the inset rule.
    public init(_ state: ScrollViewState, indicatorInsets: KBEdgeInsets? = nil) {
        self.init(state, pullsOffsetOnInsetChange: WorldReadings.standard.insetChangesPullOffsetIntoRange)
        if let indicatorInsets { self.indicatorInsets = indicatorInsets }
    }

    /// The scroll view in `state` under the given reading of the inset rule
    /// (see the type's comment).
    public init(_ state: ScrollViewState, pullsOffsetOnInsetChange: Bool) {
        self.state = state
        self.indicatorInsets = state.contentInset
        self.contentViewFrame = KBRect(origin: .zero, size: state.contentSize)
        self.pullsOffsetOnInsetChange = pullsOffsetOnInsetChange
    }

    /// Each value of ``state``, read and written as the model's own.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<ScrollViewState, Value>) -> Value {
        get { state[keyPath: keyPath] }
        set { state[keyPath: keyPath] = newValue }
    }

    /// `adjustedContentInset`.
    public var adjustedContentInset: KBEdgeInsets {
        state.contentInset + SafeAreaAdjustment.contribution(to: state)
    }

    /// The lowest valid vertical offset.
    public var minimumOffsetY: Double { -adjustedContentInset.top }

    /// The highest valid vertical offset.
    public var maximumOffsetY: Double {
        Swift.max(minimumOffsetY, state.contentSize.height + adjustedContentInset.bottom - state.frame.height)
    }

    /// True when the vertical offset lies in the valid range (within
    /// `tolerance`; by default a micro-point plus what doubles lose at the
    /// offset's magnitude).
    public func offsetInRange(tolerance: Double? = nil) -> Bool {
        let tolerance = tolerance ?? Rounding.allowance(at: state.contentOffset.y)
        return state.contentOffset.y >= minimumOffsetY - tolerance && state.contentOffset.y <= maximumOffsetY + tolerance
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
        let visibleTop = state.contentOffset.y + inset.top
        let visibleHeight = state.frame.height - inset.top - inset.bottom
        var y = state.contentOffset.y
        if rect.height > visibleHeight || rect.minY < visibleTop {
            y = rect.minY - inset.top
        } else if rect.maxY > visibleTop + visibleHeight {
            y = rect.maxY - state.frame.height + inset.bottom
        }
        y = Swift.min(Swift.max(y, minimumOffsetY), maximumOffsetY)
        state.contentOffset.y = y
    }

    /// Whether the vertical offset rests at the lowest valid offset (the
    /// view's top), within ``Rounding/betweenReadings``: an offset and a safe
    /// area read through containers at fractional offsets carry rounding
    /// noise (−19.666666666666664 against a top of −19.666666666666668), and
    /// a view a rounding error off its top rests there.
    package var restsAtTop: Bool { abs(state.contentOffset.y - minimumOffsetY) <= Rounding.betweenReadings }

    /// UIKit's layout pass after the layout changed: a view that rested at
    /// its top before the change (`restedAtTop`, false when the app set an
    /// offset itself) rests at its new top, which the adjusted top inset
    /// may have moved; then the offset is pulled into range. The world's
    /// layout changes (``SimulatedWorld/applySystemChanges(_:to:)``) and
    /// the UIKit stand-in's `layoutSubviews` (Tests/UIKitStandIn) both lay
    /// out here.
    package mutating func layOut(restedAtTop: Bool) {
        if restedAtTop { state.contentOffset.y = minimumOffsetY }
        clampOffset()
    }

    /// Pulls the vertical offset into the valid range (UIKit does this after
    /// a resize; after an inset change only under the other reading,
    /// ``pullsOffsetOnInsetChange``).
    public mutating func clampOffset() {
        guard state.contentOffset.y.isFinite else { return }
        state.contentOffset.y = Swift.min(Swift.max(state.contentOffset.y, minimumOffsetY), maximumOffsetY)
    }

    /// True when every value is finite.
    @inlinable
    public var isFinite: Bool {
        state.frame.isFinite && state.safeArea.isFinite && state.contentInset.isFinite && indicatorInsets.isFinite && state.contentSize.isFinite
            && state.contentOffset.isFinite && contentViewFrame.isFinite
    }
}
