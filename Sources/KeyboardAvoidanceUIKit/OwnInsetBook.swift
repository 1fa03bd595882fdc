import KeyboardGeometry

/// Keeps the app's own content and indicator insets apart from the ones the
/// adapter sets, so that the engine always works from the app's own (every
/// adjustment is absolute) and detaching puts them back.
///
/// - While nothing of ours is applied, whatever UIKit reports is the app's
///   own.
/// - While ours is applied, a report of exactly what we set is ours; any
///   other value is the app setting a new inset of its own (it does not know
///   about ours). That value becomes the own inset and the caller
///   recomputes, which applies ours again on top of it.
/// - Indicator insets are tracked apart from the content inset: ours are the
///   app's own indicator insets with the bottom raised by as much as our
///   content inset raises the content inset's bottom
///   (``indicatorInsets(forContentInset:)``).
/// - An app that copies the content inset into the indicator insets (a
///   common habit) reports, while ours is applied, our content inset as its
///   indicator insets: that reads as the app keeping the two equal, so its
///   own indicator insets are its own content inset, and what it set is
///   already what we would set. (Taking it as a new own value would raise
///   it again on every layout pass.)
struct OwnInsetBook: Hashable, Sendable {
    /// The app's own `contentInset`.
    private(set) var ownContentInset: KBEdgeInsets
    /// The app's own `verticalScrollIndicatorInsets`.
    private(set) var ownIndicatorInsets: KBEdgeInsets
    /// What we set last, while it is in place.
    private(set) var applied: AppliedInsets?

    /// A content inset and indicator insets set together.
    struct AppliedInsets: Hashable, Sendable {
        var contentInset: KBEdgeInsets
        var indicatorInsets: KBEdgeInsets
    }

    /// What a reported change was.
    enum Report: Hashable, Sendable {
        /// Our own change coming back, or nothing new: nothing to do.
        case ours
        /// The app set its own inset: recompute with the new own inset.
        case appChanged
    }

    /// Starts with the insets the scroll view has when nothing of ours is
    /// applied (at attach time).
    init(contentInset: KBEdgeInsets, indicatorInsets: KBEdgeInsets) {
        ownContentInset = contentInset
        ownIndicatorInsets = indicatorInsets
    }

    /// The indicator insets that go with `contentInset` when we set it: the
    /// app's own, with the bottom raised by as much as `contentInset`'s
    /// bottom is above the app's own content inset (never lowered).
    func indicatorInsets(forContentInset contentInset: KBEdgeInsets) -> KBEdgeInsets {
        let raise = Swift.max(0, contentInset.bottom - ownContentInset.bottom)
        return ownIndicatorInsets.withBottom(ownIndicatorInsets.bottom + raise)
    }

    /// We are about to set these insets (call before setting, so that the
    /// reports that follow read as ours).
    mutating func willApply(_ insets: AppliedInsets) {
        applied = insets
    }

    /// We are about to put the app's own insets back.
    mutating func willRestore() { applied = nil }

    /// UIKit reports the content inset is now `inset`.
    mutating func contentInsetChanged(to inset: KBEdgeInsets) -> Report {
        if let applied, applied.contentInset == inset { return .ours }
        if applied == nil, inset == ownContentInset { return .ours }
        ownContentInset = inset
        applied = nil
        return .appChanged
    }

    /// UIKit reports the vertical indicator insets are now `insets`.
    mutating func indicatorInsetsChanged(to insets: KBEdgeInsets) -> Report {
        if let applied, applied.indicatorInsets == insets { return .ours }
        if applied == nil, insets == ownIndicatorInsets { return .ours }
        if var a = applied, insets == a.contentInset {
            // The app copied the content inset (ours) into its indicators.
            ownIndicatorInsets = ownContentInset
            a.indicatorInsets = insets
            applied = a
            return .ours
        }
        ownIndicatorInsets = insets
        return .appChanged
    }
}
