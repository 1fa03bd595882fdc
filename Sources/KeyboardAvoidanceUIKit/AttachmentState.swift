import KeyboardGeometry

/// The rules of attaching avoidance to a scroll view, apart from UIKit:
///
/// - Attaching an attached view does nothing (one observer per view).
/// - While attached, the view's window decides its appearance: moving into
///   a window is an appear, out of one a disappear; a repeated report of the
///   same state is no event (UIKit calls `didMoveToWindow` for moves between
///   superviews too).
/// - Detaching restores the app's own insets, the newest ones it set, and
///   stops everything; detaching a detached view does nothing.
public struct AttachmentState: Hashable, Sendable {
    /// The insets of record while attached; nil when detached.
    public private(set) var book: OwnInsetBook?
    /// Whether the view is in a window, as last reported.
    public private(set) var inWindow = false

    public init() {}

    public var isAttached: Bool { book != nil }

    /// What attaching did.
    public enum Attach: Hashable, Sendable {
        /// Now attached: start observing; `appearsNow` when the view is
        /// already in a window.
        case attached(appearsNow: Bool)
        /// It was attached already: nothing changes.
        case alreadyAttached
    }

    /// Attaches with the view's insets as they are (nothing of ours is
    /// applied yet) and whether it is in a window.
    public mutating func attach(contentInset: KBEdgeInsets, indicatorInsets: KBEdgeInsets, inWindow: Bool) -> Attach {
        guard book == nil else { return .alreadyAttached }
        book = OwnInsetBook(contentInset: contentInset, indicatorInsets: indicatorInsets)
        self.inWindow = inWindow
        return .attached(appearsNow: inWindow)
    }

    /// What a window move means.
    public enum Appearance: Hashable, Sendable {
        case appear
        case disappear
        /// No change, or not attached.
        case none
    }

    /// The view moved; `inWindow` is whether it has a window now.
    public mutating func windowChanged(inWindow now: Bool) -> Appearance {
        guard book != nil, now != inWindow else { return .none }
        inWindow = now
        return now ? .appear : .disappear
    }

    /// Detaches: the insets to put back (the app's own), or nil when it was
    /// not attached.
    public mutating func detach() -> (contentInset: KBEdgeInsets, indicatorInsets: KBEdgeInsets)? {
        guard let b = book else { return nil }
        book = nil
        inWindow = false
        return (b.ownContentInset, b.ownIndicatorInsets)
    }

    /// Applies `change` to the book while attached; `.ours` when detached
    /// (a detached view's insets are the app's business alone).
    public mutating func withBook(_ change: (inout OwnInsetBook) -> OwnInsetBook.Report) -> OwnInsetBook.Report {
        guard var b = book else { return .ours }
        let report = change(&b)
        book = b
        return report
    }
}
