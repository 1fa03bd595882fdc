import KeyboardGeometry

/// Keeps the app's own content and indicator insets apart from the ones the
/// adapter sets, so that the engine always works from the app's own (every
/// adjustment is absolute) and detaching puts them back.
///
/// - Each set of an inset reports once, in the order of the sets
///   (key-value observing notifies on every set): a report of a value we
///   set (``willSet(_:)``) and have not yet heard back is ours. Any other
///   report is the app's: an app that sets exactly the value ours has (a
///   44 pt toolbar under a keyboard that covers 44 pt of the view) still
///   sets its own.
/// - While nothing of ours is applied, a report of the app's own inset is
///   nothing new.
/// - While ours is applied, a report of the app's is the app setting a new
///   inset of its own (it does not know about ours). That value becomes
///   the own inset and the caller recomputes, which applies ours again on
///   top of it.
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
    /// The values we set whose reports have not come back yet, oldest
    /// first, one list per key.
    private var unheardContentInsets: [KBEdgeInsets] = []
    private var unheardIndicatorInsets: [KBEdgeInsets] = []
    /// The indicator insets on the view once every set reported so far has
    /// landed: our newest set's while one is unheard (it came after every
    /// report still to come), else the newest reported.
    private(set) var indicatorsOnView: KBEdgeInsets

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
        indicatorsOnView = indicatorInsets
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

    /// We are about to set both insets on the scroll view to `insets`: each
    /// set's report is ours when it comes.
    mutating func willSet(_ insets: AppliedInsets) {
        unheardContentInsets.append(insets.contentInset)
        unheardIndicatorInsets.append(insets.indicatorInsets)
        indicatorsOnView = insets.indicatorInsets
    }

    /// UIKit reports the content inset is now `inset`: the app's own set is
    /// `appChanged` while ours is applied even when the app set the inset
    /// it had (its set replaced ours on the view).
    mutating func contentInsetChanged(to inset: KBEdgeInsets) -> Report {
        if unheardContentInsets.first == inset {
            unheardContentInsets.removeFirst()
            return .ours
        }
        if applied == nil, inset == ownContentInset { return .ours }
        ownContentInset = inset
        applied = nil
        return .appChanged
    }

    /// UIKit reports the vertical indicator insets are now `insets`.
    mutating func indicatorInsetsChanged(to insets: KBEdgeInsets) -> Report {
        defer { if unheardIndicatorInsets.isEmpty { indicatorsOnView = insets } }
        if unheardIndicatorInsets.first == insets {
            unheardIndicatorInsets.removeFirst()
            return .ours
        }
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
