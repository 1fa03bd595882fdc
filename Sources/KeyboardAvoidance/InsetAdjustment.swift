/// How a scroll view turns its `contentInset` into `adjustedContentInset`
/// (`UIScrollView.ContentInsetAdjustmentBehavior`, reduced to the two cases
/// that differ for a vertically scrolling view).
public enum InsetAdjustment: String, Hashable, Sendable, CaseIterable {
    /// adjustedContentInset = contentInset + safe area.
    case automatic
    /// adjustedContentInset = contentInset.
    case never
}
