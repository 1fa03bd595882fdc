import KeyboardGeometry

/// Keeps the app's own content and indicator insets apart from the ones the
/// adapter sets, so that the engine always works from the app's own
/// (every adjustment is absolute) and detaching puts them back.
///
/// - While nothing of ours is applied, whatever UIKit reports is the app's
///   own.
/// - While ours is applied, a report of exactly what we set is ours; any
///   other value is the app setting a new inset of its own (it does not know
///   about ours). That value becomes the own inset and the caller recomputes,
///   which applies ours again on top of it.
public struct OwnInsetBook: Hashable, Sendable {
    /// The app's own `contentInset`.
    public private(set) var ownContentInset: KBEdgeInsets
    /// The app's own `verticalScrollIndicatorInsets`.
    public private(set) var ownIndicatorInsets: KBEdgeInsets
    /// What we set last, while it is in place.
    public private(set) var applied: (contentInset: KBEdgeInsets, indicatorInsets: KBEdgeInsets)?

    /// What a reported change was.
    public enum Report: Hashable, Sendable {
        /// Our own change coming back: nothing to do.
        case ours
        /// The app set its own inset: recompute with the new own inset.
        case appChanged
    }

    /// Starts with the insets the scroll view has when nothing of ours is
    /// applied (at attach time).
    public init(contentInset: KBEdgeInsets, indicatorInsets: KBEdgeInsets) {
        ownContentInset = contentInset
        ownIndicatorInsets = indicatorInsets
    }

    /// We are about to set these insets (call before setting, so the
    /// report that follows reads as ours).
    public mutating func willApply(contentInset: KBEdgeInsets, indicatorInsets: KBEdgeInsets) {
        applied = (contentInset, indicatorInsets)
    }

    /// We are about to put the app's own insets back.
    public mutating func willRestore() { applied = nil }

    /// UIKit reports the content inset is now `inset`.
    public mutating func contentInsetChanged(to inset: KBEdgeInsets) -> Report {
        if let applied, applied.contentInset == inset { return .ours }
        if applied == nil, inset == ownContentInset { return .ours }
        ownContentInset = inset
        applied = nil
        return .appChanged
    }

    /// UIKit reports the vertical indicator insets are now `insets`.
    public mutating func indicatorInsetsChanged(to insets: KBEdgeInsets) -> Report {
        if let applied, applied.indicatorInsets == insets { return .ours }
        if applied == nil, insets == ownIndicatorInsets { return .ours }
        ownIndicatorInsets = insets
        return .appChanged
    }

    public static func == (a: OwnInsetBook, b: OwnInsetBook) -> Bool {
        a.ownContentInset == b.ownContentInset && a.ownIndicatorInsets == b.ownIndicatorInsets
            && a.applied?.contentInset == b.applied?.contentInset && a.applied?.indicatorInsets == b.applied?.indicatorInsets
    }

    public func hash(into h: inout Hasher) {
        h.combine(ownContentInset)
        h.combine(ownIndicatorInsets)
        h.combine(applied?.contentInset)
        h.combine(applied?.indicatorInsets)
    }
}
