import KeyboardGeometry

/// What the app should do to its scroll view in answer to an event.
public enum AvoidanceAction: Hashable, Sendable {
    /// Set the insets (and the offset, when given), animated as stated.
    case apply(Adjustment)
    /// Put back the app's own insets (and the offset, when given): the
    /// keyboard no longer covers the view.
    case restore(Adjustment)
    /// Change nothing.
    case ignore(IgnoreReason)
}

/// The scroll view state an action asks for. Every value is absolute: apply
/// it as given, never add it to what is there.
public struct Adjustment: Hashable, Sendable {
    /// The new `contentInset` (the app's own, with the bottom raised to clear
    /// the keyboard).
    public var contentInset: KBEdgeInsets
    /// The new `verticalScrollIndicatorInsets`.
    public var indicatorInsets: KBEdgeInsets
    /// The new `contentOffset`, or nil to leave it as it is.
    public var contentOffset: KBPoint?
    /// The animation to run the change with.
    public var animation: KeyboardAnimation

    @inlinable
    public init(contentInset: KBEdgeInsets, indicatorInsets: KBEdgeInsets, contentOffset: KBPoint?, animation: KeyboardAnimation) {
        self.contentInset = contentInset
        self.indicatorInsets = indicatorInsets
        self.contentOffset = contentOffset
        self.animation = animation
    }
}

extension AvoidanceAction {
    /// The adjustment of an apply or restore; nil for ignore.
    @inlinable
    public var adjustment: Adjustment? {
        switch self {
        case .apply(let a), .restore(let a): a
        case .ignore: nil
        }
    }
}
