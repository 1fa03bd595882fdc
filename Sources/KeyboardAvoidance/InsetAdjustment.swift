/// How a scroll view turns its `contentInset` into `adjustedContentInset`:
/// UIKit's `UIScrollView.ContentInsetAdjustmentBehavior` (iOS 11 and later;
/// earlier systems behave as ``automatic``).
///
/// An axis *scrolls* when the content is longer than the frame along it
/// (`contentSize.height > frame.height`), or when the view always bounces
/// along it (`alwaysBounceVertical`); the content inset plays no part, so a
/// keyboard inset never changes which edges take the safe area.
public enum InsetAdjustment: String, Hashable, Sendable, CaseIterable {
    /// `.automatic` for a scroll view whose view controller adjusts for bars
    /// (one inside a navigation controller): the top and bottom always take
    /// the safe area; the left and right only when the view scrolls
    /// horizontally.
    case automatic
    /// `.scrollableAxes`: the top and bottom take the safe area only when the
    /// view scrolls vertically, the left and right only when it scrolls
    /// horizontally. UIKit's `.automatic` outside a navigation controller
    /// behaves so too.
    case scrollableAxes
    /// `.never`: adjustedContentInset = contentInset.
    case never
    /// `.always`: every edge takes the safe area.
    case always
}
